"""A ReportLab canvas that compresses each finished page at once.

ReportLab keeps every finished page in memory until ``save()``; this canvas
compresses each page's content stream as soon as the page is finished (the bytes
written are the same), so a 10,000-card sheet PDF holds only compressed pages.
The base of every canvas deckpress opens (``pdf.make_canvas``), the CMYK one too
(``cmyk.CmykCanvas``).
"""

from __future__ import annotations

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFName, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas


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
