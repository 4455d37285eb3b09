"""weiji-rules (the seeds' Weiji as a rules file) plays as the built-in weiji does under
random play: the same win shares, draws and length within sampling error."""

from __future__ import annotations

import os

import pytest

from generator.deck import resolve_deck
from generator.games.registry import entry

from .equivalence import assert_plays_alike

CASES = [("2 players", ()), ("3 players, best draw", ("players=3", "tiebreak_draw=best"))]
SLOW = [*CASES, ("5 players", ("players=5",)), ("4 players, winner first", ("players=4", "pickup=winner-first"))]


def same(name: str, sets: tuple[str, ...], games: int) -> None:
    assert_plays_alike("weiji-rules", "weiji", "lighting", sets, games, name)


@pytest.mark.parametrize(("name", "sets"), CASES, ids=[c[0] for c in CASES])
def test_weiji_rules_plays_as_the_built_in_weiji(name, sets):
    same(name, sets, 150)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("DECKPRESS_EQUIVALENCE"), reason="10,000 games a side (minutes of CPU): "
                    "run with DECKPRESS_EQUIVALENCE=1")
@pytest.mark.parametrize(("name", "sets"), SLOW, ids=[c[0] for c in SLOW])
def test_weiji_rules_plays_as_the_built_in_weiji_over_10000_games(name, sets):
    same(name, sets, 10_000)


def test_weiji_rules_a_tie_sends_the_cards_to_the_middle_and_the_next_winner_takes_them():
    from generator.games.api import Action

    from .helpers import hand, restart

    spec = entry("weiji-rules")
    game = spec.make(resolve_deck("lighting"), spec.params(pickup="winner-first"))
    s = game.new_state()
    p = game.program
    lumens = p.cards.fields["lumens"]
    known = sorted((c for c in range(len(p.ids)) if lumens[c] is not None), key=lambda c: lumens[c])
    a, b = next((x, y) for x, y in zip(known, known[1:], strict=False) if lumens[x] == lumens[y])  # equal lumens
    low, high = known[0], known[-1]
    assert lumens[low] < lumens[high] and high not in (a, b) and low not in (a, b)
    base = p.by_name["stack"].base
    s.z[p.by_name["box"].base] = []
    s.z[base], s.z[base + 1] = [high, a], [low, b]  # the top card is the last one
    restart(s, "turn")
    s.apply(Action("choose", "lumens"))  # equal lumens: a tie, both cards go to the middle
    assert hand(s, "middle", 0) == [p.ids[a]] and hand(s, "middle", 1) == [p.ids[b]]
    assert s.current() == 0 and s.v["tricks"] == 1  # the same player names again
    s.apply(Action("choose", "lumens"))  # seat 0's highest card wins all four cards, seat 1 is out
    assert s.is_over() and s.result().winner == 0 and s.result().counts == [4, 0]
    # winner first: seat 0's cards in play order, then seat 1's, under the stack
    assert hand(s, "stack", 0)[::-1] == [p.ids[c] for c in (a, high, b, low)]
