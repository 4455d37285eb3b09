"""The compiled part of ``dominance.py``: dominators of every card from bit sets.

Imported only for decks above ``dominance.NUMPY_UP_TO`` cards; numba's cache folder is
chosen first (``generator.games.fast`` configures it), like the simulator's kernels.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..games import fast  # noqa: F401  (before any @njit(cache=True): the trusted cache folder)

ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
ONE = np.uint64(1)
M1 = np.uint64(0x5555555555555555)
M2 = np.uint64(0x3333333333333333)
M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
H01 = np.uint64(0x0101010101010101)


@njit(cache=True)
def _popcount(x: np.uint64) -> int:
    x = x - ((x >> ONE) & M1)
    x = (x & M2) + ((x >> np.uint64(2)) & M2)
    x = (x + (x >> np.uint64(4))) & M4
    return int((x * H01) >> np.uint64(56))


@njit(cache=True)
def _checkpoints(order: np.ndarray, n: int, words: int, block: int) -> np.ndarray:
    """``out[c]``: the bit set of the first ``c * block`` cards of each attribute's order."""
    k = order.shape[0]
    count = n // block + 1
    out = np.zeros((k, count, words), np.uint64)
    for a in range(k):
        for c in range(1, count):
            out[a, c, :] = out[a, c - 1, :]
            for p in range((c - 1) * block, c * block):
                j = order[a, p]
                out[a, c, j >> 6] |= ONE << np.uint64(j & 63)
    return out


@njit(cache=True)
def _prefix(into: np.ndarray, marks: np.ndarray, order: np.ndarray, a: int, reach: int, block: int) -> None:
    """``into &=`` the bit set of the first ``reach`` cards of ``order[a]``."""
    c = reach // block
    tmp = marks[a, c, :].copy()
    for p in range(c * block, reach):
        j = order[a, p]
        tmp[j >> 6] |= ONE << np.uint64(j & 63)
    for w in range(into.shape[0]):
        into[w] &= tmp[w]


@njit(cache=True)
def dominance_kernel(down: np.ndarray, up: np.ndarray, reach_down: np.ndarray, reach_up: np.ndarray,
                     n: int, words: int, block: int, keep: int) -> tuple[np.ndarray, np.ndarray]:
    k = down.shape[0]
    marks_down = _checkpoints(down, n, words, block)
    marks_up = _checkpoints(up, n, words, block)
    counts = np.zeros(n, np.int64)
    first = np.full((n, keep), -1, np.int32)
    not_beaten = np.empty(words, np.uint64)  # cards i beats on no attribute
    no_winner = np.empty(words, np.uint64)  # cards that beat i on no attribute
    for i in range(n):
        not_beaten[:] = ALL
        no_winner[:] = ALL
        for a in range(k):
            _prefix(not_beaten, marks_down, down, a, reach_down[a, i], block)
            _prefix(no_winner, marks_up, up, a, reach_up[a, i], block)
        found = 0
        for w in range(words):
            x = not_beaten[w] & ~no_winner[w]
            if k == 0:
                x = np.uint64(0)
            while x:
                low = x & (~x + ONE)
                if found < keep:
                    first[i, found] = w * 64 + _popcount(low - ONE)
                found += 1
                x ^= low
        counts[i] = found
    return counts, first
