"""docs/balance.md documents every threshold with its default and every finding code."""

from __future__ import annotations

import re
from pathlib import Path

from generator.balance.thresholds import THRESHOLDS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "balance.md").read_text()
CODES = ("unbeatable", "hopeless", "too_strong", "too_weak", "dominated", "no_data", "ties", "top_ties", "near_copies",
         "no_rank", "duplicate", "missing", "uneven_ranks", "unfinished", "draws", "seat_advantage", "seat_disadvantage", "long_games",
         "tie_rate", "attribute_ties", "card_wins", "card_loses", "too_few_cards", "strong_card", "trap_card",
         "card_shifts_seats", "target_missed")


def test_every_threshold_is_documented_with_its_default() -> None:
    for key, t in THRESHOLDS.items():
        assert re.search(rf"\| `{key}` \| {t.default:g} \|", DOC), key


def test_every_finding_code_is_documented() -> None:
    for code in CODES:
        assert f"`{code}`" in DOC, code
