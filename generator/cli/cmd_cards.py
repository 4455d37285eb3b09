"""``deckpress cards`` (print-and-play card sheets) and ``deckpress calibrate``."""

from __future__ import annotations

from pathlib import Path

import typer

from ..errors import ParameterError
from ..render.calibrate import write_calibration
from ..render.cards import card_pieces
from ..render.geometry import parse_card_size
from ..render.printer_config import parse_offset, save_printer_offset
from ..render.sheet import with_copies, write_sheets
from . import options
from .app import app, friendly
from .checked import load_checked
from .lang_args import in_language
from .progress import progress_bar
from .sheet_args import back_offset as sheet_back_offset
from .sheet_args import echo_notes, sheet_options


@app.command()
@friendly
def cards(
    deck: str = options.DeckArg,
    output: Path = options.OutputFile,
    page: str = options.SheetPage,
    bleed: float = options.Bleed,
    backs: str = options.Backs,
    arrangement: str = options.Arrangement,
    gap: float = options.Gap,
    margin: float = options.Margin,
    cut_lines: bool = options.CutLines,
    no_crop_marks: bool = options.NoCropMarks,
    proof: bool = options.Proof,
    back_offset: str | None = options.BackOffset,
    printer: str | None = options.Printer,
    color: str = options.Color,
    layout: str | None = typer.Option(None, "--layout", help="A layout file, name or folder."),
    size: str | None = typer.Option(None, "--size", help="Card size: a preset (poker, bridge, ...) or WxH mm."),
    strict: bool = options.Strict,
    lang: str | None = options.Lang,
) -> None:
    """Print-and-play card sheets: exact cut size, bleed, crop marks, duplex or fold backs."""
    loaded = in_language(load_checked(deck), lang, strict, layout)
    sheet = sheet_options(loaded, page=page, bleed=bleed, margin=margin, backs=backs, arrangement=arrangement,
                          gap=gap, no_crop_marks=no_crop_marks, cut_lines=cut_lines, offset=back_offset,
                          printer=printer, proof=proof, color=color)
    card_size = parse_card_size(size) if size else None
    pieces = card_pieces(loaded, layout, size=card_size, strict=strict)
    with progress_bar() as bar:
        task = bar.add_task(f"{loaded.name}", total=len(with_copies(pieces)))
        report = write_sheets(pieces, output, sheet, title=loaded.name,
                              progress=lambda done: bar.update(task, completed=done))
    echo_notes(report)
    typer.echo(f"{output}: {report.pieces} cards on {report.pages} page{'s' if report.pages != 1 else ''} "
               f"({report.per_page} per page, {report.arrangement}, {report.orientation})")


@app.command()
@friendly
def calibrate(
    output: Path | None = typer.Option(None, "-o", "--output", help="Write the test sheet here."),
    page: str = options.SheetPage,
    backs: str = typer.Option("duplex-long", "--backs", help="duplex-long or duplex-short."),
    printer: str | None = options.Printer,
    back_offset: str | None = options.BackOffset,
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
