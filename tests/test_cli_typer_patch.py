"""``cli/options.py`` patches Typer's option class so that on/off flags show no type
label in ``--help`` (``--proof``, not ``--proof <bool>``): Typer 0.29 has no API for
it, so pyproject.toml pins typer below 0.30. This test fails when the patch stops
applying (a Typer that renamed the method) or Typer leaves the pinned range."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

from typer.core import TyperOption
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parents[1]


def test_the_help_patch_is_installed_on_the_pinned_typer() -> None:
    import generator.cli.options  # noqa: F401  (installs the patch)

    assert getattr(TyperOption.display_type_rich, "flags_unlabelled", False), "the flag-label patch did not apply"
    pin = re.search(r'"typer>=([\d.]+),<([\d.]+)"', (ROOT / "pyproject.toml").read_text())
    assert pin, "pyproject.toml no longer pins typer: revisit cli/options.py's patch"
    installed = tuple(int(p) for p in version("typer").split(".")[:2])
    low, high = (tuple(int(p) for p in v.split(".")[:2]) for v in pin.groups())
    assert low <= installed < high, f"typer {version('typer')} is outside the pinned range the patch was tested with"


def test_a_flag_shows_no_type_label_and_an_option_keeps_its_own() -> None:
    result = CliRunner().invoke(app, ["cards", "--help"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    (proof,) = [line for line in result.output.splitlines() if "--proof" in line]
    assert proof.split("--proof", 1)[1].strip().startswith("Stamp"), proof
    (margin,) = [line for line in result.output.splitlines() if "--margin" in line]
    assert "MM" in margin  # an option that takes a value still shows what it takes
