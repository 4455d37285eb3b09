"""Crown Tricks: a trick-taking game for 2 to 5 players, written on deckpress's
public game API (docs/own-game.md). Change the rules here; `deckpress simulate .`
and `deckpress check .` play them, `deckpress rules .` prints the booklet.

Rules
-----
* The deck: 4 suits of 9 cards (ranks 1-9). Some cards carry crowns (the
  `crowns` column of cards.csv): they are the points.
* Deal: shuffle, deal `hand` cards to every player; the rest stay face down,
  unseen, out of the game.
* Seat 0 leads the first trick. In turn, each player plays one card face up; you
  must follow the suit led if you can, else play any card. The highest rank of
  the suit led wins the trick and its crowns, and leads the next.
* When the hands are played out, the most crowns wins; equal crowns: the most
  tricks; still equal: a draw.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params

MANY = 1000  # a deck of more cards than this deals by drawing only the cards the hands need


class CrownParams(Params):
    """Crown Tricks: 2 to 5 players, a hand of up to 9 cards."""

    players: int = Field(default=2, ge=2, le=5, description="number of players")
    hand: int = Field(default=9, ge=1, le=18, description="cards dealt to each player")


class CrownTricks:
    """Crown Tricks: follow suit, win the tricks with crowns in them."""

    name = "crowns"
    title = "Crown Tricks"
    unit = "trick"  # what Result.tricks counts: reports say "length in tricks"
    # deckpress play's table: words for the view's keys, None to leave one out (voids are suit bits)
    table_labels = {"played": "played so far", "voids": None}
    Params = CrownParams
    players = (2, 5)

    def __init__(self, deck: Any, params: CrownParams) -> None:
        if not isinstance(params, CrownParams):
            raise TypeError("Crown Tricks needs CrownParams")
        self.params = params
        self.deck = deck
        cards = [c for c in deck.cards for _ in range(c.copies)]
        if params.players * params.hand > len(cards):
            raise ValueError(f"{len(cards)} cards cannot deal {params.hand} to each of {params.players} players")
        ranks = {r.key: r.strength for r in deck.ranks}
        self.ids = [c.id for c in cards]
        self.suit = [c.suit for c in cards]
        self.rank = [ranks[c.rank] for c in cards]
        self.crowns = [int(c.fields.get("crowns") or 0) for c in cards]
        self.actions = [Action("play", cid) for cid in self.ids]
        bits = {s.key: 1 << i for i, s in enumerate(deck.suits)}
        self.bit = [bits[c.suit] for c in cards]  # a suit as one bit (voids)
        self.index = {cid: i for i, cid in enumerate(self.ids)}

    def new_state(self, observer: Any = None) -> CrownState:
        return CrownState(self, observer)

    def heuristic(self, view: Any, seat: int) -> float:
        """How good the position looks to ``seat`` (for the greedy player): my crowns
        less the best opponent's, plus the crowns of the trick on the table if my
        card is winning it."""
        crowns = view["crowns"]
        mine = crowns[seat] - max(c for s, c in enumerate(crowns) if s != seat)
        trick = view["trick"]
        if trick:
            led = self.suit[self.index[trick[0][1]]]
            best = max((p for p in trick if self.suit[self.index[p[1]]] == led), key=lambda p: self.rank[self.index[p[1]]])
            pot = sum(self.crowns[self.index[c]] for _, c in trick)
            mine += pot if best[0] == seat else -pot / 2
        return float(mine)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> CrownState:
        """From what ``seat`` sees at its turn (its view) alone, a state it cannot tell
        from the real one, for the search players: the other hands and the undealt
        cards dealt again, keeping every hand's size and the suits a player has shown
        they lack. It gets the view, never the real state, so it cannot peek."""
        state = CrownState(self)
        if view["turn"] < 0:  # before the deal: nothing seen yet
            return state
        index = self.index
        state.dealt, state.turn = True, view["turn"]
        state.hands[seat] = sorted(index[c] for c in view["hand"])
        state.trick = [(s, index[c]) for s, c in view["trick"]]
        state.played = [index[c] for c in view["played"]]
        state.won, state.points, state.voids = list(view["tricks"]), list(view["crowns"]), list(view["voids"])
        state.tricks = sum(state.won)
        for c in state.played:
            state.shown[c] += 1
        seen = set(state.hands[seat]) | set(state.played)
        seats = sorted((s for s in range(state.n) if s != seat), key=lambda s: -bin(state.voids[s]).count("1"))
        sizes = view["hand_sizes"]
        if len(self.ids) > MANY and self._draw(state, seats, sizes, seen, rng):
            return state
        pool = [c for c in range(len(self.ids)) if c not in seen]
        for _ in range(50):
            rng.shuffle(pool)
            left = list(pool)
            for s in seats:
                allowed = [c for c in left if not state.voids[s] & self.bit[c]]
                if len(allowed) < sizes[s]:
                    break
                state.hands[s] = sorted(allowed[:sizes[s]])
                taken = set(state.hands[s])
                left = [c for c in left if c not in taken]
            else:
                return state
        # the constraints are tight: place card by card, moving placed cards where needed
        # (a matching of cards to places; the real deal is one that fits, so one exists)
        places = [s for s in seats for _ in range(sizes[s])] + [-1] * (len(pool) - sum(sizes[s] for s in seats))
        held: list[int | None] = [None] * len(places)  # place -> card

        def fits(s: int, c: int) -> bool:
            return s < 0 or not state.voids[s] & self.bit[c]

        def put(c: int, tried: set[int]) -> bool:
            for p, s in enumerate(places):
                if p not in tried and fits(s, c):
                    tried.add(p)
                    other = held[p]
                    if other is None or put(other, tried):
                        held[p] = c
                        return True
            return False

        for c in pool:
            put(c, set())
        for s in seats:
            state.hands[s] = sorted(c for p, c in enumerate(held) if places[p] == s and c is not None)
        return state

    def _draw(self, state: CrownState, seats: list[int], sizes: list[int], seen: set[int],
              rng: random.Random) -> bool:
        """A deck of many cards: draw at random just the cards the other hands need (each
        one unseen, untaken, of a suit its seat may hold) instead of shuffling every unseen
        card. False when the draws keep missing (tight voids): resample then deals the
        whole unseen pool as a small deck does."""
        taken = set(seen)
        for s in seats:
            hand: list[int] = []
            for _ in range(100 * sizes[s] + 100):
                if len(hand) == sizes[s]:
                    break
                c = rng.randrange(len(self.ids))
                if c not in taken and not state.voids[s] & self.bit[c]:
                    hand.append(c)
                    taken.add(c)
            if len(hand) < sizes[s]:
                return False
            state.hands[s] = sorted(hand)
        return True

    @staticmethod
    def booklet(params: CrownParams, deck: Any) -> dict[str, Any]:
        """Facts for rules/crowns.md.j2."""
        crowned = [c for c in deck.cards if int(c.fields.get("crowns") or 0)]
        return {"crowned": crowned, "total_crowns": sum(int(c.fields["crowns"]) * c.copies for c in crowned),
                "cards_total": sum(c.copies for c in deck.cards)}


class CrownState(StateBase):
    def __init__(self, game: CrownTricks, observer: Any = None) -> None:
        self.game = game
        self.observer = observer
        n = game.params.players
        self.n = n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.dealt = False
        self.turn = 0
        self.trick: list[tuple[int, int]] = []  # (seat, card) in play order
        self.won = [0] * n  # tricks
        self.points = [0] * n  # crowns
        self.played: list[int] = []
        self.voids = [0] * n  # bit per suit a seat showed it has none of (public)
        self.tricks = 0
        self.shown = [0] * len(game.ids)
        self.took = [0] * len(game.ids)

    @property
    def rest(self) -> list[int]:
        """The undealt cards (face down, unseen, out of the game): after the deal, every
        card in no hand and not played. Worked out when asked, never kept: dealing and
        resample stay as cheap on a deck of many cards as on 36."""
        if not self.dealt:
            return []
        held = set(self.played).union(*self.hands)
        return [c for c in range(len(self.game.ids)) if c not in held]

    # -- the public State API ------------------------------------------------
    def current(self) -> int:
        if not self.dealt:
            return CHANCE
        return TERMINAL if self.tricks == self.game.params.hand else self.turn

    def legal_actions(self) -> list[Action]:
        if not self.dealt or self.tricks == self.game.params.hand:
            return []
        g = self.game
        hand = self.hands[self.turn]
        if self.trick:
            suit, led = g.suit, g.suit[self.trick[0][1]]
            follow = [g.actions[c] for c in hand if suit[c] == led]
            if follow:
                return follow
        return [g.actions[c] for c in hand]

    def sample_chance(self, rng: random.Random) -> Action:
        h, n = self.game.params.hand, self.n
        if len(self.game.ids) > MANY:  # a deck of many cards: draw just the cards dealt
            order = rng.sample(range(len(self.game.ids)), h * n)
        else:
            order = list(range(len(self.game.ids)))
            rng.shuffle(order)
        return Action("deal", tuple(tuple(self.game.ids[c] for c in order[s * h:(s + 1) * h]) for s in range(n)))

    def apply(self, action: Action) -> None:
        g = self.game
        if action.kind == "deal" and not self.dealt:
            for s, cards in enumerate(action.value):
                self.hands[s] = sorted(g.index[c] for c in cards)
            self.dealt = True
            return
        c = g.index.get(action.value, -1) if action.kind == "play" else -1
        hand = self.hands[self.turn] if self.dealt else []
        if c not in hand:
            raise ValueError(f"crowns: {action} is not legal now")
        trick, suit = self.trick, g.suit
        if trick and suit[c] != suit[trick[0][1]]:
            led = trick[0][1]
            if suit[led] in [suit[x] for x in hand]:
                raise ValueError(f"crowns: {action} does not follow suit")
            self.voids[self.turn] |= g.bit[led]
        hand.remove(c)
        trick.append((self.turn, c))
        self.played.append(c)
        self.shown[c] += 1
        if len(trick) < self.n:
            self.turn = (self.turn + 1) % self.n
            return
        # the highest rank of the suit led takes the trick (the first played of equal ranks)
        seat, card = trick[0]
        led, rank = suit[card], g.rank
        for s, x in trick[1:]:
            if suit[x] == led and rank[x] > rank[card]:
                seat, card = s, x
        self.won[seat] += 1
        self.points[seat] += sum([g.crowns[x] for _, x in trick])
        self.took[card] += 1
        if self.observer is not None:
            self.observer({"trick": self.tricks + 1, "cards": [g.ids[c] for _, c in self.trick], "winner": seat})
        self.trick = []
        self.tricks += 1
        self.turn = seat

    def is_over(self) -> bool:
        return self.dealt and self.tricks == self.game.params.hand

    def result(self) -> Result:
        winner = None
        if self.is_over():
            best = max(zip(self.points, self.won, strict=True))
            top = [s for s in range(self.n) if (self.points[s], self.won[s]) == best]
            winner = top[0] if len(top) == 1 else None
        # per card (times played, tricks it took): the balance report's card table
        card_stats = dict(zip(self.game.ids, zip(self.shown, self.took, strict=True), strict=True))
        return Result(winner=winner, tricks=self.tricks, counts=list(self.won), scores=[float(p) for p in self.points],
                      card_stats=card_stats)

    def view(self, seat: int) -> dict[str, Any]:
        ids = self.game.ids
        return {"hand": [ids[c] for c in self.hands[seat]], "trick": [(s, ids[c]) for s, c in self.trick],
                "played": [ids[c] for c in self.played], "crowns": list(self.points), "tricks": list(self.won),
                "hand_sizes": [len(h) for h in self.hands], "turn": self.current(), "voids": list(self.voids)}

    def clone(self) -> CrownState:
        other = CrownState.__new__(CrownState)
        other.__dict__.update(self.__dict__)
        other.observer = None
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.won, other.points, other.played = list(self.won), list(self.points), list(self.played)
        other.voids, other.shown, other.took = list(self.voids), list(self.shown), list(self.took)
        return other

    def returns(self) -> list[float]:
        if not self.is_over():
            return [0.0] * self.n
        w = self.result().winner
        return [1.0 / self.n] * self.n if w is None else [float(s == w) for s in range(self.n)]

    def players(self) -> int:
        return self.n
