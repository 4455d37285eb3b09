"""``deckpress translate``: write or update a deck's translation file for a translator."""

from __future__ import annotations

import typer

from ..deck import Deck, resolve_deck
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
    loaded = resolve_deck(deck)
    report = write_translation(loaded, lang, _budgets(loaded))
    typer.echo(f"{report.path}: {report.rows} texts, {report.translated} translated, {report.missing} to translate"
               + (f", {len(report.changed)} whose source changed (status 'changed')" if report.changed else ""))
    typer.echo(f"{report.path.name}: {'kept as it was saved' if report.kept else 'written as'}: "
               f"{report.saved.describe()}", err=True)
    for card, name in report.changed[:20]:
        typer.echo(f"changed: {card} {name}", err=True)
    if report.dropped:
        typer.echo(f"kept {len(report.dropped)} row(s) for texts the deck no longer has, marked 'obsolete' "
                   "(ignored when printing): " + ", ".join(f"{c} {n}" for c, n in report.dropped[:10]), err=True)
    for card, name in report.conflicts[:20]:
        typer.echo(f"warning: {card} {name}: translated in the file and in the card rows ({name}@{lang}); "
                   "the file's row is kept: remove one of the two", err=True)


def _budgets(deck: Deck) -> dict[tuple[str, str], int]:
    """Characters each card text's box holds (max_length); none where the layout cannot be read."""
    from ..errors import DeckpressError
    from ..render.budget import text_budgets

    try:
        return text_budgets(deck)
    except DeckpressError:  # a broken layout: `cards` and `check` say why; the file is still written
        return {}
