"""Team Pass: Sushi Pass (tests/balance/decks/draft/game.py) for four players in two teams of
partners, seats 0 and 2 against seats 1 and 3: a team's points are its partners' together,
and the larger team total wins (equal totals: a draw). For the per-card measures with
teams (tests/balance/test_card_sides.py): they speak of a seat's team.

The rules of Sushi Pass, as there:

Each player is dealt ``hand`` cards from the shuffled deck (the rest stay face down).
Every round all players at once keep one card of their hand and pass the rest to the
left. When the hands are empty, the most ``points`` kept wins; equal totals: a draw.
Cards whose ``kind`` is ``blank`` are not dealt: the game plays without them. A card
with copies is one kind: its copies share the card's id (the per-card measures' unit).
With ``chips=true`` the game pays out chips (it declares ``utility``): each seat gets its
points less the mean of the others'.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, SIMULTANEOUS, TERMINAL, Action, Result, StateBase
from generator.games.params import Params


class PassParams(Params):
    players: int = Field(default=4, ge=4, le=4, description="number of players")
    hand: int = Field(default=4, ge=1, le=8, description="cards dealt to each player")
    chips: bool = Field(default=False, description="pay out chips: each seat gets its points less the others' mean")


class TeamPass:
    name = "teampass"
    title = "Team Pass"
    unit = "round"
    Params = PassParams
    players = (4, 4)
    teams = ((0, 2), (1, 3))

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


class PassState(StateBase):
    def __init__(self, game: TeamPass) -> None:
        self.game = game
        n = game.params.players
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.kept: list[list[str]] = [[] for _ in range(n)]
        self.round = -1

    def current(self) -> int:
        if self.round < 0:
            return CHANCE
        return TERMINAL if self.is_over() else SIMULTANEOUS

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if self.current() != SIMULTANEOUS or seat is None:
            return []
        return [Action("keep", c) for c in self.hands[seat]]

    def sample_chance(self, rng: random.Random) -> Action:
        ids = list(self.game.ids)
        rng.shuffle(ids)
        h, n = self.game.params.hand, self.game.params.players
        return Action("deal", tuple(tuple(ids[s * h:(s + 1) * h]) for s in range(n)))

    def apply(self, action: Action) -> None:
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
        return self.round == self.game.params.hand

    def totals(self) -> list[int]:
        return [sum(self.game.points[c] for c in k) for k in self.kept]

    def result(self) -> Result:
        totals = self.totals()
        teams = (totals[0] + totals[2], totals[1] + totals[3])
        winner = (0 if teams[0] > teams[1] else 1) if self.is_over() and teams[0] != teams[1] else None
        return Result(winner=winner, tricks=max(self.round, 0), counts=[len(k) for k in self.kept],
                      scores=[float(p) for p in totals])

    def returns(self) -> list[float]:
        if not self.game.params.chips:
            return super().returns()  # win shares
        totals = self.totals()
        edge = totals[0] + totals[2] - totals[1] - totals[3]  # team 0's lead, paid to each partner
        return [edge, -edge, edge, -edge] if self.is_over() else [0.0] * 4

    def view(self, seat: int) -> dict[str, Any]:
        return {"hand": list(self.hands[seat]), "kept": [list(k) for k in self.kept], "round": self.round,
                "sizes": [len(h) for h in self.hands]}

    def clone(self) -> PassState:
        other = PassState.__new__(PassState)
        other.game, other.round = self.game, self.round
        other.hands = [list(h) for h in self.hands]
        other.kept = [list(k) for k in self.kept]
        return other
