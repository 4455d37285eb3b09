"""Sides, not seats: how the balance report judges an advantage (docs/balance.md, "Sides").

A game has k *sides*: its seats, or its teams where it has partners (a designer's
``teams``, a built-in spec's ``sides``). The fair share of the decided games is 1/k.
``seat_edge_warn`` and ``seat_edge_error`` are stated for two sides (fair 50 %) and
scale with the fair share: for k sides they are multiplied by 2/k (the defaults, 7.5
and 15 points for two sides, are 5 and 10 for three, 3.75 and 7.5 for four). A side is
a finding when its interval excludes the fair share and its edge above it passes the
scaled threshold (the advantaged sides carry the finding, as before).

A game that declares ``utility`` (chips, points) is judged in utility, not in games
won: a side's edge is its mean return minus the mean return of the table in the same
game (paired game by game; for a team, the mean over its seats), with its normal
interval; its threshold is in standard deviations of that edge, twice the scaled
win-share threshold (a fair coin's standard deviation is 0.5, so 7.5 points of win
share are 0.15 standard deviations: Kuhn poker's +0.125 chips a hand for the first
player under random play, 0.09 standard deviations, is no finding).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..deck.thresholds import Thresholds
from ..games.jsondata import JsonData
from ..games.stats import Summary
from .intervals import wilson, z_value

__all__ = ["ReturnEdge", "band", "deficit", "return_edges", "scaled", "sides_decided", "utility_threshold"]


def scaled(t: Thresholds, sides: int) -> tuple[float, float]:
    """The (warning, error) edges in win-share points for ``sides`` sides: the thresholds
    are stated for two and scale with the fair share (x 2/k)."""
    factor = 2 / max(2, sides)
    return t.seat_edge_warn * factor, t.seat_edge_error * factor


def utility_threshold(t: Thresholds, sides: int) -> tuple[float, float]:
    """The (warning, error) edges in standard deviations of a side's edge (a utility game)."""
    warn, error = scaled(t, sides)
    return 2 * warn, 2 * error


def deficit(t: Thresholds, sides: int) -> tuple[float, float]:
    """The (warning, error) shortfalls below the fair share for ``sides`` sides (three or
    more): the scaled thresholds times k - 1; infinite for two sides (no such finding)."""
    if sides < 3:
        return math.inf, math.inf
    warn, error = scaled(t, sides)
    return warn * (sides - 1), error * (sides - 1)


def band(low: float, high: float, warn: float, error: float) -> tuple[int, int]:
    """The verdict (0 none, 1 warning, 2 error) at each end of an edge's interval (an edge at
    or below fair is none: the advantaged sides carry the finding)."""

    def one(edge: float) -> int:
        return 0 if edge <= warn else 1 if edge <= error else 2

    return one(low), one(high)


@dataclass(frozen=True)
class ReturnEdge(JsonData):
    """A side's edge in utility: its mean return minus the table's, with its interval,
    and the standard deviation of one game's edge (the threshold's unit)."""

    mean: float
    low: float
    high: float
    sd: float
    games: int

    @property
    def size(self) -> float:
        """The edge in standard deviations (0 where every game had the same edge)."""
        return self.mean / self.sd if self.sd > 0 else 0.0



def return_edges(summary: Summary, teams: Sequence[Sequence[int]] | None, confidence: float) -> tuple[ReturnEdge, ...]:
    """Per side (each seat, or each team of ``teams``), its edge in utility; empty for a game
    without ``utility``. A team's edge is its seats' mean; its standard deviation the mean
    of theirs (an upper bound: equal where partners share their returns, as they usually do)."""
    n = summary.games
    if not summary.edges or n < 2:
        return ()
    z = z_value(confidence)
    per_seat = []
    for total, squares in zip(summary.edges, summary.edges_sq, strict=True):
        mean = total / n
        sd = math.sqrt(max(0.0, squares / n - mean * mean) * n / (n - 1))
        per_seat.append((mean, sd))
    groups = [tuple(team) for team in teams] if teams else [(s,) for s in range(len(per_seat))]
    out = []
    for group in groups:
        mean = sum(per_seat[s][0] for s in group) / len(group)
        sd = sum(per_seat[s][1] for s in group) / len(group)
        half = z * sd / math.sqrt(n)
        out.append(ReturnEdge(mean, mean - half, mean + half, sd, n))
    return tuple(out)


def sides_decided(summary: Summary, t: Thresholds, sides: int,
                  teams: Sequence[Sequence[int]] | None = None) -> bool:
    """Is every side's verdict the same at both ends of its interval? In utility for a game
    that declares it, else in win share of the decided games (``teams``: a designer's)."""
    if len(set(summary.seat_strategies())) > 1:
        return False  # seats play differently: no side verdict, so nothing to decide early
    if summary.edges:
        edges = return_edges(summary, teams, t.confidence)
        if len(edges) < 2:
            return False
        warn, error = utility_threshold(t, len(edges))
        short = tuple(2 * x for x in deficit(t, len(edges)))
        for e in edges:
            if e.sd <= 0:
                continue
            a, b = band(e.low / e.sd, e.high / e.sd, warn, error)
            c, d = band(-e.high / e.sd, -e.low / e.sd, *short)
            if a != b or c != d:
                return False
        return True
    decided = sum(summary.wins)
    per_side = [sum(summary.wins[i] for i in team) for team in teams] if teams else list(summary.wins[:sides])
    k = len(per_side)
    if not decided or k < 2:
        return False
    fair = 1 / k
    warn, error = scaled(t, k)
    short = deficit(t, k)
    for wins in per_side:
        low, high = wilson(wins, decided, t.confidence)
        a, b = band(low - fair, high - fair, warn, error)
        c, d = band(fair - high, fair - low, *short)
        if a != b or c != d:
            return False
    return True
