"""A played game on disk: ``play-<date>.json``, its seed and its action list.

::

    {"format": "deckpress-play/1", "game": "viashi", "target": "viashi", "deck": "viashi",
     "params": {...}, "seed": 1, "humans": [0], "seats": ["human", "greedy", "greedy"],
     "actions": [[-1, "pile", [...]], [0, "place", "winds-3"], ...], "result": {...}}

Each action is ``[seat, kind, value]`` (seat -1: chance), a joint move
``[marker, {"joint": [[kind, value] or null (a seat with nothing to do), ...]}]``; values are JSON (tuples as lists,
turned back into tuples when read). Chance draws from game 0 of the seed
(``simulate --seed S``), so ``seed`` and ``actions`` replay the game exactly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ...errors import ParameterError
from ...games.api import Action
from ...render.atomic import atomic_write
from .session import Step

FORMAT = "deckpress-play/1"


def _json(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def step_json(step: Step) -> list[Any]:
    if step.joint:
        return [step.seat, {"joint": [None if a is None else [a.kind, _json(a.value)] for a in step.joint]}]
    assert step.action is not None
    return [step.seat, step.action.kind, _json(step.action.value)]


def step_of(item: Any, where: str) -> Step:
    try:
        if len(item) == 2 and isinstance(item[1], dict):
            return Step(int(item[0]), joint=tuple(None if a is None else Action(str(a[0]), _tuples(a[1]))
                                                  for a in item[1]["joint"]))
        seat, kind, value = item
        return Step(int(seat), Action(str(kind), _tuples(value)))
    except (TypeError, ValueError, KeyError) as exc:
        raise ParameterError(f"{where}: an action must be [seat, kind, value] ({exc})") from None


def file_name(now: datetime | None = None) -> str:
    return f"play-{(now or datetime.now()).strftime('%Y-%m-%d-%H%M%S')}.json"


def write(path: Path, head: dict[str, Any], steps: Sequence[Step], result: dict[str, Any] | None) -> Path:
    data = {"format": FORMAT, **head, "actions": [step_json(s) for s in steps], "result": result}
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as tmp:
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def read(path: Path) -> tuple[dict[str, Any], list[Step]]:
    """The head (game, target, params, seed, seats) and the steps of a saved game."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ParameterError(f"{path}: no such file") from None
    except (OSError, ValueError) as exc:
        raise ParameterError(f"{path}: not a played game ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ParameterError(f"{path}: not a played game (no \"format\": \"{FORMAT}\")")
    for key in ("game", "target", "seed", "actions"):
        if key not in data:
            raise ParameterError(f"{path}: the key {key!r} is missing")
    steps = [step_of(item, f"{path}: actions[{i}]") for i, item in enumerate(data["actions"])]
    return data, steps
