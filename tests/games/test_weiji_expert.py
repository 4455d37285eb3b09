"""Weiji ``expert``: card counting from the public record (hand-worked positions).

Deck: power and speed, higher better. X (5, 5); A (1, 9), B (2, 9), C (3, 9);
D (9, 1), E (9, 2). Over the whole deck X beats A, B, C on power (3 of 5) and
D, E on speed (2 of 5), so ``best`` names power.
"""

from __future__ import annotations

import json
import random
from typing import Any

from typer.testing import CliRunner

from generator.cli import app
from generator.deck.model import Attribute, Card, Deck
from generator.games.api import Action, Turn
from generator.games.registry import make_game, make_params, make_strategy
from generator.games.strategies import BestStrategy, CountingStrategy
from generator.games.table import deal_action

VALUES = {"X": (5, 5), "A": (1, 9), "B": (2, 9), "C": (3, 9), "D": (9, 1), "E": (9, 2)}
ATTRS = (Attribute("power", "Power"), Attribute("speed", "Speed"))
PRINTED = {k: tuple(float(x) for x in v) for k, v in VALUES.items()}
ACTIONS = (Action("choose", "power"), Action("choose", "speed"))


def deck() -> Deck:
    return Deck("count", "weiji", tuple(Card(k, k, values={"power": p, "speed": s}) for k, (p, s) in VALUES.items()),
                attributes=ATTRS)


def view(unseen: dict[str, int], unseen_left: list[int], known: list[dict[str, int]]) -> dict[str, Any]:
    return {"values": {"power": 5.0, "speed": 5.0}, "ranks": (0.6, 0.4), "counts": [4, 2],
            "unseen": unseen, "unseen_left": unseen_left, "known": known, "printed": PRINTED,
            "lower": [False, False]}


def choose(strategy: Any, v: dict[str, Any]) -> str:
    return str(strategy.choose(Turn(0, v, ACTIONS), random.Random(0)).value)


def test_counting_names_what_beats_the_cards_still_out() -> None:
    # A, B and C went under my own stack: the opponent's dealt cards can only be D and E,
    # which X beats on speed (5 > 1, 5 > 2) and not on power (5 < 9)
    v = view({"D": 1, "E": 1}, [0, 2], [{"A": 1, "B": 1, "C": 1}, {}])
    assert choose(BestStrategy(), v) == "power"
    assert choose(CountingStrategy(), v) == "speed"


def test_an_opponent_with_only_known_cards_is_read_from_the_record() -> None:
    # the opponent has no dealt card left: its top card is A (all it holds): power wins
    v = view({"D": 1, "E": 1}, [0, 0], [{"B": 1, "C": 1}, {"A": 1}])
    assert choose(CountingStrategy(), v) == "power"


def test_the_state_keeps_the_public_record() -> None:
    game = make_game("weiji", deck(), make_params("weiji", players=2, pickup="winner-first"))
    state = game.new_state()
    state.apply(deal_action([["X", "A"], ["D", "B"]]))
    state.apply(Action("choose", "power"))  # X 5 against D 9: seat 1 takes D then X
    seat0, seat1 = state.view(0), state.view(1)
    assert seat0["top"] == "A" and seat0["unseen_left"] == [1, 1]
    assert seat0["known"] == [{}, {"D": 1, "X": 1}]
    assert seat0["unseen"] == {"B": 1, "C": 1, "E": 1}  # all but the known D, X and my own A
    assert seat1["unseen"] == {"A": 1, "C": 1, "E": 1}  # seat 1 sees its B, not seat 0's A
    state.apply(Action("choose", "power"))  # B 2 against A 1: seat 1 wins, holds D, X, B, A
    assert state.is_over() and state.result().winner == 1


def test_expert_plays_from_the_cli_and_takes_no_budget() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "weiji", "--strategy", "expert,best", "--games", "40", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["strategies"] == ["expert", "best"] and sum(out["wins"]) + out["draws"] + out["unfinished"] == 40
    bad = runner.invoke(app, ["simulate", "weiji", "--strategy", "expert:4", "--games", "4"])
    assert bad.exit_code == 2 and "takes no budget" in bad.output
    assert make_strategy("weiji", "expert").name == "expert"


def _omniscient(state: Any, seat: int) -> str:
    """What a peeking chooser would pick: the first attribute on which its top card beats
    every other top card it is NOT allowed to see (the swap test's witness)."""
    g = state.game
    mine = g.values[state.stacks[seat][0]]
    tops = [g.values[st[0]] for s, st in enumerate(state.stacks) if st and s != seat]
    for a, key in enumerate(g.keys):
        if mine[a] is not None and all(t[a] is not None and g.beats(a, mine[a], t[a]) for t in tops):
            return key
    return g.keys[0]


def test_no_peeking_swapping_hidden_cards_between_opponents_changes_nothing() -> None:
    """Three players on the lighting deck, after one showdown: seat 0 cannot tell apart
    two deals in which seat 1's unseen top card and seat 2's unseen second card are
    exchanged, so the expert (through a
    guarded turn: it reads nothing beyond its turn) chooses alike; a peeking chooser
    would not, in the deals where the swap matters."""
    from generator.deck import resolve_deck

    from .peek_guard import guarded_choice

    lighting = resolve_deck("lighting")
    game = make_game("weiji", lighting, make_params("weiji", players=3, pickup="winner-first"))
    ids = [c.id for c in lighting.cards for _ in range(c.copies)]
    expert = CountingStrategy()
    mattered = checked = 0
    for k in range(30):
        order = list(ids)
        random.Random(k).shuffle(order)
        stacks = [order[0::3], order[1::3], order[2::3]]
        swapped = [list(s) for s in stacks]
        swapped[1][1], swapped[2][2] = stacks[2][2], stacks[1][1]  # both still unseen after one showdown
        a, b = game.new_state(), game.new_state()
        a.apply(deal_action(stacks))
        b.apply(deal_action(swapped))
        for state in (a, b):  # one showdown first, so the public record is not empty
            state.apply(Action("choose", game.keys[k % len(game.keys)]))
        if a.is_over() or b.is_over() or a.current() != 0 or b.current() != 0:
            continue
        if a.stacks[1][0] == b.stacks[1][0] or a.unknown[1] < 1 or a.unknown[2] < 2:
            continue  # a tie or a won showdown moved the cards: no longer the swap meant
        assert a.view(0) == b.view(0)
        expert.choose(Turn.at(a, 0), random.Random(0))  # warm
        one, bad1 = guarded_choice(expert, a, 0, random.Random(k))
        two, bad2 = guarded_choice(expert, b, 0, random.Random(k))
        assert bad1 == bad2 == []
        assert one == two
        mattered += _omniscient(a, 0) != _omniscient(b, 0)
        checked += 1
    assert checked >= 10 and mattered >= 3  # the swap changes what a peeker would do, and the expert does not follow
