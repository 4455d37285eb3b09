"""The one way out of the format: a rules file may name one Python function
(``python: rules.py:function``, a file beside the rules file) for a rule it cannot
say, and run it with a step ``- python: WHAT``.

Loading it RUNS THE DESIGNER'S PYTHON CODE, as a project's ``game.py`` does (the same
loader: compiled from source, no bytecode, a one-line note on stderr; see
:mod:`generator.games.designer.loader`). The function is called as ``function(table, what)``:
``table.zone(name, seat=None)`` is a zone's list of card numbers (the top card last;
change it in place to move cards), ``table.field(card, name)`` a card's field,
``table.id(card)`` its id, ``table.variables`` the variables (change them in place),
``table.players`` and ``table.player``. An error in it names its file and line."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...errors import ParameterError


def load(rules_path: Path, ref: str) -> Callable[[Any, str], None]:
    """The function ``file.py:function`` names, beside the rules file."""
    file, colon, name = str(ref).rpartition(":")
    if not colon or not file.endswith(".py") or not name.isidentifier():
        raise ParameterError(f"{rules_path}: python: {ref!r}: name a file and a function, python: rules.py:my_rule")
    folder = rules_path.parent.resolve()
    path = (folder / file).resolve()
    if not path.is_relative_to(folder) or not path.is_file():
        raise ParameterError(f"{rules_path}: python: {file!r} is no file beside the rules file")
    from ..designer.loader import _exec

    module_name = "deckpress_game_rules_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]
    module = _exec(path, module_name)
    fn = getattr(module, name, None)
    if not callable(fn):
        raise ParameterError(f"{path.name}: defines no function {name!r} (python: {ref})")
    return fn  # type: ignore[no-any-return]


class Table:
    """What the rules file's Python function is handed (see the module docstring)."""

    def __init__(self, state: Any) -> None:
        self._state = state
        self._program = state.game.program
        self.players = state.n
        self.variables = state.v
        self.player = state.v.get("player")

    def zone(self, name: str, seat: int | None = None) -> list[int]:
        z = self._program.by_name.get(name)
        if z is None:
            raise KeyError(f"no zone {name!r}; zones: {', '.join(self._program.by_name)}")
        if z.owned:
            return self._state.z[z.base + (self.player if seat is None else seat)]  # type: ignore[no-any-return]
        return self._state.z[z.base]  # type: ignore[no-any-return]

    def field(self, card: int, name: str) -> Any:
        return self._program.cards.fields[name][card]

    def id(self, card: int) -> str:
        return str(self._program.ids[card])
