"""What the printing commands (cards, tiles, images, calibrate) share: turning the
shared sheet options into a ``SheetOptions`` and printing a report's notes and
warnings. Declared once here, used by each command."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import typer

from ..deck.model import Deck
from ..render.cards import proof_label
from ..render.printer_config import parse_offset, printer_offset
from ..render.sheet import SheetOptions

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


def sheet_options(deck: Deck, *, page: str, bleed: float, margin: float, backs: str, arrangement: str,
                  gap: float, no_crop_marks: bool, cut_lines: bool, offset: str | None,
                  printer: str | None, proof: bool, color: str = "rgb") -> SheetOptions:
    return SheetOptions(
        page=page.lower(), bleed=bleed, margin=margin, backs=backs, arrangement=arrangement,
        gap=gap, crop_marks=not no_crop_marks, cut_lines=cut_lines,
        back_offset=back_offset(offset, printer), proof=proof,
        proof_label=proof_label(deck) if proof else "",
        color=color.lower(),
    )


def echo_notes(report: Notes) -> None:
    """A report's notes, then its warnings (the first ``MAX_WARNINGS``, then a count), on stderr."""
    for note in report.notes:
        typer.echo(note, err=True)
    for warning in report.warnings[:MAX_WARNINGS]:
        typer.echo(f"warning: {warning}", err=True)
    if len(report.warnings) > MAX_WARNINGS:
        typer.echo(f"warning: ... and {len(report.warnings) - MAX_WARNINGS} more", err=True)
