"""The command table in generator/cli/__init__.py: every command is listed once with
its module and the help its docstring gives, and help/version load no command module."""

from __future__ import annotations

import inspect
import subprocess
import sys

from typer.testing import CliRunner

from generator.cli import COMMANDS, app
from generator.cli.lazy import load_all


def test_table_matches_the_registered_commands() -> None:
    load_all()
    registered = {}
    for info in app.registered_commands:
        assert info.callback is not None
        name = info.name or info.callback.__name__.replace("_", "-")
        registered[name] = info.callback
    assert sorted(registered) == sorted(name for name, _m, _h in COMMANDS), "add the command to COMMANDS"
    for name, module, help_text in COMMANDS:
        callback = registered[name]
        assert callback.__module__ == f"generator.cli.{module}"
        first = (inspect.getdoc(callback) or "").split("\n\n")[0].replace("\n", " ")
        assert help_text == first, f"COMMANDS help of {name!r} differs from its docstring"


def _loaded_after(*args: str) -> set[str]:
    code = ("import sys; from generator.cli import app; from typer.testing import CliRunner; "
            f"r = CliRunner().invoke(app, {list(args)!r}); assert r.exit_code == 0, r.output; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(('generator', 'numba', 'reportlab')))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_help_and_version_import_no_command_module() -> None:
    for args in (["--help"], ["--version"]):
        loaded = _loaded_after(*args)
        assert not any(m.startswith("generator.cli.cmd_") for m in loaded), loaded
        assert not any(m.startswith(("numba", "reportlab", "generator.render")) for m in loaded), loaded


def test_a_command_loads_only_its_module() -> None:
    loaded = _loaded_after("simulate", "--help")
    assert "generator.cli.cmd_simulate" in loaded
    assert "generator.cli.cmd_cards" not in loaded


def test_group_help_lists_every_command() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for name, _module, help_text in COMMANDS:
        assert name in result.output
        assert help_text[:30] in result.output
