"""One recorded move of a game at the table (:class:`Step`), and the checks a saved
game's moves pass before they are played again (a replay, ``--resume``): the seat to
move and one of its legal actions, or a clear error naming the step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import ParameterError
from ...games import api
from ...games.api import CHANCE, Action


def simultaneous() -> int | None:
    """The game API's marker of a simultaneous node, once it has one."""
    return getattr(api, "SIMULTANEOUS", None)


@dataclass
class Step:
    """One recorded move: a seat's action, a chance outcome, or a joint move."""

    seat: int  # CHANCE for chance; the simultaneous marker for a joint move
    action: Action | None = None
    joint: tuple[Action | None, ...] = ()  # one per seat; None: that seat had nothing to do


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"seat {seat}"


def _step_words(step: Step) -> str:
    if step.joint:
        return "a joint move"
    assert step.action is not None
    return f"{_who(step.seat)}: {step.action}"


def check_step(state: Any, step: Step, number: int) -> None:
    """A clear error (naming step ``number``, counted from 1) unless ``step`` may be played
    at ``state``: the seat to move, and one of its legal actions (a chance outcome is
    checked when it is applied)."""
    where = f"step {number} ({_step_words(step)})"
    if state.is_over():
        raise ParameterError(f"{where}: the game is already over")
    current = state.current()
    if step.joint:
        if current != simultaneous():
            raise ParameterError(f"{where}: it is {_who(current)}'s move, not a joint move")
        for seat, action in enumerate(step.joint):
            if action is not None and action not in list(state.legal_actions(seat)):
                raise ParameterError(f"{where}: {action} is not a legal move of seat {seat} here")
        return
    if step.seat != current:
        raise ParameterError(f"{where}: it is {_who(current)}'s move here, not {_who(step.seat)}'s")
    if current != CHANCE and step.action not in list(state.legal_actions()):
        raise ParameterError(f"{where}: not a legal move here")


def play_step(state: Any, step: Step, number: int) -> None:
    """Check ``step`` and apply it; a chance outcome the game refuses is the same clear error."""
    check_step(state, step, number)
    try:
        if step.joint:
            state.apply_joint(list(step.joint))
        else:
            state.apply(step.action)
    except Exception as exc:  # a recorded outcome the rules cannot take (an edited file)
        raise ParameterError(f"step {number} ({_step_words(step)}): the game refuses it ({exc})") from None
