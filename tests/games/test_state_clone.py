"""``StateBase.clone`` (the default a plain game.py uses; issue 48 made it cheaper): every
field copied all the way down, atoms shared, the game shared and the observer dropped."""

from __future__ import annotations

from collections import deque
from typing import Any

from generator.games.api import Action, StateBase


class _Thing:
    def __init__(self) -> None:
        self.items = [1, 2]


class _State(StateBase):
    def __init__(self) -> None:
        self.game: Any = object()
        self.observer: Any = object()
        self.hand = ["a", "b", Action("play", "c")]
        self.hands = [["a"], ["b", "c"]]
        self.flat = ("x", 1, 2.5, None, True)
        self.mixed = ("x", ["y"])
        self.void = [{"S"}, set()]
        self.table = {"pile": [1, 2], "top": "S"}
        self.queue = deque([["q"]])
        self.thing = _Thing()
        self.turn = 3


def test_every_field_is_independent_and_equal() -> None:
    state = _State()
    other = state.clone()
    assert other.game is state.game and other.observer is None
    for name in ("hand", "hands", "flat", "mixed", "void", "table", "queue", "turn"):
        assert getattr(other, name) == getattr(state, name), name
    assert other.thing.items == [1, 2] and other.thing is not state.thing
    assert other.hand is not state.hand and other.hand[2] is state.hand[2]  # the action shared
    assert other.flat is state.flat  # a tuple of atoms is shared (immutable)
    other.hands[1].append("d")
    other.mixed[1].append("z")
    other.void[0].add("H")
    other.table["pile"].append(3)
    other.queue[0].append("r")
    assert state.hands == [["a"], ["b", "c"]] and state.mixed == ("x", ["y"]) and state.void == [{"S"}, set()]
    assert state.table == {"pile": [1, 2], "top": "S"} and list(state.queue) == [["q"]]
    assert type(other) is _State
