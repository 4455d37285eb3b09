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


@pytest.mark.parametrize("command", [["cards", "eagle"], ["tiles"], ["rules", "weiji"]])
def test_a_pdf_command_refuses_an_image_file_name(tmp_path: Path, command: list[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short name: the error box does not wrap it
    result = CliRunner().invoke(app, [*command, "-o", "x.png"])
    text = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 2 and "x.png is not a .pdf name" in text and "deckpress images" in text
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("name", ["cards.csv", "cards.xlsx"])
def test_a_spreadsheet_given_as_the_deck_says_to_pass_the_deck_file(tmp_path: Path, name: str) -> None:
    project = tmp_path / "proj"
    assert CliRunner().invoke(app, ["new", str(project)]).exit_code == 0
    (project / name).write_bytes(b"PK\x03\x04 not text")
    result = CliRunner().invoke(app, ["cards", str(project / name), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert f"{name} holds card rows, not a deck: pass the deck file or the project folder" in result.output
    assert str(project / "deck.yaml") in result.output and "UTF-8" not in result.output
