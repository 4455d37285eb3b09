"""Piecepack tiles: 2 in squares, one per suit and value.

Face: the value large in the centre and a small suit symbol in the top-left
corner, both in the suit's colour (the ace shows the suit symbol, the null is
blank). Back: the standard grid dividing the tile into quarters, the same on
every tile, so tiles laid together make a board.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..geometry import pt
from .base import Component
from .draw import draw_value, fill_rect, pack_dots
from .style import PiecepackStyle, RankStyle, SuitStyle


class TilePiece(Component):
    kind = "tile"

    def __init__(self, style: PiecepackStyle, suit: SuitStyle, rank: RankStyle, ident: str,
                 pack: int = 1, packs: int = 1, copies: int = 1) -> None:
        super().__init__(ident, style.tile, style.tile, style, pack, packs)
        self.suit = suit
        self.rank = rank
        self.copies = copies

    def front(self, canvas: Canvas, bleed: float) -> None:
        s, w = self.style, pt(self.width)
        fill_rect(canvas, -bleed, -bleed, w + 2 * bleed, w + 2 * bleed, s.background)
        corner = s.tile_corner * w
        inset = s.tile_corner_inset * w
        draw_value(canvas, s, ("symbol", ""), self.suit.symbol, (inset + corner / 2, w - inset - corner / 2),
                   corner, self.suit.color)
        draw_value(canvas, s, (self.rank.tile, self.rank.label), self.suit.symbol, (w / 2, w / 2),
                   s.tile_value * w, self.suit.color, s.tile_ace * w)
        pack_dots(canvas, s, self.pack, self.packs, w - inset, inset)

    def back(self, canvas: Canvas, bleed: float) -> None:
        s, w = self.style, pt(self.width)
        fill_rect(canvas, -bleed, -bleed, w + 2 * bleed, w + 2 * bleed, s.back)
        canvas.saveState()
        canvas.setStrokeColor(HexColor(s.grid))
        canvas.setLineWidth(pt(s.grid_width))
        canvas.setLineCap(0)
        canvas.line(w / 2, -bleed, w / 2, w + bleed)
        canvas.line(-bleed, w / 2, w + bleed, w / 2)
        canvas.restoreState()
        inset = s.tile_corner_inset * w
        pack_dots(canvas, s, self.pack, self.packs, w - inset, inset, color=s.pack_back)


def tiles(style: PiecepackStyle, cards: list[tuple[str, str, str, int]], pack: int = 1,
          packs: int = 1) -> list[TilePiece]:
    """One tile per (card id, suit key, rank key, copies)."""
    return [TilePiece(style, style.suit(suit), style.rank(rank), ident, pack, packs, copies)
            for ident, suit, rank, copies in cards]
