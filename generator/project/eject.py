"""``deckpress eject PROJECT``: a project's rules game written as its own ``game.py``.

Plain Python where it can (:mod:`generator.games.rules.to_python`): a State class against
the public game API with the rules as methods, importing nothing of the rules
interpreter, playing the same games for the same seed. Where a rule has no plain Python
yet (a simultaneous choice, a decision inside a loop, teams, cards: deck, a python:
step), eject says which rule and falls back to the embedded form:

The rules file's text goes into ``game.py`` (``RULES``), whose game class plays it through
the same interpreter (:mod:`generator.games.rules.ejected`): the same game, decisions,
views and booklet, now Python the designer can extend (override ``new_state``,
``resample`` or ``table``, or replace the class). The deck's ``game:`` then names
``game.py``, and the rules file is removed (its text lives in ``game.py``). Nothing is
written if the project has a ``game.py`` already. Loading the ejected ``game.py`` runs it,
as every project's ``game.py`` (docs/own-game.md)."""

from __future__ import annotations

import re
from pathlib import Path

from ..deck import resolve_deck
from ..errors import ParameterError
from ..render.atomic import atomic_write

TEMPLATE = '''"""{title}: written by `deckpress eject` from {source}.

The rules below are the rules file's, played by deckpress's rules interpreter: this
game plays exactly as the rules file did. Change them here, or override a method of
the class (new_state, resample, table) with your own Python (docs/own-game.md).
"""

from generator.games.rules.ejected import rules_class

RULES = {rules!r}

_Rules = rules_class(RULES, __file__)


class {cls}(_Rules):
    """{title}"""

    def new_state(self, observer=None):
        return super().new_state(observer)
'''


def eject(project: Path) -> list[Path]:
    """Write ``project``'s rules game as ``game.py`` (see the module docstring)."""
    return eject_report(project)[0]


def eject_report(project: Path) -> tuple[list[Path], str]:
    """:func:`eject`, and what was written: plain Python, or the rules embedded and why."""
    deck = resolve_deck(str(project))
    if not deck.game.endswith((".yaml", ".yml")) or deck.path is None or deck.folder is None:
        raise ParameterError(f"{project}: its deck plays {deck.game!r}, not a rules file (game: game.yaml); "
                             "only a rules game can be ejected")
    rules = (deck.folder / deck.game).resolve()
    target = deck.folder / "game.py"
    if target.exists():
        raise ParameterError(f"{target} exists already; eject writes a new game.py only")
    from ..games.rules.registered import from_path

    spec = from_path(rules)  # refused here if the rules file cannot be played
    text = rules.read_text(encoding="utf-8")
    cls = "".join(w.capitalize() for w in re.split(r"[^A-Za-z0-9]+", spec.name) if w) or "Game"
    if not cls[0].isalpha():
        cls = "Game" + cls
    from ..games.rules.to_python import NotPlain, plain_python

    try:
        code = plain_python(spec.make(deck, spec.params()).program, cls, rules.name)  # type: ignore[attr-defined]
        said = "game.py is plain Python: a State class with the rules as methods (it plays the same games)"
    except NotPlain as exc:
        code = TEMPLATE.format(title=spec.title, source=rules.name, rules=text, cls=cls)
        said = (f"game.py embeds the rules file and plays it with deckpress's interpreter: {exc.where}: {exc.what}"
                " has no plain Python yet")
    with atomic_write(target) as tmp:
        tmp.write_text(code, encoding="utf-8")
    deck_text = deck.path.read_text(encoding="utf-8")
    new_deck, n = re.subn(r"(?m)^game:\s*\S+\s*$", "game: game.py", deck_text, count=1)
    if n != 1:
        target.unlink()
        raise ParameterError(f"{deck.path}: no line game: {deck.game} to change; set game: game.py by hand")
    with atomic_write(deck.path) as tmp:
        tmp.write_text(new_deck, encoding="utf-8")
    rules.unlink()
    return [target, deck.path], said
