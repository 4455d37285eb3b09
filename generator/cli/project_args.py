"""One precedence rule for every command: a flag given on the command line, then the
project's ``build:`` setting of the same name (the deck file; generator/deck/settings.py),
then the command's own default.

Each concern is resolved into one options object here (the sheet, the images, the
booklet), never rebuilt from loose arguments further down. A project value the
renderer refuses (a page size no one knows) is an error naming the deck file, the
line and the setting, as the deck's own validation names them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from ..deck.issues import setting_line
from ..deck.model import Deck
from ..deck.settings import project_setting
from ..errors import DeckError, ParameterError, Problem

T = TypeVar("T")


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


def setting(deck: Deck, section: str, key: str, given: Any, default: Any) -> Any:
    """Flag, then the project's ``build.<section>.<key>``, then ``default``."""
    return project_setting(deck.build, section, key, given, default)


def from_project(deck: Deck, section: str, key: str, given: Any) -> bool:
    """Whether the value in use for ``key`` is the project's (not given, set in the project)."""
    return given is None and project_setting(deck.build, section, key, None, _UNSET) is not _UNSET


_UNSET = object()


def resolved_sheet(deck: Deck, flags: SheetFlags, *, backs: str = "none") -> dict[str, Any]:
    """The ``SheetOptions`` fields the flags and the project settle (``backs``: the
    command's default); what neither gives keeps ``SheetOptions``'s default."""
    pages = setting(deck, "sheets", "pages", [flags.page] if flags.page is not None else None, ["a4"])
    chosen: dict[str, Any] = {"page": str(pages[0]).lower(),
                              "backs": setting(deck, "sheets", "backs", flags.backs, backs)}
    for key in ("bleed", "margin", "gap", "arrangement", "crop_marks", "cut_lines", "color"):
        value = setting(deck, "sheets", key, getattr(flags, key), None)
        if value is not None:
            chosen[key] = value.lower() if isinstance(value, str) else value
    return chosen


@contextmanager
def naming_settings(deck: Deck, section: str, used: dict[str, bool]) -> Iterator[None]:
    """A ``ParameterError`` raised inside about a value that came from the project (``used``:
    key -> from the project) is re-raised naming the deck file, the line and
    ``build.<section>.<key>``; a flag's own error stays as it is."""
    try:
        yield
    except ParameterError as exc:
        key = next((k for k, mine in used.items() if mine and _mentions(str(exc), k)), None)
        if key is None:
            raise
        raise DeckError([Problem(_strip(str(exc)), deck.path, _line_of(deck, section, key), None,
                                 f"build.{section}.{key}")]) from None


def checked(deck: Deck, section: str, used: dict[str, bool], make: Callable[[], T]) -> T:
    with naming_settings(deck, section, used):
        return make()


def _mentions(message: str, key: str) -> bool:
    words = {key, key.replace("_", " "), key.replace("_", "-"), "page size" if key == "pages" else key}
    return any(w in message for w in words)


def _strip(message: str) -> str:
    return message.removeprefix("error: ")


def _line_of(deck: Deck, section: str, key: str) -> int | None:
    """The line of ``build.<section>.<key>``; ``page:`` where the project wrote that
    shorthand instead of ``pages:`` (a missing key gives its section's line)."""
    if key == "pages" and setting_line(deck, section, "pages") == setting_line(deck, section):
        key = "page"
    return setting_line(deck, section, key)
