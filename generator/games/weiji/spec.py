"""Weiji's :class:`~generator.games.spec.GameSpec`."""

from __future__ import annotations

from types import MappingProxyType

from ..params import WeijiParams
from ..spec import GameSpec
from ..strategies import BestStrategy, CountingStrategy, FixedStrategy, RandomStrategy
from .game import WeijiGame, weiji_deal_actions

SPEC = GameSpec(
    name="weiji",
    title="Weiji",
    params=WeijiParams,
    players=(2, 8),
    make=WeijiGame,
    default_deck="lighting",
    layout="weiji",
    strategies=MappingProxyType({"best": BestStrategy, "random": RandomStrategy, "fixed": FixedStrategy,
                                 "expert": CountingStrategy}),
    default_strategy="best",
    budgeted=("expert",),  # refused with a clear word: Weiji's expert counts cards, no budget
    deal=weiji_deal_actions,
    booklet="generator.booklet.content:weiji_context",
    figures="generator.booklet.figures:weiji_figures",
    fast="generator.games.weiji.fast",
    booklets=MappingProxyType({"weiji": ()}),
    source="generator.games.weiji.spec:SPEC",
    table="generator.games.weiji.table_view:table",
    description="Top-Trumps style: choose an attribute, the best value takes the shown cards",
)
