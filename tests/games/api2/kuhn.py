"""Kuhn poker, a points game for the tests (Kuhn 1950; OpenSpiel's kuhn_poker).

Three cards J < Q < K; each player antes 1 chip and is dealt one card. Player 0
checks or bets 1; player 1 then checks or bets (after a check) or folds or calls
(after a bet); after check-bet player 0 folds or calls. A fold loses what the
folder put in; otherwise the higher card wins the pot. Returns are chips won:
+-1 or +-2 (``utility = (-2, 2)``).
"""

from __future__ import annotations

import random
from typing import Any

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params

CARDS = ("J", "Q", "K")
PASS, BET = Action("pass"), Action("bet")
DEALS = tuple((a, b) for a in range(3) for b in range(3) if a != b)


def nash_bet(card: str, history: tuple[str, ...]) -> float:
    """The chance to bet (or call) of Kuhn's Nash equilibrium with alpha = 0 (Kuhn 1950):
    player 0 always checks first, calls a bet with K, with Q a third of the time, never
    with J; player 1 bets K and a third of its J after a check, calls with K and a third
    of its Q. Player 0's value is -1/18."""
    table = {
        (): {"J": 0.0, "Q": 0.0, "K": 0.0},
        ("pass", "bet"): {"J": 0.0, "Q": 1 / 3, "K": 1.0},
        ("pass",): {"J": 1 / 3, "Q": 0.0, "K": 1.0},
        ("bet",): {"J": 0.0, "Q": 1 / 3, "K": 1.0},
    }
    return table[history][card]


class NashKuhn:
    """Plays :func:`nash_bet` (from its own view only)."""

    name = "nash"
    deterministic = False

    def choose(self, turn: Any, rng: random.Random) -> Action:
        p = nash_bet(turn.view["card"], tuple(turn.view["history"]))
        return BET if rng.random() < p else PASS


class Kuhn:
    """Kuhn poker: one card each, one round of betting."""

    name = "kuhn"
    title = "Kuhn Poker"
    unit = "turn"  # what Result.tricks counts, in the reports
    Params = Params
    players = (2, 2)
    utility = (-2, 2)
    strategies = {"nash": NashKuhn}

    def __init__(self, deck: Any, params: Params) -> None:
        self.params = params

    def new_state(self, observer: Any = None) -> KuhnState:
        return KuhnState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        state = KuhnState(self)
        mine = CARDS.index(view["card"])
        other = rng.choice([c for c in range(3) if c != mine])
        state.cards = [mine, other] if seat == 0 else [other, mine]
        state.history = list(view["history"])
        return state


class KuhnState(StateBase):
    def __init__(self, game: Kuhn, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        self.cards: list[int] = []
        self.history: list[str] = []

    def current(self) -> int:
        if not self.cards:
            return CHANCE
        return TERMINAL if self.is_over() else len(self.history) % 2

    def legal_actions(self) -> list[Action]:
        return [] if self.current() < 0 else [PASS, BET]

    def sample_chance(self, rng: random.Random) -> Action:
        return Action("deal", DEALS[rng.randrange(len(DEALS))])

    def apply(self, action: Action) -> None:
        if not self.cards:
            self.cards = list(action.value)
        elif action in (PASS, BET) and not self.is_over():
            self.history.append(action.kind)
        else:
            raise ValueError(f"kuhn: {action} is not legal now")

    def is_over(self) -> bool:
        h = self.history
        return h in (["pass", "pass"], ["bet", "bet"], ["bet", "pass"], ["pass", "bet", "pass"],
                     ["pass", "bet", "bet"])

    def chips(self) -> list[float]:
        h = self.history
        if h == ["bet", "pass"]:
            return [1.0, -1.0]
        if h == ["pass", "bet", "pass"]:
            return [-1.0, 1.0]
        stake = 2.0 if "bet" in h else 1.0
        win = stake if self.cards[0] > self.cards[1] else -stake
        return [win, -win]

    def returns(self) -> list[float]:
        return self.chips() if self.is_over() else [0.0, 0.0]

    def result(self) -> Result:
        winner = None
        if self.is_over():
            winner = 0 if self.chips()[0] > 0 else 1
        return Result(winner=winner, tricks=len(self.history), counts=[1, 1],
                      scores=self.chips() if self.is_over() else [0.0, 0.0])

    def view(self, seat: int) -> dict[str, Any]:
        return {"card": CARDS[self.cards[seat]] if self.cards else None, "history": list(self.history)}

    def players(self) -> int:
        return 2
