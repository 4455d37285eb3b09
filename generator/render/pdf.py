"""One way to open a ReportLab canvas: deterministic, compressed, no base-14 fonts.

``make_canvas`` sets ``invariant=1`` (fixed dates and ids: the same input gives
byte-identical PDFs) and starts in an embedded bundled font, so no page refers to
the non-embedded Helvetica that ReportLab uses by default.

Every canvas compresses each finished page at once (``streaming.StreamingCanvas``).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from .fonts import SANS, register_fonts
from .streaming import StreamingCanvas


def make_canvas(path: Path, pagesize: tuple[float, float] = A4, title: str = "",
                color: str = "rgb", pdfx: str | None = None) -> Canvas:
    """A canvas writing to ``path`` (pass the temporary path from ``atomic_write``).

    ``color="cmyk"`` gives a :class:`~generator.render.cmyk.CmykCanvas`: every colour
    written as CMYK, no transparency, a CMYK output intent (see render/cmyk.py) of the
    PDF/X standard ``pdfx`` (None: PDF/X-1a:2001; ``cmyk.STANDARDS``).
    """
    register_fonts()
    kind: type[StreamingCanvas] = StreamingCanvas
    extra: dict[str, str] = {}
    if color == "cmyk":
        from .cmyk import CmykCanvas  # loads numpy and littleCMS: only when asked for

        kind = CmykCanvas
        if pdfx is not None:
            extra["pdfx"] = pdfx
    canvas = kind(str(path), pagesize=pagesize, invariant=1, pageCompression=1,
                  initialFontName=SANS, initialFontSize=10, **extra)
    canvas.setTitle(title or "deckpress")
    canvas.setAuthor("deckpress")
    canvas.setCreator("deckpress")
    canvas.setProducer("deckpress (ReportLab)")
    return canvas


PointBox = tuple[float, float, float, float]  # x0, y0, x1, y1 in points


def set_page_boxes(canvas: Canvas, trim: PointBox | None, bleed: PointBox | None) -> None:
    """TrimBox and BleedBox of the page being drawn (None: leave the box out).

    ReportLab carries a box over to the following pages, so call this for every page.
    """
    canvas.setTrimBox(trim)
    canvas.setBleedBox(bleed)
