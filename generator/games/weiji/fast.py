"""Weiji's fast engine for :mod:`generator.games.fast.engine` (named by the spec's ``fast``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..api import Game
from ..fast import engine
from ..params import WeijiParams
from ..stats import Summary
from ..strategies import BestStrategy, FixedStrategy, RandomStrategy
from . import kernel as kernel  # the kernel module, for the compile notice
from .game import WeijiGame


def unsupported(game: Game, strategy: str | None) -> str | None:
    from ..registry import entry  # the registered spec: its strategies by name

    if not isinstance(game, WeijiGame) or not isinstance(game.params, WeijiParams):
        return "not the built-in Weiji"
    factory = entry("weiji").strategies.get(strategy or "")
    if factory not in (BestStrategy, RandomStrategy, FixedStrategy):
        return f"strategy {strategy!r} has no fast kernel (best, random and fixed do)"
    return None


def tables(game: Any, strategy: str | None) -> Any:
    return engine.weiji_tables(game, strategy)


def chunk(t: Any, summary: Summary, key: np.uint64, start: int, count: int, mode: int, states: np.ndarray) -> None:
    engine._weiji_chunk(t, summary, key, start, count, mode, states)
