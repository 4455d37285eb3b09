"""Static checks of a Weiji-style deck (numeric attributes), no simulation.

Conventions: a card's values are compared as a showdown compares them —
``better: lower`` respected, "no data" (None) can neither win nor lose (it
ties). Printed copies count as separate cards.

Memory is linear in the deck and time n log n (sorting each attribute, counting with
``searchsorted``), except dominance, a relation between pairs (``dominance.py``:
bounded memory, n^2/64 time). Decks over ``FULL_LISTS_UP_TO`` cards list the first
``LISTED`` dominators of each card in deck order, with their number in
``dominated_count``. The all-pairs computation these replace is kept in
tests/balance/test_static_scale.py as the reference they must equal.
"""

from __future__ import annotations

import numpy as np

from ..deck.model import Deck
from .dominance import dominators
from .static_result import AttributeStat, AttributeStatic, CardStrength, Correlation, Histogram

FULL_LISTS_UP_TO = 2000  # cards: up to here every card lists all the cards that dominate it
LISTED = 20  # dominators listed per card in larger decks (the count is exact)


def _goodness(deck: Deck) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(card ids, values as "higher is better" with NaN for no data, copies)."""
    ids = [c.id for c in deck.cards]
    grid = np.full((len(ids), len(deck.attributes)), np.nan)
    for i, card in enumerate(deck.cards):
        for a, attr in enumerate(deck.attributes):
            v = card.value(attr.key)
            if v is not None:
                grid[i, a] = -v if attr.better == "lower" else v
    copies = np.array([c.copies for c in deck.cards], dtype=float)
    return ids, grid, copies


def beats_matrix(grid: np.ndarray) -> np.ndarray:
    """``B[i, j, a]``: card i beats card j on attribute a (NaN never beats). n x n x
    attributes: for tests and small decks only; the checks count by sorting instead."""
    with np.errstate(invalid="ignore"):
        return np.asarray(grid[:, None, :] > grid[None, :, :])


def _ranks(x: np.ndarray) -> np.ndarray:
    """Average ranks (ties share their mean rank)."""
    order = np.argsort(x, kind="mergesort")
    ranks = np.empty(len(x))
    ranks[order] = np.arange(1, len(x) + 1)
    values = x[order]
    starts = np.flatnonzero(np.concatenate([[True], values[1:] != values[:-1]])) if len(x) else np.array([], int)
    ends = np.append(starts[1:], len(x))  # a run of equal values: positions starts..ends-1
    tied = ends - starts > 1
    for lo, hi in zip(starts[tied], ends[tied], strict=True):
        ranks[order[lo:hi]] = (lo + 1 + hi) / 2  # the mean of the ranks lo+1 .. hi
    return ranks


def beaten_share(grid: np.ndarray, copies: np.ndarray) -> np.ndarray:
    """``S[i, a]``: printed cards card i beats on attribute a (sorted counts, n log n)."""
    share = np.zeros(grid.shape)
    for a in range(grid.shape[1]):
        col = grid[:, a]
        has = ~np.isnan(col)
        order = np.argsort(col[has], kind="stable")
        values = col[has][order]
        below = np.concatenate([[0.0], np.cumsum(copies[has][order])])  # copies of the first r values
        share[has, a] = below[np.searchsorted(values, col[has], side="left")]
    return share


def spearman(x: np.ndarray, y: np.ndarray) -> float | None:
    both = ~(np.isnan(x) | np.isnan(y))
    if both.sum() < 3:
        return None
    rx, ry = _ranks(x[both]), _ranks(y[both])
    if rx.std() == 0 or ry.std() == 0:
        return None
    return float(np.corrcoef(rx, ry)[0, 1])


def attribute_stats(deck: Deck, grid: np.ndarray, copies: np.ndarray, ids: list[str]) -> list[AttributeStat]:
    n = copies.sum()
    out = []
    for a, attr in enumerate(deck.attributes):
        col = grid[:, a]
        has = ~np.isnan(col)
        raw = [deck.cards[i].value(attr.key) for i in range(len(ids))]
        values = np.array([v for v in raw if v is not None], dtype=float)
        weights = copies[has]
        no_data = [ids[i] for i in range(len(ids)) if not has[i]]
        m = copies[~has].sum()
        _, group = np.unique(col[has], return_inverse=True)
        per_value = np.bincount(group.ravel(), weights=copies[has]) if has.any() else np.zeros(0)
        same = float(sum(float(c) * (c - 1) for c in per_value))
        pairs = n * (n - 1)
        with_none = pairs - (n - m) * (n - m - 1)
        best_g = col[has].max() if has.any() else None
        top = [ids[i] for i in range(len(ids)) if has[i] and col[i] == best_g]
        hist: list[int] = []
        edges: list[float] = []
        if len(values):
            counts, bins = np.histogram(values, bins=min(8, max(1, len(np.unique(values)))), weights=weights)
            hist, edges = [int(c) for c in counts], [float(b) for b in bins]
        out.append(AttributeStat(
            key=attr.key, label=attr.label, unit=attr.unit, better=attr.better,
            min=float(values.min()) if len(values) else None,
            max=float(values.max()) if len(values) else None,
            mean=float(np.average(values, weights=weights)) if len(values) else None,
            median=float(np.median(values)) if len(values) else None,
            distinct=int(len(np.unique(values))),
            best=float(abs(best_g)) if best_g is not None else None,
            top_cards=tuple(top),
            top_ties=int(copies[has & (col == best_g)].sum()) if top else 0,
            no_data=tuple(no_data),
            no_data_share=float(m / n) if n else 0.0,
            pair_tie=float((same + with_none) / pairs) if pairs else 0.0,
            histogram=Histogram(tuple(hist), tuple(edges)),
        ))
    return out


def card_stats(deck: Deck, grid: np.ndarray, copies: np.ndarray, ids: list[str]) -> tuple[list[CardStrength], dict[str, tuple[str, ...]]]:
    """Per card: strength, attributes it is (tied-)best on, unbeatable, hopeless;
    and the dominance graph (card -> the cards that dominate it)."""
    n = copies.sum()
    others = np.maximum(1.0, n - 1)
    # share of the other printed cards beaten, per attribute, then averaged
    share = beaten_share(grid, copies) / others
    strength = share.mean(axis=1) if grid.shape[1] else np.zeros(len(ids))
    col_best = np.nanmax(np.where(np.isnan(grid), -np.inf, grid), axis=0) if len(ids) else np.full(grid.shape[1], -np.inf)
    col_worst = np.nanmin(np.where(np.isnan(grid), np.inf, grid), axis=0) if len(ids) else np.full(grid.shape[1], np.inf)
    missing = np.isnan(grid)
    # no card beats i on any attribute: on each, i has no data or the best value (and the reverse)
    unbeatable = np.all(missing | (grid == col_best), axis=1)
    hopeless = np.all(missing | (grid == col_worst), axis=1)
    top_copies = [copies[grid[:, a] == col_best[a]].sum() for a in range(grid.shape[1])]
    keep = len(ids) if len(ids) <= FULL_LISTS_UP_TO else LISTED
    counts, first = dominators(grid, keep)
    dominated: dict[str, tuple[str, ...]] = {}
    cards = []
    for i, cid in enumerate(ids):
        best_on = [deck.attributes[a].key for a in range(grid.shape[1]) if not missing[i, a] and grid[i, a] == col_best[a]]
        sole = [k for a, k in enumerate(deck.attributes) if k.key in best_on and int(top_copies[a]) == 1]
        by = tuple(ids[j] for j in first[i, :counts[i]] if j >= 0)
        if by:
            dominated[cid] = by
        cards.append(CardStrength(
            id=cid,
            name=deck.cards[i].name,
            strength=float(strength[i]),
            per_attribute={deck.attributes[a].key: float(share[i, a]) for a in range(grid.shape[1])},
            best_on=tuple(best_on),
            sole_best_on=tuple(a.key for a in sole),
            no_data=tuple(deck.attributes[a].key for a in range(grid.shape[1]) if missing[i, a]),
            unbeatable=bool(unbeatable[i]),
            hopeless=bool(hopeless[i]),
            dominated_by=by,
            dominated_count=int(counts[i]) if len(ids) > FULL_LISTS_UP_TO else None,
        ))
    return cards, dominated


def correlations(deck: Deck, grid: np.ndarray) -> list[Correlation]:
    """Rank correlation of every pair of attributes (as "better" values)."""
    out = []
    keys = [a.key for a in deck.attributes]
    for a in range(len(keys)):
        for b in range(a + 1, len(keys)):
            rho = spearman(grid[:, a], grid[:, b])
            if rho is not None:
                out.append(Correlation(keys[a], keys[b], rho))
    return out


def weiji_static(deck: Deck) -> AttributeStatic:
    ids, grid, copies = _goodness(deck)
    cards, dominated = card_stats(deck, grid, copies, ids)
    return AttributeStatic(attributes=tuple(attribute_stats(deck, grid, copies, ids)), cards=tuple(cards),
                           dominance=dominated, correlations=tuple(correlations(deck, grid)))
