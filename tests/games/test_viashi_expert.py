"""The Viashi ``expert``: it reads only ``view(seat)`` (no-peeking), its
determinization sampler respects what it has seen, a hand-derived decision,
and per-seat strategies through the runner (seeded, independent of jobs)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from generator.deck.load import resolve_deck
from generator.errors import ParameterError
from generator.games.api import Action, Turn
from generator.games.registry import entry, make_params, make_strategy, seat_strategies
from generator.games.runner import simulate
from generator.games.viashi.expert import ExpertStrategy, observe
from generator.games.viashi.game import ViashiGame
from generator.games.viashi.state import ViashiState

from .peek_guard import guarded_choice

DECK = resolve_deck("viashi")
GAME = ViashiGame(DECK, make_params("viashi", []))


def position(hands: list[list[str]], tables: list[list[str]], leader: int) -> ViashiState:
    state = GAME.new_state()
    state.start_play(hands=hands, tables=tables, leader=leader)
    return state


HANDS = [["winds-1", "winds-9", "gods-4"], ["flames-1", "flames-9", "stones-2"], ["leaves-3", "gods-1", "waves-5"]]
TABLES = [["stones-5", "leaves-9", "flames-4"], ["waves-2", "gods-9", "winds-5"], ["leaves-1", "stones-8", "winds-3"]]


def swapped(pairs: list[tuple[str, str]]) -> list[list[str]]:
    """HANDS with cards exchanged between seat 1 and seat 2 (the expert is seat 0)."""
    hands = [list(h) for h in HANDS]
    for a, b in pairs:
        hands[1][hands[1].index(a)] = b
        hands[2][hands[2].index(b)] = a
    return hands


def decide(state: ViashiState, seat: int, seed: int) -> Action:
    return ExpertStrategy(samples=16).choose(Turn.at(state, seat), random.Random(seed))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_peeking_swapping_unseen_cards_between_opponents_changes_nothing(seed: int) -> None:
    # leading, at the start of play
    a = position(HANDS, TABLES, leader=0)
    b = position(swapped([("flames-1", "leaves-3"), ("stones-2", "gods-1")]), TABLES, leader=0)
    assert a.view(0) == b.view(0)
    assert repr(observe(a.view(0))) == repr(observe(b.view(0)))
    assert decide(a, 0, seed) == decide(b, 0, seed)
    # following, third in the trick after two hand plays (cards not swapped)
    a = position(HANDS, TABLES, leader=1)
    b = position(swapped([("flames-1", "leaves-3")]), TABLES, leader=1)
    for state in (a, b):
        state.apply(Action("play", "hand:stones-2"))
        state.apply(Action("play", "hand:waves-5"))  # seat 2 has no stones in hand
    assert a.view(0) == b.view(0)
    assert decide(a, 0, seed) == decide(b, 0, seed)


@pytest.mark.parametrize("strategy", sorted(entry("viashi").strategies))
def test_no_peeking_in_the_draw(strategy: str) -> None:
    """Seat 0 draws its second pair: it cannot tell apart two piles whose unseen cards
    differ (seat 1's and seat 2's face-down cards exchanged, and the undrawn rest of
    the pile in another order), so every registered Viashi strategy chooses alike;
    the guard records any read beyond its turn, even one it catches."""
    pile = [c.id for c in DECK.cards]
    random.Random(5).shuffle(pile)
    other = list(pile)
    other[2], other[4] = other[4], other[2]  # seat 1's and seat 2's face-down cards exchanged
    rest = other[8:]  # seat 0's second pair is pile[6:8]; the rest is unseen
    random.Random(9).shuffle(rest)
    other[8:] = rest
    states = []
    for p in (pile, other):
        state = GAME.new_state()
        state.apply(Action("pile", tuple(p)))
        for up in (pile[0], pile[3], pile[5]):  # seats 0, 1, 2 draw once, the same card face up
            state.apply(Action("place", up))
        states.append(state)
    a, b = states
    assert a.hands != b.hands and a.pile[a.pos:] != b.pile[b.pos:]
    assert a.view(0) == b.view(0) and a.current() == 0
    factory = entry("viashi").strategies[strategy]
    made = factory(8) if strategy == "mcts" else factory()
    made.choose(Turn.at(a, 0), random.Random(0))  # unwatched: loads a kernel once
    choices = []
    for state in (a, b):
        action, violations = guarded_choice(made, state, 0, random.Random(3))
        assert violations == [], violations
        choices.append(action)
    assert choices[0] == choices[1]
    for seed in (4, 5):
        assert decide(a, 0, seed) == decide(b, 0, seed)


def test_knowledge_voids_counts_and_points_from_the_view() -> None:
    state = position(HANDS, TABLES, leader=1)
    state.apply(Action("play", "hand:stones-2"))
    state.apply(Action("play", "hand:waves-5"))  # seat 2: void in stones (hand)
    k = observe(state.view(0))
    rules = GAME.rules
    stones = rules.suit[rules.number["stones-2"]]
    assert k.void[2, stones] == 1 and k.void[1].sum() == 0 and k.void[2].sum() == 1
    assert list(k.need) == [0, 2, 2]  # seats 1 and 2 played one of their three hand cards
    seen = {rules.number[c] for c in HANDS[0] + [x for t in TABLES for x in t] + ["stones-2", "waves-5"]}
    assert set(k.unknown.tolist()) == set(range(54)) - seen
    state.apply(Action("play", "hand:winds-1"))  # seat 0 cannot follow: stones-2 captures for seat 1
    k = observe(state.view(1))
    assert list(k.won) == [0, 1, 0] and k.void[0, stones] == 1


def test_sampler_respects_voids_and_counts() -> None:
    from generator.games.viashi.fast_expert import _deal

    suit = np.array(GAME.rules.suit, np.int64)
    unknown = np.arange(20, 50, dtype=np.int64)  # 30 unseen cards
    need = np.array([0, 6, 6], np.int64)
    void = np.zeros((3, 6), np.int64)
    void[1, suit[20]] = 1  # seat 1 has shown no card of card 20's suit
    void[2, suit[40]] = 1
    k = observe(position(HANDS, TABLES, leader=0).view(0))._replace(unknown=unknown, need=need, void=void)  # seat 0
    hidden = np.zeros(3, np.int64)
    order = np.zeros(30, np.int64)
    owner = np.zeros(30, np.int64)
    seen: set[int] = set()
    for key in range(200):
        sm = np.zeros(1, np.uint64)
        from generator.games.fast.rng import seed_game

        seed_game(sm, np.uint64(7), key)
        pile = _deal(k, suit, sm, np.zeros(625, np.int64), hidden, order, owner)
        cards = [[c for c in range(64) if int(hidden[s]) >> c & 1] for s in range(3)]
        assert [len(c) for c in cards] == [0, 6, 6] and pile == 18
        assert not any(suit[c] == suit[20] for c in cards[1])
        assert not any(suit[c] == suit[40] for c in cards[2])
        assert sorted(cards[1] + cards[2] + order[:pile].tolist()) == list(range(20, 50))
        seen.update(cards[1])
    assert len(seen) > 15  # the sampler does vary the deal


def test_expert_leads_the_sure_queen_before_the_fool() -> None:
    # two tricks left. Leading the hand Queen of winds takes the trick whatever
    # the opponents hold in hand unless a god beats it, and the table Fool then
    # loses to seat 1's table King at worst. Leading the Fool first always loses
    # to the King, and seat 1 then leads from hand, where the Queen cannot follow.
    state = position([["winds-1"], ["flames-5"], ["stones-5"]], [["winds-9"], ["winds-2"], ["stones-3"]], leader=0)
    for seed in range(4):
        assert decide(state, 0, seed) == Action("play", "hand:winds-1")


def test_strategy_specs_per_seat() -> None:
    assert seat_strategies("viashi", None, 3) == ["greedy"] * 3
    assert seat_strategies("viashi", "expert", 3) == ["expert"] * 3
    assert seat_strategies("viashi", "expert:8, random,greedy", 3) == ["expert:8", "random", "greedy"]
    assert make_strategy("viashi", "expert:8").samples == 8  # type: ignore[attr-defined]
    for spec, message in [("clever", "unknown strategy 'clever'"), ("expert,greedy", "names 2 strategies for 3 seats"),
                          ("greedy:5", "takes no budget"), ("expert:0", "whole number"), ("expert:x", "whole number")]:
        with pytest.raises(ParameterError, match=message):
            seat_strategies("viashi", spec, 3)
    with pytest.raises(ParameterError, match="no player decisions"):
        seat_strategies("war", "random", 2)


def test_expert_runs_are_seeded_and_independent_of_jobs() -> None:
    params = make_params("viashi", [])
    one = simulate("viashi", DECK, params, games=6, seed=4, strategy="greedy,expert:4,random")
    two = simulate("viashi", DECK, params, games=6, seed=4, strategy="greedy,expert:4,random", jobs=2)
    assert one.to_json() == two.to_json()
    assert one.to_json()["strategies"] == ["greedy", "expert:4", "random"] and one.engine == "reference"


def test_viashilym_is_a_clear_error_and_human_rules_are_played() -> None:
    with pytest.raises(ParameterError, match="three-player Viashi"):
        simulate("viashi", DECK, make_params("viashi", [], players=6), games=1, seed=1, strategy="expert:2")
    human = simulate("viashi", DECK, make_params("viashi", ["variant=human"]), games=3, seed=1,
                     strategy="expert:2,random,random")
    assert human.games == 3 and 3 * 18 <= sum(human.scores) <= 3 * 20  # 18 tricks a hand, + 2 unless the top is shared
    assert human.details["trick_points"] == 3 * 18


def test_resample_deals_no_seat_a_suit_it_has_shown_it_lacks() -> None:
    """Seat 1 leads stones-2 from hand and seat 2 answers waves-5: seat 2 holds no stones
    in hand, so no state dealt from seat 0's view gives it one (seat 1 may get any)."""
    state = position(HANDS, TABLES, leader=1)
    state.apply(Action("play", "hand:stones-2"))
    state.apply(Action("play", "hand:waves-5"))
    rules = GAME.rules
    stones = rules.suit[rules.number["stones-2"]]
    view = state.view(0)
    seen_stones_at_1 = False
    for k in range(200):
        other = GAME.resample(view, 0, random.Random(k))
        assert other.view(0) == view
        assert all(rules.suit[c] != stones for c in other.hands[2]), k
        assert len(other.hands[1]) == len(other.hands[2]) == 2
        seen_stones_at_1 |= any(rules.suit[c] == stones for c in other.hands[1])
    assert seen_stones_at_1  # the unseen stones went somewhere: to seat 1, the only seat that may hold them
