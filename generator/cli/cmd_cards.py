"""``deckpress cards`` (print-and-play card sheets) and ``deckpress calibrate``."""

from __future__ import annotations

from pathlib import Path

import typer

from ..errors import ParameterError
from ..render.calibrate import write_calibration
from ..render.cards import card_pieces
from ..render.cut_file import CutPage
from ..render.geometry import parse_card_size
from ..render.printer_config import parse_offset, save_printer_offset
from ..render.sheet import with_copies, write_sheets
from . import options
from .app import app, friendly
from .checked import load_checked
from .lang_args import in_language
from .print_then_cut_args import finish, prepare
from .progress import progress_bar
from .project_args import SheetFlags
from .sheet_args import back_offset as sheet_back_offset
from .sheet_args import echo_notes, sheet_options, with_sheet_flags


@app.command()
@friendly
@with_sheet_flags
def cards(
    deck: options.DeckArg,
    output: options.OutputFile,
    sheet: SheetFlags = SheetFlags(),  # --page, --bleed, --backs ... (sheet_args.with_sheet_flags)  # noqa: B008
    proof: options.Proof = False,
    back_offset: options.BackOffset = None,
    printer: options.Printer = None,
    cut_file: options.CutFile = None,
    print_then_cut: options.PrintThenCut = None,
    layout: options.Layout = None,
    size: options.Size = None,
    strict: options.Strict = False,
    lang: options.Lang = None,
) -> None:
    """Print-and-play card sheets: exact cut size, bleed, crop marks, duplex or fold backs."""
    loaded = in_language(load_checked(deck), lang, strict, layout)
    options_ = sheet_options(loaded, sheet, offset=back_offset, printer=printer, proof=proof)
    card_size = parse_card_size(size) if size else None
    pieces = card_pieces(loaded, layout, size=card_size, strict=strict)
    run, options_ = prepare(print_then_cut, cut_file, output, options_, pieces)
    cut: list[CutPage] = []
    with progress_bar() as bar:
        task = bar.add_task(f"{loaded.name}", total=len(with_copies(pieces)))
        report = write_sheets(pieces, output, options_, title=loaded.name,
                              progress=lambda done: bar.update(task, completed=done),
                              cut=cut if run.wants_cut else None, decorate=run.marker)
    echo_notes(report)
    finish(run, cut)
    typer.echo(f"{output}: {report.pieces} cards on {report.pages} page{'s' if report.pages != 1 else ''} "
               f"({report.per_page} per page, {report.arrangement}, {report.orientation})")


@app.command()
@friendly
def calibrate(
    output: Path | None = typer.Option(None, "-o", "--output", help="Write the test sheet here."),
    page: str = typer.Option("a4", "--page", help=options.PAGE_HELP + "."),
    backs: str = typer.Option("duplex-long", "--backs", help="How backs are printed: duplex-long or duplex-short."),
    printer: options.Printer = None,
    back_offset: options.BackOffset = None,
) -> None:
    """Duplex registration test sheet; with --printer NAME --back-offset X,Y store the offset."""
    if backs not in ("duplex-long", "duplex-short"):
        raise ParameterError(f"--backs {backs!r} is not valid; valid: duplex-long, duplex-short")
    if printer is not None and back_offset is not None:
        path = save_printer_offset(printer, parse_offset(back_offset))
        typer.echo(f"stored back offset {back_offset} for printer {printer} in {path}")
        if output is None:
            return
    if output is None:
        raise ParameterError("give -o FILE for the test sheet, or --printer NAME --back-offset X,Y to store")
    offset = sheet_back_offset(back_offset, printer)
    write_calibration(output, page.lower(), backs, offset)
    typer.echo(f"{output}: print both pages {backs}, then read the back side against a light")
