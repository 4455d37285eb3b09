"""``check --quality``'s measures, typed (``Playtest.quality``; JSON: ``playtest.quality``).

:func:`generator.balance.quality.quality` measures them as JSON; :meth:`Quality.from_json`
reads that (or an old ``balance.json``) and :meth:`Quality.to_json` writes the same keys
in the same order, so the report's JSON is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..games.reporting import Share


@dataclass(frozen=True)
class Branching:
    """Legal actions per decision: mean, median, most, and the share of forced decisions
    (one legal action); ``decisions`` 0: the games had no decision."""

    decisions: int
    mean: float = 0.0
    median: float = 0.0
    max: int = 0
    forced: float = 0.0

    def to_json(self) -> dict[str, Any]:
        if not self.decisions:
            return {"decisions": 0}
        return {"decisions": self.decisions, "mean": self.mean, "median": self.median, "max": self.max,
                "forced": self.forced}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Branching:
        if not d.get("decisions"):
            return cls(0)
        return cls(d["decisions"], d["mean"], d["median"], d["max"], d["forced"])


@dataclass(frozen=True)
class Move:
    """A kind of action: how often it was chosen of the times it was offered (with its
    interval), and whether it is dominant."""

    action: str
    chosen: int
    offered: int
    share: float
    low: float
    high: float
    dominant: bool

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "chosen": self.chosen, "offered": self.offered, "share": self.share,
                "low": self.low, "high": self.high, "dominant": self.dominant}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Move:
        return cls(d["action"], d["chosen"], d["offered"], d["share"], d["low"], d["high"], d["dominant"])


@dataclass(frozen=True)
class DecisionsMatter:
    """Of the decisions probed, those whose choice changed the outcome."""

    probed: int
    matter: int
    share: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"probed": self.probed, "matter": self.matter, "share": self.share, "low": self.low, "high": self.high}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> DecisionsMatter:
        return cls(d["probed"], d["matter"], d["share"], d["low"], d["high"])


@dataclass(frozen=True)
class Lead:
    """Lead changes a game; decisiveness, drama and comebacks where games were decided."""

    lead_changes: float
    decisiveness: float | None = None
    drama: float | None = None
    comebacks: Share | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"lead_changes": self.lead_changes}
        if self.decisiveness is not None:
            out["decisiveness"] = self.decisiveness
        if self.drama is not None:
            out["drama"] = self.drama
        if self.comebacks is not None:
            out["comebacks"] = self.comebacks.to_json()
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Lead:
        return cls(d["lead_changes"], d.get("decisiveness"), d.get("drama"),
                   Share.from_json(d["comebacks"]) if "comebacks" in d else None)


@dataclass(frozen=True)
class Quality:
    """The game-quality measures of ``games`` recorded games (docs/balance.md)."""

    games: int
    branching: Branching
    moves: tuple[Move, ...] = ()
    decisions_matter: DecisionsMatter | None = None
    lead: Lead | None = None
    not_measured: str | None = None  # what the game gives no heuristic for
    failed: tuple[tuple[str, str], ...] = ()  # (measure, why): measures that failed, the others given

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"games": self.games, "branching": self.branching.to_json(),
                               "moves": [m.to_json() for m in self.moves]}
        if self.decisions_matter is not None:
            out["decisions_matter"] = self.decisions_matter.to_json()
        if self.lead is not None:
            out["lead"] = self.lead.to_json()
        if self.not_measured is not None:
            out["not_measured"] = self.not_measured
        if self.failed:
            out["failed"] = dict(self.failed)
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Quality:
        return cls(d["games"], Branching.from_json(d.get("branching") or {}),
                   tuple(Move.from_json(m) for m in d.get("moves") or ()),
                   DecisionsMatter.from_json(d["decisions_matter"]) if d.get("decisions_matter") else None,
                   Lead.from_json(d["lead"]) if d.get("lead") else None, d.get("not_measured"),
                   tuple((str(k), str(v)) for k, v in (d.get("failed") or {}).items()))
