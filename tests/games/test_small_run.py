"""``deckpress simulate`` of a short run (at most ``SMALL_RUN`` games) of a built-in game
under ``--engine auto`` plays on the reference engine in this process: the JSON says so,
the numbers are the reference engine's for that seed, numba is never loaded, and every
explicit choice (``--engine fast``, a run one game longer) is kept as before."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.cli.cmd_simulate import SMALL_RUN, small_run

runner = CliRunner()


def simulate(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_a_short_run_plays_the_reference_engines_games() -> None:
    short = simulate("war", "--games", "7", "--seed", "4")
    assert short["engine"] == "reference"
    same = simulate("war", "--games", "7", "--seed", "4", "--engine", "reference", "--jobs", "1")
    assert short == same


@pytest.mark.parametrize("game", ["war", "weiji", "viashi"])
def test_fast_on_request_and_above_the_threshold(game: str) -> None:
    assert simulate(game, "--games", "1", "--engine", "fast")["engine"] == "fast"
    assert simulate(game, "--games", str(SMALL_RUN + 1))["engine"] == "fast"
    assert simulate(game, "--games", str(SMALL_RUN))["engine"] == "reference"


def test_the_choice_keeps_what_the_user_named() -> None:
    assert small_run("war", 1, "auto", "auto", None) == ("reference", "1")
    assert small_run("war", 1, "auto", "2", None) == ("reference", "2")  # a number of jobs is kept
    assert small_run("war", 1, "auto", "auto", "local:2") == ("auto", "auto")  # a cluster is kept
    assert small_run("war", 1, "fast", "auto", None) == ("fast", "auto")
    assert small_run("war", SMALL_RUN + 1, "auto", "auto", None) == ("auto", "auto")
    assert small_run("no-such-game", 1, "auto", "auto", None) == ("auto", "auto")  # a designer's game: as before


def test_a_short_run_never_loads_numba() -> None:
    code = ("import sys; from generator.cli import app; from typer.testing import CliRunner; "
            "r = CliRunner().invoke(app, ['simulate', 'war', '--games', '1']); assert r.exit_code == 0, r.output; "
            "assert 'reference engine' in r.output, r.output; "
            "print(' '.join(m for m in sys.modules if m.split('.')[0] in ('numba', 'numpy', 'jinja2')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == [], loaded
