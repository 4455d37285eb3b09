"""War in the balance report (its spec's ``report``): wars per game, and game length
by players and packs."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..reporting import ReportHooks, Row, Section, ShareOf

DRAWS = "the last players ran out of cards together"  # [war.all-out-draw]


@dataclass(frozen=True)
class WarSection(Section):
    """``playtest.war``: wars per game and per trick, cards set aside per game."""

    wars_per_game: float
    wars_per_trick: float
    set_aside_per_game: float

    def rows(self, pdf: bool) -> list[Row]:
        return [("wars per game", f"{self.wars_per_game:.2f}", "")]


def section(s: Any, deck: Any, share: ShareOf) -> WarSection:
    n = max(1, s.games)
    return WarSection(s.details.get("wars", 0.0) / n, s.details.get("wars", 0.0) / max(1, s.tricks),
                      s.details.get("set_aside", 0.0) / n)


REPORT = ReportHooks(section=section, load=WarSection.from_json,
                     grid=MappingProxyType({"packs": (1, 2), "players": (2, 3, 4)}), covered=frozenset(), draws=DRAWS)
