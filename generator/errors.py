"""Errors a designer sees: one line each, naming file, line, card and field."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


def visible(text: str) -> str:
    """``text`` with control and bidi/format characters escaped (``\\u202e``), so a
    hostile card id or name cannot break the one-line format or reorder the
    terminal line it is printed on."""
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or unicodedata.category(ch) == "Zs" else ascii(ch)[1:-1] for ch in text
    )


SHOWN_AS: dict[str, str] = {}  # a file shown under another name: a sheet's cached CSV -> "sheet 'Cards' (…)"


def shown_path(file: Path | str) -> str:
    """A file as an error line shows it: relative to the current directory when it
    is inside it, else as given (so a CSV the loader resolved to an absolute path
    reads like the deck file the user typed); a web sheet's cached copy by the sheet's name."""
    text = str(file)
    if text in SHOWN_AS:
        return SHOWN_AS[text]
    try:
        path = Path(file)
        if not path.is_absolute():
            return text
        cwd = Path.cwd()
        if cwd == Path(cwd.anchor):  # from "/", every path is "inside": keep it absolute
            return text
        return str(path.relative_to(cwd))
    except (ValueError, OSError):  # not inside the current directory, or no current directory
        return text


@dataclass(frozen=True)
class Problem:
    """One problem in one input file."""

    message: str
    file: Path | str | None = None
    line: int | None = None
    card: str | None = None
    field: str | None = None
    column: str | None = None  # a spreadsheet's column letter for the field ("C")

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = shown_path(self.file)
            if self.line is not None:
                where += f":{self.line}"
            where += ": "
        what = []
        if self.card is not None:
            what.append(f"card {self.card}")
        if self.field is not None:
            what.append(f"field '{self.field}'" + (f" (column {self.column})" if self.column else ""))
        return visible(where + (", ".join(what) + ": " if what else "") + self.message)


class DeckpressError(Exception):
    """An error in the user's input: printed without a traceback, exit code 2."""

    exit_code = 2

    def __init__(self, problems: Iterable[Problem] | Problem | str) -> None:
        if isinstance(problems, str):
            problems = [Problem(problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class DeckError(DeckpressError):
    """A deck file (or a file it names) is invalid."""


class ParameterError(DeckpressError):
    """A command option or rule parameter is invalid."""


class RenderError(DeckpressError):
    """A layout, template, font or image cannot be used."""
