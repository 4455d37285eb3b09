"""``deckpress translate``: write or update a deck's translation file for a translator."""

from __future__ import annotations

import typer

from ..deck import resolve_deck
from ..deck.translate import write_translation
from . import options
from .app import app, friendly


@app.command()
@friendly
def translate(
    deck: options.DeckArg,
    lang: str = typer.Option(..., "--lang", metavar="LANG", show_default=False,
                             help="The language to write the file for (one of the deck's languages: after the first)."),
) -> None:
    """Write or update translations/LANG.csv: the source text beside each empty cell, changed sources marked."""
    report = write_translation(resolve_deck(deck), lang)
    typer.echo(f"{report.path}: {report.rows} texts, {report.translated} translated, {report.missing} to translate"
               + (f", {len(report.changed)} whose source changed (status 'changed')" if report.changed else ""))
    for card, name in report.changed[:20]:
        typer.echo(f"changed: {card} {name}", err=True)
    if report.dropped:
        typer.echo(f"dropped {len(report.dropped)} row(s) for texts the deck no longer has: "
                   + ", ".join(f"{c} {n}" for c, n in report.dropped[:10]), err=True)
