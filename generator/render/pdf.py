"""One way to open a ReportLab canvas: deterministic, compressed, no base-14 fonts.

``make_canvas`` sets ``invariant=1`` (fixed dates and ids: the same input gives
byte-identical PDFs) and starts in an embedded bundled font, so no page refers to
the non-embedded Helvetica that ReportLab uses by default.

ReportLab keeps every finished page in memory until ``save()``; the canvas here
compresses each page's content stream as soon as the page is finished (the bytes
written are the same), so a 10,000-card sheet PDF holds only compressed pages.
"""

from __future__ import annotations

from pathlib import Path

from reportlab import rl_config
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFName, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas

from .fonts import SANS, register_fonts


class StreamingCanvas(Canvas):
    """A Canvas whose finished pages are compressed at once instead of at ``save()``."""

    def showPage(self) -> None:
        super().showPage()
        pages = self._doc.Pages.pages
        if pages:
            _compress_page(pages[-1])


def _compress_page(page: object) -> None:
    """Do what ``PDFPage.check_format`` + ``PDFStream.format`` would do later, now."""
    stream = getattr(page, "stream", None)
    if getattr(page, "Contents", None) or not stream or not getattr(page, "compression", 0):
        return
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    content = stream
    for f in reversed(filters):
        content = f.encode(content)
    packed = PDFStream(content=content)
    packed.dictionary["Filter"] = PDFArray([PDFName(f.pdfname) for f in filters])
    packed.__Comment__ = "page stream"
    page.Contents = packed  # type: ignore[attr-defined]
    page.stream = None  # type: ignore[attr-defined]


def make_canvas(path: Path, pagesize: tuple[float, float] = A4, title: str = "",
                color: str = "rgb") -> Canvas:
    """A canvas writing to ``path`` (pass the temporary path from ``atomic_write``).

    ``color="cmyk"`` gives a :class:`~generator.render.cmyk.CmykCanvas`: every colour
    written as CMYK, no transparency, a CMYK output intent (see render/cmyk.py).
    """
    register_fonts()
    kind: type[StreamingCanvas] = StreamingCanvas
    if color == "cmyk":
        from .cmyk import CmykCanvas  # imports this module

        kind = CmykCanvas
    canvas = kind(str(path), pagesize=pagesize, invariant=1, pageCompression=1,
                  initialFontName=SANS, initialFontSize=10)
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
