"""War in the balance report (its spec's ``report``): wars per game, and game length
by players and packs."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..reporting import ReportHooks, Row, Share

DRAWS = "the last players ran out of cards together"  # [war.all-out-draw]


def section(s: Any, deck: Any, share: Share) -> dict[str, Any]:
    n = max(1, s.games)
    return {
        "wars_per_game": s.details.get("wars", 0.0) / n,
        "wars_per_trick": s.details.get("wars", 0.0) / max(1, s.tricks),
        "set_aside_per_game": s.details.get("set_aside", 0.0) / n,
    }


def rows(w: Mapping[str, Any], pdf: bool) -> list[Row]:
    return [("wars per game", f"{w['wars_per_game']:.2f}", "")]


REPORT = ReportHooks(section=section, rows=rows, grid=MappingProxyType({"packs": (1, 2), "players": (2, 3, 4)}),
                     covered=frozenset(), draws=DRAWS)
