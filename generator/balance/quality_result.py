"""``check --quality``'s measures, typed (``Playtest.quality``; JSON: ``playtest.quality``).

:func:`generator.balance.quality.quality` measures them as JSON; :meth:`Quality.from_json`
reads that (or an old ``balance.json``) and :meth:`Quality.to_json` writes the same keys
in the same order (the generic pair of :mod:`generator.games.jsondata` over the fields),
so the report's JSON is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..games.jsondata import JsonData, as_json, empty, none
from ..games.reporting import Share


def _no_decisions(b: Branching, value: Any) -> bool:
    return not b.decisions


@dataclass(frozen=True)
class Branching(JsonData):
    """Legal actions per decision: mean, median, most, and the share of forced decisions
    (one legal action); ``decisions`` 0: the games had no decision."""

    decisions: int
    mean: float = field(default=0.0, metadata=as_json(omit=_no_decisions))
    median: float = field(default=0.0, metadata=as_json(omit=_no_decisions))
    max: int = field(default=0, metadata=as_json(omit=_no_decisions))
    forced: float = field(default=0.0, metadata=as_json(omit=_no_decisions))



@dataclass(frozen=True)
class Move(JsonData):
    """A kind of action: how often it was chosen of the times it was offered (with its
    interval), and whether it is dominant."""

    action: str
    chosen: int
    offered: int
    share: float
    low: float
    high: float
    dominant: bool



@dataclass(frozen=True)
class DecisionsMatter(JsonData):
    """Of the decisions probed, those whose choice changed the outcome."""

    probed: int
    matter: int
    share: float
    low: float
    high: float



@dataclass(frozen=True)
class Lead(JsonData):
    """Lead changes a game; decisiveness, drama and comebacks where games were decided."""

    lead_changes: float
    decisiveness: float | None = field(default=None, metadata=as_json(omit=none))
    drama: float | None = field(default=None, metadata=as_json(omit=none))
    comebacks: Share | None = field(default=None, metadata=as_json(omit=none))



@dataclass(frozen=True)
class Quality(JsonData):
    """The game-quality measures of ``games`` recorded games (docs/balance.md)."""

    games: int
    branching: Branching = field(metadata=as_json(read=lambda raw: Branching.from_json(raw or {})))
    moves: tuple[Move, ...] = field(default=(), metadata=as_json(read=lambda raw: tuple(Move.from_json(m) for m in raw or ())))
    decisions_matter: DecisionsMatter | None = field(default=None, metadata=as_json(
        omit=none, read=lambda raw: DecisionsMatter.from_json(raw) if raw else None))
    lead: Lead | None = field(default=None, metadata=as_json(omit=none, read=lambda raw: Lead.from_json(raw) if raw else None))
    not_measured: str | None = field(default=None, metadata=as_json(omit=none))  # what the game gives no heuristic for
    # (measure, why): measures that failed, the others given (JSON: a mapping)
    failed: tuple[tuple[str, str], ...] = field(default=(), metadata=as_json(
        omit=empty, write=dict, read=lambda raw: tuple((str(k), str(v)) for k, v in (raw or {}).items())))
