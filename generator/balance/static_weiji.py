"""Static checks of a Weiji-style deck (numeric attributes), no simulation.

Conventions: a card's values are compared as a showdown compares them —
``better: lower`` respected, "no data" (None) can neither win nor lose (it
ties). Printed copies count as separate cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..deck.model import Deck


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
    """``B[i, j, a]``: card i beats card j on attribute a (NaN never beats)."""
    with np.errstate(invalid="ignore"):
        return np.asarray(grid[:, None, :] > grid[None, :, :])


def _ranks(x: np.ndarray) -> np.ndarray:
    """Average ranks (ties share their mean rank)."""
    order = np.argsort(x, kind="mergesort")
    ranks = np.empty(len(x))
    ranks[order] = np.arange(1, len(x) + 1)
    for value in np.unique(x):
        same = x == value
        if same.sum() > 1:
            ranks[same] = ranks[same].mean()
    return ranks


def spearman(x: np.ndarray, y: np.ndarray) -> float | None:
    both = ~(np.isnan(x) | np.isnan(y))
    if both.sum() < 3:
        return None
    rx, ry = _ranks(x[both]), _ranks(y[both])
    if rx.std() == 0 or ry.std() == 0:
        return None
    return float(np.corrcoef(rx, ry)[0, 1])


def attribute_stats(deck: Deck, grid: np.ndarray, copies: np.ndarray, ids: list[str]) -> list[dict[str, Any]]:
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
        same = 0.0
        for g in np.unique(col[has]):
            c = copies[has][col[has] == g].sum()
            same += c * (c - 1)
        pairs = n * (n - 1)
        with_none = pairs - (n - m) * (n - m - 1)
        best_g = col[has].max() if has.any() else None
        top = [ids[i] for i in range(len(ids)) if has[i] and col[i] == best_g]
        hist: list[int] = []
        edges: list[float] = []
        if len(values):
            counts, bins = np.histogram(values, bins=min(8, max(1, len(np.unique(values)))), weights=weights)
            hist, edges = [int(c) for c in counts], [float(b) for b in bins]
        out.append({
            "key": attr.key, "label": attr.label, "unit": attr.unit, "better": attr.better,
            "min": float(values.min()) if len(values) else None,
            "max": float(values.max()) if len(values) else None,
            "mean": float(np.average(values, weights=weights)) if len(values) else None,
            "median": float(np.median(values)) if len(values) else None,
            "distinct": int(len(np.unique(values))),
            "best": float(abs(best_g)) if best_g is not None else None,
            "top_cards": top,
            "top_ties": int(copies[[ids.index(t) for t in top]].sum()) if top else 0,
            "no_data": no_data,
            "no_data_share": float(m / n) if n else 0.0,
            "pair_tie": float((same + with_none) / pairs) if pairs else 0.0,
            "histogram": {"counts": hist, "edges": edges},
        })
    return out


def card_stats(deck: Deck, grid: np.ndarray, copies: np.ndarray, ids: list[str]) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
    """Per card: strength, attributes it is (tied-)best on, unbeatable, hopeless;
    and the dominance graph (card -> the cards that dominate it)."""
    beats = beats_matrix(grid)
    n = copies.sum()
    others = np.maximum(1.0, n - 1)
    # share of the other printed cards beaten, per attribute, then averaged
    share = np.einsum("ija,j->ia", beats, copies) / others
    strength = share.mean(axis=1) if grid.shape[1] else np.zeros(len(ids))
    col_best = np.nanmax(np.where(np.isnan(grid), -np.inf, grid), axis=0) if len(ids) else np.array([])
    beaten_by: np.ndarray = np.asarray(beats.any(axis=2))  # [i, j]: i beats j on some attribute
    dominated: dict[str, list[str]] = {}
    cards = []
    for i, cid in enumerate(ids):
        best_on = [deck.attributes[a].key for a in range(grid.shape[1]) if not np.isnan(grid[i, a]) and grid[i, a] == col_best[a]]
        sole = [k for a, k in enumerate(deck.attributes) if k.key in best_on and int(((grid[:, a] == grid[i, a]) * copies).sum()) == 1]
        by = [ids[j] for j in range(len(ids)) if j != i and beaten_by[j, i] and not beaten_by[i, j]]
        if by:
            dominated[cid] = by
        cards.append({
            "id": cid,
            "name": deck.cards[i].name,
            "strength": float(strength[i]),
            "per_attribute": {deck.attributes[a].key: float(share[i, a]) for a in range(grid.shape[1])},
            "best_on": best_on,
            "sole_best_on": [a.key for a in sole],
            "no_data": [deck.attributes[a].key for a in range(grid.shape[1]) if np.isnan(grid[i, a])],
            "unbeatable": bool(not beaten_by[:, i].any()),
            "hopeless": bool(not beaten_by[i, :].any()),
            "dominated_by": by,
        })
    return cards, dominated


def correlations(deck: Deck, grid: np.ndarray) -> list[dict[str, Any]]:
    """Rank correlation of every pair of attributes (as "better" values)."""
    out = []
    keys = [a.key for a in deck.attributes]
    for a in range(len(keys)):
        for b in range(a + 1, len(keys)):
            rho = spearman(grid[:, a], grid[:, b])
            if rho is not None:
                out.append({"a": keys[a], "b": keys[b], "rho": rho})
    return out


def weiji_static(deck: Deck) -> dict[str, Any]:
    ids, grid, copies = _goodness(deck)
    cards, dominated = card_stats(deck, grid, copies, ids)
    return {
        "kind": "attributes",
        "attributes": attribute_stats(deck, grid, copies, ids),
        "cards": cards,
        "dominance": dominated,
        "correlations": correlations(deck, grid),
    }
