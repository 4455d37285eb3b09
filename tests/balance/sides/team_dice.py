"""Team dice: four players in two teams of partners, a test game with a planted edge.

Seats 0 and 2 play against seats 1 and 3 (``teams``). Each seat in turn rolls a
three-sided die (1-3); after four rolls the team with the larger sum wins. Equal sums
go to the first team: the planted edge. By hand: a team's sum of two d3 is 2..6 with
weights 1, 2, 3, 2, 1 (of 9), so the sums tie with probability (1+4+9+4+1)/81 = 19/81
and the first team wins 1/2 + 19/162 = 100/162 = 61.7 % of the games (fair: 50 %).
``FairTeamDice`` breaks a tie with a coin instead: both teams win 50 %.

A team's win is reported as ``winner`` = the team's first seat (0 or 1, any seat of the
team would do); ``StateBase.returns()`` then gives the winning team's seats 0.5 each.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params
from generator.games.spec import CardMeasures

ROLL = Action("roll")


class FourPlayers(Params):
    players: int = Field(default=4, ge=4, le=4, description="number of players")


class TeamDice:
    """Team dice: partners add their rolls; the larger sum wins."""

    name = "teamdice"
    title = "Team Dice"
    unit = "roll"
    Params = FourPlayers
    players = (4, 4)
    teams = ((0, 2), (1, 3))
    first_player = 0
    tie_to_first = True
    card_measures = CardMeasures(impact=False, removal=False, reason="the dice decide, not the cards")

    def __init__(self, deck: Any, params: FourPlayers) -> None:
        self.params = params

    def new_state(self, observer: Any = None) -> TeamState:
        return TeamState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> TeamState:
        state = TeamState(self)  # nothing is hidden: the state is its view
        state.rolls = list(view["rolls"])
        state.rolling = view["rolling"]
        state.coin = view["coin"]
        return state


class FairTeamDice(TeamDice):
    """The same, equal sums decided by a coin: no team has an edge."""

    name = "fairteamdice"
    tie_to_first = False


class TeamState(StateBase):
    def __init__(self, game: TeamDice, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        self.rolls: list[int] = []
        self.rolling = False  # the seat to act has chosen to roll: the die is in the air
        self.coin: int | None = None

    def _tied(self) -> bool:
        return len(self.rolls) == 4 and self._sums()[0] == self._sums()[1]

    def _sums(self) -> tuple[int, int]:
        return self.rolls[0] + self.rolls[2], self.rolls[1] + self.rolls[3]

    def current(self) -> int:
        if self.rolling or (self._tied() and not self.game.tie_to_first and self.coin is None):
            return CHANCE
        if len(self.rolls) == 4:
            return TERMINAL
        return len(self.rolls)

    def legal_actions(self) -> list[Action]:
        return [ROLL] if self.current() >= 0 else []

    def sample_chance(self, rng: random.Random) -> Action:
        if self.rolling:
            return Action("die", rng.randint(1, 3))
        return Action("coin", rng.randint(0, 1))

    def apply(self, action: Action) -> None:
        cur = self.current()
        if cur >= 0 and action == ROLL:
            self.rolling = True
        elif cur == CHANCE and self.rolling and action.kind == "die":
            self.rolls.append(int(action.value))
            self.rolling = False
        elif cur == CHANCE and action.kind == "coin":
            self.coin = int(action.value)
        else:
            raise ValueError(f"teamdice: {action} is not legal now")

    def is_over(self) -> bool:
        return self.current() == TERMINAL

    def _winning_team(self) -> int:
        a, b = self._sums()
        if a != b:
            return 0 if a > b else 1
        return 0 if self.game.tie_to_first else int(self.coin or 0)

    def result(self) -> Result:
        winner = self._winning_team() if self.is_over() else None  # the team's first seat: 0 or 1
        return Result(winner=winner, tricks=len(self.rolls), counts=[0, 0, 0, 0])

    def view(self, seat: int) -> dict[str, Any]:
        return {"rolls": list(self.rolls), "rolling": self.rolling, "coin": self.coin}

    def players(self) -> int:
        return 4
