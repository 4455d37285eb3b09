"""One piece side on a page of its own: the vector drawing every image starts from.

``piece_pages`` writes a PDF in which every page is one side of one piece, at
the piece's cut size plus ``bleed_mm`` on every side, with the piece drawn by
its own ``draw_front``/``draw_back`` exactly as on the print-and-play sheets
(see :func:`generator.render.cards.render_piece_pdf`, the single-page form).
The raster images rasterise these pages; the vendor PDF is such a document.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..render.geometry import pt
from ..render.pdf import make_canvas
from ..render.piece import Piece

SHEET_BLEED_MM = 3.0  # the sheets' default bleed: pieces draw at least this much, then get clipped


def draw_side(canvas: Canvas, piece: Piece, side: str, bleed_mm: float) -> None:
    """Draw ``side`` of ``piece`` on the current page (page = cut box + ``bleed_mm``).

    A piece that is not double-sided leaves its back page blank (white).
    """
    b = pt(bleed_mm)
    width, height = pt(piece.width) + 2 * b, pt(piece.height) + 2 * b
    canvas.setPageSize((width, height))
    if side == "back" and not getattr(piece, "double_sided", True):
        return
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(0, 0, width, height)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(b, b)
    draw_bleed = pt(max(bleed_mm, SHEET_BLEED_MM))
    if side == "back":
        piece.draw_back(canvas, draw_bleed)
    else:
        piece.draw_front(canvas, draw_bleed)
    canvas.restoreState()


def piece_pages(
    sides: Sequence[tuple[Piece, str]],
    path: Path,
    bleed_mm: float,
    title: str = "",
) -> None:
    """Write one page per ``(piece, side)`` to ``path`` (pass ``atomic_write``'s temporary path)."""
    canvas = make_canvas(path, title=title or "deckpress pieces")
    for piece, side in sides:
        draw_side(canvas, piece, side, bleed_mm)
        canvas.showPage()
    canvas.save()


def piece_pages_bytes(sides: Sequence[tuple[Piece, str]], bleed_mm: float) -> bytes:
    """The same document in memory."""
    with tempfile.TemporaryDirectory(prefix="deckpress-") as folder:
        path = Path(folder) / "pieces.pdf"
        piece_pages(sides, path, bleed_mm)
        return path.read_bytes()
