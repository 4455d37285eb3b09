"""Market Pick: a small drafting game for the balance-assistant tests (docs/balance.md).

Rules
-----
* Every card of the deck is laid out face up in a row (a chance step shuffles the row).
* Seat 0 starts; in turn, a player takes `take` cards from the row (fewer when fewer are left).
* When the row is empty, the highest total `worth` wins; the last seat to move adds
  `komi` points to its total (a compensation for moving second); equal totals: a draw.
A game lasts ceil(cards / take) turns.
"""

from __future__ import annotations

import math
import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params


class MarketParams(Params):
    players: int = Field(default=2, ge=2, le=2, description="number of players")
    take: int = Field(default=1, ge=1, le=6, description="cards taken a turn")
    komi: float = Field(default=0, ge=0, le=20, description="points the second player adds")


class MarketPick:
    name = "market"
    title = "Market Pick"
    Params = MarketParams
    players = (2, 2)

    def __init__(self, deck: Any, params: MarketParams) -> None:
        self.params = params
        self.public_seats = tuple(range(params.players))  # nothing is hidden: the market and every take are face up
        self.ids = [c.id for c in deck.cards for _ in range(c.copies)]
        self.worth = [float(c.fields.get("worth") or 0) for c in deck.cards for _ in range(c.copies)]
        self.index = {cid: i for i, cid in enumerate(self.ids)}

    def new_state(self, observer: Any = None) -> MarketState:
        return MarketState(self)

    def heuristic(self, view: Any, seat: int) -> float:
        totals = view["totals"]
        return float(totals[seat] - totals[1 - seat])

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> MarketState:
        state = MarketState(self)  # nothing is hidden: the view is the whole state
        state.row = [self.index[c] for c in view["row"]]
        state.taken = [[self.index[c] for c in h] for h in view["taken"]]
        state.dealt, state.turn, state.turns, state.moved = view["dealt"], view["turn"], view["turns"], view["moved"]
        return state


class MarketState(StateBase):
    def __init__(self, game: MarketPick) -> None:
        self.game = game
        self.row: list[int] = []
        self.taken: list[list[int]] = [[], []]
        self.dealt = False
        self.turn = 0
        self.turns = 0
        self.moved = 0  # cards taken this turn

    def current(self) -> int:
        if not self.dealt:
            return CHANCE
        return TERMINAL if not self.row else self.turn

    def legal_actions(self) -> list[Action]:
        if not self.dealt or not self.row:
            return []
        return [Action("take", self.game.ids[c]) for c in self.row]

    def sample_chance(self, rng: random.Random) -> Action:
        order = list(range(len(self.game.ids)))
        rng.shuffle(order)
        return Action("lay", tuple(self.game.ids[c] for c in order))

    def apply(self, action: Action) -> None:
        g = self.game
        if action.kind == "lay":
            self.row = [g.index[c] for c in action.value]
            self.dealt = True
            return
        c = g.index[action.value]
        self.row.remove(c)
        self.taken[self.turn].append(c)
        self.moved += 1
        if self.moved == g.params.take or not self.row:
            self.moved = 0
            self.turns += 1
            self.turn = 1 - self.turn

    def totals(self) -> list[float]:
        g = self.game
        t = [sum(g.worth[c] for c in h) for h in self.taken]
        t[1] += g.params.komi
        return t

    def result(self) -> Result:
        t = self.totals()
        winner = None if t[0] == t[1] else (0 if t[0] > t[1] else 1)
        stats = {}
        for seat, hand in enumerate(self.taken):
            for c in hand:
                stats[self.game.ids[c]] = (1, int(winner == seat))
        return Result(winner=winner, tricks=self.turns, counts=[len(h) for h in self.taken], scores=t,
                      card_stats=stats)

    def is_over(self) -> bool:
        return self.dealt and not self.row

    def view(self, seat: int) -> dict[str, Any]:
        ids = self.game.ids
        return {"row": [ids[c] for c in self.row], "taken": [[ids[c] for c in h] for h in self.taken],
                "totals": self.totals(), "dealt": self.dealt, "turn": self.turn, "turns": self.turns,
                "moved": self.moved}

    def clone(self) -> MarketState:
        other = MarketState.__new__(MarketState)
        other.__dict__.update(self.__dict__)
        other.row = list(self.row)
        other.taken = [list(h) for h in self.taken]
        return other


def turns(cards: int, take: int) -> int:
    return math.ceil(cards / take)
