"""Sushi Draft: deal four each, pick one face up, pass the hands; two rounds (a test's drafting game with copies)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params

HAND = 4


class DraftParams(Params):
    players: int = Field(default=2, ge=2, le=2, description="number of players")


class Draft:
    """Sushi Draft: pick a card, pass the hand; copies of every card."""

    name = "sushidraft"
    title = "Sushi Draft"
    Params = DraftParams
    players = (2, 2)
    default_strategy = "random"

    def __init__(self, deck: Any, params: DraftParams) -> None:
        self.params = params
        self.deck = deck
        self.ids = sorted(c.id for c in deck.cards for _ in range(c.copies))
        self.points = {c.id: int(c.fields.get("points") or 0) for c in deck.cards}

    def new_state(self, observer: Any = None) -> DraftState:
        return DraftState(self)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> DraftState:
        state = DraftState(self)
        state.round, state.turn, state.started = view["round"], view["turn"], view["started"]
        state.picked = [list(p) for p in view["picked"]]
        state.hands[seat] = list(view["hand"])
        unseen = Counter(self.ids) - Counter(view["hand"]) - Counter(c for p in view["picked"] for c in p)
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        other = 1 - seat
        state.hands[other] = sorted(pool[:view["hand_sizes"][other]])
        state.pile = pool[view["hand_sizes"][other]:]
        return state


class DraftState(StateBase):
    def __init__(self, game: Draft) -> None:
        self.game = game
        self.pile = list(game.ids)
        self.hands: list[list[str]] = [[], []]
        self.picked: list[list[str]] = [[], []]
        self.round = 0
        self.turn = 0
        self.started = False

    def players(self) -> int:
        return 2

    def current(self) -> int:
        if self.round == 2:
            return TERMINAL
        return self.turn if self.started else CHANCE

    def legal_actions(self) -> list[Action]:
        if not self.started or self.round == 2:
            return []
        return [Action("pick", c) for c in sorted(set(self.hands[self.turn]))]

    def sample_chance(self, rng: random.Random) -> Action:
        pile = list(self.pile)
        rng.shuffle(pile)
        return Action("deal", (tuple(sorted(pile[:HAND])), tuple(sorted(pile[HAND:2 * HAND]))))

    def apply(self, action: Action) -> None:
        if action.kind == "deal":
            for s, hand in enumerate(action.value):
                self.hands[s] = list(hand)
                for c in hand:
                    self.pile.remove(c)
            self.started, self.turn = True, 0
            return
        self.hands[self.turn].remove(action.value)
        self.picked[self.turn].append(action.value)
        if self.turn == 0:
            self.turn = 1
            return
        self.turn = 0
        self.hands = [self.hands[1], self.hands[0]]  # pass the hands
        if not self.hands[0]:
            self.round += 1
            self.started = False

    def is_over(self) -> bool:
        return self.round == 2

    def result(self) -> Result:
        scores = [float(sum(self.game.points[c] for c in p)) for p in self.picked]
        winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        return Result(winner=winner if self.is_over() else None, tricks=self.round, counts=[len(p) for p in self.picked],
                      scores=scores)

    def view(self, seat: int) -> dict[str, Any]:
        return {"hand": sorted(self.hands[seat]), "picked": [list(p) for p in self.picked],
                "hand_sizes": [len(h) for h in self.hands], "round": self.round, "turn": self.turn,
                "started": self.started}

    def clone(self) -> DraftState:
        other = DraftState.__new__(DraftState)
        other.__dict__.update(self.__dict__)
        other.pile = list(self.pile)
        other.hands = [list(h) for h in self.hands]
        other.picked = [list(p) for p in self.picked]
        return other

    def returns(self) -> list[float]:
        if not self.is_over():
            return [0.0, 0.0]
        w = self.result().winner
        return [0.5, 0.5] if w is None else [float(s == w) for s in range(2)]
