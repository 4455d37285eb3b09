"""Who acts next depends on a hidden card (a game for the tests).

Cards 1, 2, 3: each of two players is dealt one, the third stays unseen. Player 0
says ``stay`` or ``pass``. After ``stay`` player 0 wins if it holds the 1. After
``pass`` the player with the higher card (hidden from the other) decides: ``claim``
(they win) or ``give`` (the other wins).

By hand, for player 0 against a player 1 who chooses at random: card 1: stay wins;
card 3: pass, then claim, wins; card 2: stay loses, pass wins 1/2 * 1 + 1/2 * 1/2 =
3/4 (player 1 holds the 1, or holds the 3 and gives at random). Best play wins
1/3 + 1/3 + 1/3 * 3/4 = 11/12. After ``pass`` with card 2 either seat may decide,
with the same actions: a search tree keyed by the action alone mixes them.
"""

from __future__ import annotations

import random
from typing import Any

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params

STAY, PASS, CLAIM, GIVE = Action("stay"), Action("pass"), Action("claim"), Action("give")
DEALS = tuple((a, b) for a in (1, 2, 3) for b in (1, 2, 3) if a != b)


class HiddenTurn:
    """Stay or pass; after a pass the higher card decides."""

    name = "hiddenturn"
    title = "Hidden Turn"
    Params = Params
    players = (2, 2)

    def __init__(self, deck: Any, params: Params) -> None:
        self.params = params

    def new_state(self, observer: Any = None) -> HiddenState:
        return HiddenState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> HiddenState:
        state = HiddenState(self)
        mine = view["card"]
        others = [c for c in (1, 2, 3) if c != mine]
        if view["history"] == ["pass"]:  # the decider after a pass holds the higher card
            others = [c for c in others if c < mine]
        other = rng.choice(others)
        state.cards = [mine, other] if seat == 0 else [other, mine]
        state.history = list(view["history"])
        return state


class HiddenState(StateBase):
    def __init__(self, game: HiddenTurn, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        self.cards: list[int] = []
        self.history: list[str] = []

    def current(self) -> int:
        if not self.cards:
            return CHANCE
        if self.is_over():
            return TERMINAL
        if not self.history:
            return 0
        return 0 if self.cards[0] > self.cards[1] else 1

    def legal_actions(self) -> list[Action]:
        cur = self.current()
        if cur < 0:
            return []
        return [STAY, PASS] if not self.history else [CLAIM, GIVE]

    def sample_chance(self, rng: random.Random) -> Action:
        return Action("deal", DEALS[rng.randrange(len(DEALS))])

    def apply(self, action: Action) -> None:
        if not self.cards:
            self.cards = list(action.value)
        elif action in self.legal_actions():
            self.history.append(action.kind)
        else:
            raise ValueError(f"hiddenturn: {action} is not legal now")

    def is_over(self) -> bool:
        return self.history[:1] == ["stay"] or len(self.history) == 2

    def winner(self) -> int:
        if self.history == ["stay"]:
            return 0 if self.cards[0] == 1 else 1
        decider = 0 if self.cards[0] > self.cards[1] else 1
        return decider if self.history[1] == "claim" else 1 - decider

    def result(self) -> Result:
        return Result(winner=self.winner() if self.is_over() else None, tricks=len(self.history), counts=[1, 1])

    def view(self, seat: int) -> dict[str, Any]:
        return {"card": self.cards[seat] if self.cards else None, "history": list(self.history)}

    def players(self) -> int:
        return 2
