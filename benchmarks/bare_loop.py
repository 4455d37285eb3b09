"""The yardstick for the runner's own cost (issue 48): random play of a designer's
``game.py`` as a bare loop over its State API, no deckpress runner (no Turn, no
views, no per-seat streams, no summary): the deck loaded, the game made, then for
each game ``new_state()``, chance from ``sample_chance``, every seat a uniform
choice of ``legal_actions()``, ``apply``, until ``is_over()``.

    python benchmarks/bare_loop.py benchmarks/games/tricks40 20000   # prints wins per seat and draws

benchmarks/bench_card_checks.py times it as a whole process against
``deckpress simulate PROJECT --strategy random --jobs 1`` of the same game.py.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

from generator.deck import load_deck
from generator.games.api import CHANCE, SIMULTANEOUS


def main(folder: str, games: int, seed: int = 1) -> list[int]:
    return play(load(folder), games, seed)


def load(folder: str) -> Any:
    """The project's game, made with its deck and default parameters."""
    path = Path(folder)
    deck = load_deck(path / "deck.yaml")
    spec = importlib.util.spec_from_file_location("bare_game", path / "game.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    cls: Any = next(v for v in vars(module).values() if isinstance(v, type) and hasattr(v, "new_state")
               and v.__module__ == module.__name__)
    return cls(deck, cls.Params())


def play(game: Any, games: int, seed: int = 1) -> list[int]:
    """``games`` random games: wins per seat, then draws."""
    players = int(game.params.players)
    tally = [0] * (players + 1)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_state()
        while not state.is_over():
            seat = state.current()
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
            elif seat == SIMULTANEOUS:
                state.apply_joint([rng.choice(state.legal_actions(s)) for s in range(players)])
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
        winner = state.result().winner
        tally[players if winner is None else winner] += 1
    return tally


if __name__ == "__main__":
    print(main(sys.argv[1], int(sys.argv[2])))
