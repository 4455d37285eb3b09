"""Goofspiel, go fish and pass-or-take as stated in the catalogue: hand-made deals,
hand-derived facts."""

from __future__ import annotations

import random

from generator.games.api import SIMULTANEOUS, Action, random_step

from .helpers import game, hand, restart, stacked, values


# -- goofspiel ---------------------------------------------------------------
def test_goofspiel_bids_at_once_the_higher_card_takes_the_prize_and_ties_score_nothing():
    g = game("goofspiel")
    s = g.new_state()
    prizes = [f"{n}P" for n in (13, 1, 7, *range(2, 7), *range(8, 13))]  # 13 first
    s.apply(stacked(s, prizes))
    assert s.current() == SIMULTANEOUS
    assert values(s.legal_actions(0)) == sorted(f"{n}A" for n in range(1, 14))
    assert hand(s, "prize") == ["13P"]
    s.apply_joint([Action("bid", "2A"), Action("bid", "1B")])  # 2 beats 1: seat 0 scores 13
    assert s.v["score"] == [13, 0]
    assert hand(s, "prize") == ["1P"]
    s.apply_joint([Action("bid", "5A"), Action("bid", "5B")])  # equal: the prize is discarded, nobody scores
    assert s.v["score"] == [13, 0]
    s.apply_joint([Action("bid", "3A"), Action("bid", "9B")])  # 9 beats 3: seat 1 scores 7
    assert s.v["score"] == [13, 7]
    assert "2A" not in [a.value for a in s.legal_actions(0)]  # played cards are discarded


def test_goofspiel_lasts_13_rounds_and_every_prize_is_scored_or_tied():
    g = game("goofspiel")
    for seed in range(5):
        rng = random.Random(seed)
        s = g.new_state()
        while not s.is_over():
            random_step(s, rng)
        r = s.result()
        assert r.tricks == 13
        assert len(hand(s, "discard")) == 39  # every prize and every bid
        assert sum(r.scores) <= 91  # the prizes 1 + ... + 13, less those tied
        assert r.winner == (None if r.scores[0] == r.scores[1] else int(r.scores[1] > r.scores[0]))


def test_goofspiel_equal_bids_every_round_is_a_draw_at_zero():
    g = game("goofspiel")
    s = g.new_state()
    s.apply(stacked(s, []))
    for n in range(1, 14):
        s.apply_joint([Action("bid", f"{n}A"), Action("bid", f"{n}B")])
    assert s.is_over() and s.result().winner is None and s.result().scores == [0.0, 0.0]


# -- go fish -----------------------------------------------------------------
def _fish(seat0: list[str], seat1: list[str], then: list[str] = ()) -> object:
    g = game("go-fish", players=2)
    s = g.new_state()
    s.apply(stacked(s, [c for pair in zip(seat0, seat1, strict=False) for c in pair] + list(then)))
    return s


A0 = ["KS", "KH", "KD", "KC", "2S", "3S", "4S"]  # four kings: a book at once
A1 = ["2H", "2D", "5S", "6S", "7S", "8S", "9S"]


def test_go_fish_a_book_dealt_is_laid_down_at_once_and_asks_are_opponent_rank_pairs():
    s = _fish(A0, A1)
    assert sorted(hand(s, "books", 0)) == ["KC", "KD", "KH", "KS"]
    assert s.current() == 0
    # one opponent, ranks 2, 3, 4 in hand: three (opponent, rank) pairs
    assert values(s.legal_actions()) == [(1, 2), (1, 3), (1, 4)]


def test_go_fish_a_hit_hands_over_every_card_of_the_rank_and_the_player_asks_again():
    s = _fish(A0, A1)
    s.apply(Action("ask", (1, 2)))
    assert sorted(hand(s, "hand", 0)) == ["2D", "2H", "2S", "3S", "4S"]
    assert s.current() == 0 and s.v["asks"] == 1


def test_go_fish_a_miss_draws_and_the_rank_asked_for_asks_again_else_the_turn_passes():
    s = _fish(A0, A1, then=["3H", "QS"])
    s.apply(Action("ask", (1, 3)))  # seat 1 has no 3: go fish, draws 3H, the rank asked: asks again
    assert s.current() == 0 and "3H" in hand(s, "hand", 0)
    s.apply(Action("ask", (1, 4)))  # no 4: draws QS, the turn passes
    assert s.current() == 1 and "QS" in hand(s, "hand", 0) and s.v["asks"] == 2


def test_go_fish_ends_with_13_books_and_most_books_wins():
    g = game("go-fish", players=3)
    rng = random.Random(3)
    s = g.new_state()
    while not s.is_over():
        random_step(s, rng)
    r = s.result()
    books = [len(hand(s, "books", p)) // 4 for p in range(3)]
    assert sum(books) == 13
    top = max(books)
    assert r.winner == (books.index(top) if books.count(top) == 1 else None)


# -- pass-or-take ----------------------------------------------------------
def test_pass_or_take_runs_score_their_lowest_number_minus_chips():
    g = game("pass-or-take", players=3)
    s = g.new_state()
    p = s.game.program
    taken = p.by_name["taken"].base
    s.z[taken] = [p.index[str(n)] for n in (3, 4, 5, 9, 10, 20)]
    s.v["chips"] = [4, 0, 0]
    from generator.games.rules.expr import compile_expr
    score = compile_expr("score(0)", p.scope)
    assert score(s, {}) == 3 + 9 + 20 - 4


def test_pass_or_take_nine_removed_unseen_and_a_player_without_chips_must_take():
    g = game("pass-or-take", players=3)
    s = g.new_state()
    s.apply(stacked(s, []))
    assert len(hand(s, "removed")) == 9 and len(hand(s, "deck")) == 23 and len(hand(s, "offer")) == 1
    assert s.v["chips"] == [11, 11, 11]
    assert values(s.legal_actions()) == ["pass", "take"]
    s.v["chips"][0] = 0
    restart(s, "decide")
    assert values(s.legal_actions()) == ["take"]  # no chip left: the take is forced, and still a decision
    s.apply(Action("decide", "take"))
    assert s.v["decisions"] == 1 and len(hand(s, "taken", 0)) == 1 and s.current() == 0


def test_pass_or_take_a_pass_costs_a_chip_and_a_take_wins_the_pot():
    g = game("pass-or-take", players=3)
    s = g.new_state()
    s.apply(stacked(s, []))
    s.apply(Action("decide", "pass"))
    s.apply(Action("decide", "pass"))
    assert s.v["chips"] == [10, 10, 11] and s.v["pot"] == 2 and s.current() == 2
    s.apply(Action("decide", "take"))
    assert s.v["chips"] == [10, 10, 13] and s.v["pot"] == 0 and s.current() == 2


def test_pass_or_take_lasts_until_the_24th_card_is_taken():
    g = game("pass-or-take", players=4)
    rng = random.Random(5)
    s = g.new_state()
    while not s.is_over():
        random_step(s, rng)
    assert sum(len(hand(s, "taken", q)) for q in range(4)) == 24
    assert sum(s.v["chips"]) == 44  # chips are only moved, never lost
