"""Market Draft: an open-drafting game for 2 to 4 players, written the way a
designer would first write it on deckpress's public game API (the default
``clone`` of ``StateBase``, no heuristic: the generic players score the points).
deckpress's benchmarks and tests use it as "a designer's second game": a
different deck size (40 cards), three players by default and round structure (rounds of drafting from a
face-up market instead of tricks) from the scaffold's Crown Tricks.

Rules
-----
* The deck: 4 crops (Wheat, Grapes, Olives, Dates) of 10 cards, ranks 1-10.
* A round: the market is revealed, ``2 * players + 1`` cards from the shuffled
  deck. In turn, from the round's first player (seat ``round % players``), each
  player takes one card of the market, until every player has taken two; the
  last card is discarded. ``rounds`` rounds (default 4).
* Score: the ranks of the cards you took, plus 5 for each crop you hold more
  cards of than every other player. The most points wins; equal points: a draw.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params

MAJORITY = 5


class MarketParams(Params):
    """Market Draft: 2 to 4 players, rounds of drafting."""

    players: int = Field(default=3, ge=2, le=4, description="number of players")
    rounds: int = Field(default=4, ge=1, le=6, description="rounds of drafting")


class MarketDraft:
    """Market Draft: take the cards you want from a face-up market."""

    name = "market"
    title = "Market Draft"
    Params = MarketParams
    players = (2, 4)

    def __init__(self, deck: Any, params: MarketParams) -> None:
        self.params = params
        self.public_seats = tuple(range(params.players))  # nothing is hidden: the market and every take are face up
        self.cards = [c for c in deck.cards for _ in range(c.copies)]
        market = 2 * params.players + 1
        if market * params.rounds > len(self.cards):
            raise ValueError(f"{len(self.cards)} cards cannot fill {params.rounds} markets of {market}")
        ranks = {r.key: r.strength for r in deck.ranks}
        self.value = {c.id: ranks[c.rank] for c in self.cards}
        self.crop = {c.id: c.suit for c in self.cards}
        self.market_size = market

    def new_state(self, observer: Any = None) -> MarketState:
        return MarketState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> MarketState:
        """Nothing is hidden but the order of the deck, which chance draws anew:
        the state is rebuilt from the view."""
        state = MarketState(self)
        state.round, state.turn, state.picks = view["round"], view["turn"], view["picks"]
        state.market = list(view["market"])
        state.taken = [list(t) for t in view["taken"]]
        state.deck = [c.id for c in self.cards if c.id not in set(view["seen"])]
        state.seen = list(view["seen"])
        return state


class MarketState(StateBase):
    def __init__(self, game: MarketDraft, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        self.n = game.params.players
        self.deck = [c.id for c in game.cards]
        self.market: list[str] = []
        self.taken: list[list[str]] = [[] for _ in range(self.n)]
        self.seen: list[str] = []
        self.round = 0
        self.turn = 0
        self.picks = 0  # cards taken this round
        self.revealed = False

    def current(self) -> int:
        if self.round == self.game.params.rounds:
            return TERMINAL
        if not self.market:
            return CHANCE
        return self.turn

    def legal_actions(self) -> list[Action]:
        if self.current() < 0:
            return []
        return [Action("take", card) for card in self.market]

    def sample_chance(self, rng: random.Random) -> Action:
        return Action("reveal", tuple(rng.sample(self.deck, self.game.market_size)))

    def apply(self, action: Action) -> None:
        if action.kind == "reveal":
            for card in action.value:
                self.deck.remove(card)
                self.seen.append(card)
            self.market = list(action.value)
            self.turn = self.round % self.n
            return
        if action.kind != "take" or action.value not in self.market:
            raise ValueError(f"market: {action} is not legal now")
        self.market.remove(action.value)
        self.taken[self.turn].append(action.value)
        self.picks += 1
        self.turn = (self.turn + 1) % self.n
        if self.picks == 2 * self.n:  # the round is over: the last card is discarded
            self.market = []
            self.picks = 0
            self.round += 1

    def is_over(self) -> bool:
        return self.round == self.game.params.rounds

    def scores(self) -> list[int]:
        g = self.game
        points = [sum(g.value[c] for c in cards) for cards in self.taken]
        for crop in ("W", "G", "O", "D"):
            held = [sum(g.crop[c] == crop for c in cards) for cards in self.taken]
            top = max(held)
            if top and held.count(top) == 1:
                points[held.index(top)] += MAJORITY
        return points

    def result(self) -> Result:
        points = self.scores()
        winner = None
        if self.is_over():
            top = max(points)
            winner = points.index(top) if points.count(top) == 1 else None
        return Result(winner=winner, tricks=self.round, counts=[len(t) for t in self.taken],
                      scores=[float(p) for p in points])

    def view(self, seat: int) -> dict[str, Any]:
        return {"round": self.round, "turn": self.turn, "picks": self.picks, "market": list(self.market),
                "taken": [list(t) for t in self.taken], "seen": list(self.seen)}
