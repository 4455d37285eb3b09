"""Which cards dominate which: card ``j`` dominates card ``i`` when ``j`` beats ``i`` on
some attribute and ``i`` beats ``j`` on none ("no data" neither beats nor is beaten).

Dominance is a relation between pairs, so its time cannot be linear in the deck; its
memory is kept so. Small decks (up to ``NUMPY_UP_TO`` cards) compare every pair with
numpy, a block of rows at a time (memory: a block of rows x the deck, never n x n x
attributes). Larger decks use a compiled kernel over bit sets: per attribute, the cards
that ``i`` does not beat are a prefix of the cards sorted by that attribute (those with
no data first), built from checkpoint bit sets every ``block`` positions; ANDing one per
attribute gives, per card, the cards it cannot beat anywhere, in n/64 machine words.
Time n^2 x attributes / 64, memory bounded by ``CHECKPOINT_BYTES``.

Returned per card: the number of cards dominating it and the first ``keep`` of them in
deck order (all of them when ``keep`` >= the deck size).
"""

from __future__ import annotations

from typing import Any

import numpy as np

NUMPY_UP_TO = 3000  # cards: above this, the bit-set kernel
ROWS = 256  # rows per numpy block (memory: 3 x ROWS x n booleans)
CHECKPOINT_BYTES = 96 << 20  # the kernel's checkpoint bit sets, at most (about)


def dominators(grid: np.ndarray, keep: int) -> tuple[np.ndarray, np.ndarray]:
    """(count per card, first ``keep`` dominators per card as indices, -1 padded)."""
    n = len(grid)
    keep = max(0, min(keep, n))
    if n <= NUMPY_UP_TO:
        return _numpy(grid, keep)
    return _bitsets(grid, keep)


def _numpy(grid: np.ndarray, keep: int) -> tuple[np.ndarray, np.ndarray]:
    n, k = grid.shape
    counts = np.zeros(n, np.int64)
    first = np.full((n, keep), -1, np.int32)
    they = np.empty((min(ROWS, n), n), bool)  # [i, j]: j beats i on some attribute
    mine = np.empty_like(they)  # [i, j]: i beats j on some attribute
    step = np.empty_like(they)
    with np.errstate(invalid="ignore"):
        for start in range(0, n, ROWS):
            rows = grid[start:start + ROWS]
            m = len(rows)
            t, s, o = they[:m], mine[:m], step[:m]
            t[:] = False
            s[:] = False
            for a in range(k):
                np.greater(grid[None, :, a], rows[:, a, None], out=o)
                t |= o
                np.greater(rows[:, a, None], grid[None, :, a], out=o)
                s |= o
            t &= ~s
            counts[start:start + m] = t.sum(axis=1)
            if keep:
                for r in range(m):
                    found = np.flatnonzero(t[r])[:keep]
                    first[start + r, :len(found)] = found
    return counts, first


def _orders(grid: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per attribute: the cards in the order "no data" first, then best to worst
    (``down``) or worst to best (``up``), and per card the length of the prefix of each
    order that holds exactly the cards it does not beat (``down``) / that do not beat it
    (``up``); n for a card with no data on that attribute."""
    n, k = grid.shape
    down = np.empty((k, n), np.int64)
    up = np.empty((k, n), np.int64)
    reach_down = np.empty((k, n), np.int64)
    reach_up = np.empty((k, n), np.int64)
    for a in range(k):
        col = grid[:, a]
        missing = np.isnan(col)
        gaps = np.flatnonzero(missing)
        has = np.flatnonzero(~missing)
        ascending = has[np.argsort(col[has], kind="stable")]
        values = col[ascending]
        down[a] = np.concatenate([gaps, ascending[::-1]])
        up[a] = np.concatenate([gaps, ascending])
        # cards i does not beat: no data, or value >= its own; cards that do not beat i: value <= its own
        reach_down[a] = len(gaps) + len(values) - np.searchsorted(values, col, side="left")
        reach_up[a] = len(gaps) + np.searchsorted(values, col, side="right")
        reach_down[a, missing] = n
        reach_up[a, missing] = n
    return down, up, reach_down, reach_up


def _bitsets(grid: np.ndarray, keep: int) -> tuple[np.ndarray, np.ndarray]:
    n, k = grid.shape
    words = (n + 63) // 64
    block = 64
    while 2 * k * (n // block + 1) * words * 8 > CHECKPOINT_BYTES:
        block *= 2
    down, up, reach_down, reach_up = _orders(grid)
    kernel = _kernel()
    return kernel(down, up, reach_down, reach_up, n, words, block, keep)  # type: ignore[no-any-return]


_COMPILED: dict[str, Any] = {}


def _kernel() -> Any:
    """The compiled kernel (numba imported and compiled, or loaded from its cache, on first use)."""
    if "run" not in _COMPILED:
        from .dominance_kernel import dominance_kernel  # numba: loaded only for large decks

        _COMPILED["run"] = dominance_kernel
    return _COMPILED["run"]
