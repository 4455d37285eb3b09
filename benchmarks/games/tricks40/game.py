"""Forty Tricks: a 40-card trick-taking game for 2 players, written the plain way a
designer first writes one on deckpress's public game API: the default ``clone`` of
``StateBase``, no heuristic, and a ``resample`` that deals the unseen cards again by
backtracking (the opponent's hand must respect the suits it showed it lacks).
benchmarks/bench_card_checks.py times ``deckpress check`` on it (issue 48).

Rules
-----
* The deck: 4 suits (S, H, D, C) of 10 cards, ranks 1-10; each player is dealt ``hand``
  cards (default 10), the rest stay face down.
* Seat 0 leads the first trick; the other must follow suit if it can. The highest card of
  the suit led wins the trick and leads the next.
* Each trick is worth 1 point, plus the ``points`` of the cards in it (the 10s: 2 each).
  The last trick scores 1 more. The most points wins (the total is odd: no draws).
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params


class TricksParams(Params):
    players: int = Field(default=2, ge=2, le=2, description="number of players")
    hand: int = Field(default=10, ge=1, le=20, description="cards dealt to each player")


class FortyTricks:
    name = "tricks40"
    title = "Forty Tricks"
    Params = TricksParams
    players = (2, 2)

    def __init__(self, deck: Any, params: TricksParams) -> None:
        self.params = params
        self.cards = {c.id: (str(c.suit), int(c.rank), int(c.fields.get("points") or 0)) for c in deck.cards}
        if len(self.cards) < 2 * params.hand:
            raise ValueError(f"{len(self.cards)} cards cannot deal {params.hand} to each of 2 players")

    def new_state(self, observer: Any = None) -> TricksState:
        return TricksState(self)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> TricksState:
        """A state the seat cannot tell from the real one: its own hand, the cards played,
        and the other hand dealt again from the unseen cards, by backtracking over the
        suits the other player showed it lacks."""
        state = TricksState(self)
        state.dealt = view["dealt"]
        if not state.dealt:
            return state
        other = 1 - seat
        state.hands[seat] = list(view["hand"])
        state.trick = [tuple(p) for p in view["trick"]]
        state.points = list(view["points"])
        state.lead, state.turn, state.played = view["lead"], view["turn"], list(view["played"])
        state.void = [set(v) for v in view["void"]]
        seen = set(view["hand"]) | set(view["played"]) | {c for _, c in state.trick}
        unseen = [c for c in self.cards if c not in seen]
        rng.shuffle(unseen)
        size = view["sizes"][other]
        chosen: list[str] = []

        def fill(start: int) -> bool:
            if len(chosen) == size:
                return True
            for k in range(start, len(unseen)):
                card = unseen[k]
                if self.cards[card][0] in state.void[other]:
                    continue
                chosen.append(card)
                if fill(k + 1):
                    return True
                chosen.pop()
            return False

        fill(0)
        state.hands[other] = chosen
        return state


class TricksState(StateBase):
    def __init__(self, game: FortyTricks) -> None:
        self.game = game
        self.hands: list[list[str]] = [[], []]
        self.trick: list[tuple[int, str]] = []
        self.points = [0, 0]
        self.lead = self.turn = 0
        self.played: list[str] = []
        self.void: list[set[str]] = [set(), set()]
        self.dealt = False

    def current(self) -> int:
        if not self.dealt:
            return CHANCE
        return TERMINAL if self.is_over() else self.turn

    def is_over(self) -> bool:
        return self.dealt and not self.hands[0] and not self.hands[1] and not self.trick

    def legal_actions(self) -> list[Action]:
        if not self.dealt or self.is_over():
            return []
        hand = self.hands[self.turn]
        if self.trick:
            led = self.game.cards[self.trick[0][1]][0]
            follow = [c for c in hand if self.game.cards[c][0] == led]
            hand = follow or hand
        return [Action("play", c) for c in hand]

    def sample_chance(self, rng: random.Random) -> Action:
        ids = list(self.game.cards)
        rng.shuffle(ids)
        h = self.game.params.hand
        return Action("deal", (tuple(ids[:h]), tuple(ids[h:2 * h])))

    def apply(self, action: Action) -> None:
        if action.kind == "deal":
            self.hands = [list(h) for h in action.value]
            self.dealt = True
            return
        cards = self.game.cards
        card = action.value
        if self.trick:
            led = cards[self.trick[0][1]][0]
            if cards[card][0] != led:
                self.void[self.turn].add(led)
        self.hands[self.turn].remove(card)
        self.trick.append((self.turn, card))
        if len(self.trick) < 2:
            self.turn = 1 - self.turn
            return
        led = cards[self.trick[0][1]][0]
        winner = max((p for p in self.trick if cards[p[1]][0] == led), key=lambda p: cards[p[1]][1])[0]
        self.points[winner] += 1 + sum(cards[c][2] for _, c in self.trick)
        self.played += [c for _, c in self.trick]
        self.trick = []
        if not self.hands[0] and not self.hands[1]:
            self.points[winner] += 1  # the last trick
        self.lead = self.turn = winner

    def result(self) -> Result:
        a, b = self.points
        winner = None if a == b else (0 if a > b else 1)
        return Result(winner=winner, tricks=len(self.played) // 2, counts=[len(h) for h in self.hands],
                      scores=[float(a), float(b)])

    def view(self, seat: int) -> dict[str, Any]:
        return {"dealt": self.dealt, "hand": list(self.hands[seat]), "trick": [list(p) for p in self.trick],
                "points": list(self.points), "lead": self.lead, "turn": self.turn, "played": list(self.played),
                "void": [sorted(v) for v in self.void], "sizes": [len(h) for h in self.hands]}
