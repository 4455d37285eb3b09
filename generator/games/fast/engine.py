"""The fast engine's driver: which runs it can serve, and playing a range of
game indices in chunks that are folded into a streaming :class:`Summary`.

Memory stays flat: a chunk of ``CHUNK`` games yields per-game arrays of that
size, which are reduced (wins, the length histogram, counters, card
statistics) and dropped before the next chunk.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..api import Game
from ..params import WarParams, WeijiParams
from ..stats import Summary
from ..strategies import BestStrategy, FixedStrategy, RandomStrategy
from ..war import kernel as war_kernel
from ..war.game import WarGame
from ..weiji import kernel as weiji_kernel
from ..weiji.game import WeijiGame
from . import kernel_cache, rng

CHUNK = 16_384  # games per kernel call
Progress = Callable[[int], None]


def unsupported(name: str, game: Game, strategy: str | None) -> str | None:
    """Why the fast engine cannot play this run, or None if it can."""
    from ..registry import entry

    if name == "war":
        return None if isinstance(game, WarGame) and isinstance(game.params, WarParams) else "not the built-in War"
    if name == "weiji":
        if not isinstance(game, WeijiGame) or not isinstance(game.params, WeijiParams):
            return "not the built-in Weiji"
        factory = entry(name).strategies.get(strategy or "")
        if factory not in (BestStrategy, RandomStrategy, FixedStrategy):
            return f"strategy {strategy!r} has no fast kernel (best, random and fixed do)"
        return None
    if name == "viashi":
        return _viashi_unsupported(game, strategy)
    return f"{name} has no fast kernel"


def _viashi_unsupported(game: Game, strategy: str | None) -> str | None:
    from ..registry import entry
    from ..viashi.game import ViashiGame
    from ..viashi.strategies import GreedyStrategy
    from ..viashi.strategies import RandomStrategy as ViashiRandom

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


# -- War ------------------------------------------------------------------------------
@dataclass(frozen=True)
class WarTables:
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


# -- Weiji ----------------------------------------------------------------------------
@dataclass(frozen=True)
class WeijiTables:
    cards: np.ndarray
    values: np.ndarray
    lower: np.ndarray
    draw_lower: int  # the tiebreak draw takes the lowest first-attribute value (weiji.tiebreak-draw)
    best_attr: np.ndarray
    players: int
    chooser: int
    shuffled: int
    cycle: int
    cap: int
    keys: tuple[str, ...]
    ids: tuple[str, ...]


def weiji_tables(game: WeijiGame, strategy: str | None) -> WeijiTables:
    values = np.array([[np.nan if v is None else float(v) for v in row] for row in game.values], np.float64)
    best = np.array([max(range(len(r)), key=r.__getitem__) for r in game.ranks], np.int64)
    deterministic = strategy in (None, "best")
    return WeijiTables(
        cards=np.array(game.cards, np.int64),
        values=values.reshape(len(game.ids), len(game.keys)),
        lower=np.array(game.lower, np.int64),
        draw_lower=int(game.draw_lower),
        best_attr=best,
        players=game.params.players,
        chooser=weiji_kernel.RANDOM if strategy == "random" else weiji_kernel.BEST,
        shuffled=int(game.shuffled),
        cycle=int(deterministic and not game.shuffled),
        cap=game.params.max_tricks,
        keys=tuple(game.counter_keys),
        ids=tuple(game.ids),
    )


# -- Viashi ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ViashiTables:
    cards: np.ndarray
    players: int
    hands: int
    human: int
    kind: int
    cap: int
    rules: tuple[np.ndarray, ...]  # suit, power, god, top, fool, rank8
    lady: int
    changeling: int
    value: np.ndarray
    cost: np.ndarray
    threat: np.ndarray
    keys: tuple[str, ...]
    ids: tuple[str, ...]


def viashi_tables(game: Any, strategy: str | None) -> ViashiTables:
    from ..viashi import kernel as viashi_kernel

    r = game.rules
    n = len(r.ids)
    elvish = game.params.variant == "elvish"
    threat = np.zeros((n, n), np.int64)
    for c, xs in enumerate(r.threats):
        threat[c, list(xs)] = 1
    value = np.array([r.value(c) for c in range(n)], np.float64)
    return ViashiTables(
        cards=np.array(game.cards, np.int64),
        players=game.players,
        hands=game.params.hands,
        human=int(not elvish),
        kind=viashi_kernel.RANDOM if strategy == "random" else viashi_kernel.GREEDY,
        cap=game.params.max_tricks,
        rules=tuple(np.array(a, np.int64) for a in (r.suit, r.power, r.god, r.top, r.fool, r.rank8)),
        lady=r.lady,
        changeling=r.changeling,
        value=value,
        cost=value + np.array([2.5 if elvish and r.rank8[c] else 0.0 for c in range(n)]),
        threat=threat,
        keys=tuple(game.counter_keys),
        ids=tuple(r.ids),
    )


# -- runs -------------------------------------------------------------------------------
def play_range(name: str, game: Game, strategy: str | None, summary: Summary, start: int, stop: int,
               progress: Progress | None = None, mode: int = rng.FAST) -> Summary:
    """Play games ``start .. stop - 1`` with the fast kernels into ``summary``.
    ``mode=rng.PYTHON`` replays the reference engine's random streams (slow
    to set up; for verification)."""
    key = rng.run_key(summary.seed)
    tables: Any
    if name == "war":
        tables = war_tables(game)  # type: ignore[arg-type]
    elif name == "weiji":
        tables = weiji_tables(game, strategy)  # type: ignore[arg-type]
    else:
        tables = viashi_tables(game, strategy)
    kernel_cache.announce(name, _kernel(name).run_chunk)
    step = CHUNK if mode == rng.FAST else 512  # Python's stream: 5 kB of twister state per game
    for a in range(start, stop, step):
        b = min(a + step, stop)
        states = _python_states(summary.seed, a, b) if mode == rng.PYTHON else np.zeros((0, 625), np.int64)
        if name == "war":
            _war_chunk(tables, summary, key, a, b - a, mode, states)
        elif name == "weiji":
            _weiji_chunk(tables, summary, key, a, b - a, mode, states)
        else:
            _viashi_chunk(tables, summary, key, a, b - a, mode, states)
        if progress is not None:
            progress(b - a)
    summary.engine = "fast"
    return summary


def warm_up(name: str, game: Game, strategy: str | None) -> None:
    """Load (or compile) the kernels for this run by playing one game."""
    play_range(name, game, strategy, Summary(game=name, params={}, seed=0, players=game.params.players), 0, 1)


def _kernel(name: str) -> Any:
    if name == "viashi":
        from ..viashi import kernel as viashi_kernel

        return viashi_kernel
    return war_kernel if name == "war" else weiji_kernel


def _python_states(seed: int, a: int, b: int) -> np.ndarray:
    return np.stack([rng.python_state(seed, i) for i in range(a, b)])


def _war_chunk(t: WarTables, summary: Summary, key: np.uint64, start: int, count: int, mode: int,
               states: np.ndarray) -> None:
    code = np.zeros(count, np.int64)
    tricks = np.zeros(count, np.int64)
    wars = np.zeros(count, np.int64)
    table = np.zeros(count, np.int64)
    war_kernel.run_chunk(t.cards, t.players, t.strength, t.russian, t.high, t.low, t.facedown, t.shuffled,
                         t.objective1, t.cap, mode, key, start, count, states, code, tricks, wars, table)
    aside = float((len(t.cards) % t.players) * count)
    _fold(summary, code, tricks, {"wars": float(wars.sum()), "set_aside": aside,
                                  "left_on_table": float(table.sum())})


def _weiji_chunk(t: WeijiTables, summary: Summary, key: np.uint64, start: int, count: int, mode: int,
                 states: np.ndarray) -> None:
    code = np.zeros(count, np.int64)
    tricks = np.zeros(count, np.int64)
    ctr = np.zeros(len(t.keys), np.int64)
    shown = np.zeros(len(t.ids), np.int64)
    wins = np.zeros(len(t.ids), np.int64)
    weiji_kernel.run_chunk(t.cards, t.players, t.values, t.lower, t.draw_lower, t.best_attr, t.chooser,
                           t.shuffled, t.cycle, t.cap, mode, key, start, count, states, code, tricks, ctr, shown, wins)
    _fold(summary, code, tricks, {k: float(v) for k, v in zip(t.keys, ctr.tolist(), strict=True)})
    stats = summary.card_stats
    for cid, s, w in zip(t.ids, shown.tolist(), wins.tolist(), strict=True):
        entry = stats.setdefault(cid, [0, 0])
        entry[0] += s
        entry[1] += w


def _viashi_chunk(t: ViashiTables, summary: Summary, key: np.uint64, start: int, count: int, mode: int,
                  states: np.ndarray) -> None:
    from ..viashi import kernel as viashi_kernel

    code = np.zeros(count, np.int64)
    tricks = np.zeros(count, np.int64)
    ctr = np.zeros(len(viashi_kernel.COUNTERS), np.int64)
    shown = np.zeros(len(t.ids), np.int64)
    took = np.zeros(len(t.ids), np.int64)
    points = np.zeros((count, t.players), np.int64)
    suit, power, god, top, fool, rank8 = t.rules
    viashi_kernel.run_chunk(t.cards, t.players, t.hands, t.human, t.kind, t.cap, suit, power, god, top, fool, rank8,
                            t.lady, t.changeling, t.value, t.cost, t.threat, mode, key, start, count, states, code,
                            tricks, points, ctr, shown, took)
    totals = dict(zip(viashi_kernel.COUNTERS, ctr.tolist(), strict=True))
    _fold(summary, code, tricks, {k: float(totals[k]) for k in t.keys})
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


def _fold(summary: Summary, code: np.ndarray, tricks: np.ndarray, details: dict[str, float]) -> None:
    """Add a chunk's per-game outcomes to ``summary`` (as ``Summary.add`` would, game by game)."""
    summary.games += len(code)
    summary.unfinished += int((code == war_kernel.UNFINISHED).sum())
    summary.draws += int((code == war_kernel.DRAW).sum())
    won = np.bincount(code[code >= 0], minlength=summary.players).tolist()
    summary.wins = [a + b for a, b in zip(summary.wins, won, strict=True)]
    lengths, counts = np.unique(tricks, return_counts=True)
    summary.lengths.update(dict(zip(lengths.tolist(), counts.tolist(), strict=True)))
    summary.tricks += int(tricks.sum())
    for k, v in details.items():
        summary.details[k] = summary.details.get(k, 0.0) + v
