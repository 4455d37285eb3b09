"""Common random numbers for the per-card measures: each card's games are compared,
pair by pair, with the same seeded games played as usual.

Card removal (:mod:`.card_removal`) plays game ``i`` of the run (the random stream
:func:`generator.games.runner.game_rng` ``(seed, i)``) with the deck less the card
and compares it with game ``i`` of the whole deck; card impact (:mod:`.card_impact`)
plays game ``i`` with one seat that never takes the card and compares that seat's
result with the same seat's result in game ``i`` as usually played. A card that
changes nothing gives the same game twice: every difference is 0, so its measure
reads exactly 0 (an interval of one point, 0 to 0).

The measure of one seat in one game is the game's own (:func:`outcome`): its return
where the game class declares ``utility`` (chips, points), else its win share (1 for
a win, a draw shared, 0 for a loss). Each pair gives one difference; a card's change
is their mean, with a normal interval of the mean difference (:class:`Paired`).

A card is measured in rounds and stops once its change is decided against the
per-card band (:func:`decided`): both ends of its interval, as sizes, on one side of
each edge (the warning's and the error's; :func:`band`). Clear cards stop after one
round, cards near an edge get every game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ..deck.thresholds import Thresholds
from ..games.api import returns_of
from ..games.finding import Level
from ..games.jsondata import JsonData, as_json
from .intervals import z_value
from .sequential import folded

if TYPE_CHECKING:
    from .run import Run

WARN, ERROR = "card_edge_warn", "card_edge_error"  # the thresholds of the band (docs/balance.md)


class Outcome(NamedTuple):
    """One game as the per-card measures read it: the per-seat measure (:func:`outcome`),
    draw, unfinished, length, and the cards each seat was offered (an action naming them)."""

    values: tuple[float, ...]
    draw: bool
    unfinished: bool
    tricks: int
    seen: tuple[frozenset[str], ...] = ()


def outcome(result: Any, players: int, seen: Sequence[set[str]] = ()) -> Outcome:
    """A game's :class:`Outcome`: each seat's return (``utility``) or win share (draws shared)."""
    values = tuple(float(v) for v in returns_of(result, players))
    return Outcome(values, bool(result.draw), bool(result.unfinished), int(result.tricks),
                   tuple(frozenset(s) for s in seen))


@dataclass
class Paired:
    """Differences of pairs (a card's game minus the usual game), and both sides' means."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    mine: float = 0.0  # the card's side, summed
    usual: float = 0.0  # the usual side, summed

    def add(self, value: float, usual: float) -> None:
        d = value - usual
        self.n += 1
        self.total += d
        self.squares += d * d
        self.mine += value
        self.usual += usual

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def interval(self, confidence: float, span: float = 1.0, pseudo: float | None = None) -> tuple[float, float, float]:
        """(mean difference, low, high): the normal interval of the mean of the pairs'
        differences. Its spread is taken with two pseudo-differences of +-``pseudo``
        (default ``span``/2: half the widest a difference can be) so that a few equal
        differences are not read as certain, and it is clipped to +-``span`` (``span`` 0:
        neither, a plain interval). Every difference 0 (the same games) gives exactly
        (0, 0, 0)."""
        if not self.n or (self.total == 0.0 and self.squares == 0.0):
            return 0.0, 0.0, 0.0
        mean = self.mean
        if span <= 0:
            if self.n < 2:
                return mean, mean, mean  # one game: no spread to tell
            variance = (self.squares - self.n * mean * mean) / (self.n - 1)
            half = z_value(confidence) * math.sqrt(max(0.0, variance) / self.n)
            return mean, mean - half, mean + half
        extra = span / 2 if pseudo is None else pseudo
        n = self.n + 2
        centre = self.total / n  # the pseudo-differences cancel in the sum
        variance = (self.squares + 2 * extra * extra - n * centre * centre) / (n - 1)
        half = z_value(confidence) * math.sqrt(max(0.0, variance) / self.n)
        return mean, max(-span, mean - half), min(span, mean + half)

    def means(self) -> tuple[float, float]:
        """(the card's side, the usual side): the mean of each."""
        return (self.mine / self.n, self.usual / self.n) if self.n else (0.0, 0.0)


@dataclass(frozen=True)
class Band(JsonData):
    """The per-card band in the game's own measure: a change beyond ``warn`` (either way)
    is a warning, beyond ``error`` an error. ``unit``: ``share`` (win share, points) or
    ``return`` (a game that declares ``utility``: mean return); ``scale``: what the
    thresholds multiply (the fair share 1/k of k sides, or the spread of a seat's return)."""

    warn: float
    error: float
    unit: str = "share"
    scale: float = 0.5
    span: float = 1.0  # the widest a difference of one pair can be (utility: max - min return)
    pseudo: float = 0.5  # the pseudo-differences' size: half a win, or a seat's return spread (utility)
    # False: every card plays its most games (a full run, the benchmarks' baseline); not in the JSON
    stop: bool = field(default=True, metadata=as_json(place="skip"))
    basis: str = ""  # in words: "0.4 and 0.8 times the fair share of 2 sides, 50.0 %"


def band(t: Thresholds, sides: int, utility: tuple[float, float] | None = None, spread: float = 0.0) -> Band:
    """The band from the thresholds: ``card_edge_warn`` and ``card_edge_error`` times the
    fair share of ``sides`` sides (1/k), or, in a game that declares ``utility``, times
    the spread (standard deviation) of a seat's return in the playtest (``spread``);
    ``utility``: the game's bounds of a return, None for a game without them."""
    warn, error = t.card_edge_warn, t.card_edge_error
    if utility is not None:
        span = max(1e-9, float(utility[1]) - float(utility[0]))
        scale = spread if spread > 0 else span / 2
        basis = f"{warn:g} and {error:g} times the spread (standard deviation) of a seat's return, {scale:.2f}"
        return Band(warn * scale, error * scale, "return", scale, span, pseudo=scale, basis=basis)
    scale = 1.0 / max(1, sides)
    basis = f"{warn:g} and {error:g} times the fair share of {max(1, sides)} sides, {100 * scale:.1f} %"
    return Band(warn * scale, error * scale, "share", scale, 1.0, basis=basis)


def level(low: float, high: float, b: Band) -> Level | None:
    """``error``, ``warning`` or None: how far the whole interval lies outside the band."""
    a, _ = folded(low, high)
    if a > b.error:
        return "error"
    if a > b.warn:
        return "warning"
    return None


def decided(low: float, high: float, b: Band) -> bool:
    """Is the change's size on one side of both edges at both ends of its interval?"""
    if not b.stop:
        return False
    a, z = folded(low, high)
    return all((a > edge) == (z > edge) for edge in (b.warn, b.error))


def spread_of(summary: Any) -> float:
    """The pooled spread (standard deviation) of a seat's return over the playtest's games
    (0 when the summary has no returns: a game without ``utility``)."""
    n = getattr(summary, "games", 0)
    if not n or not getattr(summary, "returns", None):
        return 0.0
    variances = [max(0.0, sq / n - (total / n) ** 2) for total, sq in zip(summary.returns, summary.returns_sq,
                                                                         strict=True)]
    return math.sqrt(sum(variances) / len(variances)) if variances else 0.0


def utility_bounds(run: Run) -> tuple[float, float] | None:
    """The bounds of a return where ``run``'s game declares ``utility`` (else None)."""
    from ..games.api import utility_of
    from ..games.registry import make_game

    built = make_game(run.spec, run.deck, run.params)
    return utility_of(built) if getattr(built, "utility", None) is not None else None
