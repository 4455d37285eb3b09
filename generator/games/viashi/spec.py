"""Viashi's :class:`~generator.games.spec.GameSpec`."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..players import MctsPlayer
from ..spec import CardMeasures, GameSpec
from . import booklet
from .decisions import DECISIONS
from .deck_check import counter_names, viashi_issues
from .game import ViashiGame, viashi_deal_actions
from .params import ViashiParams
from .report import REPORT
from .strategies import GreedyStrategy
from .strategies import RandomStrategy as ViashiRandom


def _expert(*args: Any, **kwargs: Any) -> Any:
    """The card-counting search player (:class:`.expert.ExpertStrategy`), imported when
    first made: it loads numpy and its compiled search, which no other command needs."""
    from .expert import ExpertStrategy

    return ExpertStrategy(*args, **kwargs)


SPEC = GameSpec(
    name="viashi",
    title="Viashi",
    params=ViashiParams,
    players=(3, 6),
    make=ViashiGame,
    default_deck="viashi",
    layout="viashi",
    strategies=MappingProxyType({"random": ViashiRandom, "greedy": GreedyStrategy, "expert": _expert,
                                 "mcts": MctsPlayer}),
    default_strategy="greedy",
    budgeted=("expert", "mcts"),
    deal=viashi_deal_actions,
    booklet=booklet.context,
    figures=booklet.figures,
    report=REPORT,
    first_player=0,  # seat 0 draws first
    fast="generator.games.viashi.fast",
    booklets=MappingProxyType({"viashi": ()}),
    deck_issues=viashi_issues,
    counter_names=counter_names,
    sides=lambda players: 3 if players == 6 else players,  # Viashilym: three teams of two
    decisions=DECISIONS,
    source="generator.games.viashi.spec:SPEC",
    table="generator.games.viashi.table_view:table",
    aliases=MappingProxyType({"viashilym": MappingProxyType({"players": 6})}),
    description="Elvish trick-taking for 3 (Viashi) or 6 (Viashilym)",
    card_measures=CardMeasures(impact=False, removal=False, reason="each card measured apart (up to 320 games a card, by restricted play and by removal, in the reference engine) would make a check many times slower; the skill gap's card value under expert play (--strategy expert) values each card"),
    teams=lambda params: ((0, 3), (1, 4), (2, 5)) if params.players == 6 else None,  # Viashilym: partners face
)
