"""One resolver per concern: a section of settings (sheets, images, showcase,
booklets, balance) as a command or ``build`` uses it.

:func:`resolve` applies the one precedence rule — each flag given, then the
project's explicit ``build.<section>.<key>``, then the default of the section's
pydantic model (generator/deck/settings.py; the only place defaults live) — and
remembers where each value came from. :func:`checked` runs what consumes the
settings (a renderer's options object) and, when a project value is refused, names
the deck file, the line and ``build.<section>.<key>``: the key is carried, found by
trying each project value alone on the defaults, never guessed from the message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from ..errors import DeckError, DeckpressError, ParameterError, Problem
from .issues import setting_line
from .model import Deck
from .settings import BuildIn

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


@dataclass(frozen=True)
class Resolved(Generic[M]):
    """A section's settings as one command uses them: ``values`` (the section's model,
    every field set), and which keys were typed as flags and which came from the project."""

    section: str
    values: M
    given: frozenset[str]
    from_project: frozenset[str]

    def origin(self, key: str) -> str:
        """Where the value of ``key`` came from: ``flag``, ``project`` or ``default``."""
        return "flag" if key in self.given else "project" if key in self.from_project else "default"


def resolve(build: BuildIn | None, section: str, model: type[M], flags: Mapping[str, Any] | None = None
            ) -> Resolved[M]:
    """The one precedence rule, for every command and ``build``: each flag given (not
    None), then the project's explicit ``build.<section>.<key>``, then ``model``'s
    default. Flags are checked where they are used (by :func:`checked`'s ``make``)."""
    flags = flags or {}
    unknown = set(flags) - set(model.model_fields)
    if unknown:
        raise KeyError(f"not settings of build.{section}: {sorted(unknown)}")
    chosen: dict[str, Any] = {}
    project: set[str] = set()
    if build is not None and section in build.model_fields_set:
        part = getattr(build, section)
        project = {key for key in part.model_fields_set if key in model.model_fields}
        chosen = {key: getattr(part, key) for key in project}
    given = {key for key, value in flags.items() if value is not None}
    chosen |= {key: flags[key] for key in given}
    return Resolved(section, model.model_construct(**chosen), frozenset(given), frozenset(project - given))


def checked(deck: Deck, resolved: Resolved[M], make: Callable[[M], T]) -> T:
    """``make(resolved.values)``; a ``ParameterError`` caused by a value from the project
    becomes an error naming the deck file, the line and ``build.<section>.<key>``
    (a flag's own error stays as it is)."""
    try:
        return make(resolved.values)
    except ParameterError as exc:
        key = culprit(resolved, make)
        if key is None:
            raise
        message = str(exc).removeprefix("error: ")
        raise DeckError([Problem(message, deck.path, _line(deck, resolved.section, key), None,
                                 f"build.{resolved.section}.{key}")]) from None


def culprit(resolved: Resolved[M], make: Callable[[M], Any]) -> str | None:
    """The project key whose value alone, on the model's defaults, ``make`` refuses."""
    model = type(resolved.values)
    for key in sorted(resolved.from_project):
        try:
            make(model.model_construct(**{key: getattr(resolved.values, key)}))
        except DeckpressError:
            return key
    return None


def _line(deck: Deck, section: str, key: str) -> int | None:
    """The line of ``build.<section>.<key>``; ``page:`` where the project wrote that
    shorthand instead of ``pages:`` (a missing key gives its section's line)."""
    if key == "pages" and setting_line(deck, section, "pages") == setting_line(deck, section):
        key = "page"
    return setting_line(deck, section, key)
