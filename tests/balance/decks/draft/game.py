"""Sushi Pass: a 3-player simultaneous draft for the per-card tests (tests/balance/test_card_findings.py).

Each player is dealt ``hand`` cards from the shuffled deck (the rest stay face down).
Every round all players at once keep one card of their hand and pass the rest to the
left. When the hands are empty, the most ``points`` kept wins; equal totals: a draw.
Cards whose ``kind`` is ``blank`` are not dealt: the game plays without them. A card
with copies is one kind: its copies share the card's id (the per-card measures' unit).
With ``chips=true`` the game pays out chips (it declares ``utility``): each seat gets its
points less the mean of the others'. ``CoinPass`` (fair.yaml) is the same game where a coin
(a chance node after the last round, among the seats that share the top total) breaks equal
totals: a fair symmetric simultaneous game without draws.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, SIMULTANEOUS, TERMINAL, Action, Result, StateBase
from generator.games.params import Params


class PassParams(Params):
    players: int = Field(default=3, ge=2, le=4, description="number of players")
    hand: int = Field(default=4, ge=1, le=8, description="cards dealt to each player")
    chips: bool = Field(default=False, description="pay out chips: each seat gets its points less the others' mean")


class SushiPass:
    name = "sushipass"
    title = "Sushi Pass"
    unit = "round"
    Params = PassParams
    players = (2, 4)

    def __init__(self, deck: Any, params: PassParams) -> None:
        self.params = params
        self.ids = [c.id for c in deck.cards if c.fields.get("kind") != "blank" for _ in range(c.copies)]
        self.points = {c.id: int(c.fields.get("points") or 0) for c in deck.cards}
        if params.chips:  # returns in chips: the game declares their bounds
            top = max(self.points.values(), default=0) * params.hand
            self.utility = (-float(top), float(top))
        if len(self.ids) < params.players * params.hand:
            raise ValueError(f"{len(self.ids)} cards cannot deal {params.hand} to each of {params.players} players")

    def new_state(self, observer: Any = None) -> PassState:
        return PassState(self)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> PassState:
        state = PassState(self)
        if view["round"] < 0:
            return state
        state.round = view["round"]
        state.kept = [list(k) for k in view["kept"]]
        state.hands[seat] = list(view["hand"])
        seen = set(view["hand"]) | {c for k in view["kept"] for c in k}
        pool = [c for c in self.ids if c not in seen]
        rng.shuffle(pool)
        for t, size in enumerate(view["sizes"]):
            if t != seat:
                state.hands[t], pool = pool[:size], pool[size:]
        return state


class CoinPass(SushiPass):
    """Sushi Pass, equal top totals decided by a coin among the tied seats."""

    name = "coinpass"
    title = "Sushi Pass (a coin breaks ties)"
    coin = True


class PassState(StateBase):
    def __init__(self, game: SushiPass) -> None:
        self.game = game
        n = game.params.players
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.kept: list[list[str]] = [[] for _ in range(n)]
        self.round = -1
        self.coin: int | None = None  # CoinPass: the seat the coin gave equal top totals to

    def _tied(self) -> list[int]:
        """The seats sharing the top total at the end where a coin decides (CoinPass), else []."""
        if not getattr(self.game, "coin", False) or self.round != self.game.params.hand:
            return []
        totals = self.totals()
        top = [s for s, p in enumerate(totals) if p == max(totals)]
        return top if len(top) > 1 else []

    def current(self) -> int:
        if self.round < 0 or (self._tied() and self.coin is None):
            return CHANCE
        return TERMINAL if self.is_over() else SIMULTANEOUS

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.current() != SIMULTANEOUS or seat is None:
            return []
        return [Action("keep", c) for c in self.hands[seat]]

    def sample_chance(self, rng: random.Random) -> Action:
        tied = self._tied()
        if tied:
            return Action("coin", tied[rng.randrange(len(tied))])
        ids = list(self.game.ids)
        rng.shuffle(ids)
        h, n = self.game.params.hand, self.game.params.players
        return Action("deal", tuple(tuple(ids[s * h:(s + 1) * h]) for s in range(n)))

    def apply(self, action: Action) -> None:
        if action.kind == "coin":
            self.coin = int(action.value)
            return
        self.hands = [list(h) for h in action.value]
        self.round = 0

    def apply_joint(self, actions: list[Action | None]) -> None:
        n = self.game.params.players
        for seat, a in enumerate(actions):
            assert a is not None
            self.hands[seat].remove(a.value)
            self.kept[seat].append(a.value)
        self.hands = [self.hands[(s - 1) % n] for s in range(n)]
        self.round += 1

    def is_over(self) -> bool:
        return self.round == self.game.params.hand and not (self._tied() and self.coin is None)

    def totals(self) -> list[int]:
        return [sum(self.game.points[c] for c in k) for k in self.kept]

    def result(self) -> Result:
        totals = self.totals()
        top = [s for s, p in enumerate(totals) if p == max(totals)]
        winner = top[0] if self.is_over() and len(top) == 1 else self.coin if self.is_over() else None
        return Result(winner=winner, tricks=max(self.round, 0), counts=[len(k) for k in self.kept],
                      scores=[float(p) for p in totals])

    def returns(self) -> list[float]:
        if not self.game.params.chips:
            return super().returns()  # win shares
        totals = self.totals()
        n = len(totals)
        return [t - (sum(totals) - t) / (n - 1) for t in totals] if self.is_over() else [0.0] * n

    def view(self, seat: int) -> dict[str, Any]:
        return {"hand": list(self.hands[seat]), "kept": [list(k) for k in self.kept], "round": self.round,
                "sizes": [len(h) for h in self.hands]}

    def clone(self) -> PassState:
        other = PassState.__new__(PassState)
        other.game, other.round, other.coin = self.game, self.round, self.coin
        other.hands = [list(h) for h in self.hands]
        other.kept = [list(k) for k in self.kept]
        return other
