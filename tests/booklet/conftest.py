"""Hand-made decks and a fake piece for the booklet tests."""

from __future__ import annotations

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.deck.model import CARD_SIZES, Attribute, Card, CardSize, Deck, Rank, Suit
from generator.render.fonts import SANS, register_fonts
from generator.render.geometry import pt


class FakePiece:
    """Fills its cut box grey and writes ``F<id>`` (front) or ``B<id>`` (back)."""

    double_sided = True

    def __init__(self, ident: str, width: float = 63.5, height: float = 88.9) -> None:
        self.id = ident
        self.width = width
        self.height = height
        self.drawn: list[str] = []

    def _draw(self, canvas: Canvas, prefix: str) -> None:
        register_fonts()
        canvas.setFillGray(0.85)
        canvas.rect(0, 0, pt(self.width), pt(self.height), stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setFont(SANS, 20)
        canvas.drawString(pt(5), pt(5), f"{prefix}{self.id}")
        self.drawn.append(prefix)

    def draw_front(self, canvas: Canvas, bleed: float) -> None:
        self._draw(canvas, "F")

    def draw_back(self, canvas: Canvas, bleed: float) -> None:
        self._draw(canvas, "B")


@pytest.fixture
def fake_piece() -> type[FakePiece]:
    return FakePiece


def weiji_deck(cards: int = 7) -> Deck:
    """Speed (higher wins) and Weight (lower wins); cards 0 and 1 tie on speed 5; card 2 has no weight."""
    attrs = (Attribute("speed", "Speed", "km/h", "higher"), Attribute("weight", "Weight", "kg", "lower"))
    rows = [(5.0, 2.0), (5.0, 3.0), (9.0, None)] + [(float(10 + i), float(i + 1)) for i in range(cards - 3)]
    return Deck("Tiny", "weiji", tuple(Card(f"T{i}", f"Thing {i}", values={"speed": s, "weight": w})
                                       for i, (s, w) in enumerate(rows)), key="tiny", attributes=attrs)


def war_deck() -> Deck:
    suits = tuple(Suit(k, k.title()) for k in ("suns", "moons", "crowns", "arms"))
    names = [("null", "Null"), ("ace", "Ace"), ("2", "Two"), ("3", "Three"), ("4", "Four"), ("5", "Five")]
    ranks = tuple(Rank(k, n, i) for i, (k, n) in enumerate(names))
    cards = tuple(Card(f"{s.key}-{r.key}", f"{r.name} of {s.name}", suit=s.key, rank=r.key)
                  for s in suits for r in ranks)
    return Deck("Packs", "war", cards, key="packs", kind="piecepack", suits=suits, ranks=ranks,
                card_size=CardSize("tile", *CARD_SIZES["tile"]))


def viashi_deck() -> Deck:
    suits = tuple(Suit(k, k.title()) for k in ("winds", "flames", "stones", "waves", "leaves")) + (
        Suit("gods", "Gods", gods=True),)
    names = ["Queen", "King", "Prince", "Princess", "Warrior", "Merchant", "Worker", "Scholar", "Fool"]
    ranks = tuple(Rank(str(i + 1), n, 9 - i) for i, n in enumerate(names))
    gods = ["the Lady", "the Dark Lord", "G3", "the Thief", "G5", "G6", "the Minion", "G8", "the Changeling"]
    cards = tuple(Card(f"{s.key}-{r.key}", gods[int(r.key) - 1] if s.gods else f"{r.name} of {s.name}",
                       suit=s.key, rank=r.key) for s in suits for r in ranks)
    return Deck("Elvish", "viashi", cards, key="elvish", suits=suits, ranks=ranks)
