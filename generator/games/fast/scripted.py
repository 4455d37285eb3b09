"""One scripted deal through the kernels, with a trace: the verification hook
of tests/games/test_fast.py (the reference plays the same deal through
``runner.play_deal``; both must agree trick by trick)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..api import Game
from ..war import kernel as war_kernel
from ..weiji import kernel as weiji_kernel
from . import rng
from .engine import war_tables, weiji_tables


def play_stacks(name: str, game: Game, stacks: Sequence[Sequence[str]], choices: Sequence[str] = (),
                strategy: str | None = None, seed: int = 0, general: bool = False) -> dict[str, Any]:
    """Play one deal (card ids per seat, top first) with the kernel; later
    chance (shuffled pickups) from the reference's stream for ``seed`` game 0.
    Two-player War takes the kernels' two-player loop unless ``general``.
    Returns outcome, tricks, counts, details and the trace rows."""
    index: dict[str, int] = game.index  # type: ignore[attr-defined]
    players = len(stacks)
    total = len(game.cards)  # type: ignore[attr-defined]
    seat = war_kernel.SEAT  # run_chunk's test for the two-player loop: tiles and card kinds fit its uint8 stacks
    two = name == "war" and players == 2 and total <= seat and len(game.strength) <= seat and not general  # type: ignore[attr-defined]
    size = 1
    while size < total:
        size *= 2
    mask = size - 1
    stack = np.zeros((players, size), np.int64)
    head = np.zeros(players, np.int64)
    cnt = np.array([len(s) for s in stacks], np.int64)
    for s, ids in enumerate(stacks):
        stack[s, : len(ids)] = [index[c] for c in ids]
    sm = np.zeros(1, np.uint64)
    mt = rng.python_state(seed, 0)
    pile = np.zeros((players, total), np.int64)
    snap = np.zeros((players + 1, total), np.int64)
    common = (np.zeros(players, np.int64), np.zeros(total, np.int64), np.zeros(players, np.int64))
    if name == "war":
        t = war_tables(game)  # type: ignore[arg-type]
        trace = np.full((min(t.cap, 100_000), 2 + players), -9, np.int64)
        if two:  # play2's flat arrays, of the dtype run_chunk gives it
            card = war_kernel.CARD
            flat = np.zeros(2 * seat, card)
            for s, ids in enumerate(stacks):
                flat[s * seat: s * seat + len(ids)] = [index[c] for c in ids]
            code, tricks, wars, table = war_kernel.play2(
                flat, cnt[0], cnt[1], cnt, t.strength, t.russian, t.high, t.low, t.facedown, t.shuffled,
                t.objective1, t.cap, rng.PYTHON, sm, mt, np.zeros(2 * seat, card), np.zeros(total, card),
                np.zeros((2, total), card), trace)
        else:
            code, tricks, wars, table = war_kernel.play(
                stack, head, cnt, mask, t.strength, t.russian, t.high, t.low, t.facedown, t.shuffled,
                t.objective1, t.cap, rng.PYTHON, sm, mt, pile, common[0], common[1], common[2],
                np.zeros(players, np.int64), snap, np.zeros(players, np.int64), trace)
        details = {"wars": float(wars), "left_on_table": float(table)}
    else:
        w = weiji_tables(game, strategy)  # type: ignore[arg-type]
        keys = {k: i for i, k in enumerate(game.keys)}  # type: ignore[attr-defined]
        trace = np.full((min(2 * w.cap, 100_000), 4 + players), -9, np.int64)
        ctr = np.zeros(len(w.keys), np.int64)
        code, tricks = weiji_kernel.play(
            stack, head, cnt, mask, w.values, w.lower, w.draw_lower, w.best_attr, w.chooser,
            np.array([keys[c] for c in choices], np.int64), w.shuffled, 0 if choices else w.cycle, w.cap,
            rng.PYTHON, sm, mt,
            pile, common[0], common[1], common[2], snap, np.zeros(players, np.int64), ctr,
            np.zeros(len(w.ids), np.int64), np.zeros(len(w.ids), np.int64), trace)
        details = {k: float(v) for k, v in zip(w.keys, ctr.tolist(), strict=True)}
    rows = trace[trace[:, 0] != -9].tolist()
    counts = [int(cnt[s]) for s in range(players)]
    return {"code": int(code), "tricks": int(tricks), "counts": counts, "details": details, "trace": rows}
