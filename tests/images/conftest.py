"""Fixtures for the image tests: solid-colour pieces (easy to find on a sheet) and a tiny deck."""

from __future__ import annotations

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.deck.model import Back, Card, Deck, Rank, Suit
from generator.render.fonts import SANS, register_fonts
from generator.render.geometry import pt

PALETTE = [(230, 25, 75), (60, 180, 75), (255, 225, 25), (0, 130, 200), (245, 130, 48),
           (145, 30, 180), (70, 240, 240), (240, 50, 230), (210, 245, 60), (250, 190, 212)]


class ColourPiece:
    """Fills its bleed box with one colour (front) or grey (back) and writes its id."""

    def __init__(self, ident: str, colour: tuple[int, int, int], *, width: float = 63.5,
                 height: float = 88.9, copies: int = 1, back: tuple[int, int, int] = (90, 90, 90),
                 double_sided: bool = True) -> None:
        self.id = ident
        self.colour = colour
        self.back = back
        self.width = width
        self.height = height
        self.copies = copies
        self.double_sided = double_sided
        self.warnings: list[str] = []

    def _fill(self, canvas: Canvas, bleed: float, rgb: tuple[int, int, int], text: str) -> None:
        register_fonts()
        canvas.setFillColorRGB(*(c / 255 for c in rgb))
        canvas.rect(-bleed, -bleed, pt(self.width) + 2 * bleed, pt(self.height) + 2 * bleed,
                    stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setFont(SANS, 6)
        canvas.drawString(pt(3), pt(3), text)

    def draw_front(self, canvas: Canvas, bleed: float) -> None:
        self._fill(canvas, bleed, self.colour, f"F{self.id}")

    def draw_back(self, canvas: Canvas, bleed: float) -> None:
        self._fill(canvas, bleed, self.back, "B")  # alike unless the colours differ


def colour_pieces(count: int, **kwargs: object) -> list[ColourPiece]:
    return [ColourPiece(f"c{i}", PALETTE[i % len(PALETTE)], **kwargs) for i in range(count)]  # type: ignore[arg-type]


@pytest.fixture
def tiny_deck() -> Deck:
    """Two suits of two ranks, one card printed twice; one shared back."""
    suits = (Suit("winds", "Winds", "#F5F3EC", border="feathered"),
             Suit("flames", "Flames", "#C0392B", border="flamed"))
    ranks = (Rank("1", "Queen", 9), Rank("2", "King", 8))
    cards = tuple(
        Card(f"{s.key}-{r.key}", f"the {s.name} {r.name}", suit=s.key, rank=r.key,
             subtitle=f"{r.name} of {s.name}", copies=2 if (s.key, r.key) == ("flames", "2") else 1)
        for s in suits for r in ranks
    )
    return Deck("Tiny Viashi", "viashi", cards, key="tinyv", suits=suits, ranks=ranks,
                layout="viashi", back=Back(text="Viashi", color="#2B2118"))
