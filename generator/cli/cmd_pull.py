"""``deckpress pull``: refresh the card rows a deck reads from a sheet link."""

from __future__ import annotations

import typer

from ..deck import resolve_deck
from ..deck.pull import pull as pull_sheets
from ..deck.sheets import SheetError
from . import options
from .app import EXIT_FINDINGS, app, friendly


@app.command()
@friendly
def pull(deck: options.DeckArg) -> None:
    """Fetch the card rows of DECK's sheet link again (Google Sheets, a CSV URL) into the project's cache."""
    try:
        done = pull_sheets(deck)
    except SheetError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(EXIT_FINDINGS) from None
    if not done:
        typer.echo("the deck has no sheet links (cards: {url: ...}); nothing to pull")
        return
    for pulled in done:
        typer.echo(pulled.summary())
    resolve_deck(deck)  # the new rows, checked as every command will read them (exit 2 on a bad row)
