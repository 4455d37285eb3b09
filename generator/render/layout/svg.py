"""SVG art, drawn into the PDF as vectors (svglib turns SVG into a ReportLab drawing).

SVG files are untrusted like every other input: entities are never resolved (no
"billion laughs", no external entities), files over :data:`MAX_SVG_BYTES` are
refused, and images an SVG links to must lie in its own folder (svglib's
``external_reference_root``). The parsed drawing is cached per file.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Any

from .images import ImageProblem

MAX_SVG_BYTES = 5 * 1024 * 1024
SUFFIXES = (".svg",)


def is_svg(path: Path) -> bool:
    return path.suffix.lower() in SUFFIXES


def svg_size(path: Path) -> tuple[int, int]:
    """The SVG's own size in points (rounded), after checking it parses; ImageProblem otherwise."""
    drawing = svg_drawing(path)
    return max(1, round(drawing.width)), max(1, round(drawing.height))


def svg_drawing(path: Path) -> Any:
    stat = path.stat()
    if stat.st_size > MAX_SVG_BYTES:
        raise ImageProblem(f"the SVG is larger than {MAX_SVG_BYTES // (1024 * 1024)} MB")
    return _drawing(str(path), stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=32)
def _drawing(path: str, _bytes: int, _mtime: int) -> Any:
    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.CRITICAL)  # its notes would go to stderr; problems are ours to report
    try:
        drawing = svg2rlg(path, resolve_entities=False, external_reference_root=str(Path(path).parent))
    except Exception as exc:  # lxml and svglib raise many kinds for a broken file
        raise ImageProblem(f"not a readable SVG ({type(exc).__name__}: {exc})") from None
    if drawing is None:
        raise ImageProblem("not a readable SVG (no <svg> element)")
    if not (0 < drawing.width < 100_000 and 0 < drawing.height < 100_000):
        raise ImageProblem(f"an SVG of {drawing.width:g} x {drawing.height:g} points cannot be placed; "
                           "give the <svg> a width and height or a viewBox")
    embed_fonts(drawing)
    return drawing


def _embedded(name: str) -> str:
    """An embedded bundled font for a font svglib chose: its own if it is a registered
    TrueType font (a project font), else the bundled sans, serif or bold face alike."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from ..fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD

    try:
        if isinstance(pdfmetrics.getFont(name), TTFont):
            return name
    except KeyError:
        pass
    lower = name.lower()
    bold = "bold" in lower
    if "times" in lower or "serif" in lower and "sans" not in lower:
        return SERIF_BOLD if bold else SERIF
    return SANS_BOLD if bold else SANS


def embed_fonts(drawing: Any) -> None:
    """No base-14 font in our PDFs: svglib draws SVG text in Helvetica, Times or
    Courier (not embedded; a print shop rejects the file). Every text of the drawing,
    and the drawing's initial font, is set to an embedded bundled font instead."""
    from reportlab.graphics.shapes import Group, String

    from ..fonts import SANS, register_fonts

    register_fonts()
    drawing.initialFontName = SANS  # the renderer sets the initial font even when no text is drawn
    stack = [drawing]
    while stack:
        node = stack.pop()
        if isinstance(node, String):
            node.fontName = _embedded(node.fontName)
        elif isinstance(node, Group):
            stack.extend(node.contents)


def draw_svg(canvas: Any, path: Path, rect: tuple[float, float, float, float], fit: str) -> None:
    """Draw the SVG at ``path`` into ``rect`` (points) as vectors, fitted like a raster image."""
    from reportlab.graphics import renderPDF

    drawing = svg_drawing(path)
    x, y, w, h = rect
    sx, sy = w / drawing.width, h / drawing.height
    if fit != "stretch":
        sx = sy = (max if fit == "cover" else min)(sx, sy)
    dw, dh = drawing.width * sx, drawing.height * sy
    canvas.saveState()
    canvas.translate(x + (w - dw) / 2, y + (h - dh) / 2)
    canvas.scale(sx, sy)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.restoreState()
