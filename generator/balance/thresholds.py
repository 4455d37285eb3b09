"""Balance thresholds: documented defaults, overridden by the deck file's
``thresholds:`` mapping, then by ``--threshold key=value`` on the command line.

Every key is listed once, with its default, range and meaning, in
``generator.deck.thresholds`` (the deck loader checks a deck file's keys and
values against it with their lines); docs/balance.md repeats the table. Unknown
keys and out-of-range values are refused (a typo must not silently switch a
check off).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from ..deck.model import Deck
from ..deck.thresholds import THRESHOLDS, Threshold, Thresholds, threshold_problem
from ..errors import DeckError, ParameterError, Problem

__all__ = ["THRESHOLDS", "Threshold", "Thresholds", "parse_thresholds", "resolve_thresholds"]


def resolve_thresholds(deck: Deck, overrides: Mapping[str, float] | None = None) -> Thresholds:
    """Defaults, then the deck file's ``thresholds:``, then ``overrides``: the one place
    the thresholds in force are built, checked as a deck file's are."""
    out = {k: t.default for k, t in THRESHOLDS.items()}
    # load_deck has checked a deck file's thresholds (with their lines); a deck built in code has not
    bad = [(k, threshold_problem(k, v)) for k, v in deck.thresholds.items()]
    if any(message for _, message in bad):
        raise DeckError([Problem(m, deck.path, field=f"thresholds.{k}") for k, m in bad if m])
    out.update(deck.thresholds)
    for key, value in (overrides or {}).items():
        message = threshold_problem(key, float(value))
        if message:
            raise ParameterError(f"--threshold {key}: {message}" if key in THRESHOLDS else f"--threshold: {message}")
        out[key] = float(value)
    return Thresholds.of(out)


def parse_thresholds(items: Iterable[str]) -> dict[str, float]:
    """``["card_win_max=0.8"]`` -> ``{"card_win_max": 0.8}`` (CLI ``--threshold``),
    each key and value checked against the same table as a deck file's."""
    out: dict[str, float] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ParameterError(f"--threshold takes key=value, got {item!r}")
        try:
            value = float(text)
        except ValueError:
            value = math.nan
            if key in THRESHOLDS:
                raise ParameterError(f"--threshold {key}: not a number, got {text.strip()!r}") from None
        message = threshold_problem(key, value)
        if message:
            raise ParameterError(f"--threshold {key}: {message}" if key in THRESHOLDS else f"--threshold: {message}")
        out[key] = value
    return out
