"""Option definitions shared between commands (declared once, used everywhere)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from ..deck.settings import CheckBalanceIn

# Every shared option is declared once, here, as a typed ``Annotated`` alias; a command
# writes ``page: options.Page = None``. One name has one meaning in every command
# (docs/options.md). Options a project's ``build:`` section also sets default to None
# ("not given"): the command resolves flag, then the project's setting, then the
# section model's default (generator/deck/resolve.py; the defaults live only in the
# models of generator/deck/settings.py, and tests/deck/test_resolve.py holds each help's
# "else X" to them); the models use the same names (``--cut-lines`` is
# ``build.sheets.cut_lines``). The sheet flags reach ``cards`` and ``tiles`` through
# ``sheet_args.with_sheet_flags``.
DeckArg = Annotated[str, typer.Argument(help="A deck file (.yaml), a project folder, or a bundled deck name.",
                                        show_default=False)]


def project_here() -> bool:
    """The current folder is a project: it has a deck file (deck.yaml, as `deckpress new` writes)."""
    return any(Path.cwd().glob("deck.y*ml"))


def _deck_or_here(value: str | None) -> str:
    """No DECK given: the project in this folder (as ``build`` and ``watch`` take it), else
    the usage error a missing argument gets (exit 2), saying what to name."""
    if value is not None:
        return value
    if project_here():
        return "."
    raise typer.BadParameter("name a deck file (.yaml), a project folder or a bundled deck: "
                             "this folder has no deck.yaml", param_hint="'DECK'")


# DECK that may be left out inside a project folder (check)
DeckOrHere = Annotated[str, typer.Argument(
    help="A deck file (.yaml), a project folder, or a bundled deck name (default: the project in this folder).",
    show_default=False, metavar="DECK", callback=_deck_or_here)]


def _pdf_file(value: Path | None) -> Path | None:
    """A PDF command's ``-o``: ``x.png`` would silently be a PDF named .png; refuse it (exit 2)."""
    if value is not None and value.suffix and value.suffix.lower() != ".pdf":
        raise typer.BadParameter(f"{value} is not a .pdf name: this command writes a PDF "
                                 "(for PNG, JPEG or WebP images use `deckpress images`)")
    return value


OutputFile = Annotated[Path, typer.Option("-o", "--output", help="The PDF file to write.", show_default=False,
                                          callback=_pdf_file)]
OutputDir = Annotated[Path, typer.Option("-o", "--output", help="The folder to write into.")]
PAGE_HELP = ("Paper size: a4, a5, a3, letter, legal, tabloid (or ledger: the same 11 x 17 in paper), "
              "or WxH in mm, cm or in (e.g. 200x300, 8.5x11in)")
Seed = Annotated[int, typer.Option("--seed", help="Random seed: the same seed gives the same results.")]
Players = Annotated[int | None, typer.Option("--players", help="Number of players (default: the game's default).")]
# the default number of games: deck/settings.py's, the one place it is written
Games = Annotated[int | None, typer.Option(
    "--games", show_default=False,  # None: not given, so the resolver can tell; the default shown is the settings'
    help=f"Number of games to simulate.  \\[default: {CheckBalanceIn.model_fields['games'].default}]")]
ProjectGames = Annotated[int | None, typer.Option(
    "--games", show_default=False,
    help=f"Number of games to simulate (default: build.balance.games, else {CheckBalanceIn.model_fields['games'].default}).")]
Sets = Annotated[list[str], typer.Option("--set", help="A rule parameter, key=value (repeatable), e.g. --set variant=russian.")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")]
Jobs = Annotated[str, typer.Option("--jobs", help="Parallel processes: auto (one per core this process may use) or a number; 1 runs in this process. Results are identical for any number.")]
Cluster = Annotated[str | None, typer.Option("--cluster", help="Run the games on a Dask cluster: tcp://HOST:8786 (a running `dask scheduler`) or local:N (N worker processes here); needs the cluster extra, pip install 'deckpress\\[cluster]'. Results are identical to --jobs.", show_default=False)]
Strategy = Annotated[str | None, typer.Option("--strategy", help="How seats decide: one name for every seat or A,B,C per seat, seat 0 first (weiji: best, random, fixed, expert; viashi: random, greedy, expert or expert:SAMPLES; every game with decisions: random, greedy, mcts, mcts:N or mcts:N:C).")]

# -- sheets (cards, tiles; build.sheets) -----------------------------------------------
SheetPage = Annotated[str | None, typer.Option(
    "--page", show_default=False, help=f"{PAGE_HELP} (default: the first of build.sheets.pages, else a4).")]
Bleed = Annotated[float | None, typer.Option(
    "--bleed", metavar="MM", show_default=False,
    help="Bleed in mm around each piece: card, tile, coin; 0 for none (default: build.sheets.bleed, else 3).")]
Backs = Annotated[str | None, typer.Option(
    "--backs", show_default=False,
    help="How backs are printed: none, duplex-long, duplex-short or fold (default: build.sheets.backs, "
         "else none for cards, duplex-long for tiles).")]
BackOffset = Annotated[str | None, typer.Option("--back-offset", help="Shift back pages by X,Y mm (from `deckpress calibrate`).")]
Printer = Annotated[str | None, typer.Option("--printer", help="Use (or, with calibrate, store) this printer's back offset.")]
Arrangement = Annotated[str | None, typer.Option(
    "--arrangement", show_default=False,
    help="auto (gap with bleed, touching without), gap (each piece its own full bleed) or touching (shared cut lines, "
         "full bleed round the block; rectangles only: coins, die nets and pawns keep a gap) (default: build."
         "sheets.arrangement, else auto).")]
Gap = Annotated[float | None, typer.Option(
    "--gap", metavar="MM", show_default=False,
    help="Blank mm between pieces in the gap arrangement (default: build.sheets.gap, else 2).")]
Margin = Annotated[float | None, typer.Option(
    "--margin", metavar="MM", show_default=False,
    help="Printer-safe page margin in mm (default: build.sheets.margin, else 5).")]
CutLines = Annotated[bool | None, typer.Option(
    "--cut-lines/--no-cut-lines", show_default=False,
    help="Draw thin lines along every cut (default: build.sheets.cut_lines, else no).")]
CropMarks = Annotated[bool | None, typer.Option(
    "--crop-marks/--no-crop-marks", show_default=False,
    help="Crop marks at every cut; without them their room goes to the pieces (default: build."
         "sheets.crop_marks, else yes).")]
Proof = Annotated[bool, typer.Option("--proof", help="Stamp piece id, deck, data hash and date.")]
Color = Annotated[str | None, typer.Option(
    "--color", show_default=False,
    help="rgb (screens, home printers) or cmyk (print shops: CMYK colours and images, a CMYK output intent, no "
         "transparency; see docs/images.md) (default: build.sheets.color, else rgb).")]

CutFile = Annotated[str | None, typer.Option(
    "--cut-file", metavar="svg|dxf", show_default=False,
    help="Also write a cutting machine's cut file beside the PDF (NAME-cut.svg or NAME-cut.dxf): the cut path "
         "of every piece on every front page, in the page's coordinates, one layer per page (see docs/images.md).")]
PrintThenCut = Annotated[str | None, typer.Option(
    "--print-then-cut", metavar="cricut|silhouette", show_default=False,
    help="Sheets for a cutting machine's print then cut: silhouette prints Silhouette Studio's Type 1 "
         "registration marks and writes a cut file per page (NAME-cut-N.dxf, or --cut-file svg); cricut writes "
         "6.75 x 9.25 in images with transparent backgrounds (NAME-cricut-N.png) for Design Space, which prints "
         "its own marks (see docs/images.md).")]

# -- images (build.images, build.showcase) ---------------------------------------------
Dpi = Annotated[float | None, typer.Option(
    "--dpi", show_default=False, help="Pixels per inch, 30-1200 (default: build.images.dpi, else 300).")]
ImageBleed = Annotated[float | None, typer.Option(
    "--bleed", metavar="MM", show_default=False,
    help="Bleed art in mm around each image; 0 for none (default: build.images.bleed, else 0; vendor presets "
         "set theirs, 3.175 = 1/8 in).")]
ImageFormat = Annotated[str | None, typer.Option(
    "--format", show_default=False, help="Image format: png, jpg or webp (default: build.images.format, else png).")]
BackImages = Annotated[bool | None, typer.Option(
    "--back-images/--no-back-images", show_default=False,
    help="Also write an image of each back (default: build.images.back_images, else no; presets: yes).")]
Layout = Annotated[str | None, typer.Option("--layout", help="A layout file, name or folder.")]
Size = Annotated[str | None, typer.Option("--size", help="Card size: a preset (poker, bridge, ...) or WxH mm.")]

# -- booklets (rules; build.booklets) --------------------------------------------------
BookletPage = Annotated[str | None, typer.Option(
    "--page", show_default=False, help=f"{PAGE_HELP} (default: build.booklets.page, else a4).")]
Imposition = Annotated[str | None, typer.Option(
    "--imposition", show_default=False,
    help="booklet (A5 pages two-up, saddle-stitch order) or sheet (plain pages) (default: build."
         "booklets.imposition, else booklet).")]

# -- checks ----------------------------------------------------------------------------
Thresholds = Annotated[list[str], typer.Option("--threshold", help="A balance threshold, key=value (repeatable), e.g. --threshold card_win_max=0.8.")]
Strict = Annotated[bool, typer.Option("--strict", help="A character no font can draw (or, with --lang, a missing translation) is an error, not a warning.")]
FailOnWarnings = Annotated[bool, typer.Option("--fail-on-warnings", help="Exit 1 on warnings too, not only on errors (for CI).")]
Lang = Annotated[str | None, typer.Option(
    "--lang", metavar="LANG", show_default=False,
    help="The deck in one of its languages (languages: [en, de] in the deck file; see docs/languages.md).")]


# -- old spellings: still read for now, each with one line on stderr -------------------
def renamed(old: str, new: str) -> None:
    """Say once on stderr that ``old`` is an old spelling of ``new``."""
    typer.echo(f"warning: {old} is deprecated: use {new} (the old spelling still works for now)", err=True)


def _old(old: str, new: str) -> Any:
    def callback(ctx: typer.Context, param: typer.CallbackParam, value: Any) -> Any:
        source = ctx.get_parameter_source(param.name or "")
        if source is not None and source.name == "COMMANDLINE":  # typed, on or off (--no-backs too)
            renamed(old, new)
        return value

    return callback


OldImageBacks = Annotated[bool | None, typer.Option(
    "--backs/--no-backs", hidden=True, show_default=False,
    callback=_old("images --backs/--no-backs", "--back-images/--no-back-images (--backs says how sheets print backs)"))]
OldNoBleed = Annotated[bool, typer.Option(
    "--no-bleed", hidden=True, callback=_old("images --no-bleed", "--bleed 0 (--bleed takes millimetres everywhere)"))]
OldBookletFormat = Annotated[str | None, typer.Option(
    "--format", hidden=True, show_default=False,
    callback=_old("rules --format", "--imposition (--format is an image format)"))]
OldCheckStrict = Annotated[bool, typer.Option(
    "--strict", hidden=True,
    callback=_old("check --strict", "--fail-on-warnings (--strict makes a missing glyph an error)"))]


class BareBleed(TyperCommand):
    """``images --bleed`` was a switch (1/8 in of bleed); it takes millimetres now, as
    everywhere. A bare ``--bleed`` (no number after it) still reads, as ``--bleed 3.175``,
    with one line on stderr."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        out = list(args)
        for i, arg in enumerate(out):
            if arg == "--":
                break
            if arg == "--bleed" and not _number(out[i + 1] if i + 1 < len(out) else None):
                renamed("images --bleed (a switch)", "--bleed 3.175 (--bleed takes millimetres everywhere)")
                out[i] = "--bleed=3.175"
        return list(super().parse_args(ctx, out))


def _number(text: str | None) -> bool:
    try:
        float(text or "")
    except ValueError:
        return False
    return True


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
