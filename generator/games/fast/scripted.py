"""One scripted deal through the kernels, with a trace: the verification hook
of tests/games/test_fast.py (the reference plays the same deal through
``runner.play_deal``; both must agree trick by trick)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from ..api import Game
from . import rng
from .engine import fast_module


class Deal(NamedTuple):
    """A scripted deal's kernel arrays, made once for every game's ``scripted``."""

    stack: np.ndarray
    head: np.ndarray
    cnt: np.ndarray
    mask: int
    sm: np.ndarray
    mt: np.ndarray
    pile: np.ndarray
    snap: np.ndarray
    common: tuple[np.ndarray, np.ndarray, np.ndarray]
    ids: dict[str, int]  # card id -> index
    players: int
    total: int


def play_stacks(name: str, game: Game, stacks: Sequence[Sequence[str]], choices: Sequence[str] = (),
                strategy: str | None = None, seed: int = 0, general: bool = False) -> dict[str, Any]:
    """Play one deal (card ids per seat, top first) with the kernel; later
    chance (shuffled pickups) from the reference's stream for ``seed`` game 0.
    ``general``: a game's general loop where it has a faster special one (two-player War).
    The game's fast module (its spec's ``fast``) plays it: ``scripted(game, deal, stacks,
    choices, strategy, general) -> (code, tricks, details, trace)``.
    Returns outcome, tricks, counts, details and the trace rows."""
    index: dict[str, int] = game.index  # type: ignore[attr-defined]
    players = len(stacks)
    total = len(game.cards)  # type: ignore[attr-defined]
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
    deal = Deal(stack, head, cnt, mask, sm, mt, pile, snap, common, index, players, total)
    code, tricks, details, trace = fast_module(name).scripted(game, deal, stacks, choices, strategy, general)
    rows = trace[trace[:, 0] != -9].tolist()
    counts = [int(cnt[s]) for s in range(players)]
    return {"code": int(code), "tricks": int(tricks), "counts": counts, "details": details, "trace": rows}
