"""The fast engine's driver: which runs it can serve, and playing a range of
game indices in chunks that are folded into a streaming :class:`Summary`.

Memory stays flat: a chunk of ``CHUNK`` games yields per-game arrays of that
size, which are reduced (wins, the length histogram, counters, card
statistics) and dropped before the next chunk.

Each game's own tables and chunk driver live in its package (``games/<g>/fast.py``,
named by the spec's ``fast``); :func:`fold` adds a chunk's outcomes to the summary.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from typing import Any

import numpy as np

from ..api import Game
from ..stats import Summary
from . import kernel_cache, rng

CHUNK = 16_384  # games per kernel call
DRAW, UNFINISHED = -1, -2  # every kernel's outcome codes beside a winning seat (0, 1, ...)
Progress = Callable[[int], None]


def unsupported(name: str, game: Game, strategy: str | None) -> str | None:
    """Why the fast engine cannot play this run, or None if it can (the game
    spec's ``fast`` module decides; a game without one has no kernel)."""
    fast = fast_module(name)
    if fast is None:
        return f"{name} has no fast kernel"
    why: str | None = fast.unsupported(game, strategy)
    return why


def fast_module(name: str) -> Any:
    """The fast-engine module the game's spec names (None: it has none)."""
    from ..registry import entry

    ref = entry(name).fast
    return None if ref is None else importlib.import_module(ref)


# -- runs -------------------------------------------------------------------------------
def play_range(name: str, game: Game, strategy: str | None, summary: Summary, start: int, stop: int,
               progress: Progress | None = None, mode: int = rng.FAST) -> Summary:
    """Play games ``start .. stop - 1`` with the fast kernels into ``summary``.
    ``mode=rng.PYTHON`` replays the reference engine's random streams (slow
    to set up; for verification)."""
    key = rng.run_key(summary.seed)
    fast = fast_module(name)
    if fast is None:
        raise ValueError(f"{name} has no fast kernel")
    tables = fast.tables(game, strategy)
    kernel_cache.announce(name, fast.kernel.run_chunk)
    step = CHUNK if mode == rng.FAST else 512  # Python's stream: 5 kB of twister state per game
    summary.engine = "fast"
    for a in range(start, stop, step):
        b = min(a + step, stop)
        states = _python_states(summary.seed, a, b) if mode == rng.PYTHON else np.zeros((0, 625), np.int64)
        part = Summary(game=summary.game, params=summary.params, seed=summary.seed, players=summary.players,
                       strategy=summary.strategy, engine="fast")
        fast.chunk(tables, part, key, a, b - a, mode, states)
        _add_whole(summary, part)
        if progress is not None:
            progress(b - a)
    return summary


def _add_whole(summary: Summary, part: Summary) -> None:
    """``part`` (one chunk) added to ``summary`` all at once: merged into a copy whose fields
    then replace ``summary``'s in one call (``dict.update``), which no signal handler runs
    inside. Ctrl-C or SIGTERM (raised between Python steps) leaves ``summary`` holding whole
    chunks only: the first games by index, which the runner reports as finished."""
    whole = copy.deepcopy(summary)
    whole.merge(part)
    summary.__dict__.update(whole.__dict__)


def warm_up(name: str, game: Game, strategy: str | None) -> None:
    """Load (or compile) the kernels for this run by playing one game."""
    play_range(name, game, strategy, Summary(game=name, params={}, seed=0, players=game.params.players), 0, 1)


def _python_states(seed: int, a: int, b: int) -> np.ndarray:
    return np.stack([rng.python_state(seed, i) for i in range(a, b)])


def fold(summary: Summary, code: np.ndarray, tricks: np.ndarray, details: dict[str, float]) -> None:
    """Add a chunk's per-game outcomes to ``summary`` (as ``Summary.add`` would, game by game)."""
    summary.games += len(code)
    summary.unfinished += int((code == UNFINISHED).sum())
    summary.draws += int((code == DRAW).sum())
    won = np.bincount(code[code >= 0], minlength=summary.players).tolist()
    summary.wins = [a + b for a, b in zip(summary.wins, won, strict=True)]
    lengths, counts = np.unique(tricks, return_counts=True)
    summary.lengths.update(dict(zip(lengths.tolist(), counts.tolist(), strict=True)))
    summary.tricks += int(tricks.sum())
    for k, v in details.items():
        summary.details[k] = summary.details.get(k, 0.0) + v
