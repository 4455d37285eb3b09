"""War vectorised with numpy across games, for bench_sim.py's "why numba" figure.

Two players, classic War with one face-down tile per war, winner-first pickup,
the turn cap; every live game plays one trick per step in lock step (fancy
indexing on [seat, game, slot] arrays; wars loop over the games still tied).
Simplified where the kernels are exact (no cycle detection, a double run-out
goes to seat 1 as in refwar.c): it only measures throughput.
"""

from __future__ import annotations

import time

import numpy as np

from generator.games.fast import rng
from generator.games.fast.tables import Chunk
from generator.games.war import kernel as war_kernel
from generator.games.war.tables import WarOut, WarTables


def numpy_war(cards: np.ndarray, strength: np.ndarray, games: int, cap: int, seed: int = 1) -> tuple[float, int]:
    """(seconds, tricks played) for ``games`` games."""
    start = time.perf_counter()
    gen = np.random.default_rng(seed)
    n = len(cards)
    half = n // 2
    size = 1 << (n - 1).bit_length()
    mask = size - 1
    deal = gen.permuted(np.tile(cards, (games, 1)), axis=1)
    st = np.zeros((2, games, size), np.int64)
    st[0, :, :half] = deal[:, 0 : 2 * half : 2]
    st[1, :, :half] = deal[:, 1 : 2 * half : 2]
    head = np.zeros((2, games), np.int64)
    cnt = np.full((2, games), half, np.int64)
    pot = np.zeros((2, games, n), np.int64)
    potn = np.zeros(games, np.int64)
    tricks = np.zeros(games, np.int64)
    winner = np.zeros(games, np.int64)
    live = np.arange(games)

    def draw(sel: np.ndarray) -> None:
        for p in (0, 1):
            pot[p, sel, potn[sel]] = st[p, sel, head[p, sel] & mask]
            head[p, sel] += 1
            cnt[p, sel] -= 1
        potn[sel] += 1

    while live.size:
        tricks[live] += 1
        potn[live] = 0
        fight = live
        while fight.size:
            draw(fight)
            a = strength[pot[0, fight, potn[fight] - 1]]
            b = strength[pot[1, fight, potn[fight] - 1]]
            winner[fight[a > b]] = 0
            winner[fight[a < b]] = 1
            tie = fight[a == b]
            both = (cnt[0, tie] > 0) & (cnt[1, tie] > 0)
            short = tie[~both]
            winner[short] = np.where(cnt[0, short] > 0, 0, 1)
            tie = tie[both]
            draw(tie)  # face down
            both = (cnt[0, tie] > 0) & (cnt[1, tie] > 0)
            short = tie[~both]
            winner[short] = np.where(cnt[0, short] > 0, 0, 1)
            fight = tie[both]
        m = potn[live]
        w = winner[live]
        for first in (True, False):  # the winner's tiles, then the loser's
            for k in range(int(m.max())):
                pick = m > k
                sel = live[pick]
                ws = w[pick]
                src = ws if first else 1 - ws
                st[ws, sel, (head[ws, sel] + cnt[ws, sel]) & mask] = pot[src, sel, k]
                cnt[ws, sel] += 1
        done = (cnt[0, live] == 0) | (cnt[1, live] == 0) | (tricks[live] >= cap)
        live = live[~done]
    return time.perf_counter() - start, int(tricks.sum())


def numba_war(cards: np.ndarray, strength: np.ndarray, games: int, cap: int, seed: int = 1) -> tuple[float, int]:
    """The same run on the War kernel (winner-first pickup, classic)."""
    start = time.perf_counter()
    code = np.zeros(games, np.int64)
    tricks = np.zeros(games, np.int64)
    wars = np.zeros(games, np.int64)
    table = np.zeros(games, np.int64)
    high, low = int(strength.max()), int(strength.min())
    tables = WarTables(cards=cards, strength=strength, players=2, russian=0, high=high, low=low, facedown=1, shuffled=0,
                       objective1=0, cap=cap)
    war_kernel.run_chunk(tables, Chunk(rng.FAST, rng.run_key(seed), 0, games, np.zeros((0, 625), np.int64)),
                         WarOut(code, tricks, wars, table))
    return time.perf_counter() - start, int(tricks.sum())
