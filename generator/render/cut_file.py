"""Cut files for cutting machines (``--cut-file svg|dxf``): the cut path of every piece.

A sheet PDF's front pages are what a cutting machine cuts (a duplex back page
lies under its front; a fold sheet is cut through both halves along the front's
outline). For every front page, :class:`CutPage` holds one :class:`CutShape` per
piece: its cut rectangle (rounded by the piece's ``cut_radius``, mm, if it has
one) or, for a round piece (``cut_shape = "circle"``: piecepack coins), its cut
circle, or, for a piece with a cut outline of its own (``cut_outline()``: piecepack
die nets with their glue tabs, pawns), that outline as a closed polygon — in the
page's own coordinates, millimetres from the page's lower-left corner, exactly the
rectangle (or outline) the sheet draws its cut lines and crop marks from.

- :func:`write_svg`: an SVG of the page size (``width``/``height`` in mm, a
  viewBox in mm, so 1 user unit = 1 mm), one layer (an Inkscape layer group,
  which Cricut Design Space and Silhouette Studio show as layers) per page, one
  closed ``<path>`` (or ``<circle>``) per piece, hairline red strokes, no fill.
  An outline is a path of straight segments (``M x y L ... Z``).
  SVG's y axis points down: y is written as ``page height - y``.
- :func:`write_dxf`: a DXF (R2010, millimetres) written with ezdxf, one layer
  ``PAGE-<n>`` per page, one closed LWPOLYLINE per rectangle (its rounded
  corners as bulges) or outline, or one CIRCLE per round piece, in the PDF's
  coordinates (y up, as DXF).

``outline=True`` (``--print-then-cut``: one file per printed page) adds the page's outline on
a layer of its own (``SHEET``, blue), not a cut: the designer aligns it with the page in the
cutting software, then hides or deletes it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

from .atomic import atomic_write

CUT_FORMATS = ("svg", "dxf")
STROKE = "#ff0000"
OUTLINE_STROKE = "#0000ff"
OUTLINE_LAYER = "SHEET"
HAIRLINE = 0.1  # mm: the SVG stroke (cutting software reads the path, not the stroke)


@dataclass(frozen=True)
class CutShape:
    """One piece's cut path, in mm from the page's lower-left corner."""

    piece: str  # the piece id
    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0  # rounded corners (rectangles)
    circle: bool = False  # a round piece: the circle inscribed in the box
    points: tuple[tuple[float, float], ...] = ()  # an outline of its own (mm on the page): a closed polygon

    @property
    def r(self) -> float:
        return min(self.radius, self.w / 2, self.h / 2)


@dataclass(frozen=True)
class CutPage:
    number: int  # the PDF page (1-based)
    width: float  # mm
    height: float  # mm
    shapes: tuple[CutShape, ...]


def shape_of(piece: object, x: float, y: float, w: float, h: float) -> CutShape:
    """The cut shape of ``piece`` placed with its cut box at (x, y, w, h) mm."""
    outline = getattr(piece, "cut_outline", None)
    points = tuple((x + px, y + py) for px, py in outline()) if callable(outline) else ()
    return CutShape(str(getattr(piece, "id", "")), x, y, w, h,
                    radius=float(getattr(piece, "cut_radius", 0.0) or 0.0),
                    circle=getattr(piece, "cut_shape", "rect") == "circle", points=points)


def cut_path(piece_path: Path, fmt: str) -> Path:
    """The cut file written beside the PDF ``piece_path``: ``cards.pdf`` -> ``cards-cut.svg``."""
    return piece_path.with_name(f"{piece_path.stem}-cut.{fmt}")


def write_cut_file(pages: Sequence[CutPage], path: Path, fmt: str, *, outline: bool = False) -> Path:
    if fmt == "svg":
        write_svg(pages, path, outline=outline)
    elif fmt == "dxf":
        write_dxf(pages, path, outline=outline)
    else:
        raise ValueError(f"unknown cut file format {fmt!r}; valid: {', '.join(CUT_FORMATS)}")
    return path


def _n(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def svg_path(shape: CutShape, page_h: float) -> str:
    """The SVG path data of a rectangle (rounded corners as arcs) or an outline, y flipped."""
    if shape.points:
        (x, y), *rest = shape.points
        return f"M{_n(x)} {_n(page_h - y)}" + "".join(f"L{_n(px)} {_n(page_h - py)}" for px, py in rest) + "Z"
    x0, x1 = shape.x, shape.x + shape.w
    top, bottom = page_h - (shape.y + shape.h), page_h - shape.y
    r = shape.r
    if r <= 0:
        return f"M{_n(x0)} {_n(top)}H{_n(x1)}V{_n(bottom)}H{_n(x0)}Z"
    arc = f"A{_n(r)} {_n(r)} 0 0 1 "
    return (f"M{_n(x0 + r)} {_n(top)}H{_n(x1 - r)}{arc}{_n(x1)} {_n(top + r)}"
            f"V{_n(bottom - r)}{arc}{_n(x1 - r)} {_n(bottom)}"
            f"H{_n(x0 + r)}{arc}{_n(x0)} {_n(bottom - r)}"
            f"V{_n(top + r)}{arc}{_n(x0 + r)} {_n(top)}Z")


def svg_text(pages: Sequence[CutPage], *, outline: bool = False) -> str:
    width = max((p.width for p in pages), default=0.0)
    height = max((p.height for p in pages), default=0.0)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" '
           f'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
           f'width="{_n(width)}mm" height="{_n(height)}mm" viewBox="0 0 {_n(width)} {_n(height)}">']
    if outline:
        out.append(f'<g id="sheet" inkscape:groupmode="layer" inkscape:label="{OUTLINE_LAYER} (align, do not cut)" '
                   f'fill="none" stroke="{OUTLINE_STROKE}" stroke-width="{_n(HAIRLINE)}">'
                   f'<rect x="0" y="0" width="{_n(width)}" height="{_n(height)}"/></g>')
    for page in pages:
        out.append(f'<g id="page-{page.number}" inkscape:groupmode="layer" '
                   f'inkscape:label="Page {page.number}" fill="none" stroke="{STROKE}" '
                   f'stroke-width="{_n(HAIRLINE)}">')
        for shape in page.shapes:
            name = quoteattr(shape.piece)
            if shape.circle:
                out.append(f'<circle data-piece={name} cx="{_n(shape.x + shape.w / 2)}" '
                           f'cy="{_n(page.height - shape.y - shape.h / 2)}" r="{_n(min(shape.w, shape.h) / 2)}"/>')
            else:
                out.append(f'<path data-piece={name} d="{svg_path(shape, page.height)}"/>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_svg(pages: Sequence[CutPage], path: Path, *, outline: bool = False) -> None:
    with atomic_write(path) as tmp:
        tmp.write_text(svg_text(pages, outline=outline), encoding="utf-8")


def dxf_points(shape: CutShape) -> list[tuple[float, float, float]]:
    """The closed LWPOLYLINE of a rectangle or an outline: (x, y, bulge) vertices, counter-clockwise;
    a rounded corner is one quarter-circle arc (bulge tan(90 deg / 4))."""
    if shape.points:
        return [(x, y, 0.0) for x, y in shape.points]
    x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    r = shape.r
    if r <= 0:
        return [(x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0)]
    b = math.tan(math.pi / 8)
    return [(x0 + r, y0, 0.0), (x1 - r, y0, b), (x1, y0 + r, 0.0), (x1, y1 - r, b),
            (x1 - r, y1, 0.0), (x0 + r, y1, b), (x0, y1 - r, 0.0), (x0, y0 + r, b)]


def write_dxf(pages: Sequence[CutPage], path: Path, *, outline: bool = False) -> None:
    import ezdxf  # only for --cut-file dxf
    from ezdxf import units

    doc = ezdxf.new("R2010")
    doc.units = units.MM
    msp = doc.modelspace()
    if outline:
        doc.layers.add(OUTLINE_LAYER, color=5)  # ACI 5: blue
        w = max((p.width for p in pages), default=0.0)
        h = max((p.height for p in pages), default=0.0)
        msp.add_lwpolyline([(0, 0), (w, 0), (w, h), (0, h)], close=True, dxfattribs={"layer": OUTLINE_LAYER})
    for page in pages:
        layer = f"PAGE-{page.number}"
        doc.layers.add(layer)
        for shape in page.shapes:
            attribs = {"layer": layer}
            if shape.circle:
                msp.add_circle((shape.x + shape.w / 2, shape.y + shape.h / 2), min(shape.w, shape.h) / 2,
                               dxfattribs=attribs)
            else:
                msp.add_lwpolyline(dxf_points(shape), format="xyb", close=True, dxfattribs=attribs)
    with atomic_write(path) as tmp:
        doc.saveas(tmp)
