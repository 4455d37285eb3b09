"""Deck data: the typed model and its loaders."""

from .load import BUNDLED, bundled_path, load_deck, resolve_deck
from .model import CARD_SIZES, Attribute, Back, Card, CardSize, Deck, Rank, Suit

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
