"""The play of one Viashi game (``hands`` hands): the draw, the tricks and the
end of each hand. The rules and every decision are described in
:mod:`generator.games.viashi.game`; capture is :mod:`.viashi_cards`, scoring
:mod:`.viashi_scoring`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..api import CHANCE, TERMINAL, Action, Result, StateBase, TrickObserver
from .cards import CardRules
from .params import ViashiParams
from .scoring import score_hand


class ViashiGame(Protocol):
    """What a state needs of its game (:class:`generator.games.viashi.game.ViashiGame`;
    a protocol here so that the two modules do not import each other)."""

    params: ViashiParams
    teams: bool
    rules: CardRules
    ids: tuple[str, ...]
    index: dict[str, int]
    cards: list[int]
    copies: list[int]
    place: tuple[Action, ...]
    play: dict[str, tuple[Action, ...]]
    parse: dict[str, tuple[str, int]]
    counter_keys: tuple[str, ...]

    @property
    def players(self) -> int: ...


PILE, DRAW, PLAY, OVER = "pile", "draw", "play", "over"


class ViashiState(StateBase):
    """One game (``hands`` hands) of Viashi; the rules are in :mod:`generator.games.viashi.game`."""

    def __init__(self, game: ViashiGame, observer: TrickObserver | None = None) -> None:
        self.game = game
        self.observer = observer
        n = game.players
        self.phase = PILE
        self.hand_no = 0
        self.pile: list[int] = []
        self.pos = 0  # next card of the pile
        self.drawer = 0
        self.pair: tuple[int, int] = (-1, -1)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.tables: list[list[int]] = [[] for _ in range(n)]
        self.face_up = [0] * len(game.ids)  # copies of each card on the tables (draw phase)
        self.random_draws = [0] * n  # handicap draws left this hand
        self.streak = [0] * n  # hands won in a row
        self.leader = 0
        self.turn = 0
        self.source = ""
        self.trick: list[int] = []
        self.seats: list[int] = []
        self.played: list[int] = []  # cards played this hand, in order (public)
        self.history: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []  # this hand's tricks: source, seats, cards
        self.won = [0] * n  # tricks captured this hand
        self.owned: list[list[int]] = [[] for _ in range(n)]
        self.tricks = 0
        self.scores = [0] * n
        self.captives = [0] * n
        self.counters: dict[str, int] = dict.fromkeys(game.counter_keys, 0)
        self.shown = [0] * len(game.ids)
        self.took = [0] * len(game.ids)
        self.winner: int | None = None
        self.unfinished = False

    # -- api.State ---------------------------------------------------------------
    def current(self) -> int:
        phase = self.phase
        if phase == PLAY:
            return self.turn
        if phase == DRAW:
            return CHANCE if self.random_draws[self.drawer] else self.drawer
        return CHANCE if phase == PILE else TERMINAL

    def legal_actions(self) -> Sequence[Action]:
        if self.phase == PLAY:
            play = self.game.play
            if not self.trick:
                return [play[src][c] for src, cards in (("hand", self.hands[self.turn]), ("table", self.tables[self.turn]))
                        for c in sorted(set(cards))]
            own = self.hands[self.turn] if self.source == "hand" else self.tables[self.turn]
            return [play[self.source][c] for c in sorted(set(self.game.rules.follow(own, self.trick[0])))]
        if self.phase == DRAW and not self.random_draws[self.drawer]:
            return self._placements()
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase == PILE:
            order = list(self.game.cards)
            rng.shuffle(order)
            return Action("pile", tuple(self.game.ids[c] for c in order))
        if self.phase == DRAW and self.random_draws[self.drawer]:
            return rng.choice(self._placements())
        raise RuntimeError("viashi: no chance node now")

    def apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "play" and self.phase == PLAY:
            self._play(action)
        elif kind == "place" and self.phase == DRAW and action in self._placements():
            self._place(self.game.index[action.value])
        elif kind == "pile" and self.phase == PILE:
            self._start_hand(action.value)
        else:
            raise ValueError(f"viashi: action {action} is not legal now")

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        ids = self.game.ids
        return Result(
            winner=self.winner,
            tricks=self.tricks,
            counts=list(self.captives),
            unfinished=self.unfinished,
            scores=[float(s) for s in self.scores],
            details={k: float(v) for k, v in self.counters.items()},
            card_stats={cid: (self.shown[i], self.took[i]) for i, cid in enumerate(ids)},
        )

    def view(self, seat: int) -> Mapping[str, Any]:
        """Cards are numbers (``rules.ids`` names them). ``drawn`` only for the
        drawing seat; ``hand`` is the seat's own; tables and played cards are
        public, and so is ``history`` (this hand's finished tricks: source,
        seats and cards in play order), every seat's ``hand_sizes``, ``tricks``
        (played so far), ``captives`` (per seat, over the hands before this one),
        ``streak`` and ``random_draws`` (the handicap): all a seat knows, so that
        :mod:`.resample` deals from the view alone. The lists are the state's own
        (no copies, for speed): read only."""
        g = self.game
        return {
            "drawer": self.drawer if self.phase == DRAW else -1,
            "hand_sizes": [len(h) for h in self.hands], "tricks": self.tricks, "captives": self.captives,
            "streak": self.streak, "random_draws": self.random_draws,
            "phase": self.phase, "seat": seat, "players": g.players, "teams": g.teams,
            "variant": g.params.variant, "rules": g.rules, "copies": g.copies,
            "drawn": self.pair if self.phase == DRAW and seat == self.drawer else (),
            "hand": self.hands[seat], "table": self.tables[seat], "tables": self.tables,
            "leader": self.leader, "source": self.source, "trick": self.trick, "trick_seats": self.seats,
            "played": self.played, "history": self.history, "hand_no": self.hand_no, "scores": self.scores,
        }

    def players(self) -> int:
        return int(self.game.players)

    def start_play(self, hands: Sequence[Sequence[str]], tables: Sequence[Sequence[str]], leader: int) -> None:
        """Skip the draw of the current hand and start its play from a given
        position (card ids per seat; every seat as many hand and as many table
        cards as the others). For tests and analysis of end-game positions."""
        g = self.game
        if self.phase not in (PILE, DRAW) or len(hands) != g.players or len(tables) != g.players:
            raise ValueError("viashi: start_play needs one hand and one table per seat, before the play")
        if len({len(h) for h in hands}) != 1 or len({len(t) for t in tables}) != 1:
            raise ValueError("viashi: every seat needs as many hand and table cards as the others")
        self.hands = [sorted(g.index[c] for c in h) for h in hands]
        self.tables = [sorted(g.index[c] for c in t) for t in tables]
        self.phase, self.leader, self.turn = PLAY, leader, leader

    # -- the draw ----------------------------------------------------------------
    def _start_hand(self, pile: Sequence[str]) -> None:
        g = self.game
        index = g.index
        cards = [index[c] for c in pile]
        if sorted(cards) != sorted(g.cards):
            raise ValueError(f"viashi: the pile must hold the whole deck ({len(g.cards)} cards), got {len(cards)}")
        self.pile, self.pos = cards, 0
        self.face_up = [0] * len(g.ids)
        n = g.players
        self.drawer = self.hand_no % n
        if g.params.handicap:
            self.random_draws = [min(3, s) for s in self.streak]
        self.phase = DRAW
        self._draw()

    def _draw(self) -> None:
        self.pair = (self.pile[self.pos], self.pile[self.pos + 1])
        self.pos += 2

    def _placements(self) -> list[Action]:
        a, b = self.pair
        place = self.game.place
        if a == b:
            return [place[a]]
        if self.game.teams:
            free = [c for c in (a, b) if not self.face_up[c]]
            if len(free) == 1:
                return [place[free[0]]]
        return [place[a], place[b]]

    def _place(self, up: int) -> None:
        g = self.game
        seat = self.drawer
        a, b = self.pair
        down = b if up == a else a
        if g.teams and self.face_up[a] and self.face_up[b]:
            self.counters["table_reveals"] += 1
        if self.random_draws[seat]:
            self.random_draws[seat] -= 1
            self.counters["handicap_draws"] += 1
        self.tables[seat].append(up)
        self.hands[seat].append(down)
        self.face_up[up] += 1
        n = g.players
        if self.pos < len(self.pile):
            self.drawer = (seat + 1) % n
            self._draw()
            return
        self.pair = (-1, -1)
        self.phase = PLAY
        self.leader = self.turn = seat  # the last to draw leads
        for cards in self.hands + self.tables:
            cards.sort()
        if self.observer is not None:
            ids = g.ids
            self.observer({"event": "draw", "hand": self.hand_no, "leader": seat,
                           "tables": [[ids[c] for c in t] for t in self.tables],
                           "hands": [[ids[c] for c in h] for h in self.hands]})

    # -- the play ----------------------------------------------------------------
    def _play(self, action: Action) -> None:
        seat = self.turn
        src, card = self.game.parse.get(action.value, ("", -1))
        own = self.hands[seat] if src == "hand" else self.tables[seat]
        ok = card in own
        if ok and self.trick:
            suit = self.game.rules.suit
            led = suit[self.trick[0]]
            ok = src == self.source and (suit[card] == led or all(suit[c] != led for c in own))
        if not ok:
            raise ValueError(f"viashi: seat {seat} may not play {action.value} now")
        if not self.trick:
            self.source = src
        own.remove(card)
        self.trick.append(card)
        self.seats.append(seat)
        self.played.append(card)
        if len(self.trick) < self.game.players:
            self.turn = (seat + 1) % self.game.players
            return
        self._resolve()

    def _resolve(self) -> None:
        g = self.game
        c = self.counters
        trick, seats = self.trick, self.seats
        pos, rule = g.rules.capture(trick)
        self.history.append((self.source, tuple(seats), tuple(trick)))
        self.tricks += 1
        c[self.source + "_leads"] += 1
        for card in trick:
            self.shown[card] += 1
        dead = [card for card in trick if trick.count(card) > 1] if g.teams else []
        if g.teams:
            c["dead_cards"] += len(dead)
        capturer = seats[pos] if pos >= 0 else None
        if capturer is None:
            c["dead_tricks"] += 1
            c["removed_cards"] += len(trick)
        else:
            c[rule + "_captures"] += 1
            if capturer == self.leader:
                c["leader_captures"] += 1
            self.took[trick[pos]] += 1
            self.won[capturer] += 1
            self.owned[capturer].extend(trick)
            self.leader = capturer
        if self.observer is not None:
            ids = g.ids
            self.observer({"event": "trick", "hand": self.hand_no, "trick": self.tricks, "source": self.source,
                           "played": [[s, ids[x]] for s, x in zip(seats, trick, strict=True)],
                           "capturer": capturer, "rule": rule, "dead": [ids[x] for x in dead]})
        self.trick, self.seats = [], []
        self.turn = self.leader
        if not self.hands[0] and not self.tables[0]:
            self._end_hand()
        if self.phase != OVER and self.tricks >= g.params.max_tricks:
            self.phase = OVER
            self.unfinished = True

    def _end_hand(self) -> None:
        g = self.game
        score = score_hand(g.rules, g.params.variant, self.won, self.owned)
        n = g.players
        for s in range(n):
            self.scores[s] += score.points[s]
            self.captives[s] += score.captives[s]
        for key, value in score.details.items():
            self.counters[key] += value
        self.counters["hands"] += 1
        winners = set() if score.winner is None else {score.winner, (score.winner + 3) % n if g.teams else score.winner}
        self.streak = [self.streak[s] + 1 if s in winners else 0 for s in range(n)]
        if self.observer is not None:
            self.observer({"event": "hand", "hand": self.hand_no, "points": score.points, "captives": score.captives,
                           "tricks": list(self.won), "winner": score.winner, "totals": list(self.scores)})
        self.hand_no += 1
        self.won = [0] * n
        self.owned = [[] for _ in range(n)]
        self.played = []
        self.history = []
        self.source = ""
        if self.hand_no < g.params.hands:
            self.phase = PILE
            return
        self.phase = OVER
        top = max(self.scores)
        self.winner = self.scores.index(top) if self.scores.count(top) == (2 if g.teams else 1) else None
