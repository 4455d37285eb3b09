"""The two-player War loop against the general one on the fast engine's own random stream.

``war_kernel.play2`` keeps its random state in a local variable and shuffles a
two-card pickup without a loop; ``war_kernel.play`` (the general loop, checked
against the reference trick by trick in test_fast.py) draws through ``rng.shuffle``.
Both must play the same games from the same deals: every game's outcome, length,
wars and tiles left on the table are equal, so a seed's results do not depend on
which loop played them.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from generator.deck.load import resolve_deck
from generator.deck.model import Deck
from generator.games.fast import rng
from generator.games.fast.tables import Chunk, Stacks
from generator.games.registry import make_game, make_params
from generator.games.war import kernel as war_kernel
from generator.games.war.fast import war_tables
from generator.games.war.tables import WarOut, WarWork

CASES = [
    ("standard52", {}), ("piecepack", {}), ("piecepack", {"packs": 4}), ("standard52", {"packs": 4}),
    ("standard52", {"pickup": "winner-first"}), ("piecepack", {"pickup": "winner-first", "max_tricks": 40}),
    ("piecepack", {"variant": "russian", "tie_method": 1}),
    ("piecepack", {"variant": "russian", "objective": 2, "pickup": "winner-first"}),
    ("standard52", {"max_tricks": 300}), ("standard52+1", {}), ("piecepack+1", {"pickup": "winner-first"}),
]
GAMES = 300


def deck(name: str) -> Deck:
    """A bundled deck; ``NAME+1`` adds one card (an odd deck: one card is set aside)."""
    base = resolve_deck(name.removesuffix("+1"))
    if not name.endswith("+1"):
        return base
    return dataclasses.replace(base, cards=(*base.cards, dataclasses.replace(base.cards[-1], id="extra")))


def general_loop(t: Any, key: np.uint64, games: int) -> list[tuple[int, int, int, int]]:
    """Each game dealt by ``shuffle_and_deal`` and played by the general ``play``."""
    total = len(t.cards)
    size = 1 << (total - 1).bit_length()
    st = Stacks(np.zeros((2, size), np.int64), np.zeros(2, np.int64), np.zeros(2, np.int64), size - 1)
    sm, mt = np.zeros(1, np.uint64), np.zeros(625, np.int64)
    chunk = Chunk(rng.FAST, key, 0, games, np.zeros((0, 625), np.int64))
    work = WarWork(rng.FAST, sm, mt, np.zeros((2, total), np.int64), np.zeros(2, np.int64), np.zeros(total, np.int64),
                   np.zeros(2, np.int64), np.zeros(2, np.int64), np.zeros((2, total), np.int64), np.zeros(2, np.int64))
    out = []
    for g in range(games):
        war_kernel.shuffle_and_deal(chunk, g, sm, mt, t.cards, np.zeros(total, np.int64), total - total % 2, st)
        out.append(tuple(int(v) for v in war_kernel.play(st, t, work, np.zeros((0, 4), np.int64))))
    return out


@pytest.mark.parametrize(("deck_name", "values"), CASES, ids=str)
def test_two_player_loop_plays_the_general_loops_games(deck_name: str, values: dict[str, Any]) -> None:
    t = war_tables(make_game("war", deck(deck_name), make_params("war", **values)))
    key = rng.run_key(11)
    code, tricks, wars, table = (np.zeros(GAMES, np.int64) for _ in range(4))
    war_kernel.run_chunk(t._replace(players=2), Chunk(rng.FAST, key, 0, GAMES, np.zeros((0, 625), np.int64)),
                         WarOut(code, tricks, wars, table))
    two = list(zip(code.tolist(), tricks.tolist(), wars.tolist(), table.tolist(), strict=True))
    assert two == general_loop(t, key, GAMES)
    assert len(set(tricks.tolist())) > 10  # real games of many lengths, not a degenerate run
