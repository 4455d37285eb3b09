"""Piecepack coins: 3/4 in discs, one per suit and value.

Value side (the front): the value in ink (the ace is a spiral, the null blank).
Suit side (the back): the suit symbol in its colour. Both sides carry a small
direction mark at the top, so a coin can point somewhere. The cut circle is
drawn on the value side; the coin colour bleeds past it.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..geometry import pt
from .base import Component
from .draw import draw_value, pack_dots
from .style import PiecepackStyle, RankStyle, SuitStyle


class CoinPiece(Component):
    kind = "coin"
    arrangement = "gap"  # round pieces must not touch: each gets its own bleed
    cut_shape = "circle"  # cut files (render/cut_file.py): the cut circle, not the box

    def __init__(self, style: PiecepackStyle, suit: SuitStyle, rank: RankStyle, pack: int = 1,
                 packs: int = 1) -> None:
        d = style.coin_diameter
        super().__init__(f"coin-{suit.key}-{rank.key}", d, d, style, pack, packs)
        self.suit = suit
        self.rank = rank

    def _disc(self, canvas: Canvas, bleed: float, *, cut: bool) -> tuple[float, float]:
        s = self.style
        r = pt(s.coin_diameter) / 2
        canvas.saveState()
        canvas.setFillColor(HexColor(s.coin))
        canvas.circle(r, r, r + bleed, stroke=0, fill=1)
        if cut:
            canvas.setStrokeColor(HexColor(s.line))
            canvas.setLineWidth(s.cut_width)
            canvas.circle(r, r, r, stroke=1, fill=0)
        canvas.restoreState()
        self._direction(canvas, r, s.direction * 2 * r)
        return r, r

    def _direction(self, canvas: Canvas, r: float, size: float) -> None:
        """A small triangle pointing at the top edge."""
        top = 2 * r - pt(self.style.direction_inset)
        canvas.saveState()
        canvas.setFillColor(HexColor(self.style.ink))
        p = canvas.beginPath()
        p.moveTo(r, top)
        p.lineTo(r - size / 2, top - size * 0.8)
        p.lineTo(r + size / 2, top - size * 0.8)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
        canvas.restoreState()

    def front(self, canvas: Canvas, bleed: float) -> None:
        s = self.style
        cx, cy = self._disc(canvas, bleed, cut=True)
        d = 2 * cx
        size = s.coin_spiral * d if self.rank.coin == "spiral" else s.coin_value * d
        draw_value(canvas, s, (self.rank.coin, self.rank.label), self.suit.symbol, (cx, cy - d * 0.03),
                   size, s.ink)
        pack_dots(canvas, s, self.pack, self.packs, cx, d * 0.1, align="centre")

    def back(self, canvas: Canvas, bleed: float) -> None:
        s = self.style
        cx, cy = self._disc(canvas, bleed, cut=False)
        d = 2 * cx
        draw_value(canvas, s, ("symbol", ""), self.suit.symbol, (cx, cy - d * 0.03), s.coin_symbol * d,
                   self.suit.color)
        pack_dots(canvas, s, self.pack, self.packs, cx, d * 0.1, align="centre")


def coins(style: PiecepackStyle, pack: int = 1, packs: int = 1) -> list[CoinPiece]:
    """One coin per suit and value."""
    return [CoinPiece(style, suit, rank, pack, packs) for suit in style.suits for rank in style.ranks]
