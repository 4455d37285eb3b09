"""Leduc poker for two players, ported from OpenSpiel's ``leduc_poker`` (Southey et al. 2005),
a chips game for the tests (tests/balance/test_leduc.py).

Six cards, J J Q Q K K (OpenSpiel's cards 0-5, rank = card // 2). Each player antes 1 chip
and is dealt one private card. Two betting rounds, player 0 first in each: ``call`` (a
check when nothing is owed), ``raise`` (by 2 in the first round, 4 in the second; at most
two raises a round) or ``fold`` (only when facing a raise). A round ends when nobody has
raised and every player has called, or after a raise when the other has called. Then one
public card is dealt. At the showdown a private card that pairs the public card wins, else
the higher rank; equal ranks split the pot (no winner: a split pot, not a draw:
``equal_results_draw = False``). Returns: chips won, the pot less what a player put in
(``utility = (-13, 13)``: 1 + 2 + 2 + 4 + 4 at most). As OpenSpiel's ``returns()``.

By hand (OpenSpiel's rules): deal J (card 0) to player 0 and K (card 4) to player 1. Call,
raise, call (3 chips each), public Q (card 2), call, call: the showdown, K beats J, returns
(-3, +3). Raise, raise, fold: player 0 raises to 3, player 1 re-raises to 5, player 0 folds
having put in 3: (-3, +3). Call, call, public J (card 1), raise, call: player 0 pairs its J
and wins 1 + 4 = 5: (+5, -5). With Q and Q (cards 2, 3), call, call, public K, call, call:
a split pot, (0, 0).

``EdgeLeduc`` plants a chips edge for seat 0: where the two private cards differ in rank,
seat 0 holds the higher one 2 deals in 3 (a fair deal: 1 in 2).
"""

from __future__ import annotations

import random
from typing import Any

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params
from generator.games.spec import CardMeasures

RANKS = "JQK"
FOLD, CALL, RAISE = Action("fold"), Action("call"), Action("raise")
RAISE_BY = (2, 4)  # first and second round (OpenSpiel: kFirstRaiseAmount, kSecondRaiseAmount)


class TwoPlayers(Params):
    pass


class Leduc:
    """Leduc poker (OpenSpiel's leduc_poker, two players)."""

    name = "leduc"
    title = "Leduc Poker"
    unit = "action"
    Params = TwoPlayers
    players = (2, 2)
    utility = (-13, 13)
    equal_results_draw = False  # a split pot is no draw
    card_measures = CardMeasures(impact=False, removal=False, reason="Leduc deals its own six cards, not the deck's")

    def __init__(self, deck: Any, params: TwoPlayers) -> None:
        self.params = params

    def new_state(self, observer: Any = None) -> LeducState:
        return LeducState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> LeducState:
        """A state consistent with ``seat``'s view: the other private card dealt from the rest."""
        state = LeducState(self)
        if view["card"] is None:
            return state
        mine = int(view["card"])
        public = view["public"]
        rest = [c for c in range(6) if c != mine and c != public]
        other = rng.choice(rest)
        state.cards = (mine, other) if seat == 0 else (other, mine)
        for k, actions in enumerate(view["rounds"]):
            if k == 1:
                state.apply(Action("public", public))
            for name in actions:
                state.apply(Action(name))
        return state


class LeducState(StateBase):
    def __init__(self, game: Leduc, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        self.cards: tuple[int, int] | None = None
        self.public: int | None = None
        self.rounds: list[list[str]] = [[]]  # each round's actions, in order
        self.ante = [1, 1]
        self.stakes = 1
        self.raises = self.calls = 0
        self.folded: int | None = None
        self.turn = 0

    def _round_over(self) -> bool:
        return (self.raises == 0 and self.calls == 2) or (self.raises > 0 and self.calls == 1)

    def current(self) -> int:
        if self.cards is None:
            return CHANCE
        if self.folded is not None or (len(self.rounds) == 2 and self._round_over()):
            return TERMINAL
        if self._round_over():
            return CHANCE  # the public card
        return self.turn

    def legal_actions(self) -> list[Action]:
        if self.current() < 0:
            return []
        out = [CALL]
        if self.stakes > self.ante[self.turn]:
            out.append(FOLD)
        if self.raises < 2:
            out.append(RAISE)
        return out

    def sample_chance(self, rng: random.Random) -> Action:
        if self.cards is None:
            return Action("deal", tuple(self._deal(rng)))
        rest = [c for c in range(6) if c not in self.cards]
        return Action("public", rng.choice(rest))

    def _deal(self, rng: random.Random) -> tuple[int, int]:
        a, b = rng.sample(range(6), 2)
        return a, b

    def apply(self, action: Action) -> None:
        cur = self.current()
        if cur == CHANCE and action.kind == "deal" and self.cards is None:
            self.cards = (int(action.value[0]), int(action.value[1]))
        elif cur == CHANCE and action.kind == "public":
            self.public = int(action.value)
            self.rounds.append([])
            self.raises = self.calls = 0
            self.turn = 0
        elif cur >= 0 and action in self.legal_actions():
            seat = self.turn
            if action == FOLD:
                self.folded = seat
            elif action == CALL:
                self.ante[seat] = self.stakes
                self.calls += 1
            else:
                self.stakes += RAISE_BY[len(self.rounds) - 1]
                self.ante[seat] = self.stakes
                self.raises += 1
                self.calls = 0
            self.rounds[-1].append(action.kind)
            self.turn = 1 - seat
        else:
            raise ValueError(f"leduc: {action} is not legal now")

    def is_over(self) -> bool:
        return self.current() == TERMINAL

    def _strength(self, seat: int) -> int:
        assert self.cards is not None and self.public is not None
        rank = self.cards[seat] // 2
        return 10 + rank if rank == self.public // 2 else rank  # a pair beats any high card

    def winners(self) -> list[int]:
        if self.folded is not None:
            return [1 - self.folded]
        a, b = self._strength(0), self._strength(1)
        return [0] if a > b else [1] if b > a else [0, 1]

    def returns(self) -> list[float]:
        if not self.is_over():
            return [0.0, 0.0]
        pot = sum(self.ante)
        won = self.winners()
        return [pot / len(won) - self.ante[s] if s in won else -float(self.ante[s]) for s in range(2)]

    def result(self) -> Result:
        won = self.winners() if self.is_over() else [0, 1]
        actions = sum(len(r) for r in self.rounds)
        return Result(winner=won[0] if len(won) == 1 else None, tricks=actions, counts=[0, 0])

    def view(self, seat: int) -> dict[str, Any]:
        return {"card": self.cards[seat] if self.cards else None, "public": self.public,
                "rounds": [list(r) for r in self.rounds], "seat": seat}

    def players(self) -> int:
        return 2


class EdgeLeduc(Leduc):
    """Leduc poker, the deck stacked for seat 0 (the planted chips edge)."""

    name = "edgeleduc"
    title = "Stacked Leduc Poker"

    def new_state(self, observer: Any = None) -> EdgeState:
        return EdgeState(self, observer)


class EdgeState(LeducState):
    def _deal(self, rng: random.Random) -> tuple[int, int]:
        a, b = rng.sample(range(6), 2)
        if a // 2 == b // 2:
            return a, b
        low, high = sorted((a, b))
        return (high, low) if rng.random() < 2 / 3 else (low, high)
