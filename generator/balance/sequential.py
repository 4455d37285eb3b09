"""Sequential testing: a costly playtest stops once its verdict is decided.

A playtest whose seats search (any ``expert``) costs tens of milliseconds a game,
so ``check`` plays it in rounds of :data:`ROUND` games and looks at the seat
verdict after each round: every seat's win-share interval (Wilson, at the
report's confidence) must lie within one band of its edge over the fair share
(no finding up to ``seat_edge_warn``, a warning up to ``seat_edge_error``, an
error beyond). Once every seat is decided the playtest stops; ``--games`` is
the most it plays. The games are the first N of the seeded run, so the result
equals a fixed run of ``--games N`` (the report gives N, and a note says the
run stopped early). Cheap strategies (the compiled kernels play thousands of
games a second) always play every game asked for.

Looking several times at the same interval makes it a little less certain than
its nominal level; rounds of 150 games keep the looks few (at most 6 for the
default 1,000 games).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..games.stats import Summary
from .intervals import wilson

ROUND = 150


def costly(strategy: str | None) -> bool:
    """Does a seat search (``expert``, ``expert:N``)? Then the playtest is sequential."""
    return any(name.strip().startswith("expert") for name in (strategy or "").split(","))


def seats_decided(summary: Summary, t: Mapping[str, float], sides: int) -> bool:
    """Is every seat's verdict (none, warning, error) the same at both ends of its interval?"""
    if len(set(summary.seat_strategies())) > 1:
        return False  # seats play differently: no seat verdict, so nothing to decide early
    decided = sum(summary.wins)
    if not decided or sides < 2:
        return False
    fair = 1 / sides
    for wins in summary.wins[:sides]:
        low, high = wilson(wins, decided, t["confidence"])
        if _band(low - fair, t) != _band(high - fair, t):
            return False
    return True


def _band(edge: float, t: Mapping[str, float]) -> int:
    return 0 if edge <= t["seat_edge_warn"] else 1 if edge <= t["seat_edge_error"] else 2
