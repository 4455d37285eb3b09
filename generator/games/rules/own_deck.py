"""The deck of a rules game that deals its own cards (``cards: {suits: ...}``,
``{numbered: ...}``, ``{kinds: ...}``): a deck file listing those cards, so that what
is printed of the game (the booklet's cover, the card sheets) shows its own cards,
never the standard deck's. ``deckpress new NAME --from GAME`` writes it as the
project's ``deck.yaml``; the catalogue ships one per such game
(``catalogue/decks/GAME.yaml``, kept equal to :func:`own_deck_text` by a test), which
is the game's default deck."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .cards import build as build_cards

DECKS = Path(__file__).parent / "catalogue" / "decks"


def plays_own_cards(cards: Any) -> bool:
    """``cards:`` names cards of the game's own (not standard52, not the deck's)."""
    return isinstance(cards, Mapping) and "deck" not in cards


def own_deck_text(cards: Any, title: str, own: str, game: str = "game.yaml") -> str:
    """The deck file of the cards ``cards:`` names, called ``title`` (``own``: the game's
    name), playing ``game`` (a project's rules file, or a bundled game's name)."""
    made = build_cards(cards, None)
    lines = [f"# The deck of {own}: its cards, and the rules file it plays (game: {game}).",
             f"name: {json.dumps(title)}", f"game: {game}",
             f"description: {json.dumps(f'The cards of {title}: {made.words}.')}", "cards:"]
    lines += [f"  - {{id: {json.dumps(cid)}, name: {json.dumps(cid)}}}" for cid in made.ids]
    return "\n".join(lines) + "\n"


def own_deck_path(name: str) -> Path | None:
    """The shipped deck of the bundled rules game ``name``, if it deals its own cards."""
    path = DECKS / f"{name}.yaml"
    return path if path.is_file() else None
