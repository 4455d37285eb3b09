"""Print then cut (``--print-then-cut cricut|silhouette``, issue 40).

Silhouette: the Type 1 marks have the documented geometry (inkscape-silhouette's A4 template:
5 mm square, 20 mm x 0.3 mm arms, 10 mm from the edges, 190 x 277 mm apart) and are printed
where :func:`mark_boxes` says; every piece (with its bleed) stays in the area clear of them; the
cut file of each page lies on the drawn cut lines within 0.1 mm and opens with ezdxf.
Cricut: every page is Design Space's 6.75 x 9.25 in image, every piece inside it, and the PNG is
opaque exactly inside the cut outlines. Bad combinations exit 2 with the machine's words."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import ezdxf
import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from generator.cli import app
from generator.images.cricut import cut_mask
from generator.render.cut_file import CutPage, CutShape
from generator.render.geometry import Box
from generator.render.print_then_cut import CRICUT_AREA, SILHOUETTE, mark_boxes

from .test_cut_file import MM, SVG, TOLERANCE, _close, _drawn_cut_lines, _svg_rects

runner = CliRunner()
A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


def _run(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.output


def _black_fills(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """The black filled rectangles drawn untransformed on a page (x, y, w, h in mm)."""
    reader = PdfReader(pdf)
    black, depth, found, pending = False, 0, [], []
    for operands, op in ContentStream(reader.pages[page - 1].get_contents(), reader).operations:
        if op == b"q":
            depth += 1
        elif op == b"Q":
            depth -= 1
        elif op == b"rg":
            black = all(float(v) == 0 for v in operands)
        elif op == b"k":
            black = [float(v) for v in operands] == [0, 0, 0, 1]
        elif op == b"re":
            pending.append(tuple(float(v) * MM for v in operands))
        elif op in (b"f", b"f*", b"S", b"n", b"W", b"B"):
            if op in (b"f", b"f*") and black and depth <= 1:
                found += pending
            pending = []
    return found


def _page_rects(svg: Path, number: int) -> list[tuple[float, float, float, float]]:
    """The cut rectangles of the page layer of a one-page cut file (the sheet outline left out)."""
    root = ET.parse(svg).getroot()
    height = float(root.get("viewBox", "0 0 0 0").split()[3])
    rects = []
    for group in root.iter(f"{SVG}g"):
        if group.get("id") != f"page-{number}":
            continue
        for path in group.iter(f"{SVG}path"):
            x0, top, x1, bottom = (float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))[:4])
            rects.append((x0, height - bottom, x1, height - top))
    return rects


def test_the_marks_have_the_documented_geometry() -> None:
    marks = mark_boxes(*A4)
    assert marks["square"] == [Box(10.0, 282.0, 5.0, 5.0)]  # 10 mm from the left and top edges
    (h, v) = marks["top-right"]
    assert (h.right, h.top, h.w, h.h) == (200.0, 287.0, 20.0, 0.3)  # outer corner 10 mm in
    assert (v.right, v.top, v.w, v.h) == (200.0, 287.0, 0.3, 20.0)
    (h, v) = marks["bottom-left"]
    assert (h.x, h.y, h.w, h.h) == (10.0, 10.0, 20.0, 0.3)
    assert (v.x, v.y, v.w, v.h) == (10.0, 10.0, 0.3, 20.0)
    # the marks' outer corners 190 x 277 mm apart: the A4 figures Silhouette Studio's Type 1 uses
    assert (marks["top-right"][0].right - marks["square"][0].x, marks["square"][0].top - 10.0) == (190.0, 277.0)
    assert SILHOUETTE.settings() == "Registration Marks: Type 1, Length 20 mm, Thickness 0.3 mm, Inset 10 mm"


@pytest.mark.parametrize(("page", "size"), [("a4", A4), ("letter", LETTER)])
def test_silhouette_sheets_carry_the_marks_and_keep_pieces_clear(tmp_path: Path, page: str,
                                                                  size: tuple[float, float]) -> None:
    pdf = tmp_path / "deck.pdf"
    out = _run(["cards", "viashi", "-o", str(pdf), "--page", page, "--print-then-cut", "silhouette",
                "--cut-lines", "--cut-file", "svg"])
    assert "one file per printed page" in out and "Silhouette Studio" in out
    reader = PdfReader(pdf)
    cut_files = sorted(tmp_path.glob("deck-cut-*.svg"))
    assert len(cut_files) == len(reader.pages) > 1  # fronts only (cards: no backs)
    drawn = _drawn_cut_lines(pdf)
    total = 0
    for number in range(1, len(reader.pages) + 1):
        box = reader.pages[number - 1].mediabox
        w, h = float(box.width) * MM, float(box.height) * MM
        assert {round(w, 1), round(h, 1)} == {round(v, 1) for v in size}
        expected = [b for boxes in mark_boxes(w, h).values() for b in boxes]
        fills = _black_fills(pdf, number)
        for b in expected:  # each mark printed where the geometry says
            assert any(_close((b.x, b.y, b.w, b.h), f) for f in fills), (number, b)
        text = reader.pages[number - 1].extract_text()
        assert "Type 1, length 20 mm, thickness 0.3 mm, inset 10 mm" in text
        assert f"deck-cut-{number}.svg" in text
        root = ET.parse(tmp_path / f"deck-cut-{number}.svg").getroot()
        groups = list(root.iter(f"{SVG}g"))
        assert [g.get("id") for g in groups] == ["sheet", f"page-{number}"]
        outline = groups[0].find(f"{SVG}rect")
        assert outline is not None and (float(outline.get("width", 0)), float(outline.get("height", 0))) == \
            pytest.approx((w, h))
        rects = _page_rects(tmp_path / f"deck-cut-{number}.svg", number)
        total += len(rects)
        assert len(rects) == len(drawn[number]) > 0
        margin = SILHOUETTE.margin
        bleed = 3.0  # the default bleed: the printed art reaches this far past the cut
        for x0, y0, x1, y1 in rects:
            assert any(_close((x0, y0, x1, y1), line) for line in drawn[number])  # cut path on the cut line
            assert x0 - bleed >= margin - TOLERANCE and y0 - bleed >= margin - TOLERANCE
            assert x1 + bleed <= w - margin + TOLERANCE and y1 + bleed <= h - margin + TOLERANCE
            for m in expected:  # no print over a mark
                assert x1 + bleed <= m.x or m.right <= x0 - bleed or y1 + bleed <= m.y or m.top <= y0 - bleed
    assert total == 54  # the Viashi deck: every card cut


def test_silhouette_tiles_write_a_dxf_per_front_page_that_ezdxf_opens(tmp_path: Path) -> None:
    pdf = tmp_path / "pp.pdf"
    _run(["tiles", "-o", str(pdf), "--print-then-cut", "silhouette", "--cut-lines"])
    assert len(PdfReader(pdf).pages) == 6  # duplex: a back after each front, no marks on it
    assert sorted(p.name for p in tmp_path.glob("pp-cut-*.dxf")) == ["pp-cut-1.dxf", "pp-cut-3.dxf", "pp-cut-5.dxf"]
    assert _black_fills(pdf, 2) == [] or not any(
        _close((b.x, b.y, b.w, b.h), f) for b in mark_boxes(*A4)["square"] for f in _black_fills(pdf, 2))
    drawn = _drawn_cut_lines(pdf)
    circles = polylines = 0
    for number in (1, 3, 5):
        doc = ezdxf.readfile(tmp_path / f"pp-cut-{number}.dxf")
        msp = doc.modelspace()
        assert {e.dxf.layer for e in msp} == {"SHEET", f"PAGE-{number}"}
        sheet = msp.query('LWPOLYLINE[layer=="SHEET"]')
        assert len(sheet) == 1
        xs = [p[0] for p in sheet[0].get_points()]
        ys = [p[1] for p in sheet[0].get_points()]
        assert (max(xs), max(ys)) == pytest.approx(A4)
        for circle in msp.query("CIRCLE"):
            cx, cy, r = circle.dxf.center.x, circle.dxf.center.y, circle.dxf.radius
            assert any(_close((cx - r, cy - r, cx + r, cy + r), line) for line in drawn[number])
            assert SILHOUETTE.margin <= cx - r and cx + r <= A4[0] - SILHOUETTE.margin
        for poly in msp.query(f'LWPOLYLINE[layer=="PAGE-{number}"]'):
            px, py = [p[0] for p in poly.get_points()], [p[1] for p in poly.get_points()]
            assert any(_close((min(px), min(py), max(px), max(py)), line) for line in drawn[number])
            assert SILHOUETTE.margin <= min(px) and max(px) <= A4[0] - SILHOUETTE.margin
            assert SILHOUETTE.margin <= min(py) and max(py) <= A4[1] - SILHOUETTE.margin
        circles += len(msp.query("CIRCLE"))
        polylines += len(msp.query(f'LWPOLYLINE[layer=="PAGE-{number}"]'))
    assert (circles, polylines) == (24, 24 + 4 + 4)  # coins; tiles, die nets, pawns


def test_cricut_images_are_design_space_sized_and_opaque_inside_the_cut_only(tmp_path: Path) -> None:
    pdf = tmp_path / "deck.pdf"
    out = _run(["cards", "viashi", "-o", str(pdf), "--print-then-cut", "cricut", "--cut-file", "svg"])
    assert "Design Space" in out and "cricut: bleed 0 mm (was 3)" in out
    reader = PdfReader(pdf)
    images = sorted(tmp_path.glob("deck-cricut-*.png"))
    assert len(images) == len(reader.pages) > 1
    cut = _svg_rects(tmp_path / "deck-cut.svg")
    assert sum(len(r) for r in cut.values()) == 54
    w_mm, h_mm = CRICUT_AREA
    for number, page in enumerate(reader.pages, 1):
        w, h = float(page.mediabox.width) * MM, float(page.mediabox.height) * MM
        assert {round(w, 2), round(h, 2)} == {round(w_mm, 2), round(h_mm, 2)}  # 6.75 x 9.25 in
        for x0, y0, x1, y1 in cut[number]:  # every piece inside the image
            assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= h
        image = Image.open(tmp_path / f"deck-cricut-{number}.png")
        assert image.mode == "RGBA" and image.size == (round(w / 25.4 * 300), round(h / 25.4 * 300))
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        alpha = image.getchannel("A")
        px = 300 / 25.4
        for x0, y0, x1, y1 in cut[number]:
            def row(y: float, h: float = h, px: float = px) -> int:
                return int((h - y) * px)

            assert alpha.getpixel((int((x0 + x1) / 2 * px), row((y0 + y1) / 2))) == 255
            assert alpha.getpixel((int((x0 + 0.2) * px), row(y0 + 0.2))) == 255  # just inside the corner
            assert alpha.getpixel((int((x0 - 0.5) * px), row((y0 + y1) / 2))) == 0  # just outside the cut
            assert alpha.getpixel((int((x1 + 0.5) * px), row((y0 + y1) / 2))) == 0


def test_the_cricut_mask_follows_rounded_corners_and_circles() -> None:
    dpi = 600
    page = CutPage(1, 100.0, 100.0, (CutShape("card", 10.0, 10.0, 40.0, 60.0, radius=4.0),
                                     CutShape("coin", 60.0, 10.0, 20.0, 20.0, circle=True)))
    size = (round(100 / 25.4 * dpi), round(100 / 25.4 * dpi))
    mask = cut_mask(page, size, dpi)
    px = dpi / 25.4

    def at(x: float, y: float) -> int:
        return int(mask.getpixel((int(x * px), int((100 - y) * px))))

    assert at(30, 40) == 255 and at(10.1, 40) == 255 and at(9.9, 40) == 0  # the straight edge, within 0.1 mm
    assert at(10.3, 10.3) == 0  # the rounded corner is cut away
    r = 4.0  # a point on the corner arc, 0.1 mm inside it, is kept
    d = 0.1 / 2 ** 0.5 + r * (1 - 1 / 2 ** 0.5)
    assert at(10 + d + 0.1, 10 + d + 0.1) == 255
    assert at(70, 20) == 255 and at(60.1, 20) == 255 and at(61, 11) == 0  # the coin: a circle, not its box


@pytest.mark.parametrize(("args", "words"), [
    (["--size", "180x250", "--print-then-cut", "cricut"], "Print Then Cut image (171.45 x 234.95 mm"),
    (["--size", "190x270", "--page", "a4", "--print-then-cut", "silhouette"], "Silhouette area of the a4 page"),
    (["--backs", "fold", "--print-then-cut", "silhouette"], "--backs fold"),
    (["--print-then-cut", "brother"], "valid: cricut, silhouette"),
])
def test_bad_combinations_exit_2_with_the_machine_named(tmp_path: Path, args: list[str], words: str) -> None:
    pdf = tmp_path / "deck.pdf"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(pdf), *args])
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []  # nothing half-written
