"""``deckpress check``: validate a deck (the balance checks extend this)."""

from __future__ import annotations

import typer

from ..deck import resolve_deck
from . import options
from .app import app, friendly


@app.command()
@friendly
def check(deck: str = options.DeckArg) -> None:
    """Load and validate a deck (errors name file, line, card and field)."""
    loaded = resolve_deck(deck)
    typer.echo(f"{loaded.name}: {len(loaded.cards)} cards, game {loaded.game} - valid")
