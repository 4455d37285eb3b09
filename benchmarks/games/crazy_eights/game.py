"""Crazy eights written by hand the plain way, as a designer's ``game.py``: the same
rules as the bundled rules file generator/games/rules/catalogue/crazy-eights.yaml
(rules-catalogue.md), the same decision points and the same length (turns).
``StateBase``'s clone, no heuristic: what benchmarks/bench_rules.py times the rules
file against."""

from __future__ import annotations

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params

SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class EightsParams(Params):
    players: int = Field(default=2, ge=2, le=5, description="number of players")


class CrazyEights:
    name = "plain-eights"
    title = "Crazy Eights (game.py)"
    Params = EightsParams
    players = (2, 5)
    unit = "turn"

    def __init__(self, deck, params):
        self.params = params
        self.ids = [r + s for s in SUITS for r in RANKS]
        self.suit = [s for s in SUITS for _ in RANKS]
        self.rank = [r for _ in SUITS for r in range(2, 15)]

    def new_state(self, observer=None):
        return EightsState(self)

    def resample(self, view, seat, rng):
        state = EightsState(self)
        state.hands = [list(h) if isinstance(h, list) else None for h in view["hands"]]
        seen = {c for h in state.hands if h for c in h} | set(view["discard"])
        unseen = [c for c in range(52) if c not in seen]
        rng.shuffle(unseen)
        for k, h in enumerate(view["hands"]):
            if not isinstance(h, list):
                state.hands[k], unseen = unseen[:h], unseen[h:]
        state.stock = unseen
        state.discard = list(view["discard"])
        state.player, state.suit, state.passes, state.turns = view["player"], view["suit"], view["passes"], view["turns"]
        state.phase, state.chance = view["phase"], None
        return state


class EightsState(StateBase):
    def __init__(self, game):
        self.game = game
        self.observer = None
        n = game.params.players
        self.stock = list(range(52))
        self.hands = [[] for _ in range(n)]
        self.discard = []
        self.player = 0
        self.suit = None
        self.passes = 0
        self.turns = 0
        self.phase = "deal"  # deal, play, suit, reshuffle, over
        self.chance = "deal"
        self.winner = None

    def current(self):
        if self.phase == "over":
            return TERMINAL
        if self.chance is not None:
            return CHANCE
        return self.player

    def is_over(self):
        return self.phase == "over"

    def playable(self, c):
        g = self.game
        top = self.discard[-1]
        return g.suit[c] == self.suit or g.rank[c] == g.rank[top] or g.rank[c] == 8

    def legal_actions(self):
        if self.phase == "play":
            return [Action("play", self.game.ids[c]) for c in self.hands[self.player] if self.playable(c)]
        if self.phase == "suit":
            return [Action("suit", s) for s in SUITS]
        return []

    def sample_chance(self, rng):
        pile = list(self.stock)
        rng.shuffle(pile)
        return Action("shuffle", tuple(self.game.ids[c] for c in pile))

    def apply(self, action):
        g = self.game
        if self.chance is not None:
            index = {cid: k for k, cid in enumerate(g.ids)}
            self.stock = [index[c] for c in action.value]
            if self.chance == "deal":
                n = len(self.hands)
                for _ in range(7 if n == 2 else 5):
                    for seat in range(n):
                        self.hands[seat].append(self.stock.pop())
                self.discard.append(self.stock.pop())
                self.suit = g.suit[self.discard[-1]]
                self.chance = None
                self.start_turn()
            else:
                self.chance = None
                self.draw()
            return
        if self.phase == "suit":
            self.suit = action.value
            self.next_turn()
            return
        card = g.ids.index(action.value)
        self.hands[self.player].remove(card)
        self.played(card)

    def start_turn(self):
        if any(self.playable(c) for c in self.hands[self.player]):
            self.phase = "play"
        else:
            self.draw()

    def draw(self):
        while True:
            if not self.stock and len(self.discard) > 1:
                self.stock = self.discard[:-1]
                self.discard = self.discard[-1:]
                if len(self.stock) > 1:
                    self.chance = "reshuffle"
                    return
            if not self.stock:
                self.passes += 1
                self.turns += 1
                if self.passes == len(self.hands):
                    counts = [len(h) for h in self.hands]
                    best = min(counts)
                    self.winner = counts.index(best) if counts.count(best) == 1 else None
                    self.phase = "over"
                    return
                self.player = (self.player + 1) % len(self.hands)
                self.start_turn()
                return
            card = self.stock.pop()
            self.hands[self.player].append(card)
            if self.playable(card):
                self.hands[self.player].pop()
                self.played(card)
                return

    def played(self, card):
        g = self.game
        self.discard.append(card)
        self.passes = 0
        self.turns += 1
        if not self.hands[self.player]:
            self.winner = self.player
            self.phase = "over"
            return
        if g.rank[card] == 8:
            self.phase = "suit"
            return
        self.suit = g.suit[card]
        self.next_turn()

    def next_turn(self):
        self.player = (self.player + 1) % len(self.hands)
        self.start_turn()

    def view(self, seat):
        return {"hands": [list(h) if k == seat else len(h) for k, h in enumerate(self.hands)],
                "discard": list(self.discard), "player": self.player, "suit": self.suit, "passes": self.passes,
                "turns": self.turns, "phase": self.phase}

    def result(self):
        counts = [len(h) for h in self.hands]
        return Result(self.winner, self.turns, counts, unfinished=self.phase != "over")
