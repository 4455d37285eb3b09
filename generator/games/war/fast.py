"""War's fast engine for :mod:`generator.games.fast.engine` (named by the spec's ``fast``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..api import Game
from ..fast import engine, rng
from ..fast.tables import Chunk, Stacks
from ..stats import Summary
from . import kernel as kernel  # the kernel module, for the compile notice
from .game import WarGame
from .params import WarParams
from .tables import TwoWork, WarOut, WarTables, WarWork


def unsupported(game: Game, strategy: str | None) -> str | None:
    return None if isinstance(game, WarGame) and isinstance(game.params, WarParams) else "not the built-in War"


def tables(game: Any, strategy: str | None) -> Any:
    return war_tables(game)


def chunk(t: Any, summary: Summary, key: np.uint64, start: int, count: int, mode: int, states: np.ndarray) -> None:
    _war_chunk(t, summary, key, start, count, mode, states)


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
    out = WarOut(*(np.zeros(count, np.int64) for _ in WarOut._fields))
    kernel.run_chunk(t, Chunk(mode, key, start, count, states), out)
    code, tricks, wars, table = out
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
        two_work = TwoWork(rng.PYTHON, deal.sm, deal.mt, flat, np.zeros(2 * seat, card), np.zeros(total, card),
                           np.zeros((2, total), card), cnt)
        code, tricks, wars, table = kernel.play2(t, two_work, cnt[0], cnt[1], trace)
    else:
        common = deal.common
        work = WarWork(rng.PYTHON, deal.sm, deal.mt, deal.pile, common[0], common[1], common[2],
                       np.zeros(players, np.int64), deal.snap, np.zeros(players, np.int64))
        code, tricks, wars, table = kernel.play(Stacks(deal.stack, deal.head, cnt, deal.mask), t, work, trace)
    return code, tricks, {"wars": float(wars), "left_on_table": float(table)}, trace
