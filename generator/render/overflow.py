"""A translation that overflows its box where the source text fits.

Both versions of each card are drawn (into memory, nothing written); a text
element the translated card cuts (``draw_text`` warns "does not fit its box ...
(N% too long)") that the source card does not is reported with the language,
card, field and how much longer than its box the translation is.
"""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

from ..deck.languages import card_strings
from ..deck.model import Deck
from .cards import card_pieces

CUT = re.compile(r"^card (?P<card>.+?): layout \S+, element '(?P<element>[^']+)': text does not fit its box "
                 r"even at [\d.]+ pt and was cut: (?P<text>'.*'|\".*\") \((?P<excess>\d+)% too long\)$")


def _cut(deck: Deck, layout: str | Path | None) -> dict[tuple[str, str], tuple[str, int]]:
    """(card id, element) -> (the start of the cut text, percent too long), for every cut text."""
    from reportlab.pdfgen.canvas import Canvas

    found: dict[tuple[str, str], tuple[str, int]] = {}
    for piece in card_pieces(deck, layout):
        canvas = Canvas(io.BytesIO())
        piece.draw_front(canvas, 0.0)
        piece.draw_back(canvas, 0.0)
        for warning in getattr(piece, "warnings", ()):
            match = CUT.match(warning)
            if match:
                text = ast.literal_eval(match["text"])
                found[(piece.id, match["element"])] = (text, int(match["excess"]))
    return found


def translation_overflow(source: Deck, translated: Deck, layout: str | Path | None = None) -> list[str]:
    """One line per text the translation cuts and the source does not: language, card, field, how much."""
    if translated is source or source.kind != "cards":
        return []
    before = _cut(source, layout)
    lines = []
    for (card_id, element), (text, excess) in sorted(_cut(translated, layout).items()):
        if (card_id, element) in before:
            continue  # the source overflows too: the render warnings say so already
        fields = card_strings(translated.card(card_id), translated)
        named = [name for name, value in fields.items() if value.startswith(text[:30]) or text in value]
        where = f"field '{named[0]}'" if named else f"element '{element}'"
        lines.append(f"{translated.language}: card {card_id}, {where}: the translation does not fit its box "
                     f"({excess}% too long) where the {source.language or 'source'} text fits: {text!r}")
    return lines
