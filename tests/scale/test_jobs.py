"""``--jobs``: ``auto`` (every core this process may use) by default on every
command that has it, identical results for any value, clear errors for bad ones."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import ParameterError
from generator.executor import InProcess, ProcessPool, auto_jobs, open_executor, parse_jobs

cli = CliRunner()


def test_auto_is_the_cores_this_process_may_use() -> None:
    expected = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert auto_jobs() == expected
    assert parse_jobs("auto") == parse_jobs("AUTO") == parse_jobs("0") == parse_jobs(None) == expected
    assert parse_jobs("3") == parse_jobs(3) == 3
    assert isinstance(open_executor("1"), InProcess)
    pool = open_executor("2")
    assert isinstance(pool, ProcessPool) and pool.workers == 2


@pytest.mark.parametrize("value", ["-1", "two", "1.5"])
def test_a_bad_jobs_value_is_a_clear_error(value: str) -> None:
    with pytest.raises(ParameterError, match="--jobs must be auto"):
        parse_jobs(value)
    for command in (["simulate", "war"], ["check", "piecepack"]):
        result = cli.invoke(app, [*command, "--games", "10", "--jobs", value])
        assert result.exit_code == 2 and "--jobs must be auto" in result.output, result.output


@pytest.mark.parametrize("command", ["simulate", "check", "build", "images"])
def test_every_command_that_fans_out_defaults_to_auto(command: str) -> None:
    import click
    from typer.main import get_command

    group = get_command(app)
    found = group.get_command(click.Context(group), command)  # type: ignore[attr-defined]
    params = {p.name: p for p in found.params}
    assert params["jobs"].default == "auto"


@pytest.mark.parametrize(("game", "extra"), [
    ("war", ["--games", "3000"]),
    ("weiji", ["--games", "400", "--players", "3", "--deck", "eagle"]),
    ("viashi", ["--games", "60", "--engine", "reference"]),
    ("viashi", ["--games", "12", "--strategy", "expert:2,greedy,random"]),
])
def test_the_default_gives_the_same_json_as_one_process(game: str, extra: list[str]) -> None:
    default = cli.invoke(app, ["simulate", game, "--json", *extra])
    one = cli.invoke(app, ["simulate", game, "--json", "--jobs", "1", *extra])
    three = cli.invoke(app, ["simulate", game, "--json", "--jobs", "3", *extra])
    assert default.exit_code == one.exit_code == three.exit_code == 0, default.output
    assert default.output == one.output == three.output


def test_check_default_jobs_gives_the_same_json_as_one_process() -> None:
    args = ["check", "viashi", "--games", "60", "--strategy", "expert:2", "--json"]
    default, one = cli.invoke(app, args), cli.invoke(app, [*args, "--jobs", "1"])
    assert default.exit_code == one.exit_code and default.output == one.output, default.output
