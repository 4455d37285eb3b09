"""The uniform State API every game implements (after OpenSpiel).

A game is a :class:`Game` (validated parameters + the deck) that makes
:class:`State` objects. A state says who acts next — a seat (0, 1, ...),
``CHANCE`` or ``TERMINAL`` — lists the legal :class:`Action` values, applies one,
and reports a :class:`Result` when over. Strategies and the runner see only this
API; chance is explicit: at a chance node the runner asks the state to sample
an outcome from a seeded ``random.Random``, and the sampled outcome is itself an
action, so a recorded list of actions replays a game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
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


class Game(Protocol):
    name: str
    params: Any

    def new_state(self, observer: TrickObserver | None = None) -> State: ...


class Strategy(Protocol):
    name: str

    def choose(self, state: State, seat: int, rng: random.Random) -> Action: ...
