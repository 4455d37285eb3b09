"""Viashi through the State API: the draw, following, capture order, removed
tricks, the handicap, whole hands worked out by hand, invariants over random
games, every variant played out, and determinism.

The "suited" pile gives every seat one suit on the table and one in the hand:
seat 0 winds / flames, seat 1 stones / waves, seat 2 leaves / gods. Nobody can
follow anyone else, and only seat 2 holds gods (in its hand), so whoever leads
from the table captures their own trick, and every hand trick goes to seat 2.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from generator.deck.load import resolve_deck
from generator.errors import ParameterError
from generator.games.api import CHANCE, Action, Result, Turn
from generator.games.registry import make_params
from generator.games.runner import play, play_deal, simulate
from generator.games.viashi.game import ViashiGame, viashi_deal_actions
from generator.games.viashi.state import ViashiState
from generator.games.viashi.strategies import GreedyStrategy, RandomStrategy

DECK = resolve_deck("viashi")
PAIRS = {0: ("winds", "flames"), 1: ("stones", "waves"), 2: ("leaves", "gods")}  # (table suit, hand suit)


def new_state(*sets: str, observer: Callable[[dict[str, Any]], None] | None = None) -> ViashiState:
    return ViashiGame(DECK, make_params("viashi", sets)).new_state(observer)


def suited_pile(first: int = 0) -> list[str]:
    """Draw k (k = 1..9) of each seat, in draw order from ``first``: its table suit's k, then its hand suit's k."""
    return [f"{suit}-{k}" for k in range(1, 10) for s in range(first, first + 3) for suit in PAIRS[s % 3]]


def first_legal(state: ViashiState, seat: int) -> Action:
    return state.legal_actions()[0]


def drive(state: ViashiState, decide: Callable[[ViashiState, int], Action] = first_legal,
          piles: Callable[[int], list[str]] | None = None, rng: random.Random | None = None) -> Result:
    """Play to the end: piles from ``piles(hand)``, draws and plays by ``decide``,
    handicap splits: the first legal placement."""
    rng = rng or random.Random(0)
    while not state.is_over():
        seat = state.current()
        if seat == CHANCE:
            if state.phase == "pile":
                action = Action("pile", tuple(piles(state.hand_no))) if piles else state.sample_chance(rng)
            else:
                action = state._placements()[0]
        else:
            action = decide(state, seat)
        state.apply(action)
    return state.result()


def ids(state: ViashiState, cards: Sequence[int]) -> list[str]:
    return [state.game.ids[c] for c in cards]


# -- the draw -------------------------------------------------------------------
def test_seat_0_draws_first_two_cards_one_up_one_down_and_the_last_drawer_leads() -> None:
    state = new_state()
    assert state.current() == CHANCE
    state.apply(Action("pile", tuple(suited_pile())))
    # seat 0 holds the top two cards and chooses which goes face up
    assert state.current() == 0
    assert [a.value for a in state.legal_actions()] == ["winds-1", "flames-1"]
    assert ids(state, state.view(0)["drawn"]) == ["winds-1", "flames-1"] and state.view(1)["drawn"] == ()
    state.apply(Action("place", "flames-1"))
    assert ids(state, state.tables[0]) == ["flames-1"] and ids(state, state.hands[0]) == ["winds-1"]
    assert state.current() == 1 and [a.value for a in state.legal_actions()] == ["stones-1", "waves-1"]
    with pytest.raises(ValueError, match="not legal"):
        state.apply(Action("place", "winds-2"))  # not one of the drawn cards
    # 27 draws in all (54 cards, two at a time): seats 0, 1, 2, 0, ... so seat 2 draws last and leads
    draws = 1
    while state.phase == "draw":
        state.apply(state.legal_actions()[0])
        draws += 1
    assert draws == 27 and state.current() == 2 and state.leader == 2
    assert [len(h) for h in state.hands] == [9, 9, 9] and [len(t) for t in state.tables] == [9, 9, 9]


def test_viashilym_table_rule_for_duplicates() -> None:
    state = new_state("players=6")
    head = ["winds-1", "flames-1",   # seat 0: both free
            "winds-1", "flames-2",   # seat 1: winds-1 is on the table -> only flames-2 may go up
            "stones-1", "flames-2",  # seat 2: flames-2 is on the table -> only stones-1
            "waves-1", "waves-1",    # seat 3: twins drawn together, waves-1 not up yet -> one goes up
            "waves-2", "leaves-1",   # seat 4: both free
            "stones-1", "waves-2"]   # seat 5: both already up -> revealed, either may go up
    rest = Counter({c.id: 2 for c in DECK.cards})
    rest.subtract(head)
    state.apply(Action("pile", tuple(head + sorted(rest.elements()))))
    expected = [["winds-1", "flames-1"], ["flames-2"], ["stones-1"], ["waves-1"], ["waves-2", "leaves-1"],
                ["stones-1", "waves-2"]]
    for seat, legal in enumerate(expected):
        assert state.current() == seat
        assert [a.value for a in state.legal_actions()] == legal, seat
        state.apply(state.legal_actions()[0])
    assert state.counters["table_reveals"] == 1
    assert ids(state, state.tables[5]) == ["stones-1"] and ids(state, state.hands[5]) == ["waves-2"]
    assert ids(state, state.hands[3]) == ["waves-1"] and ids(state, state.tables[3]) == ["waves-1"]


# -- a trick ----------------------------------------------------------------------
def test_follow_from_the_same_place_follow_suit_and_capturer_leads() -> None:
    trace: list[dict[str, Any]] = []
    state = new_state(observer=trace.append)
    state.start_play(hands=[["winds-1", "flames-3"], ["winds-9", "gods-1"], ["flames-9", "leaves-2"]],
                     tables=[["stones-2", "gods-4"], ["stones-5", "waves-1"], ["gods-9", "leaves-5"]], leader=0)
    # the leader may play from hand or table
    assert [a.value for a in state.legal_actions()] == ["hand:winds-1", "hand:flames-3", "table:stones-2", "table:gods-4"]
    state.apply(Action("play", "hand:winds-1"))
    # seat 1 must follow winds from its hand
    assert [a.value for a in state.legal_actions()] == ["hand:winds-9"]
    with pytest.raises(ValueError, match="may not play"):
        state.apply(Action("play", "hand:gods-1"))
    state.apply(Action("play", "hand:winds-9"))
    # seat 2 has no winds in hand: any hand card, never a table card
    assert [a.value for a in state.legal_actions()] == ["hand:flames-9", "hand:leaves-2"]
    state.apply(Action("play", "hand:flames-9"))
    # t1: Queen and Fool of winds: the Fool (seat 1) captures and leads
    assert trace[-1]["capturer"] == 1 and trace[-1]["rule"] == "fool" and state.current() == 1
    state.apply(Action("play", "table:stones-5"))
    state.apply(Action("play", "table:gods-9"))  # seat 2: no stones on its table, plays a god
    # seat 0 has stones-2 and gods-4 on the table: must follow stones
    assert [a.value for a in state.legal_actions()] == ["table:stones-2"]
    state.apply(Action("play", "table:stones-2"))
    # t2: a god was played: the Changeling (seat 2) captures, though stones-2 is the best stone
    assert trace[-1]["capturer"] == 2 and trace[-1]["rule"] == "god" and state.current() == 2
    state.apply(Action("play", "hand:leaves-2"))
    state.apply(Action("play", "hand:flames-3"))
    state.apply(Action("play", "hand:gods-1"))
    # t3: the Lady (seat 1) captures; t4: seat 1 leads waves-1 from the table, seat 2 plays leaves-5,
    # seat 0 gods-4 -> seat 0
    assert trace[-1]["capturer"] == 1
    for value in ("table:waves-1", "table:leaves-5", "table:gods-4"):
        state.apply(Action("play", value))
    assert trace[-2]["capturer"] == 0 and trace[-1]["event"] == "hand"
    # tricks 1/2/1 -> captives 2/4/2; seat 1 has the most (not more than 2 + 2): +3; no Magicians
    result = state.result()
    assert state.is_over() and result.scores == [2.0, 7.0, 2.0] and result.winner == 1
    assert result.counts == [2, 4, 2] and result.tricks == 4
    d = result.details
    assert (d["fool_captures"], d["god_captures"], d["suit_captures"], d["bonus3"]) == (1, 3, 0, 1)
    assert (d["hand_leads"], d["table_leads"], d["leader_captures"]) == (2, 2, 0)
    assert result.card_stats["winds-9"] == (1, 1) and result.card_stats["winds-1"] == (1, 0)


def test_viashilym_removed_trick_same_leader_and_dead_twins_taken() -> None:
    trace: list[dict[str, Any]] = []
    state = new_state("players=6", observer=trace.append)
    state.start_play(hands=[["winds-5"], ["flames-2"], ["winds-5"], ["stones-1"], ["waves-1"], ["leaves-1"]],
                     tables=[["winds-1"], ["winds-9"], ["winds-1"], ["winds-6"], ["flames-9"], ["winds-4"]], leader=0)
    result = drive(state)
    # t1 (hand): winds-5 led, seat 2 must play its twin; nobody else has winds, no god: removed,
    # seat 0 leads again. t2 (table): both Queens dead, so no Fool capture; live winds 9, 6, 4:
    # the Princess winds-4 (seat 5, team 2) captures all six, both Queens included.
    assert [t.get("capturer") for t in trace[:2]] == [None, 5] and trace[0]["rule"] == "removed"
    assert trace[1]["played"][0] == [0, "winds-1"] and trace[1]["dead"] == ["winds-1", "winds-1"]
    # team 2: 5 for the trick, +10 (5 captives, more than 0 + 0), +1 for the twin Queens = 16
    assert result.scores == [0, 0, 16, 0, 0, 16] and result.winner == 2
    assert result.counts == [0, 0, 0, 0, 0, 5] and result.tricks == 2
    d = result.details
    assert (d["dead_tricks"], d["removed_cards"], d["dead_cards"], d["twin_points"], d["bonus10"]) == (1, 6, 4, 1, 1)


# -- whole hands --------------------------------------------------------------------
def test_suited_elvish_hand_seat_2_takes_everything() -> None:
    # seat 2 draws last and leads; it captures every trick (see the module docstring):
    # 36 captives + 9 (more than both others) + 5 Magicians/Scholars = 50
    trace: list[dict[str, Any]] = []
    state = new_state(observer=trace.append)
    result = drive(state, lambda s, seat: s.legal_actions()[0], piles=lambda h: suited_pile())
    assert result.scores == [0.0, 0.0, 50.0] and result.winner == 2 and result.counts == [0, 0, 36]
    assert result.tricks == 18 and result.details["bonus9"] == 1 and result.details["magician_points"] == 5
    assert trace[0]["event"] == "draw" and trace[0]["tables"][0] == [f"winds-{k}" for k in range(1, 10)]


def test_suited_human_hand_is_18_tricks_plus_2() -> None:
    result = drive(new_state("variant=human"), piles=lambda h: suited_pile())
    assert result.scores == [0.0, 0.0, 20.0] and result.winner == 2 and "magician_points" not in result.details


def test_rounds_rotate_the_first_draw_and_the_handicap_randomises_winners_draws() -> None:
    # 9 hands: hand h is drawn first by seat h mod 3, so everyone draws first three times.
    # Seat 2 wins every hand (first legal play: the leader leads from the hand, where seat 2's
    # gods capture; then seat 2 leads and takes everything), so its first 1, 2, 3, 3, ... draws
    # of hands 2.. are chance nodes.
    state = new_state("hands=9", "handicap=true")
    firsts, chance = [], Counter()
    while not state.is_over():
        if state.phase == "pile":
            first = state.hand_no % 3
            firsts.append(first)
            state.apply(Action("pile", tuple(suited_pile(first))))
            continue
        if state.phase == "draw" and state.current() == CHANCE:
            chance[state.hand_no] += 1
            assert state.drawer == 2 and state.legal_actions() == []
            state.apply(Action("place", state.game.ids[state.pair[0]]))  # one legal outcome
            continue
        state.apply(state.legal_actions()[0])
    result = state.result()
    assert firsts == [0, 1, 2] * 3
    assert [chance[h] for h in range(9)] == [0, 1, 2, 3, 3, 3, 3, 3, 3]
    assert result.details["handicap_draws"] == 21 and result.scores == [0.0, 0.0, 450.0] and result.winner == 2


def test_handicap_streak_resets_when_another_seat_wins() -> None:
    state = new_state("hands=3", "handicap=true")
    # hand 0: seat 0 leads winds-5 from the hand (first legal), seat 1 plays the King winds-2 and
    # wins, then leads flames-2 from the table and wins again: seat 1 takes the hand (4 + 9 points)
    state.start_play(hands=[["winds-5"], ["winds-2"], ["winds-7"]], tables=[["flames-5"], ["flames-2"], ["flames-7"]],
                     leader=0)
    drive_until_pile(state)
    assert state.scores == [0, 13, 0] and state.streak == [0, 1, 0]
    # hand 1: the same with seat 2 holding the Kings: seat 2 wins, seat 1's streak is over
    state.start_play(hands=[["winds-5"], ["winds-7"], ["winds-2"]], tables=[["flames-5"], ["flames-7"], ["flames-2"]],
                     leader=0)
    drive_until_pile(state)
    assert state.streak == [0, 0, 1]
    # hand 2 (seat 2 draws first): only seat 2's first draw is random
    state.apply(Action("pile", tuple(suited_pile(2))))
    assert state.random_draws == [0, 0, 1] and state.drawer == 2 and state.current() == CHANCE


def drive_until_pile(state: ViashiState) -> None:
    while state.phase == "play":
        state.apply(state.legal_actions()[0])


def test_without_the_handicap_no_draw_is_random() -> None:
    state = new_state("hands=3")
    result = drive(state, piles=suited_pile)
    assert "handicap_draws" not in result.details and result.details["hands"] == 3


def test_turn_cap_makes_the_game_unfinished() -> None:
    result = drive(new_state("max_tricks=5"))
    assert result.unfinished and result.tricks == 5 and result.winner is None


# -- random games ---------------------------------------------------------------------
VARIANTS = [(), ("variant=human",), ("players=6",), ("hands=3", "variant=human"), ("hands=4", "handicap=true"),
            ("variant=human", "hands=3", "handicap=true"), ("players=6", "hands=2", "handicap=true")]


def check_invariants(state: ViashiState) -> None:
    g = state.game
    n = g.players
    if state.phase == "play":
        if not state.trick:  # between tricks everyone holds as many hand and table cards as the others
            assert len({len(h) for h in state.hands}) == 1 and len({len(t) for t in state.tables}) == 1
        everything = Counter(c for cards in state.hands + state.tables + state.owned for c in cards)
        everything.update(state.trick)
        removed = Counter(state.played) - Counter(c for o in state.owned for c in o) - Counter(state.trick)
        assert everything + removed == Counter(g.cards)
        assert len(state.trick) < n


@pytest.mark.parametrize("sets", VARIANTS, ids=["-".join(v) or "elvish" for v in VARIANTS])
def test_random_playouts_keep_the_invariants(sets: tuple[str, ...]) -> None:
    params = make_params("viashi", sets)
    game = ViashiGame(DECK, params)
    n, hands = params.players, params.hands
    for i in range(12 if n == 3 else 5):
        rng = random.Random(i)
        strategies = [RandomStrategy() if (i + s) % 2 else GreedyStrategy() for s in range(n)]
        state = game.new_state()
        while not state.is_over():
            seat = state.current()
            state.apply(state.sample_chance(rng) if seat == CHANCE else strategies[seat].choose(Turn.at(state, seat), rng))
            check_invariants(state)
        result = state.result()
        d = result.details
        assert not result.unfinished and d["hands"] == hands and result.tricks == 18 * hands
        assert sum(shown for shown, _ in result.card_stats.values()) == len(game.cards) * hands
        took = sum(won for _, won in result.card_stats.values())
        if n == 6:
            scored = 18 * hands - d["dead_tricks"]
            assert took == scored and d["trick_points"] == 5 * scored and d["removed_cards"] == 6 * d["dead_tricks"]
            assert sum(result.counts) == 5 * scored
            assert result.scores[:3] == result.scores[3:]
        elif params.variant == "human":
            assert d["trick_points"] == 18 * hands and sum(result.scores) == 20 * hands - 2 * d["bonus_ties"]
        else:
            assert d["captive_points"] == 36 * hands == sum(result.counts) and d["magician_points"] == 5 * hands
            assert sum(result.scores) == 36 * hands + d["bonus_points"] + 5 * hands
        top = max(result.scores)
        assert (result.winner is None) == (result.scores.count(top) != (2 if n == 6 else 1))


def test_a_recorded_game_replays_exactly() -> None:
    game = ViashiGame(DECK, make_params("viashi", ["hands=2", "handicap=true"]))
    actions: list[Action] = []
    rng = random.Random(7)
    state = game.new_state()
    strategies = [RandomStrategy()] * 3
    while not state.is_over():
        seat = state.current()
        action = state.sample_chance(rng) if seat == CHANCE else strategies[seat].choose(Turn.at(state, seat), rng)
        actions.append(action)
        state.apply(action)
    replay = game.new_state()
    for action in actions:
        replay.apply(action)
    assert replay.result() == state.result()


def test_greedy_beats_random() -> None:
    game = ViashiGame(DECK, make_params("viashi"))
    wins = Counter()
    for i in range(60):
        result = play(game, [GreedyStrategy(), RandomStrategy(), RandomStrategy()], random.Random(i))
        wins[result.winner] += 1
    assert wins[0] > 30  # greedy seat 0 wins more than half of 60 (about 55% measured; 1/3 by chance)


def test_same_seed_same_summary_and_jobs_do_not_matter() -> None:
    params = make_params("viashi", ["players=6"])
    one = simulate("viashi", DECK, params, games=24, seed=5, jobs=1).to_json()
    assert simulate("viashi", DECK, params, games=24, seed=5, jobs=1).to_json() == one
    assert simulate("viashi", DECK, params, games=24, seed=5, jobs=2).to_json() == one
    assert simulate("viashi", DECK, params, games=24, seed=6, jobs=1).to_json() != one


# -- deal files ------------------------------------------------------------------------
def test_deal_file_plays_the_pile_with_scripted_choices() -> None:
    # place the table suit's card at every draw (27 choices), then greedy plays: seat 2 takes all
    choices = [suited_pile()[2 * i] for i in range(27)]
    result = play_deal("viashi", DECK, make_params("viashi"), {"pile": suited_pile(), "choices": choices})
    assert result.scores == [0.0, 0.0, 50.0] and result.counts == [0, 0, 36]


@pytest.mark.parametrize(
    ("deal", "sets", "message"),
    [
        ({"pile": ["winds-1"]}, [], "the pile has 1 cards; 3 players draw the whole deck of 54"),
        ({"pile": suited_pile() * 2}, [], "that is Viashilym (--players 6)"),
        ({"pile": ["winds-0"]}, [], "unknown card id 'winds-0'"),
        ({"pile": ["winds-1", "winds-1"]}, [], "more often than the deck holds"),
        ({"stacks": [[]]}, [], "unknown key 'stacks' for viashi"),
        ({"pile": suited_pile()}, ["players=6"], "the pile has 54 cards; 6 players draw the whole deck of 108"),
        ({"pile": suited_pile(), "choices": ["winds-1", "hand:gods-1", "deck:gods-1"]}, [],
         "choices[2]: 'deck:gods-1' is neither a card id to place on the table nor hand:ID / table:ID"),
    ],
)
def test_bad_deals_are_clear_errors(deal: dict[str, Any], sets: list[str], message: str) -> None:
    game = ViashiGame(DECK, make_params("viashi", sets))
    with pytest.raises(ParameterError, match=re.escape(message)):
        viashi_deal_actions(game, deal)
