"""The text a resolved element prints, for the glyph check (``check``, ``--strict``).

Text boxes print their text; an attribute table prints, per attribute, its label and
its value (with unit, or the deck's "no data" word); a symbol its label; pips a
court card's rank. Each is named by the deck string it comes from where there is
one (``attributes.speed.label``), so a character no font has is reported there.
"""

from __future__ import annotations

from typing import Any

from .context import Where, render
from .model import Attributes, Element, Pips, Symbol, Text
from .oneline import escape


def printed_texts(element: Element, ctx: dict[str, Any], where: Where) -> list[tuple[str, str]]:
    """(deck field or "", text as markup) for everything ``element`` prints."""
    if isinstance(element, Text):
        return [("", element.text)]
    if isinstance(element, Symbol):
        return [("", escape(element.label))]
    if isinstance(element, Pips):
        return [("", escape(element.rank))]
    if isinstance(element, Attributes):
        deck, card = ctx["deck"], ctx["card"]
        out = []
        for a in deck.attributes:
            raw = card.values.get(a.key)
            row = {**ctx, "attr": a, "value": raw, "text": a.format(raw, deck.no_data)}
            out.append((f"attributes.{a.key}.label", escape(render(element.label, row, where, "label"))))
            value_field = "no_data" if raw is None else f"attributes.{a.key}.unit"
            out.append((value_field, escape(render(element.value, row, where, "value"))))
        return out
    return []
