"""What the balance checks return: findings (the verdict) and the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .result import Playtest

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    """One problem: ``level``, a stable ``code`` (for scripts), a plain-language
    ``message`` that carries its evidence, the cards and attributes it concerns
    and the figures behind it."""

    level: Level
    code: str
    message: str
    cards: tuple[str, ...] = ()
    attributes: tuple[str, ...] = ()
    evidence: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"level": self.level, "code": self.code, "message": self.message}
        if self.cards:
            out["cards"] = list(self.cards)
        if self.attributes:
            out["attributes"] = list(self.attributes)
        if self.evidence:
            out["evidence"] = self.evidence
        return out


@dataclass
class BalanceReport:
    """Everything ``deckpress check`` found about one deck: the static checks, the
    playtest (a typed :class:`~.result.Playtest`), the findings and what was added
    on request (suggestions, changes, design targets)."""

    deck: str  # display name
    key: str  # bundled name or file stem
    game: str
    cards: int  # printed cards
    thresholds: dict[str, float]
    static: dict[str, Any] = field(default_factory=dict)
    playtest: Playtest | None = None  # None: --games 0
    findings: list[Finding] = field(default_factory=list)
    suggestions: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was not checked, and why
    changes: dict[str, Any] | None = None  # check --against: what changed since OLD (balance/changes.py)
    targets: list[dict[str, Any]] | None = None  # the deck's design targets, judged (balance/targets.py)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BalanceReport:
        """A report as ``to_json`` wrote it (``balance.json``), for comparing versions."""
        findings = [Finding(f["level"], f["code"], f["message"], tuple(f.get("cards", ())),
                            tuple(f.get("attributes", ())), dict(f.get("evidence", {}))) for f in data.get("findings", [])]
        return cls(deck=data.get("deck", ""), key=data.get("key", ""), game=data.get("game", ""),
                   cards=int(data.get("cards", 0)), thresholds=dict(data.get("thresholds", {})),
                   static=dict(data.get("static") or {}),
                   playtest=_playtest(data.get("playtest")), findings=findings,
                   notes=list(data.get("notes", [])))

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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deck": self.deck,
            "key": self.key,
            "game": self.game,
            "cards": self.cards,
            "verdict": self.verdict(),
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "findings": [f.to_json() for f in self.findings],
            "thresholds": self.thresholds,
            "static": self.static,
            "playtest": self.playtest.to_json() if self.playtest is not None else None,
        }
        if self.suggestions:
            out["suggestions"] = self.suggestions
        if self.notes:
            out["notes"] = self.notes
        if self.changes is not None:
            out["changes"] = self.changes
        if self.targets is not None:
            out["targets"] = self.targets
        return out


def _playtest(data: Any) -> Playtest | None:
    """The playtest of a ``balance.json``; None for none, or one written in a shape this
    version cannot read (the comparison then speaks of the static checks alone)."""
    if not data:
        return None
    try:
        return Playtest.from_json(data)
    except (KeyError, TypeError, ValueError):
        return None


Report = BalanceReport  # the name every caller and old code uses
