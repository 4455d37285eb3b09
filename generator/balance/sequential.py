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

A designer's own game (played by the pure-Python reference engine, so every
game costs) is checked sequentially with any strategy, and its stop waits for
the whole play verdict (:func:`verdict_decided`): the seats, the share of draws
and of unfinished games against their thresholds, and the 95th percentile of the
game length against ``length_p95_max``. Its per-card measures (card impact, card
removal) and the skill gap are sequential too: a change stops once its interval
lies in one band (:func:`change_decided`).

Looking several times at the same interval makes it a little less certain than
its nominal level; rounds of 150 games keep the looks few (at most 6 for the
default 1,000 games).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..deck.thresholds import Thresholds
from ..games.stats import Summary
from .intervals import quantile_ci, wilson

ROUND = 150
SOME, MUCH = 0.03, 0.15  # the bands of a change (skill gap, card impact, card removal): none, some, much


def costly(strategy: str | None) -> bool:
    """Does a seat search (``expert``, ``expert:N``)? Then the playtest is sequential."""
    return any(name.strip().startswith("expert") for name in (strategy or "").split(","))


def seats_decided(summary: Summary, t: Thresholds, sides: int,
                  teams: Sequence[Sequence[int]] | None = None) -> bool:
    """Is every side's verdict (none, warning, error) the same at both ends of its interval?
    ``teams``: a designer's game's teams, judged as the report judges them; the thresholds
    scale with the number of sides, and a game with ``utility`` is judged in it (:mod:`.sides`)."""
    from .sides import sides_decided

    return sides_decided(summary, t, sides, teams)


def verdict_decided(summary: Summary, t: Thresholds, sides: int,
                    teams: Sequence[Sequence[int]] | None = None) -> bool:
    """Is the whole play verdict decided: every seat (:func:`seats_decided`), and the
    draws, unfinished games and long games each on one side of their threshold at
    both ends of their interval? (Any unfinished game is a warning: an interval
    below ``unfinished_max`` counts as decided, as a rare cycle may appear later.)"""
    if not seats_decided(summary, t, sides, teams):
        return False
    n, conf = summary.games, t.confidence
    for count, limit in ((summary.draws, t.draws_max), (summary.unfinished, t.unfinished_max)):
        low, high = wilson(count, n, conf)
        if (low > limit) != (high > limit):
            return False
    if summary.lengths:
        _, low, high = quantile_ci(summary.lengths, 0.95, conf)
        if (low > t.length_p95_max) != (high > t.length_p95_max):
            return False
    return True


def change_decided(change: float, low: float, high: float) -> bool:
    """Is a change's size decided: both ends of its interval, folded to sizes (either
    direction; an interval holding 0 starts at 0), in one band (under :data:`SOME`,
    under :data:`MUCH`, or more)?"""
    a, b = folded(low, high)
    return _size_band(a) == _size_band(b)


def folded(low: float, high: float) -> tuple[float, float]:
    """The interval of a change seen as a size: its ends' distance from 0, in order."""
    if low <= 0.0 <= high:
        return 0.0, max(-low, high)
    a, b = sorted((abs(low), abs(high)))
    return a, b


def _size_band(x: float) -> int:
    return 0 if x < SOME else 1 if x < MUCH else 2
