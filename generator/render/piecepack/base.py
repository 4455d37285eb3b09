"""What every piecepack component has: an id, a cut size, its style and its pack."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .draw import name_text
from .style import PiecepackStyle


def piece_id(base: str, pack: int, packs: int) -> str:
    """``base`` for a single pack; ``base-packN`` when several packs are printed."""
    return base if packs <= 1 else f"{base}-pack{pack}"


class Component:
    """A piecepack piece (see ``generator.render.piece.Piece``); subclasses draw it."""

    double_sided = True
    copies = 1
    kind = "component"

    def __init__(self, ident: str, width: float, height: float, style: PiecepackStyle,
                 pack: int = 1, packs: int = 1) -> None:
        self.id = piece_id(ident, pack, packs)
        self.width = width
        self.height = height
        self.style = style
        self.pack = pack
        self.packs = packs
        self.warnings: list[str] = []

    def draw_front(self, canvas: Canvas, bleed: float) -> None:
        name_text(canvas, self.id)
        self.front(canvas, bleed)

    def draw_back(self, canvas: Canvas, bleed: float) -> None:
        if self.double_sided:
            name_text(canvas, self.id)
        self.back(canvas, bleed)

    def front(self, canvas: Canvas, bleed: float) -> None:
        raise NotImplementedError

    def back(self, canvas: Canvas, bleed: float) -> None:
        """Single-sided components draw nothing on the back."""
