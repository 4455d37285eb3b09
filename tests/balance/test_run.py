"""The run object (generator/balance/run.py, issue 47): one frozen :class:`Run` per
command, built once through the settings resolver; the default number of games written
once (deck/settings.py); run settings travel as that object, not as loose arguments,
so few library functions take more than eight parameters."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.balance import run as run_module
from generator.balance.run import Run, check_options, default_games, resolve_run
from generator.cli import app
from generator.deck import resolve_deck
from generator.deck.settings import CheckBalanceIn
from generator.errors import ParameterError
from generator.games.registry import GAMES, make_params

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

# The contract of issue 47: run settings travel as one object. At most this many functions
# take more than eight parameters (self and cls not counted).
MOST_IN_BALANCE = 2
MOST_IN_LIBRARY = 8  # generator/ outside generator/cli/ (the commands' Typer options are their flags)


def many_parameters(root: Path) -> list[tuple[str, str, int]]:
    """(file, function, parameters) of every function under ``root`` with more than eight."""
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                a = node.args
                names = [x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs) if x.arg not in ("self", "cls")]
                if len(names) > 8:
                    out.append((str(path.relative_to(root.parent)), node.name, len(names)))
    return out


def test_many_parameters_counts_by_hand(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def nine(a, b, c, d, e, f, g, h, i): pass\n"
                                   "def eight(a, b, c, d, e, f, g, *, h): pass\n"
                                   "class C:\n    def m(self, a, b, c, d, e, f, g, h): pass\n"
                                   "    def n(self, a, b, c, d, e, f, g, /, h, *, i): pass\n")
    found = [(name, n) for _f, name, n in many_parameters(tmp_path)]
    assert found == [("nine", 9), ("n", 9)]  # eight and self + eight are within the limit


def test_few_functions_take_more_than_eight_parameters() -> None:
    library = [f for f in many_parameters(ROOT / "generator") if not f[0].startswith("generator/cli/")]
    balance = [f for f in library if f[0].startswith("generator/balance/")]
    assert len(balance) <= MOST_IN_BALANCE, f"balance functions with more than 8 parameters: {balance}"
    assert len(library) <= MOST_IN_LIBRARY, f"library functions with more than 8 parameters: {library}"


def test_the_run_is_frozen() -> None:
    deck = resolve_deck("eagle")
    spec = GAMES["weiji"]
    run = resolve_run(spec, deck, make_params(spec), {"games": 30, "seed": 4, "strategy": "random"})
    assert (run.spec, run.game, run.games, run.seed, run.strategy, run.jobs, run.players) == \
        (spec, "weiji", 30, 4, "random", 1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.games = 10  # type: ignore[misc]
    fewer = run.but(games=10)
    assert fewer.games == 10 and run.games == 30 and fewer.seed == 4  # a changed copy; the run stays


def test_the_default_number_of_games_comes_from_the_settings() -> None:
    deck = resolve_deck("eagle")
    spec = GAMES["weiji"]
    assert default_games() == CheckBalanceIn().games == 1000
    assert resolve_run(spec, deck, make_params(spec), {}).games == default_games()
    assert check_options(deck, {"games": None}).games == default_games()
    assert check_options(deck, {"games": 0}).games == 0  # a flag wins


@pytest.fixture
def seven_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """deck/settings.py's default number of games changed to 7: every command follows."""
    monkeypatch.setattr(CheckBalanceIn.model_fields["games"], "default", 7)


@pytest.mark.usefixtures("seven_by_default")
def test_simulate_and_check_play_the_settings_default() -> None:
    """The default is written once: change it in deck/settings.py and both commands play it."""
    result = runner.invoke(app, ["simulate", "weiji", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 7
    result = runner.invoke(app, ["check", "eagle", "--json"])
    assert result.exit_code in (0, 1), result.output
    assert json.loads(result.output)["playtest"]["games"] == 7


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """Each call of ``module.name``, its result recorded."""
    real = getattr(module, name)
    made: list[Any] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(module, name, counted)
    return made


def test_simulate_builds_its_run_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _counting(monkeypatch, run_module, "resolve_run")
    result = runner.invoke(app, ["simulate", "weiji", "--games", "12", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert len(made) == 1 and (made[0].games, made[0].seed) == (12, 3)
    assert json.loads(result.output)["games"] == 12


def test_check_resolves_once_and_builds_one_run_per_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.balance.checks as checks
    import generator.cli.cmd_check as cmd_check

    resolved = _counting(monkeypatch, cmd_check, "check_options")
    runs = _counting(monkeypatch, checks, "Run")
    result = runner.invoke(app, ["check", "eagle", "--games", "20", "--seed", "2", "--json"])
    assert result.exit_code in (0, 1), result.output
    assert len(resolved) == 1 and resolved[0].games == 20
    assert len(runs) == 1 and (runs[0].games, runs[0].seed, runs[0].game) == (20, 2, "weiji")


class _Stop(ParameterError):
    pass


@pytest.mark.parametrize(("command", "module", "name"), [
    (["tune", "--vary", "cards.*.worth=1..9", "--games", "40", "--seed", "5"], "generator.balance.tune", "tune"),
    (["ladder", "--rungs", "2,4", "--games", "40", "--seed", "5"], "generator.balance.ladder", "ladder"),
])
def test_tune_and_ladder_build_their_run_once(monkeypatch: pytest.MonkeyPatch, command: list[str], module: str,
                                              name: str) -> None:
    """The command resolves its run once and hands it to its one library function."""
    import importlib

    made = _counting(monkeypatch, run_module, "resolve_run")
    given: list[Run] = []

    def measure(run: Run, *args: Any, **kwargs: Any) -> Any:
        given.append(run)
        raise _Stop("stopped here by the test")

    monkeypatch.setattr(importlib.import_module(module), name, measure)
    market = Path(__file__).parent / "decks" / "market"
    result = runner.invoke(app, [command[0], str(market), *command[1:]])
    assert "stopped here by the test" in result.output, result.output
    assert len(made) == 1 and given == made
    assert (given[0].games, given[0].seed, given[0].deck.name) == (40, 5, resolve_deck(market).name)
