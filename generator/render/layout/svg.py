"""SVG art, drawn into the PDF as vectors (svglib turns SVG into a ReportLab drawing).

SVG files are untrusted like every other input: entities are never resolved (no
"billion laughs", no external entities), files over :data:`MAX_SVG_BYTES` are
refused, and images an SVG links to must lie in its own folder (svglib's
``external_reference_root``). A linked image that is remote (``http:`` and other web
addresses: nothing is downloaded), outside that folder or unreadable is left out,
and :func:`svg_notes` names it for a warning. The parsed drawing is cached per file.

Group ``opacity`` (which the SVG reader ignores) is drawn by :func:`flatten_opacity`:
an element's opacity, and its ancestors', multiplies into the ``fill-opacity`` and
``stroke-opacity`` of every element below it. That is exact where the group's shapes
do not overlap one another (overlaps show through each other instead of compositing
as one layer) and is how a CMYK file prints it anyway: a translucent colour is a tint.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from .images import ImageProblem

MAX_SVG_BYTES = 5 * 1024 * 1024
MAX_SVG_ELEMENTS = 10_000  # drawing time grows with the elements: counted before parsing (docs/safety.md)
_ELEMENT = re.compile(rb"<[A-Za-z]")
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
    elements = len(_ELEMENT.findall(Path(path).read_bytes()))
    if elements > MAX_SVG_ELEMENTS:  # 120,000 rectangles in 4.8 MB took a minute per deck to draw
        raise ImageProblem(f"the SVG has {elements:,} elements, more than {MAX_SVG_ELEMENTS:,}: simplify it "
                           "(merge paths) or export it as a PNG")
    logger = logging.getLogger("svglib")
    logger.setLevel(logging.ERROR)
    logger.propagate = False  # its notes would go to stderr; problems are ours to report
    refusals = _Refusals()
    logger.addHandler(refusals)
    try:
        drawing = _render(path)
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


def _render(path: str) -> Any:
    """svglib's drawing of the SVG at ``path``, its group opacity flattened (:func:`flatten_opacity`)."""
    from svglib.svglib import SvgRenderer, load_svg_file, svg2rlg

    root = str(Path(path).parent)
    if b"opacity" not in Path(path).read_bytes():
        return svg2rlg(path, resolve_entities=False, external_reference_root=root)
    svg = load_svg_file(path, resolve_entities=False)
    if svg is None:
        return None
    flatten_opacity(svg)
    return SvgRenderer(path, external_reference_root=root).render(svg)


_OPACITY = ("opacity", "fill-opacity", "stroke-opacity")


def _number(text: str | None) -> float | None:
    if text is None:
        return None
    text = text.strip()
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return None
    return max(0.0, min(1.0, value))


def flatten_opacity(root: Any) -> None:
    """Multiply every element's ``opacity`` (with its ancestors') into the ``fill-opacity`` and
    ``stroke-opacity`` of it and everything below it, so a translucent group draws translucent."""
    if not any(_number(_own(el, "opacity")) not in (None, 1.0) for el in root.iter()):
        return

    def walk(el: Any, fill: float, stroke: float, group: float) -> None:
        if not isinstance(el.tag, str):  # comments, processing instructions
            return
        own = {name: _number(_own(el, name)) for name in _OPACITY}
        group *= own["opacity"] if own["opacity"] is not None else 1.0
        fill = own["fill-opacity"] if own["fill-opacity"] is not None else fill
        stroke = own["stroke-opacity"] if own["stroke-opacity"] is not None else stroke
        _strip(el)
        if group < 1.0 or own["fill-opacity"] is not None or own["stroke-opacity"] is not None:
            el.set("fill-opacity", f"{fill * group:.4g}")
            el.set("stroke-opacity", f"{stroke * group:.4g}")
        for child in el:
            walk(child, fill, stroke, group)

    walk(root, 1.0, 1.0, 1.0)


def _own(el: Any, name: str) -> str | None:
    """The value ``el`` gives ``name`` itself (its style attribute first, as in CSS)."""
    style = el.get("style") or ""
    for part in style.split(";"):
        key, _, value = part.partition(":")
        if key.strip() == name:
            return value
    return el.get(name)


def _strip(el: Any) -> None:
    """Take the opacity properties out of ``el``'s style and attributes (written back as attributes)."""
    style = el.get("style")
    if style:
        kept = [part for part in style.split(";") if part.partition(":")[0].strip() not in _OPACITY]
        el.set("style", ";".join(kept))
    for name in _OPACITY:
        if name in el.attrib:
            del el.attrib[name]


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
