"""One way to open a ReportLab canvas: deterministic, compressed, no base-14 fonts.

``make_canvas`` sets ``invariant=1`` (fixed dates and ids: the same input gives
byte-identical PDFs) and starts in an embedded bundled font, so no page refers to
the non-embedded Helvetica that ReportLab uses by default.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from .fonts import SANS, register_fonts


def make_canvas(path: Path, pagesize: tuple[float, float] = A4, title: str = "") -> Canvas:
    """A canvas writing to ``path`` (pass the temporary path from ``atomic_write``)."""
    register_fonts()
    canvas = Canvas(str(path), pagesize=pagesize, invariant=1, pageCompression=1,
                    initialFontName=SANS, initialFontSize=10)
    canvas.setTitle(title or "deckpress")
    canvas.setAuthor("deckpress")
    canvas.setCreator("deckpress")
    canvas.setProducer("deckpress (ReportLab)")
    return canvas
