"""Viashi's :class:`~generator.games.spec.GameSpec`."""

from __future__ import annotations

from types import MappingProxyType

from ..params import ViashiParams
from ..players import MctsPlayer
from ..spec import GameSpec
from .expert import ExpertStrategy
from .game import ViashiGame, viashi_deal_actions
from .strategies import GreedyStrategy
from .strategies import RandomStrategy as ViashiRandom

SPEC = GameSpec(
    name="viashi",
    title="Viashi",
    params=ViashiParams,
    players=(3, 6),
    make=ViashiGame,
    default_deck="viashi",
    layout="viashi",
    strategies=MappingProxyType({"random": ViashiRandom, "greedy": GreedyStrategy, "expert": ExpertStrategy,
                                 "mcts": MctsPlayer}),
    default_strategy="greedy",
    budgeted=("expert", "mcts"),
    deal=viashi_deal_actions,
    booklet="generator.booklet.content:viashi_context",
    figures="generator.booklet.figures:viashi_figures",
    fast="generator.games.viashi.fast",
    booklets=MappingProxyType({"viashi": ()}),
    source="generator.games.viashi.spec:SPEC",
    table="generator.games.viashi.table_view:table",
    description="Elvish trick-taking for 3 (Viashi) or 6 (Viashilym)",
)
