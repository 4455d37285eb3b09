"""``deckpress tuckbox``: a one-piece tuck box for a deck, sized from its cards."""

from __future__ import annotations

import typer

from ..render.cards import card_pieces
from ..render.sheet import with_copies
from ..render.tuckbox import THICKNESS, TuckBoxOptions, card_thickness, write_tuckbox
from . import options
from .app import app, friendly
from .checked import load_checked


@app.command()
@friendly
def tuckbox(
    deck: options.DeckArg,
    output: options.OutputFile,
    card_thickness_: str | None = typer.Option(
        None, "--card-thickness", metavar="MM|STOCK", show_default=False,
        help="One card's thickness in mm (default 0.3), or a stock: "
             + ", ".join(f"{k} ({v:g} mm)" for k, v in THICKNESS.items()) + "."),
    sleeves: bool = typer.Option(False, "--sleeves", help="Room for sleeved cards (2.5 mm wider and taller, "
                                                          "0.12 mm thicker each)."),
    cards: int | None = typer.Option(None, "--count", min=1, show_default=False,
                                     help="How many cards the box holds (default: the deck's, copies counted)."),
    page: str | None = typer.Option(None, "--page", show_default=False,
                                    help="Paper: a4, letter, legal, a3, tabloid (default: A4, else Letter; "
                                         "the error names the paper a large box needs)."),
    color: options.Color = None,
    dieline: str | None = typer.Option(
        None, "--dieline", metavar="spot|guide", show_default=False,
        help="How the cut and fold lines are drawn: spot (named non-printing spot colours Dieline and Crease, "
             "overprinting, for a die-cutting print shop; the default with --color cmyk) or guide (visible grey "
             "lines to cut by hand; the default in RGB)."),
) -> None:
    """A one-piece tuck box for DECK: sized from the cards, with its back design, name and colours."""
    loaded = load_checked(deck)
    pieces = card_pieces(loaded)
    count = cards if cards is not None else len(with_copies(pieces))
    report = write_tuckbox(output, pieces[0], loaded.name, loaded.colors, count,
                           TuckBoxOptions(thickness=card_thickness(card_thickness_), sleeves=sleeves, page=page,
                                          color=(color or "rgb").lower(), dieline=dieline))
    net = report.net
    typer.echo(f"{output}: tuck box for {count} cards{' in sleeves' if sleeves else ''} "
               f"({report.thickness:g} mm each), inside {net.width:.1f} x {net.height:.1f} x {net.depth:.1f} mm, "
               f"on {report.page.upper() if report.page == 'a4' else report.page.capitalize()}; "
               + ("cut on the solid line, fold on the dashed ones, glue the white flap behind the first side"
                  if report.dieline == "guide" else
                  "the cut line in the spot colour Dieline, the folds in Crease (non-printing, overprinting) for "
                  "the print shop's die-cutter; glue the white flap behind the first side"))
