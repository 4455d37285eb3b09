"""``deckpress decks``: the bundled decks."""

from __future__ import annotations

from rich.table import Table

from ..console import SafeConsole
from ..deck import BUNDLED, load_deck
from ..deck.load import bundled_path
from .app import app, friendly


@app.command()
@friendly
def decks() -> None:
    """List the bundled decks with their game and card count."""
    table = Table("name", "deck", "game", "cards", "kind")
    for name in BUNDLED:
        deck = load_deck(bundled_path(name), key=name)
        table.add_row(name, deck.name, deck.game, str(sum(c.copies for c in deck.cards)), deck.kind)
    SafeConsole().print(table)
