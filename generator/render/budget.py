"""How many characters each card text has room for: the ``max_length`` a translator sees.

For every text element a card's layout prints, the element whose resolved text is one
of the card's translatable fields gives that field a budget: the characters of an
average width (of the element's font) that fit its box at its minimum size, on as many
lines as fit (one where the element does not wrap). A field printed twice gets the
smaller budget. It is a guide, not a limit: ``translate`` writes it into the file's
``max_length`` column, and the overflow check says what actually does not fit.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics

from ..deck.languages import card_strings
from ..deck.model import Deck
from .cards import CardPiece, card_pieces
from .geometry import pt
from .layout.frame import CardBox, box_of
from .layout.model import Text

SAMPLE = "etaoinshrdlucmfwypvbgkqjxz ETAOINSHRDLU"  # letters by frequency, a few capitals and a space


def _per_char(font: str) -> float:
    return float(pdfmetrics.stringWidth(SAMPLE, font, 1.0)) / len(SAMPLE)


def text_budgets(deck: Deck) -> dict[tuple[str, str], int]:
    """(card id, field) -> characters that fit where the layout prints that field."""
    if deck.kind != "cards":
        return {}
    out: dict[tuple[str, str], int] = {}
    for piece in card_pieces(deck):
        if not isinstance(piece, CardPiece):
            continue
        card = deck.card(piece.id)
        strings = {v.strip(): k for k, v in card_strings(card, deck).items()}
        ctx = piece._ctx  # noqa: SLF001 - the same resolution the drawing uses
        for side in ("front", "back"):
            layout = piece._layouts[side]  # noqa: SLF001
            for _name, element in piece._resolve(side, ctx):  # noqa: SLF001
                if not isinstance(element, Text) or element.text.strip() not in strings:
                    continue
                field = strings[element.text.strip()]
                box = box_of(element, CardBox(piece.width, piece.height, 0.0, *layout.size, layout.safe_zone))
                width = box[2] - 2 * pt(element.padding)
                height = box[3] - 2 * pt(element.padding)
                size = max(element.min_size, 0.1)
                per_line = int(width / (_per_char(element.font) * size))
                lines = max(1, int((height / size - 1.0) / element.leading + 1.0)) if element.wrap else 1
                budget = max(1, per_line * lines)
                key = (card.id, field)
                out[key] = min(out.get(key, budget), budget)
    return out
