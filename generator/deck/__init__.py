"""Deck data: the typed model and its loaders.

The names below are imported on first use (PEP 562): a module that needs only a
light part of this package (``deck.sheets``, ``deck.inputs``: what an up-to-date
``deckpress build`` reads) does not build the pydantic models of the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .load import BUNDLED, bundled_path, load_deck, resolve_deck
    from .model import CARD_SIZES, Attribute, Back, Card, CardSize, Deck, Rank, Suit

_FROM = {"load": ("BUNDLED", "bundled_path", "load_deck", "resolve_deck"),
         "model": ("CARD_SIZES", "Attribute", "Back", "Card", "CardSize", "Deck", "Rank", "Suit")}

__all__ = [
    "BUNDLED",
    "CARD_SIZES",
    "Attribute",
    "Back",
    "Card",
    "CardSize",
    "Deck",
    "Rank",
    "Suit",
    "bundled_path",
    "load_deck",
    "resolve_deck",
]


def __getattr__(name: str) -> Any:
    import importlib

    for module, names in _FROM.items():
        if name in names:
            value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
            globals()[name] = value  # once: later lookups are plain attribute reads
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
