"""What the printing commands (cards, tiles, images, calibrate) share: turning the
shared sheet options (flags, then the project's ``build.sheets``) into a ``SheetOptions`` and printing a report's notes and
warnings. Declared once here, used by each command."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import typer

from ..deck.model import Deck
from ..errors import ParameterError
from ..render.cards import proof_label
from ..render.printer_config import parse_offset, printer_offset
from ..render.sheet import SheetOptions

if TYPE_CHECKING:
    from ..render.cut_file import CutPage
from .project_args import SheetFlags, checked, from_project, resolved_sheet

MAX_WARNINGS = 20  # printed in full; the rest are counted


class Notes(Protocol):
    @property
    def notes(self) -> Sequence[str]: ...

    @property
    def warnings(self) -> Sequence[str]: ...


def back_offset(offset: str | None, printer: str | None) -> tuple[float, float]:
    """``--back-offset X,Y`` if given, else the stored offset of ``--printer``, else none."""
    if offset is not None:
        return parse_offset(offset)
    if printer is not None:
        return printer_offset(printer)
    return (0.0, 0.0)


def sheet_options(deck: Deck, flags: SheetFlags, *, offset: str | None, printer: str | None, proof: bool,
                  backs: str = "none") -> SheetOptions:
    """The sheet from the flags, then the project's ``build.sheets``, then the defaults
    (``backs``: this command's); a project value the renderer refuses names its line."""
    chosen = resolved_sheet(deck, flags, backs=backs)
    used = {key: from_project(deck, "sheets", key, getattr(flags, key, None))
            for key in ("pages", "bleed", "margin", "gap", "arrangement", "backs", "color")}
    used["pages"] = from_project(deck, "sheets", "pages", flags.page)
    return checked(deck, "sheets", used, lambda: SheetOptions(
        **chosen, back_offset=back_offset(offset, printer), proof=proof,
        proof_label=proof_label(deck) if proof else ""))


def echo_notes(report: Notes) -> None:
    """A report's notes, then its warnings (the first ``MAX_WARNINGS``, then a count), on stderr."""
    for note in report.notes:
        typer.echo(note, err=True)
    for warning in report.warnings[:MAX_WARNINGS]:
        typer.echo(f"warning: {warning}", err=True)
    if len(report.warnings) > MAX_WARNINGS:
        typer.echo(f"warning: ... and {len(report.warnings) - MAX_WARNINGS} more", err=True)


def write_cut(cut_file: str | None, pages: list[CutPage], output: Path) -> None:
    """Write ``--cut-file``'s file beside ``output`` and say so (nothing without the option)."""
    if cut_file is None:
        return
    from ..render.cut_file import cut_path, write_cut_file

    path = write_cut_file(pages, cut_path(output, cut_file.lower()), cut_file.lower())
    count = sum(len(p.shapes) for p in pages)
    typer.echo(f"{path}: cut paths of {count} pieces on {len(pages)} page{'s' if len(pages) != 1 else ''}", err=True)


def check_cut_file(cut_file: str | None) -> None:
    from ..render.cut_file import CUT_FORMATS

    if cut_file is not None and cut_file.lower() not in CUT_FORMATS:
        raise ParameterError(f"--cut-file {cut_file!r} is not valid; valid: {', '.join(CUT_FORMATS)}")
