"""Drafting for 3 players, simultaneous (a symmetric game for the tests).

Shuffle the deck and deal ``hand`` cards to each player (the rest stay unseen).
Each round every player at once keeps one card of their hand (kept cards are
shown) and passes the rest to the left. When the hands are empty, the largest sum
of kept ranks wins; equal sums share the win. A seat knows the hands it has held
(what it passed, less the kept cards shown since), so ``resample`` deals again only
the hands it has not held, from the cards it has not seen.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, SIMULTANEOUS, TERMINAL, Action, Result, StateBase
from generator.games.params import Params


class DraftParams(Params):
    players: int = Field(default=3, ge=2, le=4, description="number of players")
    hand: int = Field(default=3, ge=1, le=6, description="cards dealt to each player")


class Drafting:
    """Drafting: keep one card, pass the rest."""

    name = "drafting"
    title = "Drafting"
    unit = "round"  # what Result.tricks counts, in the reports
    Params = DraftParams
    players = (2, 4)

    def __init__(self, deck: Any, params: DraftParams) -> None:
        self.params = params
        cards = [c for c in deck.cards for _ in range(c.copies)]
        if len(cards) < params.players * params.hand:
            raise ValueError(f"{len(cards)} cards cannot deal {params.hand} to each of {params.players} players")
        strength = {r.key: r.strength for r in deck.ranks}
        self.ids = [c.id if c.copies == 1 else f"{c.id}#{k}" for c in deck.cards for k in range(c.copies)]
        self.value = {cid: strength[c.rank] for c in deck.cards for cid in
                      ([c.id] if c.copies == 1 else [f"{c.id}#{k}" for k in range(c.copies)])}

    def new_state(self, observer: Any = None) -> DraftState:
        return DraftState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> DraftState:
        state = DraftState(self)
        if view["round"] < 0:
            return state
        n = self.params.players
        state.round = view["round"]
        state.kept = [list(k) for k in view["kept"]]
        state.hands[seat] = list(view["hand"])
        seen = set(view["hand"]) | {c for k in view["kept"] for c in k}
        for t, hand in view["known"].items():
            state.hands[int(t)] = list(hand)
            seen |= set(hand)
        pool = [c for c in self.ids if c not in seen]
        rng.shuffle(pool)
        for t in range(n):
            if t != seat and str(t) not in view["known"]:
                size = view["hand_sizes"][t]
                state.hands[t], pool = sorted(pool[:size]), pool[size:]
        return state


class DraftState(StateBase):
    def __init__(self, game: Drafting, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        n = game.params.players
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.kept: list[list[str]] = [[] for _ in range(n)]
        self.round = -1  # before the deal

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
        return Action("deal", tuple(tuple(sorted(ids[s * h:(s + 1) * h])) for s in range(n)))

    def apply(self, action: Action) -> None:
        if self.round >= 0 or action.kind != "deal":
            raise ValueError(f"drafting: {action} is not legal now")
        self.hands = [list(h) for h in action.value]
        self.round = 0

    def apply_joint(self, actions: list[Action | None]) -> None:
        n = self.game.params.players
        for seat, a in enumerate(actions):
            if a is None or a.kind != "keep" or a.value not in self.hands[seat]:
                raise ValueError(f"drafting: seat {seat} cannot keep {a}")
        for seat, a in enumerate(actions):
            assert a is not None
            self.hands[seat].remove(a.value)
            self.kept[seat].append(a.value)
        self.hands = [self.hands[(s - 1) % n] for s in range(n)]  # pass to the left
        self.round += 1

    def is_over(self) -> bool:
        return self.round == self.game.params.hand

    def points(self) -> list[int]:
        return [sum(self.game.value[c] for c in k) for k in self.kept]

    def result(self) -> Result:
        points = self.points()
        best = max(points)
        top = [s for s, p in enumerate(points) if p == best]
        winner = top[0] if self.is_over() and len(top) == 1 else None
        played = {c: (1, int(winner is not None and c in self.kept[winner])) for k in self.kept for c in k}
        return Result(winner=winner, tricks=max(self.round, 0), counts=[len(k) for k in self.kept],
                      scores=[float(p) for p in points], card_stats=played)

    def view(self, seat: int) -> dict[str, Any]:
        n = self.game.params.players
        # seat has held the packet seat t holds now when it passed through seat's hands
        known = {str(t): sorted(self.hands[t]) for t in range(n)
                 if t != seat and 0 <= (t - seat) % n <= self.round}
        return {"hand": sorted(self.hands[seat]), "kept": [list(k) for k in self.kept], "round": self.round,
                "known": known, "hand_sizes": [len(h) for h in self.hands]}

    def players(self) -> int:
        return self.game.params.players
