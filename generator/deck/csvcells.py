"""Cells of a CSV file meant for a spreadsheet, made safe to open there.

A spreadsheet app reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a
tab or carriage return before one) as a formula, and a formula can fetch web
addresses or run commands (CSV "formula injection"). Such a cell is written with a
leading ``'``, the mark spreadsheets themselves use for "this is text", and read
back without it, so a translation round-trips unchanged.
"""

from __future__ import annotations

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralised(cell: str) -> str:
    """``cell`` as written to a CSV file: with a leading ``'`` where a spreadsheet would see a formula."""
    return "'" + cell if cell.startswith(FORMULA_START) else cell


def restored(cell: str) -> str:
    """``cell`` as read from such a file: the ``'`` that :func:`neutralised` added taken off again."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_START) else cell
