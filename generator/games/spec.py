"""One description per game: :class:`GameSpec`.

Everything the rest of deckpress needs to know about a game — its parameters,
how many players, how to make it from a deck, its players, a ``--deal`` hook,
its rule decisions, its booklet and report hooks, an optional fast engine —
is one frozen ``GameSpec``, written in the game's own package
(``generator/games/weiji/spec.py``) and registered explicitly in
:mod:`generator.games.registry` (no import side effects). Every per-game table
(the games ``simulate`` and ``rules`` accept, the parameter models, the
default decks, booklet titles, the fast engine's dispatch) derives from the
registered specs, so a new game touches no file outside its own package but
the one line that names its spec in the registry's ``BUILTIN`` (a designer's game
or an installed one: none at all). tests/test_architecture.py holds this.

Every hook is a plain function of the game's package that returns data (the
booklet's facts and figures, the fast engine's tables): the booklet and balance
layers call them and draw or report the data, so a game never imports a higher
layer. The fast engine is the one hook named by import string (``fast``), so that
``numba`` is imported only when a run uses it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..deck.issues import Issue
from ..deck.model import Deck
from ..errors import ParameterError
from .api import Action, Game, Strategy
from .decisions import Decision
from .params import Params
from .reporting import ReportHooks
from .rulebook import Figure

StrategyFactory = Callable[..., Strategy]  # called with no argument, or with the budget of NAME:N
DealHook = Callable[[Any, Mapping[str, Any]], Sequence[Action]]  # (game, deal mapping) -> scripted chance outcomes


@dataclass(frozen=True)
class CardMeasures:
    """Which per-card measures ``deckpress check`` makes for a game with player decisions:
    ``impact``, a seat that never plays the card while it has another move
    (generator/balance/card_impact.py); ``removal``, the deck without the card
    (generator/balance/card_removal.py). ``reason``: why a measure is left out, in the
    game's words, printed among the report's notes. Both, by default: a designer's game
    gets every measure unless its spec says otherwise."""

    impact: bool = True
    removal: bool = True
    reason: str = ""

    @property
    def any(self) -> bool:
        return self.impact or self.removal


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
    ``booklet``: ``(params, deck) -> facts`` the rule template uses beyond the parameters;
    ``figures``: ``(context) -> {name: rulebook.Figure}``, what each ``[figure NAME]`` of
    its template shows (plain data, drawn by the booklet; see :mod:`.rulebook`).
    ``report``: what the balance report shows of the game (:class:`.reporting.ReportHooks`;
    None: the generic report).
    ``piecepack``: the game is played with a piecepack's tiles (a tile-sized deck of it
    without ``kind: piecepack`` gets a warning).
    ``fast``: import string of a module with ``unsupported(game, strategy)``,
    ``tables(game, strategy)``, ``chunk(tables, summary, key, start, count, mode, states)``
    and ``kernel`` (None: the reference engine plays every run).
    ``deck_issues``: ``(deck) -> [Issue]``, whether the deck can be played as this game,
    checked before any command uses it (:mod:`generator.validate.deck`; None: nothing to check).
    ``counter_names``: ``(deck) -> {counter: words}``, the simulator's counters in the
    deck's own words (``simulate --json``'s ``counter_names``; None: none).
    ``sides``: ``(players) -> int``, how many sides can win (Viashilym: three teams of two,
    a team's win recorded on its first seat; None: every player for themselves).
    ``source``: the import string of this spec (``module:NAME``), how a worker
    process finds the game again.
    ``table``: import string of ``table(view, seat)``, the zones ``deckpress play`` draws
    (hand, trick, table, scores; see generator/project/play/zones.py); None: the generic table.
    ``card_measures``: the per-card measures ``check`` makes (:class:`CardMeasures`; default:
    card impact and card removal, each card measured on its own).
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
    decisions: tuple[Decision, ...] = ()  # each game's own (games/<g>/decisions.py)
    booklet: Callable[[Any, Deck], dict[str, Any]] | None = None
    figures: Callable[[Mapping[str, Any]], Mapping[str, Figure]] | None = None
    report: ReportHooks | None = None
    fast: str | None = None
    source: str | None = None
    description: str = ""
    deck_issues: Callable[[Deck], list[Issue]] | None = None
    counter_names: Callable[[Deck], dict[str, str]] | None = None
    sides: Callable[[int], int] | None = None
    piecepack: bool = False
    # the rule booklets ``deckpress build`` prints for a built-in game: file stem -> --set values
    booklets: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    # what one unit of game length is called ("trick", "round", "turn", "hand"): a game's own word
    unit: str = "trick"
    # which seats play together: params -> tuples of seats, one per team (None: every seat for itself)
    teams: Callable[[Any], Sequence[Sequence[int]] | None] | None = None
    table: str | None = None  # deckpress play's table description (games/<g>/table_view.py)
    # other names of the game with their rule parameters, for `deckpress play` ("viashilym": 6 players)
    aliases: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    # the seat that starts, where the rules say who does (the report's "seat 0 (first player)");
    # None: no seat starts (War: everyone plays at once), and the report says "seat 0" only
    first_player: int | None = None
    # how a draw happens, in the game's words ("the last players ran out of cards together");
    # empty: the report's generic "a shared top score" (a built-in game's report hooks may say it too)
    draws: str = ""
    card_measures: CardMeasures = CardMeasures()

    def teams_of(self, params: Any) -> tuple[tuple[int, ...], ...] | None:
        """The teams under ``params`` (seats per team, the team's first seat first), or None."""
        if self.teams is None:
            return None
        found = self.teams(params)
        return None if not found else tuple(tuple(int(s) for s in team) for team in found)

    # -- the --deal hook, or a clear refusal ----------------------------------
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
