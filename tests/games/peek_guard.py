"""A guard for the no-peek tests: a :class:`GuardedTurn` that records every read of
anything but the public turn (``seat``, ``view``, ``legal``, ``resample``,
``heuristic``, ``with_legal``), and :func:`watching`, which records, while a
strategy decides, the interpreter's audit events a strategy would need to reach
the state some other way (a caller's frame, the garbage collector's referrers,
a function's code or globals).

A violation is recorded before the error is raised, so a strategy that catches
the error (``try: turn.state except AttributeError: ...``) is still caught:
the tests fail on the record, not on the exception.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from generator.games.api import Action, Turn

PUBLIC = frozenset({"seat", "view", "legal", "resample", "heuristic", "with_legal"})
AUDITED = ("sys._getframe", "sys._current_frames", "gc.get_referrers", "gc.get_referents", "gc.get_objects",
           "object.__getattr__")
_RECORD: list[list[str]] = []  # the record of the decision being watched (empty: nothing watched)


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if _RECORD and event in AUDITED:
        _RECORD[-1].append(f"{event}{args[1:] if event.startswith('object.') else ''}")


sys.addaudithook(_hook)  # an audit hook cannot be removed; it records only inside watching()


@contextmanager
def watching(record: list[str]) -> Iterator[list[str]]:
    """Record into ``record`` the audit events of the code run inside."""
    _RECORD.append(record)
    try:
        yield record
    finally:
        _RECORD.pop()


class GuardedTurn(Turn):
    """A turn that records (in ``violations``) and refuses every non-public read."""

    __slots__ = ("violations",)

    def __init__(self, turn: Turn, violations: list[str] | None = None) -> None:
        object.__setattr__(self, "violations", violations if violations is not None else [])
        super().__init__(turn.seat, turn.view, turn.legal, object.__getattribute__(turn, "_resample"), turn.heuristic)

    def __getattribute__(self, name: str) -> Any:
        if name in PUBLIC or name == "__class__":
            return object.__getattribute__(self, name)
        object.__getattribute__(self, "violations").append(f"turn.{name}")
        raise AttributeError(f"a strategy may not read turn.{name}")

    def resample(self, rng: random.Random) -> Any:
        view, seat = object.__getattribute__(self, "view"), object.__getattribute__(self, "seat")
        return object.__getattribute__(self, "_resample")(view, seat, rng)

    def with_legal(self, legal: Any) -> Turn:
        inner = Turn(object.__getattribute__(self, "seat"), object.__getattribute__(self, "view"), legal,
                     object.__getattribute__(self, "_resample"), object.__getattribute__(self, "heuristic"))
        return GuardedTurn(inner, object.__getattribute__(self, "violations"))


def guarded_choice(strategy: Any, state: Any, seat: int, rng: random.Random) -> tuple[Action, list[str]]:
    """``strategy``'s choice for ``seat`` in ``state`` through a guarded turn, and the
    violations recorded (turn reads and audit events) while it decided."""
    turn = GuardedTurn(Turn.at(state, seat))
    record: list[str] = []
    with watching(record):
        action = strategy.choose(turn, rng)
    return action, [*object.__getattribute__(turn, "violations"), *record]
