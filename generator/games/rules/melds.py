"""Rummy melds for rules files (gin-rummy): the functions ``deadwood`` and ``melds``
of the expression language.

Cards are ``(rank, suit)`` pairs, rank 1 (ace, low) to 13 (king), one deck (no two
cards alike); a card's deadwood value is its rank, face cards 10. A meld is a set
(3 or 4 cards of one rank) or a run (3 or more cards of one suit in sequence; the
ace is low only: A-2-3 is a run, Q-K-A is not). Melds may not share a card.

* ``deadwood(cards)``: the lowest deadwood count of the cards over every way of
  forming melds from them.
* ``melds(cards)``: the melds of one such best way (a list of melds, each a sorted
  list of cards; the first best way found in a fixed order, so always the same).
* ``deadwood(cards, melds)``: the lowest deadwood count left when the cards' player
  may also lay cards off onto ``melds`` (the knocker's): a card of a set's rank joins
  the set, a card next to a run's end in its suit extends the run (and may let the
  next card follow). The player chooses their own melds and lay-offs together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, cast

Card = tuple[int, Any]


def value(card: Card) -> int:
    """A card's deadwood value: its rank, face cards 10."""
    return min(int(card[0]), 10)


def _candidates(cards: tuple[Card, ...]) -> list[int]:
    """Every meld the cards (sorted by rank) can form, as a bit mask of their positions."""
    out: list[int] = []
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[Any, list[int]] = {}
    for i, (rank, suit) in enumerate(cards):
        by_rank.setdefault(rank, []).append(i)
        by_suit.setdefault(suit, []).append(i)
    for same in by_rank.values():
        if len(same) >= 3:
            whole = sum(1 << i for i in same)
            out.append(whole)
            if len(same) == 4:
                out += [whole & ~(1 << i) for i in same]
    for same in by_suit.values():
        if len(same) < 3:
            continue
        for start in range(len(same) - 2):
            mask = 1 << same[start]
            last = cards[same[start]][0]
            for k in range(start + 1, len(same)):
                rank = cards[same[k]][0]
                if rank != last + 1:
                    break
                last = rank
                mask |= 1 << same[k]
                if k - start >= 2:
                    out.append(mask)
    return out


def _arrangements(cards: tuple[Card, ...]) -> list[tuple[int, list[int]]]:
    """Every set of non-overlapping melds (the union of their masks, and the melds),
    as ``(used mask, [meld masks])``, in a fixed order: the empty arrangement first."""
    found: list[tuple[int, list[int]]] = []
    candidates = _candidates(cards)

    def walk(k: int, used: int, chosen: list[int]) -> None:
        found.append((used, list(chosen)))
        for j in range(k, len(candidates)):
            m = candidates[j]
            if not m & used:
                chosen.append(m)
                walk(j + 1, used | m, chosen)
                chosen.pop()
    walk(0, 0, [])
    return found


def _key(cards: Iterable[Any]) -> tuple[Card, ...]:
    return tuple(sorted((int(c[0]), c[1]) for c in cards))


def _has_meld(cards: tuple[Card, ...]) -> bool:
    """Whether any meld can be formed (three of a rank, or three in sequence in a suit): a
    quick test, as most hands of random play have none."""
    ranks: dict[int, int] = {}
    suits: dict[Any, int] = {}
    for rank, suit in cards:
        ranks[rank] = ranks.get(rank, 0) + 1
        suits[suit] = suits.get(suit, 0) | 1 << rank
    return max(ranks.values(), default=0) >= 3 or any(m & m >> 1 & m >> 2 for m in suits.values())


@lru_cache(maxsize=65_536)
def _best(cards: tuple[Card, ...]) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    total = sum(r if r < 10 else 10 for r, _ in cards)
    if not _has_meld(cards):
        return total, ()
    best_dw, best_melds = total + 1, cast("tuple[tuple[Card, ...], ...]", ())
    for used, chosen in _arrangements(cards):
        dw = sum(value(c) for i, c in enumerate(cards) if not used >> i & 1)
        if dw < best_dw:
            best_dw = dw
            best_melds = tuple(tuple(c for i, c in enumerate(cards) if m >> i & 1) for m in chosen)
    return best_dw, best_melds


def _lay_off(left: list[Card], onto: Sequence[Sequence[Card]]) -> list[Card]:
    """The cards of ``left`` that cannot be laid off onto the melds ``onto``."""
    sets = {int(m[0][0]) for m in onto if len({int(c[0]) for c in m}) == 1}
    runs = [[min(int(c[0]) for c in m), max(int(c[0]) for c in m), m[0][1]]
            for m in onto if len({int(c[0]) for c in m}) > 1]
    rest = list(left)
    changed = True
    while changed:
        changed = False
        for card in list(rest):
            rank, suit = int(card[0]), card[1]
            run = next((r for r in runs if r[2] == suit and rank in (r[0] - 1, r[1] + 1)), None)
            if run is not None:
                run[0], run[1] = min(run[0], rank), max(run[1], rank)
            elif rank not in sets:
                continue
            rest.remove(card)
            changed = True
    return rest


def deadwood(cards: Iterable[Any], onto: Sequence[Sequence[Any]] | None = None) -> int:
    """See the module docstring."""
    key = _key(cards)
    if onto is None:
        return _best(key)[0]
    melds_onto = [[(int(c[0]), c[1]) for c in m] for m in onto]
    best = sum(value(c) for c in key)
    for used, _chosen in _arrangements(key):
        left = [c for i, c in enumerate(key) if not used >> i & 1]
        best = min(best, sum(value(c) for c in _lay_off(left, melds_onto)))
    return best


def melds(cards: Iterable[Any]) -> list[list[Card]]:
    """See the module docstring."""
    return [list(m) for m in _best(_key(cards))[1]]


FUNCTIONS: dict[str, Callable[..., Any]] = {"deadwood": deadwood, "melds": melds}
