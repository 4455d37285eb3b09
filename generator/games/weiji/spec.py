"""Weiji's :class:`~generator.games.spec.GameSpec`."""

from __future__ import annotations

from types import MappingProxyType

from ..players import GreedyPlayer, MctsPlayer
from ..spec import CardMeasures, GameSpec
from ..strategies import BestStrategy, CountingStrategy, FixedStrategy, RandomStrategy
from . import booklet
from .decisions import DECISIONS
from .game import WeijiGame, weiji_deal_actions
from .params import WeijiParams
from .report import REPORT

SPEC = GameSpec(
    name="weiji",
    title="Weiji",
    params=WeijiParams,
    players=(2, 8),
    make=WeijiGame,
    default_deck="lighting",
    layout="weiji",
    strategies=MappingProxyType({"best": BestStrategy, "random": RandomStrategy, "fixed": FixedStrategy,
                                 "expert": CountingStrategy, "greedy": GreedyPlayer, "mcts": MctsPlayer}),
    default_strategy="best",
    budgeted=("expert", "mcts"),  # expert is refused with a clear word: Weiji's expert counts cards, no budget
    deal=weiji_deal_actions,
    booklet=booklet.context,
    figures=booklet.figures,
    report=REPORT,
    first_player=0,  # the starting player chooses the first attribute
    fast="generator.games.weiji.fast",
    booklets=MappingProxyType({"weiji": ()}),
    decisions=DECISIONS,
    source="generator.games.weiji.spec:SPEC",
    table="generator.games.weiji.table_view:table",
    description="Top-Trumps style: choose an attribute, the best value takes the shown cards",
    card_measures=CardMeasures(impact=False, removal=False, reason="the cards come in the dealt order and the choice is an attribute, so no seat can avoid a card; each card's wins when shown measure it"),
)
