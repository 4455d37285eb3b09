"""Cut files (``--cut-file svg|dxf``, issue 40): the cut path of every piece lies on the cut
line the sheet draws, within 0.1 mm, for card sizes, arrangements, papers and fold backs;
the DXF opens with ezdxf with one layer per front page and one entity per piece."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import ezdxf
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from generator.cli import app
from generator.render.cmyk import to_cmyk
from generator.render.cut_file import CutShape, dxf_points, svg_path
from generator.render.marks import CUT_LINE_GREY

runner = CliRunner()
MM = 25.4 / 72
TOLERANCE = 0.1  # mm
SVG = "{http://www.w3.org/2000/svg}"
CUT_K = to_cmyk((CUT_LINE_GREY,) * 3)[3]


def _drawn_cut_lines(pdf: Path) -> dict[int, list[tuple[float, float, float, float]]]:
    """Per page, the grey cut-line rectangles the sheet draws (x0, y0, x1, y1 in mm)."""
    reader = PdfReader(pdf)
    found: dict[int, list[tuple[float, float, float, float]]] = {}
    for number, page in enumerate(reader.pages, 1):
        grey = None
        rects = []
        pending = []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"G":
                grey = float(operands[0])
            elif op == b"K":  # a CMYK canvas: the grey as black ink alone
                c, m, y, k = (float(v) for v in operands)
                grey = CUT_LINE_GREY if (c, m, y) == (0, 0, 0) and abs(k - CUT_K) < 1e-4 else None
            elif op == b"re":
                pending.append(tuple(float(v) for v in operands))
            elif op in (b"S", b"s", b"f", b"B", b"n", b"W"):
                if op == b"S" and grey is not None and abs(grey - CUT_LINE_GREY) < 1e-6:
                    rects += [(x * MM, y * MM, (x + w) * MM, (y + h) * MM) for x, y, w, h in pending]
                pending = []
        found[number] = rects
    return found


def _svg_rects(svg: Path) -> dict[int, list[tuple[float, float, float, float]]]:
    """Per layer (page), the SVG's cut rectangles in PDF mm (y up again)."""
    root = ET.parse(svg).getroot()
    height = float(root.get("viewBox", "0 0 0 0").split()[3])
    found: dict[int, list[tuple[float, float, float, float]]] = {}
    for group in root.iter(f"{SVG}g"):
        number = int(group.get("id", "page-0").split("-")[1])
        rects = []
        for path in group.iter(f"{SVG}path"):
            numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))]
            x0, top, x1, bottom = numbers[0], numbers[1], numbers[2], numbers[3]  # M x0 top H x1 V bottom
            rects.append((x0, height - bottom, x1, height - top))
        found[number] = rects
    return found


def _close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(p - q) <= TOLERANCE for p, q in zip(a, b, strict=True))


CASES = [
    ("63.5x88.9", ["--page", "a4"]),
    ("57x89", ["--page", "letter", "--arrangement", "touching"]),
    ("70x120", ["--page", "a4", "--bleed", "2"]),
    ("44x63", ["--page", "a4", "--arrangement", "touching", "--color", "cmyk"]),
    ("63.5x88.9", ["--page", "letter", "--backs", "fold"]),
]


@pytest.mark.parametrize(("size", "args"), CASES, ids=[f"{s}-{'-'.join(a)}" for s, a in CASES])
def test_the_svg_cut_path_lies_on_the_drawn_cut_line(tmp_path: Path, size: str, args: list[str]) -> None:
    pdf = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(pdf), "--size", size, "--cut-lines",
                                 "--cut-file", "svg", *args])
    assert result.exit_code == 0, result.output
    svg = tmp_path / "cards-cut.svg"
    assert f"{svg}: cut paths of 30 pieces" in result.output
    drawn = _drawn_cut_lines(pdf)
    cut = _svg_rects(svg)
    assert sum(len(r) for r in cut.values()) == 30
    fold = "fold" in args  # the backs' half is cut with the front's (folded): only the fronts' outlines
    for number, rects in cut.items():
        assert len(rects) * (2 if fold else 1) == len(drawn[number]) > 0, number
        for rect in rects:  # every cut path on a drawn cut line, and the other way round
            assert any(_close(rect, line) for line in drawn[number]), (number, rect)
        for line in drawn[number]:
            assert fold or any(_close(rect, line) for rect in rects), (number, line)
    w, h = (float(v) for v in size.split("x"))
    for rects in cut.values():
        for x0, y0, x1, y1 in rects:
            assert abs((x1 - x0) - w) <= TOLERANCE and abs((y1 - y0) - h) <= TOLERANCE


def test_the_dxf_opens_with_a_layer_per_page_and_an_entity_per_piece(tmp_path: Path) -> None:
    pdf = tmp_path / "pp.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(pdf), "--cut-file", "dxf", "--cut-lines"])
    assert result.exit_code == 0, result.output
    doc = ezdxf.readfile(tmp_path / "pp-cut.dxf")
    msp = doc.modelspace()
    layers = {e.dxf.layer for e in msp}
    assert layers == {"PAGE-1", "PAGE-3", "PAGE-5"}  # the front pages (duplex: backs between)
    assert len(msp.query("CIRCLE")) == 24  # the coins: round cuts
    assert len(msp.query("LWPOLYLINE")) == 24 + 4 + 4  # tiles, die nets, pawns
    assert all(p.closed for p in msp.query("LWPOLYLINE"))
    drawn = _drawn_cut_lines(pdf)
    for circle in msp.query("CIRCLE"):  # inscribed in its piece's drawn cut box
        page = int(circle.dxf.layer.split("-")[1])
        cx, cy, r = circle.dxf.center.x, circle.dxf.center.y, circle.dxf.radius
        assert any(_close((cx - r, cy - r, cx + r, cy + r), line) for line in drawn[page])
    for poly in msp.query("LWPOLYLINE"):
        page = int(poly.dxf.layer.split("-")[1])
        xs, ys = [p[0] for p in poly.get_points()], [p[1] for p in poly.get_points()]
        assert any(_close((min(xs), min(ys), max(xs), max(ys)), line) for line in drawn[page])


def test_rounded_corners_are_arcs_on_the_rectangle() -> None:
    shape = CutShape("A", 10.0, 20.0, 63.5, 88.9, radius=3.0)
    points = dxf_points(shape)
    assert len(points) == 8 and sum(1 for p in points if p[2]) == 4
    bulge = math.tan(math.pi / 8)  # a quarter circle
    assert all(abs(p[2] - bulge) < 1e-12 for p in points if p[2])
    for x, y, _ in points:  # every vertex on the rectangle's edge
        on_x = abs(x - 10.0) < 1e-9 or abs(x - 73.5) < 1e-9
        on_y = abs(y - 20.0) < 1e-9 or abs(y - 108.9) < 1e-9
        assert on_x or on_y
    d = svg_path(shape, 297.0)
    assert d.count("A3 3 0 0 1") == 4 and d.startswith("M13 188.1H70.5")
    assert svg_path(CutShape("B", 0, 0, 10, 10), 10) == "M0 0H10V10H0Z"
