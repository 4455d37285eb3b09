"""The games the simulator knows, registered explicitly (no import side effects).

Each :class:`GameEntry` says how to build the game from a deck and its validated
parameters, which bundled deck it uses by default, which strategies it offers
and how a ``--deal`` file becomes the scripted chance outcomes of one game.

To add a game: write its module (a ``Game`` whose ``new_state`` returns an
``api.State``), then add ONE entry to :data:`GAMES` below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..deck.model import Deck
from ..errors import ParameterError
from .api import Action, Game, Strategy
from .params import Params
from .strategies import BestStrategy, CountingStrategy, FixedStrategy, RandomStrategy
from .viashi.expert import ExpertStrategy
from .viashi.game import ViashiGame, viashi_deal_actions
from .viashi.strategies import GreedyStrategy
from .viashi.strategies import RandomStrategy as ViashiRandom
from .war.game import WarGame, war_deal_actions
from .weiji.game import WeijiGame, weiji_deal_actions

StrategyFactory = Callable[[], Strategy]
DealHook = Callable[[Any, Mapping[str, Any]], Sequence[Action]]


@dataclass(frozen=True)
class GameEntry:
    """One registered game."""

    name: str
    make: Callable[[Deck, Any], Game]  # (deck, validated params) -> Game
    default_deck: str  # a bundled deck name
    deal_actions: DealHook  # (game, deal mapping) -> the scripted chance outcomes, in order
    strategies: Mapping[str, StrategyFactory] = field(default_factory=lambda: MappingProxyType({}))
    default_strategy: str | None = None  # None: the game has no player decisions


GAMES: Mapping[str, GameEntry] = MappingProxyType(
    {
        "weiji": GameEntry(
            name="weiji",
            make=WeijiGame,
            default_deck="lighting",
            deal_actions=weiji_deal_actions,
            strategies=MappingProxyType({"best": BestStrategy, "random": RandomStrategy, "fixed": FixedStrategy,
                                         "expert": CountingStrategy}),
            default_strategy="best",
        ),
        "war": GameEntry(name="war", make=WarGame, default_deck="piecepack", deal_actions=war_deal_actions),
        "viashi": GameEntry(
            name="viashi",
            make=ViashiGame,
            default_deck="viashi",
            deal_actions=viashi_deal_actions,
            strategies=MappingProxyType({"random": ViashiRandom, "greedy": GreedyStrategy, "expert": ExpertStrategy}),
            default_strategy="greedy",
        ),
    }
)


def entry(name: str) -> GameEntry:
    """The registered game ``name`` (a clear error lists the valid names)."""
    try:
        return GAMES[name]
    except KeyError:
        raise ParameterError(f"unknown game {name!r}; games: {', '.join(GAMES)}") from None


def make_game(name: str, deck: Deck, params: Params) -> Game:
    """Build game ``name`` for ``deck`` with validated ``params``."""
    return entry(name).make(deck, params)


def default_deck(name: str) -> str:
    """The bundled deck a game uses when no ``--deck`` is given."""
    return entry(name).default_deck


def seat_strategies(game: str, spec: str | None, players: int) -> list[str]:
    """The strategy name of every seat (seat 0 first) from ``--strategy``:
    ``None`` (the game's default for every seat), one name (every seat) or
    ``A,B,C`` (one per seat). Empty for a game without player decisions.
    Unknown names and a wrong count are clear errors."""
    known = entry(game)
    if known.default_strategy is None:
        if spec is not None:
            raise ParameterError(f"{game} has no player decisions, so --strategy does not apply")
        return []
    if spec is None:
        return [known.default_strategy] * players
    names = [n.strip() for n in spec.split(",")]
    for name in names:
        _budget(game, name)
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ParameterError(f"--strategy {spec!r} names {len(names)} strategies for {players} seats;"
                             f" give one name for every seat or one per seat (seat 0 first)")
    return names


def make_strategy(game: str, name: str | None = None) -> Strategy:
    """A fresh strategy ``name`` for ``game`` (``None``: the game's default)."""
    known = entry(game)
    if name is None:
        name = known.default_strategy
        if name is None:
            raise ParameterError(f"{game} has no player decisions, so no strategy")
    base, budget = _budget(game, name)
    factory: Any = known.strategies[base]
    return factory() if budget is None else factory(budget)


BUDGETED = ("expert",)  # strategies that take a search budget: NAME:SAMPLES


def _budget(game: str, name: str) -> tuple[str, int | None]:
    """``expert:64`` -> ("expert", 64); ``greedy`` -> ("greedy", None); a clear
    error for an unknown name or a budget where none applies."""
    known = entry(game)
    base, colon, arg = name.partition(":")
    if base not in known.strategies:
        valid = ", ".join(known.strategies) or f"none ({game} has no player decisions)"
        raise ParameterError(f"unknown strategy {name!r} for {game}; valid: {valid}")
    if not colon:
        return base, None
    if base not in BUDGETED:
        raise ParameterError(f"strategy {base!r} takes no budget ({name!r}); only {', '.join(BUDGETED)}:SAMPLES does")
    if not arg.isdigit() or int(arg) < 1:
        raise ParameterError(f"strategy {name!r}: the budget after ':' must be a whole number of samples, 1 or more")
    return base, int(arg)
