"""Static checks of a suited deck (War, trick-taking): rank and suit counts,
duplicates and missing cards versus the deck's suits x ranks."""

from __future__ import annotations

from collections import Counter

from ..deck.model import Deck
from .static_result import Duplicate, Missing, SuitedStatic


def suited_static(deck: Deck) -> SuitedStatic:
    ranks = Counter[str]()
    suits = Counter[str]()
    pairs = Counter[tuple[str, str]]()
    holders: dict[tuple[str, str], list[str]] = {}
    no_rank: list[str] = []
    no_suit: list[str] = []
    for card in deck.cards:
        if card.rank is None:
            no_rank.append(card.id)
        if card.suit is None:
            no_suit.append(card.id)
        if card.rank is not None:
            ranks[card.rank] += card.copies
        if card.suit is not None:
            suits[card.suit] += card.copies
        if card.rank is not None and card.suit is not None:
            pairs[(card.suit, card.rank)] += card.copies
            holders.setdefault((card.suit, card.rank), []).append(card.id)
    duplicates = tuple(Duplicate(s, r, n, tuple(holders[(s, r)])) for (s, r), n in sorted(pairs.items()) if n > 1)
    missing = tuple(
        Missing(s.key, r.key) for s in deck.suits for r in deck.ranks if (s.key, r.key) not in pairs
    ) if deck.suits and deck.ranks else ()
    return SuitedStatic(
        ranks={r.key: ranks.get(r.key, 0) for r in deck.ranks} | {k: v for k, v in ranks.items() if k not in {r.key for r in deck.ranks}},
        suits={s.key: suits.get(s.key, 0) for s in deck.suits} | {k: v for k, v in suits.items() if k not in {s.key for s in deck.suits}},
        strengths={r.key: r.strength for r in deck.ranks},
        duplicates=duplicates,
        missing=missing,
        no_rank=tuple(no_rank),
        no_suit=tuple(no_suit),
        expected=len(deck.suits) * len(deck.ranks),
        printed=sum(c.copies for c in deck.cards),
    )
