"""What the balance checks return: findings (the verdict) and the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..games.finding import Finding, Level
from ..games.jsondata import JsonData, as_json, empty, none
from .changes_result import Changes, Suggestion
from .result import Playtest
from .static_result import Static, read_static
from .targets import TargetResult

__all__ = ["BalanceReport", "Finding", "Level", "Report"]  # Finding: made in games/, kept here for old imports


def _counts(report: BalanceReport) -> dict[str, Any]:
    """The verdict and its counts, written before the findings (they are not read back)."""
    return {"verdict": report.verdict(), "errors": len(report.errors), "warnings": len(report.warnings)}


def _playtest(data: Any) -> Playtest | None:
    """The playtest of a ``balance.json``; None for none, or one written in a shape this
    version cannot read (the comparison then speaks of the static checks alone)."""
    if not data:
        return None
    try:
        return Playtest.from_json(data)
    except (KeyError, TypeError, ValueError):
        return None


@dataclass
class BalanceReport(JsonData):
    """Everything ``deckpress check`` found about one deck: the static checks, the
    playtest (a typed :class:`~.result.Playtest`), the findings and what was added
    on request (suggestions, changes, design targets)."""

    deck: str = ""  # display name
    key: str = ""  # bundled name or file stem
    game: str = ""
    cards: int = 0  # printed cards
    # the findings, after the verdict and its counts (JSON: verdict, errors, warnings; not read back)
    findings: list[Finding] = field(default_factory=list, metadata=as_json(before=_counts))
    thresholds: dict[str, float] = field(default_factory=dict)
    # the static checks, by the deck's kind (an old report without them: kind "")
    static: Static = field(default_factory=lambda: Static(""), metadata=as_json(read=read_static))
    playtest: Playtest | None = field(default=None, metadata=as_json(read=_playtest))  # None: --games 0
    suggestions: list[Suggestion] = field(default_factory=list, metadata=as_json(omit=empty))
    notes: list[str] = field(default_factory=list, metadata=as_json(omit=empty))  # what was not checked, and why
    # check --against: what changed since OLD (balance/changes.py)
    changes: Changes | None = field(default=None, metadata=as_json(omit=none))
    # the deck's design targets, judged (balance/targets.py)
    targets: list[TargetResult] | None = field(default=None, metadata=as_json(omit=none))

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "warning"]

    def exit_code(self, strict: bool = False) -> int:
        """0 clean, 1 errors (or warnings with ``strict``)."""
        return 1 if self.errors or (strict and self.warnings) else 0

    def verdict(self) -> str:
        if self.errors:
            return f"{len(self.errors)} error(s), {len(self.warnings)} warning(s)"
        if self.warnings:
            return f"no errors, {len(self.warnings)} warning(s)"
        return "no problems found"


Report = BalanceReport  # the name every caller and old code uses
