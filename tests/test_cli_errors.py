"""Every command shares one error boundary: an unwritable output path is one clear
line and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app


@pytest.mark.parametrize(
    "args",
    [
        ["images", "standard52", "-o", "{file}"],
        ["cards", "standard52", "-o", "{file}/sub.pdf"],
        ["new", "{file}"],
        ["build", "standard52", "-o", "{file}", "--balance-games", "5"],
    ],
)
def test_an_output_path_that_cannot_be_written_is_a_clean_error(tmp_path: Path, args: list[str]) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(app, [a.replace("{file}", str(blocker)) for a in args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "error:" in result.output and str(blocker) in result.output
    assert blocker.read_text() == "not a folder"
