"""No traceback, ever: an unexpected exception is one line naming the command and
the deck (exit 1), the traceback only with ``deckpress --debug``; and the small
things a designer pastes: ``new``'s hint quoted, ``build`` in a project folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def boom(*args: object, **kwargs: object) -> None:
    raise TypeError("cannot frobnicate a deck")


def test_an_internal_error_is_one_line_and_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.cli.cmd_check as cmd

    monkeypatch.setattr(cmd, "prepare", boom)
    result = runner.invoke(app, ["check", "eagle", "--games", "0"])
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: deckpress check on eagle: internal error (TypeError: cannot frobnicate a deck)")
    assert "--debug" in lines[0] and "Traceback" not in result.output


def test_debug_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.cli.cmd_check as cmd

    monkeypatch.setattr(cmd, "prepare", boom)
    result = runner.invoke(app, ["--debug", "check", "eagle", "--games", "0"])
    assert isinstance(result.exception, TypeError)  # raised, so Python prints the traceback


def test_new_quotes_the_name_it_suggests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["new", "My Pirate Game"])
    assert result.exit_code == 0, result.output
    assert "deckpress check 'My Pirate Game'" in result.output and "deckpress build 'My Pirate Game'" in result.output


def test_build_in_a_project_folder_builds_that_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "pirates"]).exit_code == 0
    monkeypatch.chdir(tmp_path / "pirates")
    result = runner.invoke(app, ["build", "-o", str(tmp_path / "out"), "--jobs", "1", "--balance-games", "50"])
    assert result.exit_code in (0, 1), result.output
    built = sorted(p.name for p in (tmp_path / "out").iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))
    assert built == ["pirates"]  # the project, not the bundled decks
    assert (tmp_path / "out" / "pirates" / "cards-a4.pdf").is_file()


def test_no_help_shows_bool_after_a_flag() -> None:
    from generator.cli import COMMANDS

    for args in ([], *([name] for name, _m, _h in COMMANDS)):
        result = runner.invoke(app, [*args, "--help"])
        assert result.exit_code == 0 and "<bool>" not in result.output, args
    assert "--debug" in runner.invoke(app, ["--help"]).output
