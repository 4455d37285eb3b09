"""Crazy eights as stated in the catalogue: hand-made deals, hand-derived facts."""

from __future__ import annotations

from generator.games.api import Action

from .helpers import game, hand, restart, stacked, values

# 2 players, 7 cards each, dealt one at a time from the top: seat 0 gets the 1st, 3rd, ...
SEAT0 = ["5S", "9H", "8C", "2D", "3S", "4C", "KD"]
SEAT1 = ["6D", "7D", "JD", "QD", "2C", "3C", "10C"]
TOP = "5H"  # the 15th card: turned up


def dealt(seat0: list[str] = SEAT0, seat1: list[str] = SEAT1, top: str = TOP, then: list[str] = ()) -> object:
    g = game("crazy-eights", players=2)
    s = g.new_state()
    order = [c for pair in zip(seat0, seat1, strict=False) for c in pair] + [top, *then]
    s.apply(stacked(s, order))
    return s


def test_the_deal_and_the_playable_cards():
    s = dealt()
    assert sorted(hand(s, "hand", 0)) == sorted(SEAT0) and sorted(hand(s, "hand", 1)) == sorted(SEAT1)
    assert hand(s, "discard") == [TOP]
    assert s.current() == 0
    # the suit of the top discard (hearts), its rank (5) or an eight
    assert values(s.legal_actions()) == ["5S", "8C", "9H"]


def test_an_eight_names_a_suit_and_that_suit_is_matched():
    s = dealt()
    s.apply(Action("play", "8C"))
    assert s.current() == 0  # decision 2: the same player names a suit
    assert values(s.legal_actions()) == ["C", "D", "H", "S"]
    s.apply(Action("suit", "D"))
    assert s.current() == 1
    # seat 1: diamonds (the named suit), an eight (none), or the rank of the top discard (8: none)
    assert values(s.legal_actions()) == ["6D", "7D", "JD", "QD"]


def test_without_a_playable_card_draw_until_one_and_play_it_at_once():
    # seat 1 holds no heart, no 5 and no eight; the stock's top cards: 4S, 2S, then 7H (a heart)
    s = dealt(then=["4S", "2S", "7H"])
    s.apply(Action("play", "9H"))
    # after 9H the suit is hearts; seat 1 draws 4S and 2S (unplayable), then 7H and plays it
    assert s.current() == 0
    assert sorted(hand(s, "hand", 1)) == sorted(SEAT1 + ["4S", "2S"])
    assert hand(s, "discard")[-1] == "7H"
    assert s.v["turns"] == 2


def test_going_out_wins_at_once_and_an_eight_then_names_no_suit():
    s = dealt()
    # leave seat 0 a single eight: it plays it and wins, no suit is named
    p = s.game.program
    z = p.by_name["hand"].base
    s.z[z] = [p.index["8C"]]
    restart(s, "turn")  # the turn again, with the hand changed
    assert values(s.legal_actions()) == ["8C"]
    s.apply(Action("play", "8C"))
    assert s.is_over() and s.result().winner == 0 and s.result().tricks == 1


def test_a_blocked_game_is_won_by_the_fewest_cards_and_a_shared_fewest_is_a_draw():
    for seat1, winner in ((["6D", "7D"], 1), (["6D", "7D", "JD"], None)):
        s = dealt()
        p = s.game.program
        base = p.by_name["hand"].base
        s.z[base] = [p.index[c] for c in ["2D", "3D", "4D"]]  # nothing matches 5H
        s.z[base + 1] = [p.index[c] for c in seat1]
        s.z[p.by_name["stock"].base] = []  # nothing to draw, nothing to shuffle (the discard holds one card)
        restart(s, "turn")
        assert s.is_over()
        assert s.result().winner == winner
        assert s.v["passes"] == 2 and s.result().tricks == 2  # two passes, two turns
