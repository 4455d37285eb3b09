"""Any strategy by name, for a designer's own Python script (docs/own-game.md,
section 6): ``strategy(MyGame, "mcts:100")``."""

from __future__ import annotations

from typing import Any

from ...errors import ParameterError
from ..api import Strategy
from ..registry import GAMES, make_strategy
from ..spec import GameSpec
from .loader import as_spec


def strategy(game: Any, name: str | None = None) -> Strategy:
    """A fresh strategy ``name`` for ``game``, made as ``--strategy NAME`` makes it:
    ``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts:100"``, ``"mcts:100:1.2"``, a
    built-in game's own (``"expert:64"``) or one of the game's ``strategies``
    (``"mine"``, or ``"mine:8"`` where the game class lists it in ``budgeted``).
    ``None``: the game's default strategy.

    ``game``: a game class as ``game.py`` defines it, a game object made from one,
    a ``GameSpec`` or a registered game's name (``"weiji"``). An unknown name, or
    a budget where the strategy takes none, is a clear ``ParameterError``."""
    return make_strategy(spec_of(game), name)


def spec_of(game: Any) -> GameSpec:
    """The ``GameSpec`` of a game class, a game object, a spec or a registered name."""
    if isinstance(game, GameSpec):
        return game
    if isinstance(game, str):
        if game not in GAMES:
            raise ParameterError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
        return GAMES[game]
    cls = game if isinstance(game, type) else type(game)
    if not callable(getattr(cls, "new_state", None)):
        raise ParameterError(f"{cls.__name__} is no game: give a game class (with new_state), a game made"
                             " from one, a GameSpec or a registered game's name")
    return as_spec(cls, f"{cls.__module__}:{cls.__qualname__}")
