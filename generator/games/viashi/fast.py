"""Viashi's fast engine for :mod:`generator.games.fast.engine` (named by the spec's ``fast``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..api import Game
from ..fast import engine
from ..stats import Summary
from . import kernel as kernel  # the kernel module, for the compile notice
from .game import ViashiGame
from .strategies import GreedyStrategy
from .strategies import RandomStrategy as ViashiRandom


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
    return engine.viashi_tables(game, strategy)


def chunk(t: Any, summary: Summary, key: np.uint64, start: int, count: int, mode: int, states: np.ndarray) -> None:
    engine._viashi_chunk(t, summary, key, start, count, mode, states)
