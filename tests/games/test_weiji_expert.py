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
