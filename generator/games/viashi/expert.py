"""The Viashi ``expert``: a search player that sees only what its seat may see.

It reads the position through ``view(seat)`` alone (its hand, the public
tables, the cards played, this hand's finished tricks, the current trick, the
points so far; in the draw, the two cards it just drew) and turns that into
:class:`Knowledge`: the unseen cards, how many of them each opponent holds
face down, and the suits each opponent has shown it lacks (a seat that did not
follow a suit led from hand holds none of it in hand). The compiled search
(:func:`generator.games.viashi.fast_expert.evaluate`) then deals the unseen
cards consistently with that knowledge ``samples`` times, plays every legal
action out with the fast ``greedy`` policy for all seats, and the expert takes
the action of highest mean value: its final total minus the best opponent's,
plus ``win_bonus`` on a win (perfect-information Monte Carlo).

Budget: ``expert`` uses at most :data:`DEFAULT_SAMPLES` determinizations per play
decision and :data:`DRAW_FACTOR` times as many per draw decision (which card
goes face up shapes the whole hand); ``expert:N`` uses N (and N times
``DRAW_FACTOR``), e.g. ``--strategy expert:64``. Sampling stops early once the
leading action is ahead of every other by :data:`STOP_Z` standard errors of the
paired difference (looked at every 8 samples). Each decision draws
a 64-bit key from the seat's own seeded random stream (never the game's chance
stream), so runs are reproducible and independent of ``--jobs``. Three-player Viashi (elvish or human rules),
one deck of at most 63 cards; Viashilym is not supported.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ...errors import ParameterError
from ..api import Action, Turn
from .cards import CardRules
from .tables import ViashiRules, rule_tables

DEFAULT_SAMPLES = 16  # with STOP_Z: above the 85 % bar against two greedy, 1.6x cheaper than 24 (docs/simulate.md)
DRAW_FACTOR = 3  # a draw decision samples this many times more: it shapes the whole hand (measured: it pays)
WIN_BONUS = 4.0
STOP_Z = 2.5  # stop sampling a decision once its leader is this many standard errors ahead (0: never)


class Knowledge(NamedTuple):
    """What one seat knows, as the search's arrays (cards are numbers): one NamedTuple
    argument of :func:`.fast_expert.evaluate`."""

    draw: bool
    me: int
    players: int
    human: bool
    hand: np.ndarray  # per seat: a mask of known hand cards (only mine)
    table: np.ndarray  # per seat: a mask of table cards
    played: int  # mask of the cards played this hand (current trick included)
    won: np.ndarray  # per seat: tricks captured this hand
    magic: np.ndarray  # per seat: Magicians/Scholars captured this hand
    totals: np.ndarray  # per seat: points of the hands before this one
    trick: np.ndarray  # the current trick's cards (padded to one a seat)
    trick_seats: np.ndarray
    ntrick: int  # how many cards of the current trick are down
    source: int  # 0 hand, 1 table (the current trick's)
    pair: tuple[int, int]  # the two cards I drew (draw phase), else (-1, -1)
    unknown: np.ndarray  # cards I cannot see: in opponents' hands (or, in the draw, the pile)
    need: np.ndarray  # per seat: how many unknown cards it holds face down
    void: np.ndarray  # [seat, suit]: 1 if the seat has shown it holds no card of that suit in hand


class Search(NamedTuple):
    """One decision's search, as :func:`.fast_expert.evaluate` takes it: the legal actions
    (``src``: 0 hand, 1 table; ``card``), the most determinizations, their 64-bit key,
    the bonus for a win and the early stop (0: never)."""

    src: np.ndarray
    card: np.ndarray
    samples: int
    key: np.uint64
    win_bonus: float
    stop_z: float


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def observe(view: Mapping[str, Any]) -> Knowledge:
    """The seat's :class:`Knowledge` from ``view(seat)`` alone."""
    rules: CardRules = view["rules"]
    me, n = int(view["seat"]), int(view["players"])
    if view["teams"] or max(view["copies"]) > 1 or len(rules.ids) > 63:
        raise ParameterError("the viashi expert plays three-player Viashi with one deck of at most 63 cards;"
                             " use greedy or random for Viashilym")
    draw = view["phase"] == "draw"
    tables = view["tables"]
    hand = np.zeros(n, np.int64)
    hand[me] = _mask(view["hand"])
    table = np.array([_mask(t) for t in tables], np.int64)
    won = np.zeros(n, np.int64)
    magic = np.zeros(n, np.int64)
    void = np.zeros((n, max(rules.suit) + 1), np.int64)
    finished = [(src, seats, cards) for src, seats, cards in view["history"]]
    current = (view["source"], tuple(view["trick_seats"]), tuple(view["trick"]))
    for src, seats, cards in [*finished, current]:
        if not cards:
            continue
        if src == "hand":
            led = rules.suit[cards[0]]
            for s, c in zip(seats[1:], cards[1:], strict=True):
                if rules.suit[c] != led:
                    void[s, led] = 1
        if len(cards) == n:
            capturer = seats[rules.capture(cards)[0]]
            won[capturer] += 1
            magic[capturer] += sum(rules.rank8[c] for c in cards)
    pair = tuple(view["drawn"]) if draw else (-1, -1)
    seen = set(view["hand"]) | set(view["played"]) | {c for t in tables for c in t} | set(pair)
    unknown = np.array([c for c in range(len(rules.ids)) if c not in seen], np.int64)
    need = np.zeros(n, np.int64)
    for s in range(n):
        if s == me:
            continue
        if draw:
            need[s] = len(tables[s])  # one face-down card for each face-up one
        else:
            need[s] = len(view["hand"]) - (1 if view["source"] == "hand" and s in view["trick_seats"] else 0)
    return Knowledge(
        draw=draw, me=me, players=n, human=view["variant"] == "human", hand=hand, table=table,
        played=_mask(view["played"]), won=won, magic=magic, totals=np.array(view["scores"], np.int64),
        trick=np.array(list(view["trick"]) + [0] * (n - len(view["trick"])), np.int64),
        trick_seats=np.array(list(view["trick_seats"]) + [0] * (n - len(view["trick"])), np.int64),
        ntrick=len(view["trick"]), source=1 if view["source"] == "table" else 0,
        pair=(int(pair[0]), int(pair[1])), unknown=unknown, need=need, void=void,
    )


@dataclass(frozen=True)
class _RuleArrays:
    rules: CardRules
    tables: ViashiRules  # the kernel's card tables


def _rule_arrays(rules: CardRules, elvish: bool) -> _RuleArrays:
    return _RuleArrays(rules, rule_tables(rules, elvish))


class ExpertStrategy:
    """See the module docstring."""

    name = "expert"
    deterministic = False

    def __init__(self, samples: int = DEFAULT_SAMPLES, win_bonus: float = WIN_BONUS,
                 stop_z: float | None = None) -> None:
        if samples < 1:
            raise ParameterError(f"expert: samples must be 1 or more, got {samples}")
        self.samples = samples
        self.win_bonus = win_bonus
        self.stop_z = STOP_Z if stop_z is None else stop_z
        self._arrays: _RuleArrays | None = None

    def values(self, legal: Sequence[Action], view: Mapping[str, Any], key: int) -> np.ndarray:
        """The mean value of each legal action (the search's output)."""
        from .fast_expert import evaluate

        k = observe(view)
        rules: CardRules = view["rules"]
        if self._arrays is None or self._arrays.rules is not rules:
            self._arrays = _rule_arrays(rules, view["variant"] == "elvish")
        t = self._arrays
        number = rules.number
        src = np.zeros(len(legal), np.int64)
        card = np.zeros(len(legal), np.int64)
        for i, action in enumerate(legal):
            where, _, cid = str(action.value).rpartition(":")
            src[i] = 1 if where == "table" else 0
            card[i] = number[cid]
        out = np.zeros(len(legal), np.float64)
        samples = self.samples * (DRAW_FACTOR if k.draw else 1)
        evaluate(k, t.tables, Search(src, card, samples, np.uint64(key), float(self.win_bonus), float(self.stop_z)),
                 out)
        return out

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        legal = list(turn.legal)
        if len(legal) == 1:
            return legal[0]
        values = self.values(legal, turn.view, rng.getrandbits(64))
        return legal[int(np.argmax(values))]
