"""``deckpress rules``: a printable rule booklet in step with the simulator's parameters."""

from __future__ import annotations

from pathlib import Path

import typer

from ..booklet import build_booklet
from ..deck import resolve_deck
from ..games.params import make_params
from . import options
from .app import app, friendly
from .lang_args import in_language

DEFAULT_DECKS = {"weiji": "lighting", "war": "piecepack", "viashi": "viashi"}


@app.command()
@friendly
def rules(
    game: str = typer.Argument(..., help="weiji, war or viashi.", show_default=False),
    output: Path = options.OutputFile,
    deck: str | None = typer.Option(None, "--deck", help="The deck the rules describe (default: the game's bundled deck)."),
    sets: list[str] = options.Sets,
    format: str = typer.Option("booklet", "--format", help="booklet (A5 pages two-up, saddle-stitch order) or sheet (plain pages)."),
    page: str = options.Page,
    lang: str | None = typer.Option(None, "--lang", metavar="LANG", show_default=False,
                                    help="The deck's names in one of its languages (see docs/languages.md)."),
) -> None:
    """Rule booklet for GAME, stating exactly the chosen rule parameters (--set as for simulate)."""
    params = make_params(game.lower(), sets)
    loaded = in_language(resolve_deck(deck or DEFAULT_DECKS[game.lower()]), lang, overflow=False)
    report = build_booklet(game.lower(), params, loaded, output, format=format.lower(), page=page.lower())
    if report.format == "booklet":
        blank = f", {report.blank} blank" if report.blank else ""
        typer.echo(f"{output}: {report.pages}-page booklet{blank} on {report.sheets} sheet sides; "
                   "print double-sided, flip on the short edge, fold in the middle")
    else:
        typer.echo(f"{output}: {report.pages} pages")
