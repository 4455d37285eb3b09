"""The deck's own card images for the table: fronts and backs rendered once (PNG,
at screen resolution) into the table's served folder, ``cards/``.

The images are the card's own drawing (the one the sheets print, via
:func:`generator.images.export.export_images`); a stamp of the deck's data and
deckpress's templates keeps them until the deck changes. The page maps a card id to
its file through :func:`card_files` (a card without an image is drawn as its name).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ...deck.model import Deck
from ...images.export import export_images
from ...images.files import safe_name
from ..cache import toolchain_hash

DPI = 110.0  # a 63 x 88 mm card is 273 x 381 px: sharp at the table's size on a high-density screen
STAMP = ".cards-stamp"


def _stamp(deck: Deck) -> str:
    return hashlib.sha256(f"{DPI}|{toolchain_hash()}|{deck!r}".encode()).hexdigest()


def render_cards(deck: Deck, folder: Path) -> dict[str, Any]:
    """Card images in ``folder/cards`` (rendered unless the stamp says they are current),
    and the map the page reads: card id -> image path, the back image."""
    target = folder / "cards"
    stamp = target / STAMP
    key = _stamp(deck)
    if not (stamp.is_file() and stamp.read_text() == key):
        export_images(deck, target, dpi=DPI, backs=True, format="png", corner_radius=3.0)
        stamp.write_text(key)
    return card_files(deck, folder)


def card_files(deck: Deck, folder: Path) -> dict[str, Any]:
    """``{"fronts": {card id: "cards/<stem>.png"}, "backs": {card id: path}, "back": path}``
    for the images present in ``folder/cards`` (names as :mod:`generator.images.export` writes them)."""
    target = folder / "cards"
    fronts: dict[str, str] = {}
    backs: dict[str, str] = {}
    for card in deck.cards:
        stem = safe_name(card.id)
        if (target / f"{stem}.png").is_file():
            fronts[card.id] = f"cards/{stem}.png"
        if (target / f"{stem}-back.png").is_file():
            backs[card.id] = f"cards/{stem}-back.png"
    # a shared back (back.png, tile-back.png...) is a back with no face of its own beside it
    found = sorted(p for p in target.glob("*back.png")
                   if not (p.stem.endswith("-back") and (target / f"{p.stem.removesuffix('-back')}.png").is_file())
                   ) if target.is_dir() else []
    shared = f"cards/{found[0].name}" if found else next(iter(backs.values()), None)
    return {"fronts": fronts, "backs": backs, "back": shared}


def names(deck: Deck) -> dict[str, str]:
    return {c.id: c.name or c.id for c in deck.cards}


def dump(files: dict[str, Any]) -> str:
    return json.dumps(files)
