"""Lopsided dice: three seats, one squeezed far below a fair third (a test game).

Each seat in turn rolls its die once; the highest roll wins the round. Seats 0 and 1 roll
a six-sided die, seat 2 only a four-sided one: the planted disadvantage. Where the
highest roll is shared nobody wins the round and every seat rolls again (a new round),
so every finished game is decided and a seat's share of the decided games is its chance
of a strict win in one round over the chance that the round is decided.

By hand, per round (a, b: the d6s of seats 0 and 1; c: seat 2's d4):

- seat 2 wins when a < c and b < c: sum over c = 1..4 of ((c - 1)/6)**2 / 4
  = (0 + 1 + 4 + 9) / 36 / 4 = 14/144;
- seat 0 wins when b < a and c < a: sum over a = 1..6 of (a - 1)/6 * min(a - 1, 4)/4 / 6
  = (0 + 1/24 + 4/24 + 9/24 + 16/24 + 20/24) / 6 = 50/144; seat 1 the same.

Decided rounds: 114/144. Shares of the decided games: seat 2 14/114 = 12.3 %, seats 0 and
1 50/114 = 43.9 % each, against a fair 33.3 %. ``FairDice`` gives seat 2 a d6 as well:
1/3 each.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params
from generator.games.spec import CardMeasures

ROLL = Action("roll")


class ThreePlayers(Params):
    players: int = Field(default=3, ge=3, le=3, description="number of players")


class LopsidedDice:
    """Three seats roll; the highest wins; seat 2's die is smaller."""

    name = "lopsideddice"
    title = "Lopsided Dice"
    unit = "round"
    Params = ThreePlayers
    players = (3, 3)
    first_player = 0
    faces = (6, 6, 4)
    card_measures = CardMeasures(impact=False, removal=False, reason="the dice decide, not the cards")

    def __init__(self, deck: Any, params: ThreePlayers) -> None:
        self.params = params

    def new_state(self, observer: Any = None) -> DiceState:
        return DiceState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> DiceState:
        state = DiceState(self)  # nothing is hidden: the state is its view
        state.rolls, state.rounds, state.rolling = list(view["rolls"]), view["rounds"], view["rolling"]
        return state


class FairDice(LopsidedDice):
    name = "fairdice"
    faces = (6, 6, 6)


class DiceState(StateBase):
    def __init__(self, game: LopsidedDice, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        self.rolls: list[int] = []  # this round's
        self.rounds = 1
        self.rolling = False

    def _winner(self) -> int | None:
        if len(self.rolls) < 3:
            return None
        top = max(self.rolls)
        return self.rolls.index(top) if self.rolls.count(top) == 1 else None

    def current(self) -> int:
        if self.rolling:
            return CHANCE
        if len(self.rolls) == 3:
            return TERMINAL
        return len(self.rolls)

    def legal_actions(self) -> list[Action]:
        return [ROLL] if self.current() >= 0 else []

    def sample_chance(self, rng: random.Random) -> Action:
        return Action("die", rng.randint(1, self.game.faces[len(self.rolls)]))

    def apply(self, action: Action) -> None:
        cur = self.current()
        if cur >= 0 and action == ROLL:
            self.rolling = True
        elif cur == CHANCE and action.kind == "die":
            self.rolls.append(int(action.value))
            self.rolling = False
            if len(self.rolls) == 3 and self._winner() is None:  # a shared top roll: everyone rolls again
                self.rolls, self.rounds = [], self.rounds + 1
        else:
            raise ValueError(f"lopsideddice: {action} is not legal now")

    def is_over(self) -> bool:
        return self.current() == TERMINAL

    def result(self) -> Result:
        return Result(winner=self._winner() if self.is_over() else None, tricks=self.rounds, counts=[0, 0, 0])

    def view(self, seat: int) -> dict[str, Any]:
        return {"rolls": list(self.rolls), "rounds": self.rounds, "rolling": self.rolling}

    def players(self) -> int:
        return 3
