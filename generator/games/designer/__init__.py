"""A designer's own game: loaded from its ``game.py`` (:mod:`.loader`), found from a
deck or a command's GAME (:mod:`.find`), checked against the State API's contract
(:mod:`.contract`) before any command uses it (:mod:`.enforce`), and registered
into :mod:`generator.games.registry` like any game.

What a designer's own Python uses, from this package::

    from generator.games.designer import check_game, strategy
    check_game(SPEC, deck)                  # the contract, as every command runs it
    player = strategy(MyGame, "mcts:100")   # any --strategy name, from a script

The package sits on the registry (it imports it; the registry imports none of it),
so the games package has no import loop (tests/test_architecture.py).
"""

from __future__ import annotations

from .contract import ContractError, check_game
from .strategy import strategy

__all__ = ["ContractError", "check_game", "strategy"]
