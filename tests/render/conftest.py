"""Fixtures for the render tests: a test piece that marks its own position, small decks."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.deck.model import Attribute, Back, Card, Deck, Rank, Suit
from generator.render.fonts import SANS, register_fonts
from generator.render.geometry import pt

MM = 72 / 25.4


class MarkerPiece:
    """Fills its bleed box, writes "F<id>" / "B<id>" with its lower-left at (5, 5) mm."""

    def __init__(self, ident: str, width: float = 63.5, height: float = 88.9,
                 double_sided: bool = True) -> None:
        self.id = ident
        self.width = width
        self.height = height
        self.double_sided = double_sided
        self.drawn: list[str] = []

    def _draw(self, canvas: Canvas, bleed: float, prefix: str, grey: float) -> None:
        register_fonts()
        canvas.setFillGray(grey)
        canvas.rect(-bleed, -bleed, pt(self.width) + 2 * bleed, pt(self.height) + 2 * bleed,
                    stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setFont(SANS, 10)
        canvas.drawString(pt(5), pt(5), f"{prefix}{self.id}")
        self.drawn.append(prefix)

    def draw_front(self, canvas: Canvas, bleed: float) -> None:
        self._draw(canvas, bleed, "F", 0.8)

    def draw_back(self, canvas: Canvas, bleed: float) -> None:
        self._draw(canvas, bleed, "B", 0.6)


def text_origin(pdf_path: Path, page_index: int, needle: str) -> tuple[float, float] | None:
    """Origin (mm) of the text object holding ``needle`` on a page (None if absent)."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        text = pdf[page_index].get_textpage()
        content = text.get_text_range()
        # match whole tokens so "F1" does not match "F10"
        tokens = content.replace("\r", " ").replace("\n", " ").split(" ")
        if needle not in tokens:
            return None
        index = 0
        for token in tokens:
            if token == needle:
                break
            index += len(token) + 1
        matrix = text.get_textobj(index).get_matrix().get()  # the text origin, page coordinates
        return matrix[4] / MM, matrix[5] / MM
    finally:
        pdf.close()


def page_text(pdf_path: Path) -> str:
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()


@pytest.fixture
def markers() -> list[MarkerPiece]:
    return [MarkerPiece(str(i)) for i in range(1, 12)]


@pytest.fixture
def tiny_weiji() -> Deck:
    """Three products, five attributes, one "no data", one card printed twice."""
    attrs = (
        Attribute("power", "Power", "W"),
        Attribute("weight", "Weight", "kg", better="lower", decimals=1),
        Attribute("life", "Lifetime", "kh"),
        Attribute("lumens", "Light output", "lm"),
        Attribute("score", "Innovation"),
    )
    cards = (
        Card("P1", "Alpha Lamp", values={"power": 40, "weight": 1.25, "life": 50, "lumens": 1200,
                                          "score": 7}),
        Card("P2", "Beta Spot", copies=2, values={"power": 60, "weight": None, "life": 25,
                                                 "lumens": 3400, "score": 9}),
        Card("P3", "Gamma Flood", values={"power": 120, "weight": 3.5, "life": 30,
                                           "lumens": 9000, "score": 4}),
    )
    return Deck("Tiny Pack", "weiji", cards, key="tiny", attributes=attrs, layout="weiji",
                colors={"primary": "#2E7D9A", "accent": "#E3F2F7"},
                back=Back(text="TINY", color="#2E7D9A"))


@pytest.fixture
def tiny_suits() -> Deck:
    """Two suits of two ranks and a god card; each card has its own back text."""
    suits = (Suit("winds", "Winds", "#F5F3EC", border="feathered"),
             Suit("flames", "Flames", "#C0392B", border="flamed"),
             Suit("gods", "Gods", "#B8860B", border="gilded", gods=True))
    ranks = (Rank("1", "Queen", 9), Rank("2", "King", 8))
    cards = tuple(
        Card(f"{s.key}-{r.key}", f"the {s.name} {r.name}", suit=s.key, rank=r.key,
             subtitle=f"{r.name} of {s.name}", back=f"back of {s.key}-{r.key}")
        for s in suits for r in ranks
    )
    return Deck("Tiny Viashi", "viashi", cards, key="tinyv", suits=suits, ranks=ranks,
                layout="viashi", back=Back(text="Viashi", color="#2B2118"))
