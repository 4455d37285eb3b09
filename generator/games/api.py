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
a game with hidden cards, ``resample(seat, rng)``: a full state that ``seat``
cannot tell from this one (its ``view(seat)`` is the same), with everything
that seat has not seen dealt again at random. :class:`StateBase` gives the
first three from ``view`` and ``result``; a game overrides them where it can do
better (a fast ``clone``), and writes ``resample`` itself (the default returns
a plain clone: right for a game without hidden cards).

A game may also give ``heuristic(view, seat) -> float`` (how good the position
looks to ``seat``; the ``greedy`` player maximises it one step ahead).
"""

from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

CHANCE = -1
TERMINAL = -2


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

    @property
    def draw(self) -> bool:
        return self.winner is None and not self.unfinished


TrickObserver = Callable[[Mapping[str, Any]], None]


class State(Protocol):
    def current(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""

    def legal_actions(self) -> Sequence[Action]:
        """The actions the current seat may take (empty at chance and terminal nodes)."""

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

    def resample(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with everything ``seat`` has seen: its
        ``view(seat)`` equals this state's, the cards it has not seen dealt
        again from ``rng``."""


class Game(Protocol):
    name: str
    params: Any

    def new_state(self, observer: TrickObserver | None = None) -> State: ...


class Strategy(Protocol):
    name: str

    def choose(self, state: State, seat: int, rng: random.Random) -> Action: ...


def returns_of(result: Result, players: int) -> list[float]:
    """Per-seat returns of a result (see :meth:`State.returns`)."""
    if result.winner is None:
        return [1.0 / players] * players
    return [1.0 if s == result.winner else 0.0 for s in range(players)]


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


_ATOMS = (int, float, str, bool, type(None), Action)


def _copied(value: Any) -> Any:
    """An independent copy of a state's field: lists, dicts, deques and sets copied
    all the way down, numbers, strings and actions shared, anything else deep-copied."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [v if type(v) in _ATOMS else _copied(v) for v in value]
    if kind is tuple:
        return value if all(type(v) in _ATOMS for v in value) else tuple(_copied(v) for v in value)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copied(v) for k, v in value.items()}
    if kind is deque:
        return deque(v if type(v) in _ATOMS else _copied(v) for v in value)
    if kind is set:
        return set(value)
    return copy.deepcopy(value)


class StateBase:
    """Default ``clone``, ``returns``, ``information_state`` and ``resample`` for a
    state with ``game``, ``observer``, ``view``, ``result`` and ``is_over``.

    ``clone`` copies every field all the way down but the game (shared, read
    only) and drops the observer (a search's trial games report nothing)."""

    game: Any
    observer: Any

    def clone(self) -> Any:
        other = object.__new__(type(self))
        fields = other.__dict__
        for key, value in self.__dict__.items():
            fields[key] = value if key == "game" else None if key == "observer" else _copied(value)
        return other

    def players(self) -> int:
        return int(self.game.params.players)

    def returns(self) -> list[float]:
        if not self.is_over():  # type: ignore[attr-defined]
            return [0.0] * self.players()
        return returns_of(self.result(), self.players())  # type: ignore[attr-defined]

    def information_state(self, seat: int) -> Hashable:
        return freeze(self.view(seat))  # type: ignore[attr-defined]

    def resample(self, seat: int, rng: random.Random) -> Any:
        return self.clone()
