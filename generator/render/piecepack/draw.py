"""Drawing helpers every piecepack component shares (all lengths in points)."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..fonts import SANS, register_fonts
from ..geometry import pt
from .style import Mark, PiecepackStyle
from .symbols import SPIRAL, draw_shape


def fill_rect(canvas: Canvas, x: float, y: float, w: float, h: float, color: str) -> None:
    canvas.saveState()
    canvas.setFillColor(HexColor(color))
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    canvas.restoreState()


def draw_value(canvas: Canvas, style: PiecepackStyle, value: tuple[Mark, str], symbol: str | Path,
               at: tuple[float, float], height: float, color: str, symbol_size: float | None = None) -> None:
    """A value (its mark and label) centred at ``at`` (cx, cy): digits ``height`` tall, or a
    symbol (``symbol_size``) or spiral."""
    (mark, label), (cx, cy) = value, at
    if mark == "blank":
        return
    if mark == "symbol":
        draw_shape(canvas, symbol, cx, cy, symbol_size or height, color)
        return
    if mark == "spiral":
        draw_shape(canvas, SPIRAL, cx, cy, height, color)
        return
    register_fonts()
    size = height / style.digit_height
    canvas.saveState()
    canvas.setFillColor(HexColor(color))
    canvas.setFont(style.font, size)
    canvas.drawCentredString(cx, cy - height / 2, label)
    canvas.restoreState()


def pack_dots(canvas: Canvas, style: PiecepackStyle, pack: int, packs: int, x: float, y: float,
              *, color: str | None = None, align: str = "right") -> None:
    """Pack ``pack``'s mark: ``pack`` small dots in a row ending at, starting at or centred on (x, y).

    Nothing is drawn for a single pack: one set needs no sorting.
    """
    if packs <= 1:
        return
    d = pt(style.pack_dot)
    step = d * 1.8
    span = (pack - 1) * step + d
    start = {"right": x - span, "left": x}.get(align, x - span / 2)
    canvas.saveState()
    canvas.setFillColor(HexColor(color or style.pack))
    for i in range(pack):
        canvas.circle(start + d / 2 + i * step, y, d / 2, stroke=0, fill=1)
    canvas.restoreState()


def name_text(canvas: Canvas, text: str) -> None:
    """The piece's name as invisible text at its cut origin: a searchable, testable PDF.

    Drawn first and followed by a space, so text extraction keeps it a word of its own.
    """
    register_fonts()
    canvas.saveState()
    t = canvas.beginText(0, 0)
    t.setTextRenderMode(3)
    t.setFont(SANS, 2)
    t.textOut(text + " ")
    canvas.drawText(t)
    canvas.restoreState()


def dashed_line(canvas: Canvas, style: PiecepackStyle, x1: float, y1: float, x2: float, y2: float,
                color: str | None = None) -> None:
    """A fold line (points)."""
    canvas.saveState()
    canvas.setStrokeColor(HexColor(color or style.line))
    canvas.setLineWidth(style.fold_width)
    canvas.setDash(*style.fold_dash)
    canvas.line(x1, y1, x2, y2)
    canvas.restoreState()
