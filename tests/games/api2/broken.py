"""Games that break the contract, for the tests: one that never ends, one whose
seat must act with no legal action, and leaky variants of Kuhn poker."""

from __future__ import annotations

import random
from typing import Any

from generator.games.api import Action, Result, StateBase
from generator.games.params import Params

from .kuhn import CARDS, Kuhn, KuhnState


class Endless:
    """Both players pass for ever."""

    name = "endless"
    title = "Endless"
    Params = Params
    players = (2, 2)

    def __init__(self, deck: Any, params: Params) -> None:
        self.params = params

    def new_state(self, observer: Any = None) -> EndlessState:
        return EndlessState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> EndlessState:
        state = EndlessState(self)
        state.turns = view["turns"]
        return state


class EndlessState(StateBase):
    def __init__(self, game: Any, observer: Any = None) -> None:
        self.game, self.observer, self.turns = game, observer, 0
        self.limit: int | None = None  # a finite variant ends after this many turns

    def current(self) -> int:
        return self.turns % 2

    def legal_actions(self) -> list[Action]:
        return [Action("pass"), Action("wait")]

    def apply(self, action: Action) -> None:
        self.turns += 1

    def is_over(self) -> bool:
        return self.limit is not None and self.turns >= self.limit

    def result(self) -> Result:
        return Result(winner=0 if self.is_over() else None, tricks=self.turns, counts=[0, 0])

    def view(self, seat: int) -> dict[str, Any]:
        return {"turns": self.turns}

    def players(self) -> int:
        return 2


class Stuck(Endless):
    """Seat 1 must act at its first turn but has no legal action."""

    name = "stuck"

    def new_state(self, observer: Any = None) -> EndlessState:
        return StuckState(self, observer)


class StuckState(EndlessState):
    def legal_actions(self) -> list[Action]:
        return [Action("pass")] if self.turns % 2 == 0 else []


class ShowsHands(Kuhn):
    """Kuhn poker whose view shows both cards, and whose resample copies them from the
    view (so every view stays equal: only the hidden-cards check can see it)."""

    name = "showshands"

    def new_state(self, observer: Any = None) -> KuhnState:
        return ShowState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        state = ShowState(self)
        honest = super().resample(view, seat, rng)
        state.cards, state.history = honest.cards, honest.history
        if view["both"] is not None:  # seat 0 sees both cards: keep them
            state.cards = [CARDS.index(c) for c in view["both"]]
        return state


class ShowState(KuhnState):
    def view(self, seat: int) -> dict[str, Any]:
        both = [CARDS[c] for c in self.cards] if self.cards else None
        if seat == 1:  # seat 1 plays honestly: its view shows its own card only
            both = None
        return {**super().view(seat), "both": both}


LAST: list[Any] = []  # the state a leaky game left behind


class ReadsGlobal(Kuhn):
    """Kuhn poker whose resample deals the true cards, read from a module global."""

    name = "readsglobal"

    def new_state(self, observer: Any = None) -> KuhnState:
        state = GlobalState(self, observer)
        LAST[:] = [state]
        return state

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        state = KuhnState(self)
        state.cards = list(LAST[0].cards) if LAST and LAST[0].cards else [0, 1]
        rng.random()
        state.history = list(view["history"])
        return state


class GlobalState(KuhnState):
    def clone(self) -> Any:
        other = KuhnState(self.game)
        other.cards, other.history = list(self.cards), list(self.history)
        return other


class CarriesGame(Kuhn):
    """Kuhn poker whose view carries the game object."""

    name = "carriesgame"

    def new_state(self, observer: Any = None) -> KuhnState:
        return GameViewState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        state = super().resample({"card": view["card"], "history": view["history"]}, seat, rng)
        other = GameViewState(self)
        other.cards, other.history = state.cards, state.history
        return other


class GameViewState(KuhnState):
    def view(self, seat: int) -> dict[str, Any]:
        return {**super().view(seat), "game": self.game}

