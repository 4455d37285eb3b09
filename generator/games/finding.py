"""A finding of the balance verdict: :class:`Finding`. It lives here, below the balance
layer, so that a game's own report section (:mod:`.reporting`) makes its findings as
the verdict keeps them (``Section.findings``), not as mappings the balance layer turns
into findings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .jsondata import JsonData, as_json, empty

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding(JsonData):
    """One problem: ``level``, a stable ``code`` (for scripts), a plain-language
    ``message`` that carries its evidence, the cards and attributes it concerns
    and the figures behind it (``evidence``: JSON, the keys docs/balance.md names
    per code)."""

    level: Level
    code: str
    message: str
    cards: tuple[str, ...] = field(default=(), metadata=as_json(omit=empty))
    attributes: tuple[str, ...] = field(default=(), metadata=as_json(omit=empty))
    evidence: Mapping[str, Any] = field(default_factory=dict, metadata=as_json(omit=empty))

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Finding:
        """A finding from a designer's ``findings`` hook (a mapping of the same keys; cards
        and attributes any sequence)."""
        return cls(data["level"], data["code"], data["message"], tuple(data.get("cards", ())),
                   tuple(data.get("attributes", ())), dict(data.get("evidence") or {}))
