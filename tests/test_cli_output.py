"""CLI details: on/off options read as flags in --help, no stray blank lines, and
no notice about the sheet layout before a run that then fails."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app


@pytest.mark.parametrize("command", ["cards", "tiles", "check"])
def test_flags_show_as_flags_in_help(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    assert "<bool>" not in result.output
    lines = [line for line in result.output.splitlines() if "--help" in line]
    assert lines and "Show this message" in lines[0]
    if command != "check":
        (proof,) = [line for line in result.output.splitlines() if "--proof" in line]
        assert proof.split("--proof")[1].strip().startswith("Stamp")


def test_a_run_prints_no_blank_lines(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["cards", "standard52", "-o", str(tmp_path / "c.pdf")])
    assert result.exit_code == 0, result.output
    assert "" not in result.stdout.splitlines() and "" not in result.stderr.splitlines()
    assert result.stdout.startswith(str(tmp_path / "c.pdf"))
    assert "arrangement" in result.stderr  # the sheet notice, after the run succeeded


def test_a_failing_run_prints_only_its_errors(tmp_path: Path) -> None:
    Image.new("RGB", (60, 84)).save(tmp_path / "art.bmp")
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: T\ncards:\n  - {id: A, art: art.bmp}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["cards", str(deck), "-o", str(tmp_path / "c.pdf")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert all(line.startswith("error: ") for line in result.stderr.splitlines()), result.stderr
    assert not (tmp_path / "c.pdf").exists()
