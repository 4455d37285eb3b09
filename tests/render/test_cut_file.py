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


def _drawn_cut_lines(pdf: Path, outlines: dict[int, list[list[tuple[float, float]]]] | None = None,
                     ) -> dict[int, list[tuple[float, float, float, float]]]:
    """Per page, the cut-line rectangles the sheet draws (x0, y0, x1, y1 in mm): grey, or in a CMYK
    file the spot colour Dieline. ``outlines`` receives the drawn outlines (die nets, pawns)."""
    outlines = {} if outlines is None else outlines
    reader = PdfReader(pdf)
    found: dict[int, list[tuple[float, float, float, float]]] = {}
    for number, page in enumerate(reader.pages, 1):
        grey = None
        spot = ""
        rects = []
        pending = []
        points: list[tuple[float, float]] = []
        closed = False
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"G":
                grey = float(operands[0])
            elif op == b"SCN":  # a CMYK canvas: the cut lines in the spot colour Dieline (issue 52)
                grey = CUT_LINE_GREY if spot == "/Dieline" else None
            elif op == b"CS":
                spot = str(operands[0])
            elif op == b"K":  # a CMYK canvas: the grey as black ink alone
                c, m, y, k = (float(v) for v in operands)
                grey = CUT_LINE_GREY if (c, m, y) == (0, 0, 0) and abs(k - CUT_K) < 1e-4 else None
            elif op == b"re":
                pending.append(tuple(float(v) for v in operands))
            elif op in (b"m", b"l"):  # an outline of its own (die nets, pawns): its bounding box
                points.append((float(operands[0]), float(operands[1])))
            elif op == b"h":
                closed = True
            elif op in (b"S", b"s", b"f", b"B", b"n", b"W"):
                if op in (b"S", b"s") and grey is not None and abs(grey - CUT_LINE_GREY) < 1e-6:
                    rects += [(x * MM, y * MM, (x + w) * MM, (y + h) * MM) for x, y, w, h in pending]
                    if closed and len(points) >= 3:
                        xs, ys = [x for x, _ in points], [y for _, y in points]
                        rects.append((min(xs) * MM, min(ys) * MM, max(xs) * MM, max(ys) * MM))
                        outlines.setdefault(number, []).append([(x * MM, y * MM) for x, y in points])
                pending, points, closed = [], [], False
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


@pytest.mark.parametrize("color", ["rgb", "cmyk"])
def test_die_nets_and_pawns_are_cut_along_their_outline_not_their_box(tmp_path: Path, color: str) -> None:
    """Issue 52: a die net's cut path is the cross of faces with its glue tabs (area by hand: six
    12.7 mm faces and seven tabs, trapezoids 12.7 and 6.3 mm wide, 4 mm high: 6 x 161.29 + 7 x 38 =
    1233.74 mm2, not its 38.1 x 54.8 mm box), a pawn's its silhouette; the SVG, the DXF and the cut
    lines drawn on the sheet (in CMYK the spot colour Dieline) are the same outline."""
    pdf = tmp_path / "pp.pdf"
    for fmt in ("svg", "dxf"):
        result = runner.invoke(app, ["tiles", "-o", str(pdf), "--components", "dice,pawns", "--cut-lines",
                                     "--cut-file", fmt, "--color", color])
        assert result.exit_code == 0, result.output
    doc = ezdxf.readfile(tmp_path / "pp-cut.dxf")
    polys = list(doc.modelspace().query("LWPOLYLINE"))
    assert len(polys) == 8  # 4 dice, 4 pawns

    def area(points: list[tuple[float, float]]) -> float:
        return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, [*points[1:], points[0]], strict=True))) / 2

    outlines = {}
    drawn: dict[int, list[list[tuple[float, float]]]] = {}
    _drawn_cut_lines(pdf, drawn)
    for poly in polys:
        points = [(p[0], p[1]) for p in poly.get_points()]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        if len(points) == 28:  # a die net: 6 faces, 7 tabs
            assert area(points) == pytest.approx(6 * 12.7 ** 2 + 7 * (12.7 + 6.3) / 2 * 4, abs=0.01)
            assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((38.1, 54.8), abs=0.01)
        else:  # a pawn: 5/8 in wide, narrower than its box almost everywhere
            assert area(points) < 0.7 * (max(xs) - min(xs)) * (max(ys) - min(ys))
        outlines[(round(min(xs), 2), round(min(ys), 2))] = points
        page = int(poly.dxf.layer.split("-")[1])
        assert any(len(line) == len(points) and all(_close(a, b) for a, b in zip(line, points, strict=True))
                   for line in drawn[page]), "the sheet draws the same outline"
    svg_paths = [p.get("d", "") for p in ET.parse(tmp_path / "pp-cut.svg").getroot().iter(f"{SVG}path")]
    assert len(svg_paths) == 8 and all(d.count("L") >= 27 for d in svg_paths)


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
