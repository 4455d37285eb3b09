"""One precedence rule for every command: a flag given on the command line, then the
project's ``build:`` setting of the same name (the deck file; generator/deck/settings.py),
then the default of the section's model — resolved by generator/deck/resolve.py, the
one resolver ``build`` uses too.

Each concern is resolved into one options object (the sheet, the images, the booklet,
the playtest), never rebuilt from loose arguments further down. A project value the
renderer refuses (a page size no one knows) is an error naming the deck file, the line
and the setting, as the deck's own validation names them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class SheetFlags:
    """The sheet flags as typed; None: not given."""

    page: str | None = None
    bleed: float | None = None
    margin: float | None = None
    backs: str | None = None
    arrangement: str | None = None
    gap: float | None = None
    crop_marks: bool | None = None
    cut_lines: bool | None = None
    color: str | None = None

    def settings(self) -> dict[str, Any]:
        """The ``build.sheets`` settings the flags give (``--page X`` is ``pages: [X]``)."""
        given = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "page"}
        return {**given, "pages": [self.page] if self.page is not None else None}
