"""Weiji's fast engine for :mod:`generator.games.fast.engine` (named by the spec's ``fast``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..api import Game
from ..fast import engine, rng
from ..fast.tables import Chunk, Stacks
from ..stats import Summary
from ..strategies import BestStrategy, FixedStrategy, RandomStrategy
from . import kernel as kernel  # the kernel module, for the compile notice
from .game import WeijiGame
from .params import WeijiParams
from .tables import WeijiOut, WeijiTables, WeijiWork


def unsupported(game: Game, strategy: str | None) -> str | None:
    from ..registry import entry  # the registered spec: its strategies by name

    if not isinstance(game, WeijiGame) or not isinstance(game.params, WeijiParams):
        return "not the built-in Weiji"
    factory = entry("weiji").strategies.get(strategy or "")
    if factory not in (BestStrategy, RandomStrategy, FixedStrategy):
        return f"strategy {strategy!r} has no fast kernel (best, random and fixed do)"
    return None


def tables(game: Any, strategy: str | None) -> Any:
    return weiji_tables(game, strategy)


def chunk(t: Any, summary: Summary, key: np.uint64, start: int, count: int, mode: int, states: np.ndarray) -> None:
    _weiji_chunk(t, summary, key, start, count, mode, states)


@dataclass(frozen=True)
class WeijiRun:
    """The kernel's tables and the names the summary keeps (counters, card ids)."""

    tables: WeijiTables
    keys: tuple[str, ...]
    ids: tuple[str, ...]


def weiji_tables(game: WeijiGame, strategy: str | None) -> WeijiRun:
    values = np.array([[np.nan if v is None else float(v) for v in row] for row in game.values], np.float64)
    best = np.array([max(range(len(r)), key=r.__getitem__) for r in game.ranks], np.int64)
    deterministic = strategy in (None, "best")
    return WeijiRun(WeijiTables(
        cards=np.array(game.cards, np.int64),
        values=values.reshape(len(game.ids), len(game.keys)),
        lower=np.array(game.lower, np.int64),
        draw_lower=int(game.draw_lower),
        best_attr=best,
        players=game.params.players,
        chooser=kernel.RANDOM if strategy == "random" else kernel.BEST,
        shuffled=int(game.shuffled),
        cycle=int(deterministic and not game.shuffled),
        cap=game.params.max_tricks,
    ), tuple(game.counter_keys), tuple(game.ids))


def _weiji_chunk(t: WeijiRun, summary: Summary, key: np.uint64, start: int, count: int, mode: int,
                 states: np.ndarray) -> None:
    out = WeijiOut(np.zeros(count, np.int64), np.zeros(count, np.int64), np.zeros(len(t.keys), np.int64),
                   np.zeros(len(t.ids), np.int64), np.zeros(len(t.ids), np.int64))
    kernel.run_chunk(t.tables, Chunk(mode, key, start, count, states), out)
    code, tricks, ctr, shown, wins = out
    engine.fold(summary, code, tricks, {k: float(v) for k, v in zip(t.keys, ctr.tolist(), strict=True)})
    stats = summary.card_stats
    for cid, s, w in zip(t.ids, shown.tolist(), wins.tolist(), strict=True):
        entry = stats.setdefault(cid, [0, 0])
        entry[0] += s
        entry[1] += w


def scripted(game: Any, deal: Any, stacks: Any, choices: Any, strategy: str | None,
             general: bool) -> tuple[int, int, dict[str, float], np.ndarray]:
    """One scripted deal through the kernel (:func:`generator.games.fast.scripted.play_stacks`),
    the scripted ``choices`` (attribute keys) first."""
    run = weiji_tables(game, strategy)
    w = run.tables
    players, common = deal.players, deal.common
    keys = {k: i for i, k in enumerate(game.keys)}
    trace = np.full((min(2 * w.cap, 100_000), 4 + players), -9, np.int64)
    ctr = np.zeros(len(run.keys), np.int64)
    work = WeijiWork(rng.PYTHON, deal.sm, deal.mt, deal.pile, common[0], common[1], common[2], deal.snap,
                     np.zeros(players, np.int64))
    out = WeijiOut(np.zeros(1, np.int64), np.zeros(1, np.int64), ctr, np.zeros(len(run.ids), np.int64),
                   np.zeros(len(run.ids), np.int64))
    code, tricks = kernel.play(Stacks(deal.stack, deal.head, deal.cnt, deal.mask), w._replace(cycle=0) if choices else w,
                               work, out, np.array([keys[c] for c in choices], np.int64), trace)
    return code, tricks, {k: float(v) for k, v in zip(run.keys, ctr.tolist(), strict=True)}, trace
