"""Balance thresholds: documented defaults, overridden by the deck file's
``thresholds:`` mapping, then by ``--threshold key=value`` on the command line.

Every key is listed here once with its default and meaning; docs/balance.md
repeats the table. Unknown keys are refused (a typo must not silently switch a
check off).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..deck.model import Deck
from ..errors import DeckError, ParameterError, Problem


@dataclass(frozen=True)
class Threshold:
    default: float
    help: str


THRESHOLDS: Mapping[str, Threshold] = MappingProxyType({
    # -- static, Weiji-style decks --------------------------------------------------
    "strength_max": Threshold(0.80, "a card whose strength (average share of the deck it beats per attribute) is above this is too strong (warning)"),
    "strength_min": Threshold(0.20, "a card whose strength is below this is too weak (warning)"),
    "no_data_max": Threshold(0.25, "share of cards with \"no data\" for one attribute above which choosing it mostly ties (warning)"),
    "pair_tie_max": Threshold(0.20, "chance that two random cards tie on one attribute (equal values or \"no data\") above this (warning)"),
    "top_tie_max": Threshold(3, "more cards than this sharing an attribute's best value (warning)"),
    "correlation_max": Threshold(0.90, "two attributes whose rank correlation is above this are near copies (warning)"),
    "dominated_share_max": Threshold(0.20, "a card dominated by more than this share of the other cards (each never loses to it and beats it on some attribute) is dead weight (warning)"),
    # -- playtest -------------------------------------------------------------------
    "unfinished_max": Threshold(0.01, "share of unfinished games (cycles, turn cap) above which the deck is an error; any unfinished game is a warning"),
    "seat_edge_warn": Threshold(0.10, "a seat winning more (or less) than its fair share by this much, with the interval excluding fair play (warning)"),
    "seat_edge_error": Threshold(0.20, "the same, by this much (error)"),
    "draws_max": Threshold(0.05, "share of drawn games (everyone ran out together) above which the deck is a warning"),
    "card_win_max": Threshold(0.90, "Weiji: a card winning more than this share of the showdowns it is shown in (warning)"),
    "card_win_min": Threshold(0.10, "Weiji: a card winning less than this share of the showdowns it is shown in (warning)"),
    "tie_rate_warn": Threshold(0.15, "Weiji: share of showdowns that tie, above which play stalls (warning)"),
    "tie_rate_error": Threshold(0.40, "Weiji: the same, above which the deck is an error"),
    "attribute_tie_max": Threshold(0.35, "Weiji: share of showdowns on one attribute that tie (warning)"),
    "length_p95_max": Threshold(1000, "95th percentile of game length in tricks above which games drag on (warning)"),
    "confidence": Threshold(0.95, "confidence level of every interval"),
    # -- static, suited decks -----------------------------------------------------------
    "rank_count_spread": Threshold(0, "ranks (or suits) whose card counts differ by more than this (warning)"),
})


def resolve_thresholds(deck: Deck, overrides: Mapping[str, float] | None = None) -> dict[str, float]:
    """Defaults, then the deck file's ``thresholds:``, then ``overrides``."""
    out = {k: t.default for k, t in THRESHOLDS.items()}
    bad = [k for k in deck.thresholds if k not in THRESHOLDS]
    if bad:
        raise DeckError([Problem(f"unknown threshold {k!r}; valid: {', '.join(THRESHOLDS)}", deck.path, field="thresholds") for k in bad])
    out.update(deck.thresholds)
    for key, value in (overrides or {}).items():
        if key not in THRESHOLDS:
            raise ParameterError(f"--threshold: unknown threshold {key!r}; valid: {', '.join(THRESHOLDS)}")
        out[key] = float(value)
    if not 0.5 <= out["confidence"] < 1:
        raise ParameterError(f"threshold confidence must be between 0.5 and 1, got {out['confidence']}")
    return out


def parse_thresholds(items: Iterable[str]) -> dict[str, float]:
    """``["card_win_max=0.8"]`` -> ``{"card_win_max": 0.8}`` (CLI ``--threshold``)."""
    out: dict[str, float] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ParameterError(f"--threshold takes key=value, got {item!r}")
        if key not in THRESHOLDS:
            raise ParameterError(f"--threshold: unknown threshold {key!r}; valid: {', '.join(THRESHOLDS)}")
        try:
            out[key] = float(text)
        except ValueError:
            raise ParameterError(f"--threshold {key}: not a number, got {text.strip()!r}") from None
    return out
