"""One description per game: :class:`GameSpec`.

Everything the rest of deckpress needs to know about a game — its parameters,
how many players, how to make it from a deck, its players, a ``--deal`` hook,
its rule decisions, its booklet and report hooks, an optional fast engine —
is one frozen ``GameSpec``, written in the game's own package
(``generator/games/weiji/spec.py``) and registered explicitly in
:mod:`generator.games.registry` (no import side effects). Every per-game table
(the games ``simulate`` and ``rules`` accept, the parameter models, the
default decks, booklet titles, the fast engine's dispatch) derives from the
registered specs, so a new game touches no file outside its own package.

Hooks that live in a higher layer (the booklet's template context, the
balance report's sections) are named by an import string
``"package.module:function"``, resolved by that layer when it needs them
(:func:`load_hook`): the games package never imports the booklet or balance
code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..deck.model import Deck
from ..errors import ParameterError
from .api import Action, Game, Strategy
from .decisions import Decision
from .params import Params

StrategyFactory = Callable[..., Strategy]  # called with no argument, or with the budget of NAME:N
DealHook = Callable[[Any, Mapping[str, Any]], Sequence[Action]]  # (game, deal mapping) -> scripted chance outcomes


@dataclass(frozen=True)
class GameSpec:
    """A game, as every command sees it.

    ``name``: the word a deck's ``game:`` and ``deckpress simulate GAME`` use.
    ``params``: the pydantic model of its rule parameters (``--set key=value``).
    ``players``: the smallest and largest number of players.
    ``make``: ``(deck, params) -> Game`` (raises ``ParameterError`` for a deck that does not fit).
    ``strategies``: name -> factory; names in ``budgeted`` take ``NAME:N`` (the factory gets ``N``).
    ``default_strategy``: None for a game without player decisions.
    ``deal``: turns a ``--deal`` file into the first chance outcomes (None: no ``--deal``).
    ``decisions``: the rule decisions the engine makes where the rules are silent (:mod:`.decisions`).
    ``booklet``/``figures``/``report``: import strings of the booklet context, the
    booklet figures and the balance report sections (None: the generic ones).
    ``fast``: import string of a module with ``unsupported(game, strategy)``,
    ``tables(game, strategy)``, ``chunk(tables, summary, key, start, count, mode, states)``
    and ``kernel`` (None: the reference engine plays every run).
    ``source``: the import string of this spec (``module:NAME``), how a worker
    process finds the game again.
    ``table``: import string of ``table(view, seat)``, the zones ``deckpress play`` draws
    (hand, trick, table, scores; see generator/project/play/zones.py); None: the generic table.
    """

    name: str
    title: str
    params: type[Params]
    players: tuple[int, int]
    make: Callable[[Deck, Any], Game]
    default_deck: str | None = None
    layout: str = "base"
    strategies: Mapping[str, StrategyFactory] = field(default_factory=lambda: MappingProxyType({}))
    default_strategy: str | None = None
    budgeted: tuple[str, ...] = ()
    deal: DealHook | None = None
    decisions: tuple[Decision, ...] = ()  # a designer's game's own (the built-in games': decisions.DECISIONS)
    booklet: str | Callable[..., Any] | None = None
    figures: str | None = None
    report: str | None = None
    fast: str | None = None
    source: str | None = None
    description: str = ""
    # the rule booklets ``deckpress build`` prints for a built-in game: file stem -> --set values
    booklets: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    table: str | None = None  # deckpress play's table description (games/<g>/table_view.py)

    # -- compatibility with the former ``GameEntry`` --------------------------
    @property
    def deal_actions(self) -> DealHook:
        if self.deal is None:
            name = self.name

            def refuse(game: Any, deal: Mapping[str, Any]) -> Sequence[Action]:
                raise ParameterError(f"{name} takes no --deal file")
            return refuse
        return self.deal


def load_hook(ref: Any) -> Any:
    """The object an import string ``"package.module:attr"`` names (a callable
    hook is itself)."""
    if callable(ref):
        return ref
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)
