"""``--print-then-cut cricut|silhouette`` for ``cards`` and ``tiles``: the machine's sheet options
before the sheets are written, its files after (render/print_then_cut.py, images/cricut.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import typer

from ..errors import ParameterError
from ..render.cut_file import CUT_FORMATS, CutPage, write_cut_file
from ..render.piece import Piece
from ..render.print_then_cut import (
    CRICUT_AREA,
    CRICUT_DPI,
    SilhouetteMarker,
    check_machine,
    fit_error,
    machine_options,
)
from ..render.sheet import SheetOptions
from ..render.sheet_layout import plan_pages
from .sheet_args import write_cut

SILHOUETTE_CUT = "dxf"  # Silhouette Studio's Basic Edition opens DXF (SVG needs Designer Edition)


@dataclass
class PrintThenCut:
    """One command's print-then-cut run (``machine`` None: a plain sheet)."""

    machine: str | None
    cut_file: str | None
    output: Path
    notes: list[str] = field(default_factory=list)
    marker: SilhouetteMarker | None = None

    @property
    def wants_cut(self) -> bool:
        return self.machine is not None or self.cut_file is not None

    def cut_name(self, number: int | str) -> str:
        return f"{self.output.stem}-cut-{number}.{self.cut_file or SILHOUETTE_CUT}"


def prepare(machine: str | None, cut_file: str | None, output: Path, options: SheetOptions,
            pieces: Sequence[Piece]) -> tuple[PrintThenCut, SheetOptions]:
    """The run and the sheet options to write with (the machine's, when one is named); a piece
    that does not fit the machine's area is an error naming the area (exit 2)."""
    if cut_file is not None and cut_file.lower() not in CUT_FORMATS:
        raise ParameterError(f"--cut-file {cut_file!r} is not valid; valid: {', '.join(CUT_FORMATS)}")
    run = PrintThenCut(None, cut_file.lower() if cut_file else None, output)
    if machine is None:
        return run, options
    run.machine = check_machine(machine)
    sheet, run.notes = machine_options(run.machine, options)
    try:
        plan_pages(list(pieces), sheet)  # sizes only: each piece once
    except ParameterError as error:
        raise fit_error(run.machine, error, sheet) from None
    if run.machine == "silhouette":
        run.marker = SilhouetteMarker(f"{output.stem}-cut-<page>.{run.cut_file or SILHOUETTE_CUT}")
    return run, sheet


def finish(run: PrintThenCut, pages: list[CutPage]) -> None:
    """Write the run's files beside the PDF and say what to do with them (stderr)."""
    for note in run.notes:
        typer.echo(note, err=True)
    if run.machine is None:
        write_cut(run.cut_file, pages, run.output)
        return
    if run.machine == "silhouette":
        fmt = run.cut_file or SILHOUETTE_CUT
        paths = [write_cut_file([page], run.output.with_name(run.cut_name(page.number)), fmt, outline=True)
                 for page in pages]
        count = sum(len(p.shapes) for p in pages)
        span = str(paths[0]) if len(paths) == 1 else f"{paths[0]} ... {paths[-1].name}"
        typer.echo(f"{span}: cut paths of {count} pieces, one file per printed page", err=True)
        typer.echo("silhouette: print the PDF at 100 % (actual size); in Silhouette Studio set the page to the "
                   "PDF's, turn on registration marks as printed in each sheet's bottom margin, open the page's "
                   "cut file, align its blue SHEET outline with the page and hide it, then cut "
                   "(docs/images.md, Print then cut)", err=True)
        return
    from ..images.cricut import write_cricut_images

    write_cut(run.cut_file, pages, run.output)
    written = write_cricut_images(run.output, pages)
    w, h = (v / 25.4 for v in CRICUT_AREA)
    span = str(written[0]) if len(written) == 1 else f"{written[0]} ... {written[-1].name}"
    typer.echo(f"{span}: {len(written)} Print Then Cut image{'s' if len(written) != 1 else ''}, "
               f"{w:g} x {h:g} in at {CRICUT_DPI} dpi", err=True)
    typer.echo(f"cricut: in Design Space upload each image (Upload > Upload Image > Complex; keep the "
               f"transparent background), insert it as a Print Then Cut image, set its size to {w:g} in x "
               f"{h:g} in (or {h:g} x {w:g} for a landscape image), then Make It with Bleed on "
               "(docs/images.md, Print then cut)", err=True)
