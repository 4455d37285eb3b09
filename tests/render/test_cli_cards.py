"""`deckpress cards` and `deckpress calibrate` through the real CLI."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.render.printer_config import load_printers

runner = CliRunner()


def test_cards_writes_the_sheet_and_says_what_auto_chose(tmp_path: Path) -> None:
    out = tmp_path / "v.pdf"
    result = runner.invoke(app, ["cards", "viashi", "-o", str(out), "--backs", "duplex-long",
                                 "--page", "letter", "--proof"])
    assert result.exit_code == 0, result.output
    # 3 mm bleed on every card (gap): 6 poker cards per Letter page (landscape 3 x 2), 9 fronts
    # and 9 backs; touching with the full 3 mm bleed round the block would fit 8
    assert "54 cards on 18 pages (6 per page, gap, landscape)" in result.output
    assert "touching fits 8" in result.output
    assert len(PdfReader(out).pages) == 18


def test_bad_options_exit_2_with_the_valid_values(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["cards", "viashi", "-o", str(out), "--backs", "both"])
    assert result.exit_code == 2 and "duplex-short" in result.output and not out.exists()
    result = runner.invoke(app, ["cards", "viashi", "-o", str(out), "--size", "giant"])
    assert result.exit_code == 2 and "poker" in result.output
    result = runner.invoke(app, ["cards", "viashi", "-o", str(out), "--back-offset", "1;2"])
    assert result.exit_code == 2 and "X,Y" in result.output


def test_calibrate_stores_a_printer_offset_and_cards_use_it(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    result = runner.invoke(app, ["calibrate", "--printer", "office", "--back-offset", "0.5,-0.25"])
    assert result.exit_code == 0, result.output
    assert load_printers(tmp_path / "cfg" / "deckpress" / "printers.yaml") == {"office": (0.5, -0.25)}
    sheet = tmp_path / "cal.pdf"
    result = runner.invoke(app, ["calibrate", "-o", str(sheet), "--page", "letter"])
    assert result.exit_code == 0 and len(PdfReader(sheet).pages) == 2
    out = tmp_path / "c.pdf"
    result = runner.invoke(app, ["cards", "lighting", "-o", str(out), "--backs", "duplex-long",
                                 "--printer", "office"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["cards", "lighting", "-o", str(out), "--printer", "nope"])
    assert result.exit_code == 2 and "office" in result.output
