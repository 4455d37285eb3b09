"""War's fast engine for :mod:`generator.games.fast.engine` (named by the spec's ``fast``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..api import Game
from ..fast import engine
from ..params import WarParams
from ..stats import Summary
from . import kernel as kernel  # the kernel module, for the compile notice
from .game import WarGame


def unsupported(game: Game, strategy: str | None) -> str | None:
    return None if isinstance(game, WarGame) and isinstance(game.params, WarParams) else "not the built-in War"


def tables(game: Any, strategy: str | None) -> Any:
    return engine.war_tables(game)


def chunk(t: Any, summary: Summary, key: np.uint64, start: int, count: int, mode: int, states: np.ndarray) -> None:
    engine._war_chunk(t, summary, key, start, count, mode, states)
