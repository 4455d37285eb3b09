"""The balance thresholds a deck file (``thresholds:``) or ``--threshold key=value``
may set: every key once, with its default, the values it accepts and its meaning.

It lives in the deck layer so the loader can refuse an unknown key or an
out-of-range value with its file and line; ``generator.balance.thresholds``
re-exports the table and applies it. docs/balance.md repeats it.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Threshold:
    default: float
    help: str
    low: float = 0.0
    high: float | None = 1.0  # None: no upper bound
    high_open: bool = False  # the value must stay below ``high``

    def accepts(self) -> str:
        """The values it accepts, in words."""
        if self.high is None:
            return f"a number, {self.low:g} or more"
        if (self.low, self.high, self.high_open) == (0.0, 1.0, False):
            return "a share from 0 to 1"
        if self.high_open:
            return f"at least {self.low:g} and below {self.high:g}"
        return f"a number from {self.low:g} to {self.high:g}"

    def problem(self, value: float) -> str | None:
        """Why ``value`` is refused, or None."""
        if not math.isfinite(value) or value < self.low or (
            self.high is not None and (value >= self.high if self.high_open else value > self.high)
        ):
            return f"must be {self.accepts()}, got {value:g}"
        return None


THRESHOLDS: Mapping[str, Threshold] = MappingProxyType({
    # -- static, Weiji-style decks --------------------------------------------------
    "strength_max": Threshold(0.80, "a card whose strength (average share of the deck it beats per attribute) is above this is too strong (warning)"),
    "strength_min": Threshold(0.20, "a card whose strength is below this is too weak (warning)"),
    "no_data_max": Threshold(0.25, "share of cards with \"no data\" for one attribute above which choosing it mostly ties (warning)"),
    "pair_tie_max": Threshold(0.20, "chance that two random cards tie on one attribute (equal values or \"no data\") above this (warning)"),
    "top_tie_max": Threshold(3, "more cards than this sharing an attribute's best value (warning)", high=None),
    "correlation_max": Threshold(0.90, "two attributes whose rank correlation is above this are near copies (warning)", low=-1.0),
    "dominated_share_max": Threshold(0.20, "a card dominated by more than this share of the other cards (each never loses to it and beats it on some attribute) is dead weight (warning)"),
    # -- playtest -------------------------------------------------------------------
    "unfinished_max": Threshold(0.01, "share of unfinished games (cycles, turn cap) above which the deck is an error; any unfinished game is a warning"),
    "seat_edge_warn": Threshold(0.075, "a side (a seat, or a team) winning more than its fair share by this much with two sides, x 2/k with k sides (7.5 points for two, 3.75 for four), the interval excluding fair play (warning); with utility, twice it in standard deviations of a side's return"),
    "seat_edge_error": Threshold(0.15, "the same, by this much (error)"),
    "draws_max": Threshold(0.05, "share of drawn games (everyone ran out together) above which the deck is a warning"),
    "card_win_max": Threshold(0.90, "Weiji: a card winning more than this share of the showdowns it is shown in (warning)"),
    "card_win_min": Threshold(0.10, "Weiji: a card winning less than this share of the showdowns it is shown in (warning)"),
    "tie_rate_warn": Threshold(0.15, "Weiji: share of showdowns that tie, above which play stalls (warning)"),
    "tie_rate_error": Threshold(0.40, "Weiji: the same, above which the deck is an error"),
    "attribute_tie_max": Threshold(0.35, "Weiji: share of showdowns on one attribute that tie (warning)"),
    "card_edge_warn": Threshold(0.40, "a card whose per-card change (card impact, card removal) lies wholly beyond this many fair shares (1/sides; in a game with utility: spreads of a seat's return) either way (warning)", high=None),
    "card_edge_error": Threshold(0.80, "the same, beyond this many (error)", high=None),
    "length_p95_max": Threshold(1000, "95th percentile of game length in tricks above which games drag on (warning)", high=None),
    "confidence": Threshold(0.95, "confidence level of every interval", low=0.5, high=1.0, high_open=True),
    # -- static, suited decks -----------------------------------------------------------
    "rank_count_spread": Threshold(0, "ranks (or suits) whose card counts differ by more than this (warning)", high=None),
})


def threshold_problem(key: str, value: float) -> str | None:
    """Why ``key: value`` is not a usable threshold (an unknown key, a value out of
    its range), or None. The message does not repeat the key."""
    threshold = THRESHOLDS.get(key)
    if threshold is None:
        close = difflib.get_close_matches(key, list(THRESHOLDS), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return f"unknown threshold {key!r}{hint}; valid: {', '.join(THRESHOLDS)}"
    return threshold.problem(value)


@dataclass(frozen=True)
class Thresholds:
    """The balance thresholds in force, one typed field per key of :data:`THRESHOLDS`
    (the same names, defaults and meanings; the test checks they agree). Shares are
    fractions from 0 to 1, "points" are win-share fractions (0.075 = 7.5 points),
    card edges are multiples of the fair share (or of a return's spread), lengths are
    tricks, counts are cards. Build one with :meth:`of` (checked, as a deck file is)."""

    # static, Weiji-style decks
    strength_max: float = 0.80  # share of the deck a card beats, per attribute
    strength_min: float = 0.20  # share
    no_data_max: float = 0.25  # share of cards
    pair_tie_max: float = 0.20  # chance (share)
    top_tie_max: float = 3  # cards
    correlation_max: float = 0.90  # rank correlation, -1 to 1
    dominated_share_max: float = 0.20  # share of the other cards
    # playtest
    unfinished_max: float = 0.01  # share of games
    seat_edge_warn: float = 0.075  # win-share points over the fair share, two sides
    seat_edge_error: float = 0.15  # the same
    draws_max: float = 0.05  # share of games
    card_win_max: float = 0.90  # share of showdowns
    card_win_min: float = 0.10  # share of showdowns
    tie_rate_warn: float = 0.15  # share of showdowns
    tie_rate_error: float = 0.40  # share of showdowns
    attribute_tie_max: float = 0.35  # share of showdowns on one attribute
    card_edge_warn: float = 0.40  # fair shares (or spreads of a seat's return)
    card_edge_error: float = 0.80  # the same
    length_p95_max: float = 1000  # tricks
    confidence: float = 0.95  # confidence level, 0.5 to below 1
    # static, suited decks
    rank_count_spread: float = 0  # cards

    @classmethod
    def of(cls, values: Mapping[str, float]) -> Thresholds:
        """The defaults with ``values`` over them; an unknown key or a value out of
        range raises ValueError with :func:`threshold_problem`'s message."""
        for key, value in values.items():
            message = threshold_problem(key, float(value))
            if message:
                raise ValueError(f"{key}: {message}")
        return cls(**values)  # the table's int defaults (3, 1000, 0) stay ints: the JSON is unchanged

    def mapping(self) -> Mapping[str, float]:
        """A read-only ``{key: value}`` view, in the table's order: the public contract
        of a designer's ``findings`` hook (docs/own-game.md), which receives the
        thresholds as a mapping; designer code that indexes ``t["draws_max"]`` keeps working."""
        return MappingProxyType(asdict(self))
