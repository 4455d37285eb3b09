"""Sealed bids: a symmetric simultaneous game for the tests (Goofspiel with prizes
drawn at random).

Each player holds bids 1..N. Each round a prize card (1..N, not seen before) is
revealed; both players bid one of their remaining bids at once; the higher bid
takes the prize (equal bids: nobody does); the bids are spent and shown. After N
rounds the larger prize total wins; equal totals are a draw. Nothing is hidden but
the choice being made, so ``resample`` only rebuilds the state from the view.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, SIMULTANEOUS, TERMINAL, Action, Result, StateBase
from generator.games.params import Params


class SealedParams(Params):
    cards: int = Field(default=5, ge=2, le=13, description="prizes and bids per player")


class SealedBids:
    """Sealed bids: both players bid at once for a revealed prize."""

    name = "sealed"
    title = "Sealed Bids"
    unit = "round"  # what Result.tricks counts, in the reports
    Params = SealedParams
    players = (2, 2)

    def __init__(self, deck: Any, params: SealedParams) -> None:
        self.params = params
        self.n = params.cards

    def new_state(self, observer: Any = None) -> SealedState:
        return SealedState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> SealedState:
        state = SealedState(self)
        state.bids = [list(b) for b in view["bids"]]
        state.prizes = list(view["prizes"])
        state.prize = view["prize"]
        state.points = list(view["points"])
        state.rounds = view["rounds"]
        return state


class SealedState(StateBase):
    def __init__(self, game: SealedBids, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        n = game.n
        self.bids = [list(range(1, n + 1)), list(range(1, n + 1))]  # bids left (public: spent bids are shown)
        self.prizes = list(range(1, n + 1))  # prizes not yet revealed
        self.prize: int | None = None  # the prize on the table
        self.points = [0, 0]
        self.rounds = 0

    def current(self) -> int:
        if self.rounds == self.game.n:
            return TERMINAL
        return CHANCE if self.prize is None else SIMULTANEOUS

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.current() != SIMULTANEOUS or seat is None:
            return []
        return [Action("bid", b) for b in self.bids[seat]]

    def sample_chance(self, rng: random.Random) -> Action:
        return Action("prize", self.prizes[rng.randrange(len(self.prizes))])

    def apply(self, action: Action) -> None:
        if self.current() != CHANCE or action.kind != "prize" or action.value not in self.prizes:
            raise ValueError(f"sealed: {action} is not legal now")
        self.prizes.remove(action.value)
        self.prize = action.value

    def apply_joint(self, actions: list[Action | None]) -> None:
        if self.current() != SIMULTANEOUS or len(actions) != 2:
            raise ValueError("sealed: a joint action is one bid per seat")
        bids = []
        for seat, a in enumerate(actions):
            if a is None or a.kind != "bid" or a.value not in self.bids[seat]:
                raise ValueError(f"sealed: seat {seat} cannot bid {a}")
            self.bids[seat].remove(a.value)
            bids.append(a.value)
        assert self.prize is not None
        if bids[0] != bids[1]:
            self.points[0 if bids[0] > bids[1] else 1] += self.prize
        self.prize = None
        self.rounds += 1

    def is_over(self) -> bool:
        return self.rounds == self.game.n

    def result(self) -> Result:
        winner = None
        if self.is_over() and self.points[0] != self.points[1]:
            winner = 0 if self.points[0] > self.points[1] else 1
        return Result(winner=winner, tricks=self.rounds, counts=[len(b) for b in self.bids],
                      scores=[float(p) for p in self.points])

    def view(self, seat: int) -> dict[str, Any]:
        return {"bids": [list(b) for b in self.bids], "prizes": list(self.prizes), "prize": self.prize,
                "points": list(self.points), "rounds": self.rounds}

    def players(self) -> int:
        return 2
