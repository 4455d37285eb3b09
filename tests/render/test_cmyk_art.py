"""SVG art in a CMYK file (issue 40): gradients become CMYK shadings through the ICC path, a
linked PNG becomes a CMYK image, group opacity is drawn, an RGB shading is refused; tile crop
marks never put the registration colour inside a TrimBox; booklets pass preflight in CMYK."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase.pdfdoc import PDFAxialShading
from typer.testing import CliRunner

from generator.cli import app
from generator.render.cmyk import GRADIENT_STEPS, cmyk_stops, to_cmyk
from generator.render.pdf import make_canvas
from generator.render.pdf_scan import PageScan, scan_page
from generator.render.preflight import preflight

runner = CliRunner()
FULL = "front:\n  art: {type: image, fit: stretch}\nback: {}\n"
GRADIENT_SVG = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="63.5mm" height="88.9mm" viewBox="0 0 635 889">
 <defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
   <stop offset="0" stop-color="#1565C0"/><stop offset="1" stop-color="#FFEB3B"/>
  </linearGradient>
  <radialGradient id="sun"><stop offset="0" stop-color="#FF5722"/>
   <stop offset="1" stop-color="#FF5722" stop-opacity="0.2"/></radialGradient>
 </defs>
 <rect width="635" height="889" fill="url(#sky)"/>
 <circle cx="320" cy="300" r="150" fill="url(#sun)"/>
 <image xlink:href="dot.png" x="250" y="600" width="130" height="130"/>
 <g opacity="0.5"><rect x="50" y="50" width="100" height="100" fill="#000000"/></g>
</svg>"""


def _deck(folder: Path, art: str) -> Path:
    (folder / "full.yaml").write_text(FULL, encoding="utf-8")
    (folder / "cards.csv").write_text(f"id,name,art\nA,Alpha,{art}\nB,Beta,{art}\n", encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text("name: Art\nlayout: full.yaml\ncards: cards.csv\n", encoding="utf-8")
    return path


def _gradient_deck(folder: Path) -> Path:
    (folder / "sky.svg").write_text(GRADIENT_SVG, encoding="utf-8")
    Image.new("RGB", (600, 600), (200, 30, 90)).save(folder / "dot.png")
    return _deck(folder, "sky.svg")


def _marks(path: Path) -> list:
    reader = PdfReader(path)
    found = []
    for number, page in enumerate(reader.pages, 1):
        scan = PageScan()
        scan_page(reader, number, page, scan)
        found += scan.marks
    return found


def test_an_svg_gradient_deck_prints_cmyk_only(tmp_path: Path) -> None:
    deck = _gradient_deck(tmp_path)
    sheet = tmp_path / "sheet.pdf"
    result = runner.invoke(app, ["cards", str(deck), "-o", str(sheet), "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    marks = _marks(sheet)
    assert {m.space for m in marks} <= {"DeviceCMYK", "DeviceGray"}, {m.space for m in marks}
    shadings = [m for m in marks if m.kind == "shading"]
    assert len(shadings) >= 2 and all(m.space == "DeviceCMYK" for m in shadings)
    assert all(m.ink is not None and m.ink <= 2.4 + 1e-6 for m in shadings)
    images = [m for m in marks if m.kind in ("image", "inline image")]
    assert images and all(m.kind == "image" and m.space == "DeviceCMYK" for m in images)  # the linked PNG
    check = preflight(sheet)
    assert check.status == "pass", [c for c in check.checks if c.status != "pass"]
    out = tmp_path / "dtc"
    result = runner.invoke(app, ["images", str(deck), "-o", str(out), "--preset", "dtc", "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    (dtc,) = out.glob("*.pdf")
    check = preflight(dtc)
    assert check.status == "pass", [c for c in check.checks if c.status != "pass"]
    assert {c.name: c for c in check.checks}["PDF/X"].detail.startswith("PDF/X-1a:2003")
    result = runner.invoke(app, ["preflight", str(sheet), str(dtc)])
    assert result.exit_code == 0 and result.output.count(": PASS") == 2, result.output


def test_gradient_stops_follow_the_icc_conversion() -> None:
    stops, at = cmyk_stops(["#1565C0", "#FFEB3B"], None)
    assert len(stops) == GRADIENT_STEPS + 2 and at[0] == 0 and at[-1] == 1
    assert stops[0] == to_cmyk((0x15 / 255, 0x65 / 255, 0xC0 / 255))
    middle = stops[(GRADIENT_STEPS + 1) // 2]
    assert middle != tuple((a + b) / 2 for a, b in zip(stops[0], stops[-1], strict=True))  # not a straight ink mix
    assert all(sum(s) <= 2.4 + 1e-9 for s in stops)


def test_an_rgb_shading_is_refused_not_written(tmp_path: Path) -> None:
    canvas = make_canvas(tmp_path / "x.pdf", color="cmyk")
    shading = PDFAxialShading(0, 0, 100, 0, Function=None, ColorSpace="DeviceRGB")
    with pytest.raises(ValueError, match="a shading in DeviceRGB cannot go into a CMYK"):
        canvas.shade(shading)


def _pixel(pdf: Path, at: tuple[float, float]) -> tuple[int, ...]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[0].render(scale=2).to_pil().convert("RGB")
        return image.getpixel((int(image.width * at[0]), int(image.height * at[1])))
    finally:
        doc.close()


@pytest.mark.parametrize("color", ["rgb", "cmyk"])
def test_svg_group_opacity_is_drawn(tmp_path: Path, color: str) -> None:
    (tmp_path / "half.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="88.9mm" viewBox="0 0 100 100" '
        'preserveAspectRatio="none"><rect width="100" height="100" fill="#ffffff"/>'
        '<g opacity="0.5"><rect width="100" height="100" fill="#000000"/></g></svg>', encoding="utf-8")
    from generator.render.layout.svg import draw_svg

    out = tmp_path / "card.pdf"
    canvas = make_canvas(out, (180, 250), color=color)
    draw_svg(canvas, tmp_path / "half.svg", (0, 0, 180, 250), "stretch")
    canvas.showPage()
    canvas.save()
    r, g, b = _pixel(out, (0.5, 0.5))
    assert 90 < r < 200 and abs(r - g) < 12 and abs(g - b) < 12, (r, g, b)  # grey, not black


def test_tile_crop_marks_never_put_registration_inside_a_trimbox(tmp_path: Path) -> None:
    out = tmp_path / "pp.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(out), "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    registration = 0
    for number, page in enumerate(reader.pages, 1):
        trim = [float(v) for v in page["/TrimBox"]]
        scan = PageScan()
        scan_page(reader, number, page, scan)
        for mark in (m for m in scan.marks if m.registration):
            registration += 1
            box = mark.box
            assert box is not None
            overlap = min(box[2], trim[2]) - max(box[0], trim[0]), min(box[3], trim[3]) - max(box[1], trim[1])
            assert not (overlap[0] > 0.01 and overlap[1] > 0.01), (number, box, trim)
    assert registration > 100  # the marks are there, outside the trim


@pytest.mark.parametrize("args", [["war"], ["weiji", "--imposition", "sheet"]])
def test_booklets_have_boxes_and_pass_preflight_in_cmyk(tmp_path: Path, args: list[str]) -> None:
    rgb = tmp_path / "rgb.pdf"
    result = runner.invoke(app, ["rules", *args, "-o", str(rgb)])
    assert result.exit_code == 0, result.output
    checks = {c.name: c for c in preflight(rgb).checks}
    assert checks["page boxes"].status == "pass"
    assert "/ID" in PdfReader(rgb).trailer and "/CreationDate" in PdfReader(rgb).metadata
    cmyk = tmp_path / "cmyk.pdf"
    result = runner.invoke(app, ["rules", *args, "-o", str(cmyk), "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    check = preflight(cmyk)
    assert check.status == "pass", [c for c in check.checks if c.status != "pass"]


def test_a_fold_sheet_keeps_registration_outside_its_trimbox(tmp_path: Path) -> None:
    out = tmp_path / "fold.pdf"  # the TrimBox holds both halves: a mark near the fold is inside it
    result = runner.invoke(app, ["cards", "eagle", "-o", str(out), "--backs", "fold", "--color", "cmyk",
                                 "--page", "letter"])
    assert result.exit_code == 0, result.output
    check = preflight(out)
    assert check.status == "pass", [c for c in check.checks if c.status != "pass"]
