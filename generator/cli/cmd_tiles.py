"""``deckpress tiles``: a printable piecepack (tiles, coins, dice, pawns)."""

from __future__ import annotations

from collections import Counter

import typer

from ..deck.settings import SheetsIn
from ..render.cut_file import CutPage
from ..render.piecepack import COMPONENTS, parse_components, piecepack_pieces
from ..render.sheet import with_copies, write_sheets
from . import options
from .app import app, friendly
from .checked import load_checked
from .print_then_cut_args import finish, prepare
from .progress import progress_bar
from .project_args import SheetFlags
from .sheet_args import echo_notes, sheet_options, with_sheet_flags

NOUNS = {"tile": "tiles", "coin": "coins", "die": "dice", "pawn": "pawns"}


@app.command()
@friendly
@with_sheet_flags
def tiles(
    output: options.OutputFile,
    deck: str = typer.Argument("piecepack", help="A piecepack deck file, folder or bundled name."),
    packs: int = typer.Option(1, "--packs", help="How many piecepacks, 1-4 as War's packs (each marked so they can be sorted)."),
    components: str = typer.Option(",".join(COMPONENTS), "--components",
                                   help="Which parts, comma-separated: tiles, coins, dice, pawns."),
    sheet: SheetFlags = SheetFlags(),  # --page, --bleed, --backs ... (sheet_args.with_sheet_flags)  # noqa: B008
    proof: options.Proof = False,
    back_offset: options.BackOffset = None,
    printer: options.Printer = None,
    cut_file: options.CutFile = None,
    print_then_cut: options.PrintThenCut = None,
) -> None:
    """Piecepack print-and-play: 2 in tiles, 3/4 in coins, die nets and fold-up pawns."""
    chosen = parse_components(components)
    loaded = load_checked(deck)
    options_ = sheet_options(loaded, sheet, offset=back_offset, printer=printer, proof=proof, model=SheetsIn)
    pieces = piecepack_pieces(loaded, packs, None if chosen == COMPONENTS else chosen)  # all: all that can be made
    run, options_ = prepare(print_then_cut, cut_file, output, options_, pieces)
    cut: list[CutPage] = []
    with progress_bar() as bar:
        task = bar.add_task(loaded.name, total=len(with_copies(pieces)))
        report = write_sheets(pieces, output, options_, title=loaded.name,
                              progress=lambda done: bar.update(task, completed=done),
                              cut=cut if run.wants_cut else None, decorate=run.marker)
    echo_notes(report)
    finish(run, cut)
    counts = Counter(getattr(p, "kind", "piece") for p in with_copies(pieces))
    parts = ", ".join(f"{n} {NOUNS.get(k, k)}" for k, n in counts.items())
    typer.echo(f"{output}: {packs} piecepack{'s' if packs != 1 else ''} ({parts}) "
               f"on {report.pages} page{'s' if report.pages != 1 else ''}")
