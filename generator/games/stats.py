"""Streaming statistics over many games.

A :class:`Summary` adds one :class:`~generator.games.api.Result` at a time and
keeps only sums and a histogram of game lengths (bounded by the turn cap), so
memory does not grow with the number of games. Summaries of disjoint game
ranges merge exactly (integer sums; parallel jobs give the same figures).
Length statistics cover every game, unfinished ones at the length where they
were cut off.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .api import Result


@dataclass
class Summary:
    game: str
    params: dict[str, Any]
    seed: int
    players: int
    strategy: str | None = None
    games: int = 0
    wins: list[int] = field(default_factory=list)  # per seat
    draws: int = 0
    unfinished: int = 0
    lengths: Counter[int] = field(default_factory=Counter)  # tricks -> games
    tricks: int = 0  # total tricks over all games
    details: dict[str, float] = field(default_factory=dict)  # summed Result.details
    card_stats: dict[str, list[int]] = field(default_factory=dict)  # card id -> [shown, won]
    scores: list[float] = field(default_factory=list)  # summed points per seat
    engine: str = "reference"  # which engine played: "reference" (State API) or "fast" (compiled kernels)
    seat_scores: list[Counter[float]] = field(default_factory=list)  # per seat: points -> games (games with scores)
    returns: list[float] = field(default_factory=list)  # summed returns per seat (games whose class declares utility)
    returns_sq: list[float] = field(default_factory=list)  # summed squared returns per seat (their intervals)
    # per seat, summed over games: its return minus the mean of every seat's return in the same game
    # (its edge over the table, paired game by game), and that edge squared: the balance report's seat
    # advantage in a utility game (generator/balance/sides.py)
    edges: list[float] = field(default_factory=list)
    edges_sq: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players
        if not self.scores:
            self.scores = [0.0] * self.players

    def add(self, result: Result) -> None:
        self.games += 1
        if result.unfinished:
            self.unfinished += 1
        elif result.winner is None:
            self.draws += 1
        else:
            self.wins[result.winner] += 1
        self.lengths[result.tricks] += 1
        self.tricks += result.tricks
        details = self.details
        for key, value in result.details.items():
            details[key] = details.get(key, 0.0) + value
        stats = self.card_stats
        for card, (shown, won) in result.card_stats.items():
            entry = stats.get(card)
            if entry is None:
                stats[card] = [shown, won]
            else:
                entry[0] += shown
                entry[1] += won
        if result.returns:
            if not self.returns:
                self.returns, self.returns_sq = [0.0] * self.players, [0.0] * self.players
                self.edges, self.edges_sq = [0.0] * self.players, [0.0] * self.players
            table = sum(result.returns) / len(result.returns)
            for seat, r in enumerate(result.returns):
                self.returns[seat] += r
                self.returns_sq[seat] += r * r
                self.edges[seat] += r - table
                self.edges_sq[seat] += (r - table) ** 2
        if result.scores and not self.seat_scores:
            self.seat_scores = [Counter() for _ in range(self.players)]
        for seat, points in enumerate(result.scores):
            self.scores[seat] += points
            self.seat_scores[seat][float(points)] += 1

    def merge(self, other: Summary) -> None:
        """Add the games of ``other`` (a summary of other game indices)."""
        self.games += other.games
        self.draws += other.draws
        self.unfinished += other.unfinished
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.scores = [a + b for a, b in zip(self.scores, other.scores, strict=True)]
        if other.seat_scores:
            if not self.seat_scores:
                self.seat_scores = [Counter() for _ in range(self.players)]
            for mine, theirs in zip(self.seat_scores, other.seat_scores, strict=True):
                mine.update(theirs)
        if other.returns:
            if not self.returns:
                self.returns, self.returns_sq = [0.0] * self.players, [0.0] * self.players
            self.returns = [a + b for a, b in zip(self.returns, other.returns, strict=True)]
            self.returns_sq = [a + b for a, b in zip(self.returns_sq, other.returns_sq, strict=True)]
            if other.edges:
                edges = self.edges or [0.0] * self.players
                squares = self.edges_sq or [0.0] * self.players
                self.edges = [a + b for a, b in zip(edges, other.edges, strict=True)]
                self.edges_sq = [a + b for a, b in zip(squares, other.edges_sq, strict=True)]
        self.lengths.update(other.lengths)
        self.tricks += other.tricks
        for key, value in other.details.items():
            self.details[key] = self.details.get(key, 0.0) + value
        for card, (shown, won) in other.card_stats.items():
            entry = self.card_stats.setdefault(card, [0, 0])
            entry[0] += shown
            entry[1] += won

    def percentile(self, p: float) -> int:
        """Nearest-rank percentile of game lengths: the smallest length L such
        that at least ``p`` of the games took L tricks or fewer."""
        if not self.games:
            return 0
        need = max(1, -(-int(round(p * self.games * 1_000_000)) // 1_000_000))
        seen = 0
        for length in sorted(self.lengths):
            seen += self.lengths[length]
            if seen >= need:
                return length
        return max(self.lengths)

    def length(self) -> dict[str, float]:
        if not self.games:
            return {"mean": 0.0, "median": 0, "p95": 0, "max": 0}
        return {
            "mean": self.tricks / self.games,
            "median": self.percentile(0.5),
            "p95": self.percentile(0.95),
            "max": max(self.lengths),
        }

    def mean_returns(self, z: float = 1.96) -> list[dict[str, float]]:
        """Per seat, for a game that declares ``utility``: the mean return and its
        normal-approximation interval (``z`` = 1.96: 95 %); empty for other games."""
        if not self.returns or not self.games:
            return []
        n = self.games
        out = []
        for total, squares in zip(self.returns, self.returns_sq, strict=True):
            mean = total / n
            var = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
            half = z * (var / n) ** 0.5
            out.append({"mean": mean, "low": mean - half, "high": mean + half})
        return out

    def seat_strategies(self) -> list[str]:
        """The strategy of every seat, seat 0 first (empty: no decisions)."""
        if not self.strategy:
            return []
        names = self.strategy.split(",")
        return names if len(names) > 1 else names * self.players

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "params": self.params,
            "games": self.games,
            "seed": self.seed,
            "strategy": self.strategy,
            "strategies": self.seat_strategies(),
            "engine": self.engine,
            "length": self.length(),
            "unfinished": self.unfinished,
            "wins": self.wins,
            "draws": self.draws,
            "details": dict(sorted(self.details.items())),
        }
        if self.card_stats:
            out["card_stats"] = {k: list(v) for k, v in sorted(self.card_stats.items())}
        if self.returns:
            out["mean_returns"] = self.mean_returns()
        if any(self.scores):
            out["mean_scores"] = [s / self.games for s in self.scores] if self.games else self.scores
            out["score_totals"] = self.scores
        return out
