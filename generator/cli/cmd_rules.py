"""``deckpress rules``: a printable rule booklet in step with the simulator's parameters."""

from __future__ import annotations

from typing import Annotated

import typer

from ..booklet import build_booklet
from ..deck.resolve import checked
from ..deck.resolve import resolve as resolve_settings
from ..deck.settings import BookletsIn
from ..errors import ParameterError
from ..games.designer.find import resolve
from ..games.registry import GAMES, default_deck, game_names, make_params
from ..i18n import SOURCE, check_language, locale_dirs
from ..render.geometry import page_size
from . import options
from .app import app, friendly
from .checked import load_checked
from .lang_args import in_language

IMPOSITIONS = ("booklet", "sheet")


@app.command()
@friendly
def rules(
    game: Annotated[str, typer.Argument(help=f"{game_names()}, or a deck file or project folder (its game: names the game).", show_default=False)],
    output: options.OutputFile,
    deck: str | None = typer.Option(None, "--deck", help="The deck the rules describe (default: the game's bundled deck)."),
    sets: options.Sets = [],  # noqa: B006  (Typer copies it)
    imposition: options.Imposition = None,
    page: options.BookletPage = None,
    lang: str | None = typer.Option(None, "--lang", metavar="LANG", show_default=False,
                                    help="The booklet's language: en, or one with a catalogue (LANG.po in the "
                                         "package's or the project's rules/locale/), with the deck's names in it "
                                         "where the deck declares it (see docs/languages.md)."),
    color: str = typer.Option("rgb", "--color", help="rgb (screens, home printers) or cmyk (print shops: "
                              "CMYK, PDF/X-1a, as the sheets; see docs/images.md)."),
    old_format: options.OldBookletFormat = None,
    strict: options.Strict = False,
) -> None:
    """Rule booklet for GAME, stating exactly the chosen rule parameters (--set as for simulate)."""
    spec, own_deck = resolve(game if game.lower() not in GAMES else game.lower())  # a name, or a deck file / project folder
    params = make_params(spec.name, sets)
    loaded = load_checked(deck) if deck else (own_deck if own_deck is not None else load_checked(default_deck(spec.name)))
    if own_deck is not None and not deck:
        from ..validate.deck import require_valid

        for warning in require_valid(own_deck):
            typer.echo(warning, err=True)
    check_language(lang, locale_dirs(loaded.folder))  # no catalogue: the error names those there are
    if lang is None or lang in loaded.languages:
        loaded = in_language(loaded, lang, strict=strict, overflow=False)
    elif loaded.languages or lang != SOURCE:  # a German booklet of a deck in English only: its names as written
        typer.echo(f"note: the deck {loaded.name!r} declares no {lang!r} translation; its card names are "
                   "printed as the deck writes them", err=True)
    if imposition is None:
        imposition = old_format
    if imposition is not None and imposition.lower() not in IMPOSITIONS:
        raise ParameterError(f"--imposition {imposition!r} is not valid; valid: {', '.join(IMPOSITIONS)}")
    # the project's settings: the project the rules are built for (GAME a project folder, or --deck)
    settings = resolve_settings(loaded.build, "booklets", BookletsIn,
                                {"imposition": imposition and imposition.lower(), "page": page})
    booklet = checked(loaded, settings, lambda b: (page_size(b.page.lower()), b)[1])  # a page no one knows: its line
    report = build_booklet(spec.name, params, loaded, output, format=booklet.imposition, page=booklet.page.lower(),
                           lang=lang, color=color.lower(), strict=strict)
    for warning in report.warnings:  # a catalogue that lacks sentences: they print in English
        typer.echo(f"warning: {warning}", err=True)
    if report.format == "booklet":
        blank = f", {report.blank} blank" if report.blank else ""
        typer.echo(f"{output}: {report.pages}-page booklet{blank} on {report.sheets} sheet sides; "
                   "print double-sided, flip on the short edge, fold in the middle")
    else:
        typer.echo(f"{output}: {report.pages} pages")
