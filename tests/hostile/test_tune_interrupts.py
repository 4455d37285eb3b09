"""``tune --apply`` stopped by Ctrl-C or SIGTERM (round 5): the deck's files stay as they
were, the best candidate so far is printed (not applied), the exit is 130 or 143, no
traceback; a range the game refuses says which candidates and why (exit 2)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.balance import tune as tune_module
from generator.cli import app, signals

MARKET = Path(__file__).parents[1] / "balance" / "decks" / "market"


def _project(tmp_path: Path) -> Path:
    folder = tmp_path / "market"
    shutil.copytree(MARKET, folder)
    rows = "\n".join(f"M{i:02d},Market {i},{15 if i == 19 else 3 + i % 5}" for i in range(20))
    (folder / "cards.csv").write_text("id,name,worth\n" + rows + "\n")
    (folder / "deck.yaml").write_text((MARKET / "deck.yaml").read_text()
                                      + "balance:\n  targets: {card_share: [30, 70]}\n")
    return folder


def _interrupt_at(monkeypatch: pytest.MonkeyPatch, call: int, error: Callable[[], BaseException]) -> None:
    """The ``call``-th playtest (1: the deck as it is; a candidate plays up to 3 stages of
    20, 20, 40 games) raises; ``call`` 0: the first confirming one (60 games)."""
    real = tune_module.playtester
    seen = {"n": 0}

    def playtester(*args: Any, **kwargs: Any) -> Any:
        play = real(*args, **kwargs)

        def run(*a: Any) -> Any:
            seen["n"] += 1
            if seen["n"] == call or (call == 0 and a[2] == 60):
                raise error()
            return play(*a)

        return run

    monkeypatch.setattr(tune_module, "playtester", playtester)


def _terminated() -> BaseException:
    signals._received.append(15)  # what the SIGTERM handler records
    return signals.Terminated()


ARGS = ["--quiet", "tune", "--vary", "cards.*.worth=1..15", "--budget", "8", "--games", "40",
        "--confirm-games", "60", "--strategy", "random", "--seed", "3", "--apply"]


@pytest.mark.parametrize(("call", "error", "code"), [
    (14, KeyboardInterrupt, 130),  # mid-search, the fifth candidate
    (14, _terminated, 143),
    (0, KeyboardInterrupt, 130),  # while confirming the best
])
def test_an_interrupted_tune_applies_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: int,
                                             error: Callable[[], BaseException], code: int) -> None:
    monkeypatch.setattr(signals, "_received", [])
    folder = _project(tmp_path)
    before = (folder / "cards.csv").read_bytes()
    _interrupt_at(monkeypatch, call, error)
    result = CliRunner().invoke(app, [*ARGS[:2], str(folder), *ARGS[2:]])
    assert result.exit_code == code, result.output
    assert (folder / "cards.csv").read_bytes() == before
    assert "NOT applied: your deck's files are as they were" in result.output
    assert "the best candidate so far (cards.M" in result.output  # printed, for the designer to judge
    assert "wrote " not in result.output and "Traceback" not in result.output
    assert "internal error" not in result.output


def test_a_range_the_game_refuses_says_which_and_why(tmp_path: Path) -> None:
    folder = _project(tmp_path)
    result = CliRunner().invoke(app, ["--quiet", "tune", str(folder), "--vary", "take=50..60", "--budget", "4",
                                      "--games", "40", "--confirm-games", "40", "--strategy", "random"])
    assert result.exit_code == 2, result.output
    assert "every candidate (4) was refused by the game: the game refuses take=5" in result.output
    assert "less than or equal to 6" in result.output
    assert "(none)" not in result.output and "UserWarning" not in result.output
