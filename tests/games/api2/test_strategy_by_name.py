"""Strategies from Python: ``generator.games.designer.strategy(game, "mcts:100")`` makes
any ``--strategy`` name for a designer's script, and a game class lists its own
strategies that take a budget in ``budgeted`` (``mine:N``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.errors import ParameterError
from generator.games.api import Action, Turn
from generator.games.designer import strategy
from generator.games.designer.loader import as_spec
from generator.games.params import Params
from generator.games.players import GreedyPlayer, MctsPlayer
from generator.games.runner import play
from generator.games.strategies import RandomStrategy

from .kuhn import BET, PASS, Kuhn, NashKuhn


class AlwaysBet:
    """Bets (or calls) the first ``budget`` times it is asked, then passes."""

    deterministic = True

    def __init__(self, budget: int | None = None) -> None:
        self.budget = 1 if budget is None else budget
        self.name = f"bets:{self.budget}" if budget is not None else "bets"
        self.asked = 0

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        self.asked += 1
        return BET if self.asked <= self.budget else PASS


class BudgetKuhn(Kuhn):
    strategies: dict[str, Any] = {"nash": NashKuhn, "bets": AlwaysBet}
    budgeted = ("bets",)


def test_any_strategy_by_name_for_a_game_class() -> None:
    searcher: Any = strategy(Kuhn, "mcts:100")
    assert isinstance(searcher, MctsPlayer) and searcher.iterations == 100
    assert getattr(strategy(Kuhn, "mcts:30:1.5"), "c") == 1.5  # noqa: B009
    assert isinstance(strategy(Kuhn, "greedy"), GreedyPlayer)
    assert isinstance(strategy(Kuhn), GreedyPlayer)  # the game's default
    assert isinstance(strategy(Kuhn, "random"), RandomStrategy)
    assert isinstance(strategy(Kuhn, "nash"), NashKuhn)  # the game's own


def test_a_game_object_a_spec_or_a_registered_name_work_too() -> None:
    game = Kuhn(None, Params())
    assert isinstance(strategy(game, "mcts:7"), MctsPlayer)
    assert isinstance(strategy(as_spec(Kuhn, "x:Kuhn"), "nash"), NashKuhn)
    assert getattr(strategy("weiji", "mcts:12"), "iterations") == 12  # noqa: B009  # a built-in game's, by name
    assert strategy("viashi", "expert:8") is not None


def test_a_designers_own_strategy_takes_a_budget_where_the_class_says_so() -> None:
    assert getattr(strategy(BudgetKuhn, "bets:3"), "budget") == 3  # noqa: B009
    assert getattr(strategy(BudgetKuhn, "bets"), "budget") == 1  # noqa: B009
    with pytest.raises(ParameterError, match=r"strategy 'nash' takes no budget \('nash:3'\); only mcts:N, bets:N does"):
        strategy(BudgetKuhn, "nash:3")
    with pytest.raises(ParameterError, match="the budget after ':' must be a whole number, 1 or more"):
        strategy(BudgetKuhn, "bets:0")
    with pytest.raises(ParameterError, match="unknown strategy 'clever' for kuhn; valid: random, greedy, mcts, nash, bets"):
        strategy(BudgetKuhn, "clever")


def test_a_budgeted_name_the_class_does_not_have_is_a_clear_error() -> None:
    class Wrong(Kuhn):
        budgeted = ("missing",)

    with pytest.raises(ParameterError, match="Wrong.budgeted names 'missing', which Wrong.strategies does not have"):
        strategy(Wrong, "mcts")
    with pytest.raises(ParameterError, match="is no game"):
        strategy(object(), "mcts")
    with pytest.raises(ParameterError, match="unknown game 'chess'"):
        strategy("chess", "mcts")


def test_a_designers_script_plays_a_game_with_strategies_by_name() -> None:
    game = BudgetKuhn(None, Params())
    seats: list[Any] = [strategy(BudgetKuhn, "bets:1"), strategy(BudgetKuhn, "bets:1")]
    result = play(game, seats, random.Random(5))
    # bet then call: a showdown for 2 chips each way, the higher card wins
    assert result.tricks == 2 and sorted(result.scores) == [-2.0, 2.0]


def test_the_command_line_takes_the_designers_budget(make_project: Any) -> None:
    source = (Path(__file__).parent / "kuhn.py").read_text() + '''

class AlwaysBet:
    deterministic = True

    def __init__(self, budget=None):
        self.budget = 1 if budget is None else budget
        self.name = f"bets:{self.budget}"
        self.asked = 0

    def choose(self, turn, rng):
        self.asked += 1
        return BET if self.asked <= self.budget else PASS


class BudgetKuhn(Kuhn):
    strategies = {"nash": NashKuhn, "bets": AlwaysBet}
    budgeted = ("bets",)
'''
    folder = make_project("budget", source)
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("game: game.py ", "game: game.py:BudgetKuhn "))
    assert resolve_deck(folder).game == "game.py:BudgetKuhn"
    ok = CliRunner().invoke(app, ["simulate", str(folder), "--games", "4", "--strategy", "bets:2"])
    assert ok.exit_code == 0, ok.output
    refused = CliRunner().invoke(app, ["simulate", str(folder), "--games", "4", "--strategy", "nash:2"])
    assert refused.exit_code == 2 and "takes no budget" in refused.output, refused.output
