"""SVG art, drawn into the PDF as vectors (svglib turns SVG into a ReportLab drawing).

SVG files are untrusted like every other input: entities are never resolved (no
"billion laughs", no external entities), files over :data:`MAX_SVG_BYTES` are
refused, and images an SVG links to must lie in its own folder (svglib's
``external_reference_root``). A linked image that is remote (``http:`` and other web
addresses: nothing is downloaded), outside that folder or unreadable is left out,
and :func:`svg_notes` names it for a warning. The parsed drawing is cached per file.
"""

from __future__ import annotations

import logging
import re
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
    return _load(path)[0]


def svg_notes(path: Path) -> list[str]:
    """What the drawing of the SVG at ``path`` leaves out (linked images it may not use)."""
    return list(_load(path)[1])


def _load(path: Path) -> tuple[Any, tuple[str, ...]]:
    stat = path.stat()
    if stat.st_size > MAX_SVG_BYTES:
        raise ImageProblem(f"the SVG is larger than {MAX_SVG_BYTES // (1024 * 1024)} MB")
    return _drawing(str(path), stat.st_size, stat.st_mtime_ns)


class _Refusals(logging.Handler):
    """svglib's own reasons for leaving a linked image out (it logs them, then goes on)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.refused: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        found = re.match(r"Refusing (absolute external|out-of-root) reference '(.*)'\.$", message)
        if found:
            self.refused.append(f"{found.group(2)!r} (outside the SVG's folder)")
        elif message.startswith("Unable to read the image"):
            self.refused.append(f"{message.removeprefix('Unable to read the image ').removesuffix('. Skipping...')!r} "
                                "(not a readable image)")


REMOTE = re.compile(r"""\bhref\s*=\s*["']\s*([a-z][a-z0-9+.-]*:[^"']*)["']""", re.IGNORECASE)
STYLE_URL_COLON = re.compile(r"""\bstyle\s*=\s*("[^"]*url\([^)"]*:[^"]*"|'[^']*url\([^)']*:[^']*')""", re.IGNORECASE)


@lru_cache(maxsize=32)
def _drawing(path: str, _bytes: int, _mtime: int) -> tuple[Any, tuple[str, ...]]:
    from svglib.svglib import svg2rlg

    logger = logging.getLogger("svglib")
    logger.setLevel(logging.ERROR)
    logger.propagate = False  # its notes would go to stderr; problems are ours to report
    refusals = _Refusals()
    logger.addHandler(refusals)
    try:
        drawing = svg2rlg(path, resolve_entities=False, external_reference_root=str(Path(path).parent))
    except Exception as exc:  # lxml and svglib raise many kinds for a broken file
        raise ImageProblem(_unreadable(path, exc)) from None
    finally:
        logger.removeHandler(refusals)
    if drawing is None:
        raise ImageProblem("not a readable SVG (no <svg> element)")
    if not (0 < drawing.width < 100_000 and 0 < drawing.height < 100_000):
        raise ImageProblem(f"an SVG of {drawing.width:g} x {drawing.height:g} points cannot be placed; "
                           "give the <svg> a width and height or a viewBox")
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    remote = [f"{link!r} (a web address: nothing is downloaded)" for link in REMOTE.findall(text)
              if not link.lower().startswith("data:")]
    notes: tuple[str, ...] = ()
    if remote or refusals.refused:
        notes = (f"SVG {Path(path).name}: linked image(s) left out: {', '.join(remote + refusals.refused)}; "
                 "put the image in the SVG's folder and link it by a relative name, or embed it",)
    embed_fonts(drawing)
    return drawing, notes


def _unreadable(path: str, exc: Exception) -> str:
    """Why svglib could not read the SVG, in the designer's terms where it is known."""
    if isinstance(exc, ValueError) and "unpack" in str(exc):
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        found = STYLE_URL_COLON.search(text)
        if found:
            line = text.count("\n", 0, found.start()) + 1
            return (f"line {line}: a style attribute holds a url(...) with a colon in it ({found.group(1)[:80]}), "
                    "which the SVG reader cannot parse; write the colour or gradient as its own attribute "
                    "(fill=\"url(#id)\") and leave web and data: addresses out of style")
    return f"not a readable SVG ({type(exc).__name__}: {exc})"


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
