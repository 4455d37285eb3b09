"""What an edit changed, and what one would change, typed: ``Report.changes`` (``check
--against``, :mod:`.changes`; JSON: ``changes``) and ``Report.suggestions`` (``check
--suggest``, :mod:`.suggest`; JSON: ``suggestions``). Written and read by the generic
JSON pair of :mod:`generator.games.jsondata`, in the keys' documented order; a value's
old and new are ``from`` and ``to`` (``from_`` here: ``from`` is Python's word).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..games.finding import Finding
from ..games.jsondata import JsonData, as_json, none


@dataclass(frozen=True)
class Change(JsonData):
    """A value before and after (a card's field, an attribute's value)."""

    from_: Any = field(metadata=as_json("from"))
    to: Any


@dataclass(frozen=True)
class CardRef(JsonData):
    """A card added or removed."""

    id: str
    name: str


@dataclass(frozen=True)
class CardEdit(JsonData):
    """A card in both versions, and each field that differs."""

    id: str
    name: str
    fields: Mapping[str, Change]


@dataclass(frozen=True)
class CardChanges(JsonData):
    """The cards added, removed and edited since the old version."""

    added: tuple[CardRef, ...] = ()
    removed: tuple[CardRef, ...] = ()
    edited: tuple[CardEdit, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.edited)


@dataclass(frozen=True)
class StrengthChange(JsonData):
    """A card's static strength, old -> new (exact: any change is shown)."""

    id: str
    name: str
    from_: float = field(metadata=as_json("from"))
    to: float
    delta: float


@dataclass(frozen=True)
class WinRateChange(JsonData):
    """A card's win rate when shown, old -> new, with the difference's interval."""

    id: str
    name: str
    from_: float = field(metadata=as_json("from"))
    to: float
    delta: float
    low: float
    high: float
    significant: bool


@dataclass(frozen=True)
class MeasureChange(JsonData):
    """A measure of the game (seat advantage, length, draws, ...), old -> new, with the
    difference's interval; ``significant``: the interval excludes zero."""

    measure: str
    from_: float = field(metadata=as_json("from"))
    to: float
    delta: float
    low: float
    high: float
    significant: bool


@dataclass(frozen=True)
class OldVersion(JsonData):
    """The old version as its report named it."""

    deck: str
    cards: int
    verdict: str


@dataclass(frozen=True)
class FindingChanges(JsonData):
    """Findings that appeared since the old version, and those that went."""

    appeared: tuple[Finding, ...] = ()
    disappeared: tuple[Finding, ...] = ()


@dataclass(frozen=True)
class Applied(JsonData):
    """A suggestion written into the deck's file (``--apply``)."""

    card: str
    file: str
    changes: Mapping[str, Change]


@dataclass(frozen=True)
class Changes(JsonData):
    """The ``changes`` of ``check --against`` (and of ``--apply``: ``applied``)."""

    against: str
    old: OldVersion
    cards: CardChanges
    strength: tuple[StrengthChange, ...]
    win_rates: tuple[WinRateChange, ...]
    measures: tuple[MeasureChange, ...]
    findings: FindingChanges
    significant: tuple[str, ...]
    worse: bool
    applied: tuple[Applied, ...] | None = field(default=None, metadata=as_json(omit=none))


@dataclass(frozen=True)
class Suggestion(JsonData):
    """A suggested change to one card's attribute values (``--suggest``), verified by a
    new simulation: the values old -> new, in words, the strength old -> new, the
    verification's verdict and the diff of the deck file."""

    card: str
    direction: str  # weaken | strengthen
    reason: str
    changes: Mapping[str, Change]
    change: str
    strength: str
    verified: str
    ok: bool
    diff: str
