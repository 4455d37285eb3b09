"""War's fast engine for :mod:`generator.games.fast.engine` (named by the spec's ``fast``)."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..api import Game
from ..fast import engine, rng
from ..stats import Summary
from . import kernel as kernel  # the kernel module, for the compile notice
from .game import WarGame
from .params import WarParams


def unsupported(game: Game, strategy: str | None) -> str | None:
    return None if isinstance(game, WarGame) and isinstance(game.params, WarParams) else "not the built-in War"


def tables(game: Any, strategy: str | None) -> Any:
    return war_tables(game)


def chunk(t: Any, summary: Summary, key: np.uint64, start: int, count: int, mode: int, states: np.ndarray) -> None:
    _war_chunk(t, summary, key, start, count, mode, states)


class WarTables(NamedTuple):
    """One run's tables, as :func:`.kernel.run_chunk` takes them (one NamedTuple argument)."""

    cards: np.ndarray
    strength: np.ndarray
    players: int
    russian: int
    high: int
    low: int
    facedown: int
    shuffled: int
    objective1: int
    cap: int


def war_tables(game: WarGame) -> WarTables:
    p = game.params
    return WarTables(
        cards=np.array(game.cards, np.int64),
        strength=np.array(game.strength, np.int64),
        players=p.players,
        russian=int(game.russian),
        high=game.high,
        low=game.low,
        facedown=int(game.facedown),
        shuffled=int(game.shuffled),
        objective1=int(game.russian and p.objective == 1),
        cap=p.max_tricks,
    )


def _war_chunk(t: WarTables, summary: Summary, key: np.uint64, start: int, count: int, mode: int,
               states: np.ndarray) -> None:
    code = np.zeros(count, np.int64)
    tricks = np.zeros(count, np.int64)
    wars = np.zeros(count, np.int64)
    table = np.zeros(count, np.int64)
    kernel.run_chunk(t, mode, key, start, count, states, code, tricks, wars, table)
    aside = float((len(t.cards) % t.players) * count)
    engine.fold(summary, code, tricks, {"wars": float(wars.sum()), "set_aside": aside,
                                  "left_on_table": float(table.sum())})


def scripted(game: Any, deal: Any, stacks: Any, choices: Any, strategy: str | None,
             general: bool) -> tuple[int, int, dict[str, float], np.ndarray]:
    """One scripted deal through the kernel (:func:`generator.games.fast.scripted.play_stacks`);
    two players take the two-player loop unless ``general``."""
    t = war_tables(game)
    players, total, cnt, index = deal.players, deal.total, deal.cnt, deal.ids
    seat = kernel.SEAT  # run_chunk's test for the two-player loop: tiles and card kinds fit its uint8 stacks
    two = players == 2 and total <= seat and len(game.strength) <= seat and not general
    trace = np.full((min(t.cap, 100_000), 2 + players), -9, np.int64)
    if two:  # play2's flat arrays, of the dtype run_chunk gives it
        card = kernel.CARD
        flat = np.zeros(2 * seat, card)
        for s, ids in enumerate(stacks):
            flat[s * seat: s * seat + len(ids)] = [index[c] for c in ids]
        code, tricks, wars, table = kernel.play2(
            flat, cnt[0], cnt[1], cnt, t.strength, t.russian, t.high, t.low, t.facedown, t.shuffled,
            t.objective1, t.cap, rng.PYTHON, deal.sm, deal.mt, np.zeros(2 * seat, card), np.zeros(total, card),
            np.zeros((2, total), card), trace)
    else:
        common = deal.common
        code, tricks, wars, table = kernel.play(
            deal.stack, deal.head, cnt, deal.mask, t.strength, t.russian, t.high, t.low, t.facedown, t.shuffled,
            t.objective1, t.cap, rng.PYTHON, deal.sm, deal.mt, deal.pile, common[0], common[1], common[2],
            np.zeros(players, np.int64), deal.snap, np.zeros(players, np.int64), trace)
    return code, tricks, {"wars": float(wars), "left_on_table": float(table)}, trace
