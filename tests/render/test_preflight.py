"""``deckpress preflight``: every CMYK output of the bundled decks and the piecepack passes,
a deliberately bad PDF fails with its reasons (issue 24, preflight)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from generator.cli import app
from generator.render.preflight import preflight

runner = CliRunner()
CARD_DECKS = ["lighting", "cognitio", "eagle", "viashi", "standard52"]


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def _passes(path: Path) -> None:
    result = preflight(path)
    failing = [c for c in result.checks if c.status != "pass"]
    assert result.status == "pass" and result.pdfx and not failing, failing
    names = [c.name for c in result.checks]
    assert names == ["pdf", "page boxes", "fonts", "colour", "transparency", "total ink", "images",
                     "page sizes", "PDF/X"]


@pytest.mark.parametrize("deck", CARD_DECKS)
def test_cmyk_card_sheets_and_dtc_pdf_of_every_bundled_deck_pass(tmp_path: Path, deck: str) -> None:
    sheet = tmp_path / f"{deck}.pdf"
    code, output = _run("cards", deck, "-o", str(sheet), "--color", "cmyk", "--backs", "duplex-long")
    assert code == 0, output
    _passes(sheet)
    code, output = _run("images", deck, "-o", str(tmp_path / "dtc"), "--preset", "dtc", "--color", "cmyk")
    assert code == 0, output
    (dtc,) = (tmp_path / "dtc").glob("*.pdf")
    _passes(dtc)
    code, output = _run("preflight", str(sheet), str(dtc))
    assert code == 0 and output.count(": PASS") == 2, output


@pytest.mark.parametrize("args", [[], ["--arrangement", "touching"], ["--backs", "fold", "--page", "letter"],
                                  ["--components", "dice,pawns"]])
def test_cmyk_piecepack_sheets_pass(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "pp.pdf"
    code, output = _run("tiles", "-o", str(out), "--color", "cmyk", *args)
    assert code == 0, output
    _passes(out)


def test_cmyk_piecepack_dtc_pdfs_pass(tmp_path: Path) -> None:
    code, output = _run("images", "piecepack", "-o", str(tmp_path), "--preset", "dtc", "--color", "cmyk")
    assert code == 0, output
    files = sorted(tmp_path.glob("*.pdf"))
    assert len(files) == 4
    for path in files:
        _passes(path)


def _bad_pdf(path: Path) -> None:
    """No page boxes, Helvetica not embedded, RGB and 400 % ink: what a print shop rejects."""
    canvas = Canvas(str(path), pagesize=(200, 200))
    canvas.setFont("Helvetica", 12)
    canvas.drawString(20, 20, "not embedded")
    canvas.setFillColorCMYK(1, 1, 1, 1)
    canvas.rect(50, 50, 100, 100, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 0, 0)
    canvas.rect(10, 150, 20, 20, stroke=0, fill=1)
    canvas.showPage()
    canvas.setPageSize((300, 200))
    canvas.drawString(20, 20, "second page")
    canvas.showPage()
    canvas.save()


def test_a_bad_pdf_fails_naming_each_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    _bad_pdf(bad)
    result = preflight(bad)
    checks = {c.name: c for c in result.checks}
    assert result.status == "fail" and result.exit_code == 2 and not result.pdfx
    assert checks["page boxes"].status == "fail" and "no TrimBox/BleedBox on pages 1, 2" in checks["page boxes"].detail
    # the font's first text: drawString at (20, 20) pt, 7 mm across and up
    assert checks["fonts"].status == "fail" and checks["fonts"].detail == (
        "not embedded: Helvetica (text, page 1, 7 mm across and 7 mm up from the lower left corner)")
    assert checks["total ink"].status == "fail" and checks["total ink"].detail.startswith("max 400 %")
    assert checks["colour"].status == "warn" and "DeviceRGB" in checks["colour"].detail
    assert checks["page sizes"].status == "warn" and checks["page sizes"].detail.startswith("2 sizes")
    assert checks["PDF/X"].status == "warn"
    code, output = _run("preflight", str(bad), "--json")
    assert code == 2
    answer = json.loads(output)
    (report,) = answer["files"]
    assert answer["status"] == report["status"] == "fail"
    assert {c["name"] for c in report["checks"] if c["status"] == "fail"} == {"page boxes", "fonts", "total ink"}
    code, output = _run("preflight", str(bad))
    assert code == 2 and "FAIL  fonts" in output and "not embedded: Helvetica" in output


def test_an_rgb_sheet_only_warns_and_a_non_pdf_fails(tmp_path: Path) -> None:
    rgb = tmp_path / "rgb.pdf"
    code, output = _run("cards", "eagle", "-o", str(rgb))
    assert code == 0, output
    code, output = _run("preflight", str(rgb))
    assert code == 1 and ": WARN" in output and "WARN  PDF/X" in output, output
    text = tmp_path / "notes.pdf"
    text.write_text("not a PDF", encoding="utf-8")
    code, output = _run("preflight", str(text), str(tmp_path / "missing.pdf"), str(rgb))
    assert code == 2 and output.count("not a readable PDF") == 2, output


def test_a_low_resolution_image_is_flagged_at_its_placed_size(tmp_path: Path) -> None:
    from PIL import Image

    art = tmp_path / "art.png"
    Image.new("RGB", (100, 100), (20, 120, 200)).save(art)
    path = tmp_path / "img.pdf"
    canvas = Canvas(str(path), pagesize=(400, 400))
    canvas.drawImage(str(art), 0, 0, 72, 72)  # 100 px over 1 in: 100 ppi
    canvas.saveState()
    canvas.translate(100, 100)
    canvas.scale(0.25, 0.25)
    canvas.drawImage(str(art), 0, 0, 96, 96)  # placed 24 pt = 1/3 in: 300 ppi
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    images = {c.name: c for c in preflight(path).checks}["images"]
    assert images.status == "fail" and "2 placed, lowest 100 ppi" in images.detail
