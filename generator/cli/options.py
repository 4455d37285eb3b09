"""Option definitions shared between commands (declared once, used everywhere)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

DeckArg = typer.Argument(..., help="A deck file (.yaml), a project folder, or a bundled deck name.", show_default=False)
def _pdf_file(value: Path | None) -> Path | None:
    """A PDF command's ``-o``: ``x.png`` would silently be a PDF named .png; refuse it (exit 2)."""
    if value is not None and value.suffix and value.suffix.lower() != ".pdf":
        raise typer.BadParameter(f"{value} is not a .pdf name: this command writes a PDF "
                                 "(for PNG, JPEG or WebP images use `deckpress images`)")
    return value


OutputFile = typer.Option(..., "-o", "--output", help="The PDF file to write.", show_default=False,
                          callback=_pdf_file)
OutputDir = typer.Option(Path("output"), "-o", "--output", help="The folder to write into.")
_PAGE_HELP = ("Paper size: a4, a5, a3, letter, legal, tabloid (or ledger: the same 11 x 17 in paper), "
              "or WxH in mm, cm or in (e.g. 200x300, 8.5x11in).")
Page = typer.Option("a4", "--page", help=_PAGE_HELP)
SheetPage = typer.Option("a4", "--page", help=_PAGE_HELP)
Seed = typer.Option(1, "--seed", help="Random seed: the same seed gives the same results.")
Players = typer.Option(None, "--players", help="Number of players (default: the game's default).")
Games = typer.Option(1000, "--games", help="Number of games to simulate.")
Sets = typer.Option([], "--set", help="A rule parameter, key=value (repeatable), e.g. --set variant=russian.")
Json = typer.Option(False, "--json", help="Print one JSON object instead of tables.")
Jobs = typer.Option("auto", "--jobs", help="Parallel processes: auto (one per core this process may use) or a number; 1 runs in this process. Results are identical for any number.")
Cluster = typer.Option(None, "--cluster", help="Run the games on a Dask cluster: tcp://HOST:8786 (a running `dask scheduler`) or local:N (N worker processes here); needs the cluster extra, pip install 'deckpress\\[cluster]'. Results are identical to --jobs.", show_default=False)
Strategy = typer.Option(None, "--strategy", help="How seats decide: one name for every seat or A,B,C per seat, seat 0 first (weiji: best, random, fixed, expert; viashi: random, greedy, expert or expert:SAMPLES).")
Bleed = typer.Option(3.0, "--bleed", help="Bleed in mm around each piece: card, tile, coin (0 allowed).")
Backs = typer.Option("none", "--backs", help="Card backs: none, duplex-long, duplex-short or fold.")
BackOffset = typer.Option(None, "--back-offset", help="Shift back pages by X,Y mm (from `deckpress calibrate`).")
Printer = typer.Option(None, "--printer", help="Use (or, with calibrate, store) this printer's back offset.")
Arrangement = typer.Option("auto", "--arrangement", help="auto (gap with bleed, touching without), gap (each piece its own full bleed) or touching (shared cut lines, full bleed round the block; rectangles only: coins, die nets and pawns keep a gap).")
Gap = typer.Option(2.0, "--gap", help="Blank mm between pieces in the gap arrangement.")
Margin = typer.Option(5.0, "--margin", help="Printer-safe page margin in mm.")
CutLines = typer.Option(False, "--cut-lines", help="Draw thin lines along every cut.")
NoCropMarks = typer.Option(False, "--no-crop-marks", help="Leave out the crop marks (their room goes to the pieces).")
Proof = typer.Option(False, "--proof", help="Stamp piece id, deck, data hash and date.")
Color = typer.Option("rgb", "--color", help="rgb (screens, home printers) or cmyk (print shops: CMYK colours and images, a CMYK output intent, no transparency; see docs/images.md).")
PieceBacks = typer.Option("duplex-long", "--backs",
                          help="Backs (tile grids, coin suits): duplex-long, duplex-short, fold or none.")
Thresholds = typer.Option([], "--threshold", help="A balance threshold, key=value (repeatable), e.g. --threshold card_win_max=0.8.")
Strict = typer.Option(False, "--strict", help="A character no font can draw (or, with --lang, a missing translation) is an error, not a warning.")
Lang = typer.Option(None, "--lang", metavar="LANG", show_default=False,
                    help="The deck in one of its languages (languages: [en, de] in the deck file; see docs/languages.md).")


def _flags_show_as_flags() -> None:
    """On/off options read ``--proof`` in ``--help``, not ``--proof <bool>``.

    Typer (0.29) labels every option with its type in the rich help, flags and
    ``--help`` itself included; a flag takes no value, so it gets no label. Typer has
    no API for this, so pyproject.toml pins typer to the 0.29 series this patch was
    tested with (tests/test_cli.py checks the help of every command).
    """
    from typer.core import TyperOption

    labelled = getattr(TyperOption, "display_type_rich", None)
    if labelled is None or getattr(labelled, "flags_unlabelled", False):
        return

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        return None if getattr(self, "is_flag", False) else labelled(self, ctx)

    display_type_rich.flags_unlabelled = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_show_as_flags()
