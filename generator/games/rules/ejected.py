"""A rules game as a designer's ``game.py`` (``deckpress eject``): :func:`rules_class` makes
the game class of the rules text a ``game.py`` embeds, so the ejected project plays exactly
the same game (the same interpreter, the same decisions, views and booklet) while its
rules now live in Python, where a designer can override any method."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from .gamespec import RulesGame, _params_model
from .schema import RulesError, read


def rules_class(text: str, file: str) -> type:
    """The game class of the rules ``text`` embedded in the ``game.py`` at ``file``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rules.yaml"
        path.write_text(text, encoding="utf-8")
        doc = read(path)
    doc.path = Path(file)  # errors name the game.py
    if doc.problems:
        raise RulesError(doc.problems)
    d = doc.data
    players = d.get("players", 2)
    low, high = (players, players) if isinstance(players, int) else (int(players[0]), int(players[1]))
    name = str(d["name"])

    class Ejected:
        Params = _params_model(doc, name)
        title = str(d.get("title", name))
        unit = str(d.get("unit", "turn"))
        default_strategy = "random"
        first_player = 0

        def __init__(self, deck: Any, params: Any) -> None:
            self.rules = RulesGame(doc, type(self).name, deck, params)  # type: ignore[attr-defined]
            self.params = params

        def new_state(self, observer: Any = None) -> Any:
            state = self.rules.new_state(observer)
            return state

        def resample(self, view: Any, seat: int, rng: Any) -> Any:
            return self.rules.resample(view, seat, rng)

        def table(self, view: Any, seat: int) -> Any:
            return self.rules.table(view, seat)

        @staticmethod
        def booklet(params: Any, deck: Any) -> dict[str, Any]:
            from .booklet import booklet_facts

            return booklet_facts(doc, params, deck)

    Ejected.name = name  # type: ignore[attr-defined]
    Ejected.players = (low, high)  # type: ignore[attr-defined]
    return Ejected
