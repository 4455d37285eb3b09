"""Kuhn poker with a planted seat edge (appended to tests/games/api2/kuhn.py to make one
standalone game.py): seat 0 is dealt the higher card in 2 deals of 3 instead of 1 in 2.

By hand under random play (each seat bets or passes with probability 1/2): with q the
chance that seat 0 holds the higher card, seat 0's mean return is (2q - 1) + 1/8 chips a
hand (pass-pass and bet-bet are showdowns for 1 and 2 chips, bet-pass wins 1, pass-bet-pass
loses 1, pass-bet-bet is a showdown for 2, with weights 1/4, 1/4, 1/4, 1/8, 1/8), so
+1/8 = +0.125 for the fair deal (q = 1/2) and +11/24 = +0.458 for this one (q = 2/3).
"""

from __future__ import annotations

import random
from typing import Any

from generator.games.api import Action
from generator.games.spec import CardMeasures

from ...games.api2.kuhn import Kuhn, KuhnState

# -- the game.py: tests/games/api2/kuhn.py, then everything below --
Kuhn.card_measures = CardMeasures(impact=False, removal=False, reason="a test of the seat verdict")


class EdgeKuhn(Kuhn):
    """Kuhn poker, the deck stacked for the first player."""

    name = "edgekuhn"
    title = "Stacked Kuhn Poker"

    def new_state(self, observer: Any = None) -> EdgeState:
        return EdgeState(self, observer)


class EdgeState(KuhnState):
    def sample_chance(self, rng: random.Random) -> Action:
        low, high = sorted(rng.sample(range(3), 2))
        return Action("deal", (high, low) if rng.random() < 2 / 3 else (low, high))
