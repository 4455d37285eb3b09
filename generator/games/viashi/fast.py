"""Viashi's fast engine for :mod:`generator.games.fast.engine` (named by the spec's ``fast``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..api import Game
from ..fast import engine
from ..fast.tables import Chunk
from ..stats import Summary
from . import kernel as kernel  # the kernel module, for the compile notice
from .game import ViashiGame
from .strategies import GreedyStrategy
from .strategies import RandomStrategy as ViashiRandom
from .tables import ViashiOut, ViashiTables, rule_tables


def unsupported(game: Game, strategy: str | None) -> str | None:
    from ..registry import entry  # the registered spec: its strategies by name

    if not isinstance(game, ViashiGame):
        return "not the built-in Viashi"
    if game.params.players != 3 or game.params.handicap:
        return "Viashilym and the handicap have no fast kernel (3 players without handicap do)"
    if max(game.copies) != 1 or len(game.copies) > 63:
        return "a deck with repeated cards or over 63 cards has no fast kernel"
    factory = entry("viashi").strategies.get(strategy or "")
    if factory not in (GreedyStrategy, ViashiRandom):
        return f"strategy {strategy!r} has no fast kernel (greedy and random do)"
    return None


def tables(game: Any, strategy: str | None) -> Any:
    return viashi_tables(game, strategy)


def chunk(t: Any, summary: Summary, key: np.uint64, start: int, count: int, mode: int, states: np.ndarray) -> None:
    _viashi_chunk(t, summary, key, start, count, mode, states)


@dataclass(frozen=True)
class ViashiRun:
    """The kernel's tables (:class:`ViashiTables`) and the names the summary keeps."""

    tables: ViashiTables
    keys: tuple[str, ...]
    ids: tuple[str, ...]

    @property
    def players(self) -> int:
        return self.tables.players


def viashi_tables(game: Any, strategy: str | None) -> ViashiRun:
    r = game.rules
    elvish = game.params.variant == "elvish"
    rules = rule_tables(r, elvish)
    tables = ViashiTables(cards=np.array(game.cards, np.int64), players=game.players, hands=game.params.hands,
                                 human=int(not elvish), kind=kernel.RANDOM if strategy == "random" else kernel.GREEDY,
                                 cap=game.params.max_tricks, rules=rules)
    return ViashiRun(tables, tuple(game.counter_keys), tuple(r.ids))


def _viashi_chunk(t: ViashiRun, summary: Summary, key: np.uint64, start: int, count: int, mode: int,
                  states: np.ndarray) -> None:
    out = ViashiOut(np.zeros(count, np.int64), np.zeros(count, np.int64), np.zeros((count, t.players), np.int64),
                    np.zeros(len(kernel.COUNTERS), np.int64), np.zeros(len(t.ids), np.int64),
                    np.zeros(len(t.ids), np.int64))
    kernel.run_chunk(t.tables, Chunk(mode, key, start, count, states), out)
    code, tricks, points, ctr, shown, took = out
    totals = dict(zip(kernel.COUNTERS, ctr.tolist(), strict=True))
    engine.fold(summary, code, tricks, {k: float(totals[k]) for k in t.keys})
    summary.scores = [a + float(b) for a, b in zip(summary.scores, points.sum(axis=0).tolist(), strict=True)]
    if count and not summary.seat_scores:
        summary.seat_scores = [Counter() for _ in range(t.players)]
    for seat, hist in enumerate(summary.seat_scores):  # points -> games, per seat
        values, games = np.unique(points[:, seat], return_counts=True)
        hist.update(dict(zip((float(v) for v in values.tolist()), games.tolist(), strict=True)))
    stats = summary.card_stats
    for cid, s, w in zip(t.ids, shown.tolist(), took.tolist(), strict=True):
        entry = stats.setdefault(cid, [0, 0])
        entry[0] += s
        entry[1] += w
