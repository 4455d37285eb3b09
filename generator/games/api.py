"""The public game API: the uniform State every game implements (after OpenSpiel).

A game is a :class:`Game` (validated parameters + the deck) that makes
:class:`State` objects. A state says who acts next — a seat (0, 1, ...),
``CHANCE`` or ``TERMINAL`` — lists the legal :class:`Action` values, applies one,
and reports a :class:`Result` when over. Strategies and the runner see only this
API; chance is explicit: at a chance node the runner asks the state to sample
an outcome from a seeded ``random.Random``, and the sampled outcome is itself an
action, so a recorded list of actions replays a game exactly.

What search players need besides (see docs/own-game.md): ``clone()`` (an
independent copy), ``returns()`` (per seat: 1 for the winner, 0 for the others,
an equal share for a draw or an unfinished game), ``information_state(seat)``
(a hashable key: equal for two states that ``seat`` cannot tell apart) and, for
a game with decisions, the GAME's ``resample(view, seat, rng)``: from what
``seat`` sees at its decision (``view(seat)``) alone, a full state it cannot
tell from the real one (the same view), with everything it has not seen dealt
again at random. It is a function of the view, not a method of the real state,
so it cannot deal from the true hidden cards. :class:`StateBase` gives the
first three from ``view`` and ``result``; a game overrides them where it can do
better (a fast ``clone``).

Strategies never get the state: at each decision the runner hands a strategy a
:class:`Turn` (the seat, its view, the legal actions, ``resample`` and the
game's ``heuristic``) and the seat's OWN random stream (seeded per seat from
the game's seed, see :func:`seat_rngs`), never the stream chance draws from.

Compatibility: a designer's game written for the first version of this API
(``State.resample(seat, rng)``, no ``Game.resample``) still plays; the
:class:`Turn` then calls the real state's method behind the strategy's back
(with a ``DeprecationWarning``): that game's players can peek only as far as
its own ``resample`` lets them. :func:`resampler` picks the path.

A game may also give ``heuristic(view, seat) -> float`` (how good the position
looks to ``seat``; the ``greedy`` player maximises it one step ahead).

Simultaneous moves (after OpenSpiel's simultaneous-move nodes): ``current()``
may return ``SIMULTANEOUS``; then ``legal_actions(seat)`` lists each seat's
actions (empty: that seat does not act now) and ``apply_joint(actions)`` applies
one action per seat (a list indexed by seat, None for a seat that does not act).
``view(seat)`` never shows another seat's pending choice (the state holds none:
the runner asks every seat with the view it had before anyone chose, then
applies the joint action). :func:`joint_actions`, :func:`random_step` and
:func:`apply_step` serve code that walks any game.

Utilities: ``returns()`` may give any per-seat numbers (chips, points) when the
game class declares their bounds, ``utility = (min, max)``; players normalise
by them (:func:`utility_of`, :func:`normalised`). Without ``utility`` a game's
returns are win shares (1 for the winner, a draw shared), bounds (0, 1).
A game may declare ``teams`` (tuples of seats that play together).
"""

from __future__ import annotations

import copy
import random
import warnings
from _random import Random as _CoreRandom
from collections import deque
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from hashlib import sha512
from typing import Any, Protocol

from .mt_words import mt_words

CHANCE = -1
TERMINAL = -2
SIMULTANEOUS = -3  # every seat with legal actions chooses at once (see the module docstring)


@dataclass(frozen=True)
class Action:
    """A named action: ``Action("choose", "weight")``, ``Action("play", "winds-3")``,
    or a chance outcome such as ``Action("deal", ((...), (...)))``."""

    kind: str
    value: Any = None

    def __str__(self) -> str:
        return self.kind if self.value is None else f"{self.kind}:{self.value}"


@dataclass
class Result:
    """The outcome of one finished (or abandoned) game."""

    winner: int | None  # the winning seat; None for a draw or an unfinished game
    tricks: int  # showdowns / tricks played, ties and wars included
    counts: list[int]  # cards held per seat at the end
    unfinished: bool = False  # cut off by the turn cap or a detected cycle
    scores: list[float] = field(default_factory=list)  # points per seat (Viashi), else empty
    details: dict[str, float] = field(default_factory=dict)  # per-game counters for statistics
    card_stats: dict[str, tuple[int, int]] = field(default_factory=dict)  # card id -> (shown, won)
    returns: list[float] = field(default_factory=list)  # per seat, for a game that declares ``utility`` (else empty)

    @property
    def draw(self) -> bool:
        return self.winner is None and not self.unfinished


TrickObserver = Callable[[Mapping[str, Any]], None]


class State(Protocol):
    def current(self) -> int:
        """The seat to act, ``CHANCE``, ``TERMINAL`` or ``SIMULTANEOUS``."""

    def legal_actions(self) -> Sequence[Action]:
        """The actions the current seat may take (empty at chance and terminal nodes);
        at a ``SIMULTANEOUS`` node a game takes ``legal_actions(seat)``."""

    def sample_chance(self, rng: random.Random) -> Action:
        """At a chance node: draw an outcome from ``rng``."""

    def apply(self, action: Action) -> None:
        """Play ``action`` (a seat's choice or a chance outcome)."""

    def is_over(self) -> bool: ...

    def result(self) -> Result: ...

    def view(self, seat: int) -> Mapping[str, Any]:
        """What ``seat`` may see (for strategies)."""

    def clone(self) -> State:
        """An independent copy (applying actions to it leaves this state as it is)."""

    def returns(self) -> list[float]:
        """Per seat, at the end: 1.0 for the winner, 0.0 for the others; a draw
        or an unfinished game shares 1.0 equally."""

    def information_state(self, seat: int) -> Hashable:
        """A key equal for every state ``seat`` cannot tell apart from this one."""


class Game(Protocol):
    name: str
    params: Any

    def new_state(self, observer: TrickObserver | None = None) -> State: ...

    # a game with decisions also gives (not part of the protocol, so a game without
    # decisions need not):
    #   resample(view, seat, rng) -> State: a full state consistent with ``view``
    #   (``seat``'s view at its decision), what ``seat`` has not seen dealt from ``rng``
    #   heuristic(view, seat) -> float: optional, for ``greedy``


Resample = Callable[[Mapping[str, Any], int, random.Random], Any]
Heuristic = Callable[[Any, int], float]


class Turn:
    """All a strategy is given at a decision: ``seat``, its ``view``, the ``legal``
    actions, :meth:`resample` (states dealt again from this view) and the game's
    public ``heuristic`` (None if it has none). No state, no chance stream."""

    __slots__ = ("_resample", "heuristic", "legal", "seat", "view")

    def __init__(self, seat: int, view: Mapping[str, Any], legal: Sequence[Action], resample: Resample | None = None,
                 heuristic: Heuristic | None = None) -> None:
        self.seat = seat
        self.view = view
        self.legal: tuple[Action, ...] = tuple(legal)
        self._resample = resample
        self.heuristic = heuristic

    @classmethod
    def at(cls, state: Any, seat: int) -> Turn:
        """``seat``'s turn in ``state`` (its view and legal actions; resample and
        heuristic from ``state.game``): what the runner hands a strategy."""
        game = getattr(state, "game", None)
        legal = state.legal_actions(seat) if state.current() == SIMULTANEOUS else state.legal_actions()
        return cls(seat, state.view(seat), legal, resampler(game, state),
                   getattr(game, "heuristic", None))

    def resample(self, rng: random.Random) -> Any:
        """A full state this seat cannot tell from the real one (see the module docstring)."""
        if self._resample is None:
            from ..errors import ParameterError

            raise ParameterError("this game gives no resample(view, seat, rng), which the greedy and mcts players"
                                 " need (docs/own-game.md); play it with random or the game's own players")
        return self._resample(self.view, self.seat, rng)

    def with_legal(self, legal: Sequence[Action]) -> Turn:
        """The same turn offering only ``legal`` (restricted play)."""
        return Turn(self.seat, self.view, legal, self._resample, self.heuristic)


class Strategy(Protocol):
    name: str

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        """The action for ``turn`` (one of ``turn.legal``); ``rng`` is the seat's own stream."""


_LEGACY_WARNED: set[type] = set()


def resampler(game: Any, state: Any = None) -> Resample | None:
    """The game's ``resample(view, seat, rng)``; for a game written for the old API
    (only ``State.resample(seat, rng)``) a stand-in that calls ``state``'s own method
    (a ``DeprecationWarning`` once per game class); None when there is neither."""
    fn = getattr(game, "resample", None)
    if callable(fn):
        return fn  # type: ignore[no-any-return]
    if state is None or not callable(getattr(state, "resample", None)):
        return None
    if type(game) not in _LEGACY_WARNED:
        _LEGACY_WARNED.add(type(game))
        warnings.warn(f"{type(game).__name__}: State.resample(seat, rng) is the old API; give the game"
                      " resample(view, seat, rng) instead (docs/own-game.md)", DeprecationWarning, stacklevel=3)
    legacy = state.resample
    return lambda view, seat, rng: legacy(seat, rng)


def seat_rngs(rng: random.Random, players: int) -> list[random.Random]:
    """Each seat's own random stream for the game whose chance stream is ``rng``:
    seeded from ``rng``'s starting state (so from the game's seed) without drawing
    from it, one per seat, independent of the chance stream and of each other."""
    key = seat_key(rng)
    return [seeded(f"deckpress-seat:{k}:{key}") for k in range(players)]


def seat_key(rng: random.Random) -> str:
    """The seats' key of the game whose chance stream is ``rng``: ``"w1:w2:w3:w4"``, words
    1-4 of its Mersenne Twister state (they mix the whole seed in; word 0 is fixed), read
    in place (:func:`~generator.games.mt_words.mt_words`) without drawing from it. Every
    seat stream of the game is keyed by it: :func:`seat_rngs`, and a ``random`` seat's
    draws (:class:`~generator.games.draws.SeatDraws`)."""
    a, b, c, d = mt_words(rng)
    return f"{a}:{b}:{c}:{d}"


def seeded(text: str, into: random.Random | None = None) -> random.Random:
    """``random.Random(text)``, the same stream, without ``random.py``'s checks in Python
    (the runner seeds a stream a game: a designer's cheap game feels it); ``into``: seed
    that generator again instead of making one (the runner's chance stream, game after game)."""
    data = text.encode()
    rng = random.Random.__new__(random.Random) if into is None else into
    _CoreRandom.seed(rng, int.from_bytes(data + sha512(data).digest(), "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]  # as random.Random.seed sets it
    return rng


def joint_actions(state: Any) -> list[list[Action]]:
    """At a ``SIMULTANEOUS`` node: each seat's legal actions (seat 0 first)."""
    return [list(state.legal_actions(s)) for s in range(players_of(state))]


def players_of(state: Any) -> int:
    """The number of seats of ``state`` (its ``players()``, else its game's parameter)."""
    n = getattr(state, "players", None)
    return int(n()) if callable(n) else int(state.game.params.players)


def random_step(state: Any, rng: random.Random) -> None:
    """Advance ``state`` one node at random: a chance outcome, a uniform legal action,
    or at a ``SIMULTANEOUS`` node one uniform action per acting seat."""
    cur = state.current()
    if cur == CHANCE:
        state.apply(state.sample_chance(rng))
    elif cur == SIMULTANEOUS:
        state.apply_joint([acts[rng.randrange(len(acts))] if acts else None for acts in joint_actions(state)])
    else:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])


def utility_of(game: Any) -> tuple[float, float]:
    """The bounds of a game's returns: its ``utility = (min, max)``, else (0, 1)."""
    bounds = getattr(game, "utility", None)
    if bounds is None:
        return (0.0, 1.0)
    lo, hi = bounds
    return (float(lo), float(hi))


def normalised(returns: Sequence[float], bounds: tuple[float, float]) -> list[float]:
    """``returns`` scaled from ``bounds`` to [0, 1] (what the search players maximise)."""
    lo, hi = bounds
    if (lo, hi) == (0.0, 1.0):
        return list(returns)
    span = hi - lo
    return [(r - lo) / span for r in returns]


def returns_of(result: Result, players: int) -> list[float]:
    """Per-seat returns of a result (see :meth:`State.returns`)."""
    if result.returns:
        return list(result.returns)
    if result.winner is None:
        return [1.0 / players] * players
    return [1.0 if s == result.winner else 0.0 for s in range(players)]


def team_of(game: Any, seat: int | None) -> tuple[int, ...] | None:
    """The seats of ``seat``'s team where the game declares ``teams`` (tuples of seats, or a
    function of the parameters giving them), else None."""
    teams = getattr(game, "teams", None)
    if seat is None or teams is None:
        return None
    try:
        found = teams(game.params) if callable(teams) else teams
        return next((tuple(int(s) for s in t) for t in found or () if seat in t), None)
    except (TypeError, ValueError, AttributeError):
        return None


def freeze(value: Any) -> Hashable:
    """A hashable copy of a view (mappings become sorted tuples of pairs)."""
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [freeze(v) for v in value]
        return tuple(sorted(items, key=repr)) if isinstance(value, (set, frozenset)) else tuple(items)
    if isinstance(value, Hashable):
        return value
    return repr(value)


_ATOMS = frozenset((int, float, str, bool, type(None), Action))
_only_atoms = _ATOMS.issuperset  # of ``map(type, items)``: every item shared as it is (one C call)


def _copied(value: Any) -> Any:
    """An independent copy of a state's field: lists, dicts, deques and sets copied
    all the way down, numbers, strings and actions shared, anything else deep-copied."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        if _only_atoms(map(type, value)):
            return value.copy()
        return [v if type(v) in _ATOMS else _copied(v) for v in value]
    if kind is tuple:
        return value if _only_atoms(map(type, value)) else tuple(_copied(v) for v in value)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copied(v) for k, v in value.items()}
    if kind is deque:
        return deque(v if type(v) in _ATOMS else _copied(v) for v in value)
    if kind is set:
        return set(value)
    return copy.deepcopy(value)


class StateBase:
    """Default ``clone``, ``returns`` and ``information_state`` for a
    state with ``game``, ``observer``, ``view``, ``result`` and ``is_over``.

    ``clone`` copies every field all the way down but the game (shared, read
    only) and drops the observer (a search's trial games report nothing)."""

    game: Any
    observer: Any

    def clone(self) -> Any:
        other = object.__new__(type(self))
        fields = other.__dict__
        for key, value in self.__dict__.items():
            if key == "game":
                fields[key] = value
            elif key == "observer":
                fields[key] = None
            else:
                fields[key] = value if type(value) in _ATOMS else _copied(value)
        return other

    def players(self) -> int:
        return int(self.game.params.players)

    def returns(self) -> list[float]:
        if not self.is_over():  # type: ignore[attr-defined]
            return [0.0] * self.players()
        result = self.result()  # type: ignore[attr-defined]
        players = self.players()
        team = team_of(self.game, result.winner) if not getattr(self.game, "utility", None) else None
        team = tuple(s for s in team if s < players) if team else None  # the seats in this game
        if team:  # partners: the winning team's seats share the win (0.5 each for two)
            return [1.0 / len(team) if seat in team else 0.0 for seat in range(players)]
        return returns_of(result, players)

    def information_state(self, seat: int) -> Hashable:
        return freeze(self.view(seat))  # type: ignore[attr-defined]
