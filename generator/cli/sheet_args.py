"""What the printing commands (cards, tiles, images, calibrate) share: the sheet flags,
declared once (:func:`with_sheet_flags`), turned with the project's ``build.sheets`` into
a ``SheetOptions``, and printing a report's notes and warnings."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import typer

from ..deck.model import Deck
from ..deck.resolve import checked, resolve
from ..deck.settings import CardSheetsIn, SheetsIn
from ..render.cards import proof_label
from ..render.printer_config import parse_offset, printer_offset
from ..render.sheet import SheetOptions
from ..render.sheet_options import sheet_fields
from . import options
from .project_args import SheetFlags

F = TypeVar("F", bound=Callable[..., Any])
# the sheet flags, in the order --help lists them (each declared in options.py)
SHEET_FLAGS = (("page", options.SheetPage), ("bleed", options.Bleed), ("backs", options.Backs),
               ("arrangement", options.Arrangement), ("gap", options.Gap), ("margin", options.Margin),
               ("cut_lines", options.CutLines), ("crop_marks", options.CropMarks), ("color", options.Color))


def with_sheet_flags(command: F) -> F:
    """Give a command the sheet flags (``--page``, ``--bleed``, ``--backs`` ...), declared once
    here for ``cards`` and ``tiles``: its parameter ``sheet: SheetFlags`` stands for them in its
    signature (Typer sees each flag there) and receives them as one :class:`SheetFlags`."""
    signature = inspect.signature(command, eval_str=True)
    params: list[inspect.Parameter] = []
    for param in signature.parameters.values():
        if param.name != "sheet":
            params.append(param)
            continue
        params += [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=kind)
                   for name, kind in SHEET_FLAGS]
    if len(params) != len(signature.parameters) + len(SHEET_FLAGS) - 1:
        raise TypeError(f"{command.__name__} has no parameter 'sheet: SheetFlags' for the sheet flags")

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        sheet = SheetFlags(**{name: kwargs.pop(name, None) for name, _kind in SHEET_FLAGS})
        return command(*args, sheet=sheet, **kwargs)

    wrapper.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params} | {"return": signature.return_annotation}
    return wrapper  # type: ignore[return-value]

if TYPE_CHECKING:
    from ..render.cut_file import CutPage

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
                  model: type[SheetsIn] = CardSheetsIn) -> SheetOptions:
    """The sheet from the flags, then the project's ``build.sheets``, then ``model``'s
    defaults (this command's); a project value the renderer refuses names its line.
    ``cards`` and ``tiles`` print on the first of the pages."""
    resolved = resolve(deck.build, "sheets", model, flags.settings())
    return checked(deck, resolved, lambda sheets: SheetOptions(
        page=str(sheets.pages[0]).lower(), **sheet_fields(sheets), back_offset=back_offset(offset, printer),
        proof=proof, proof_label=proof_label(deck) if proof else ""))


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
