"""War's :class:`~generator.games.spec.GameSpec` (no player decisions)."""

from __future__ import annotations

from types import MappingProxyType

from ..spec import CardMeasures, GameSpec
from . import booklet
from .decisions import DECISIONS
from .deck_check import war_issues
from .game import WarGame, war_deal_actions
from .params import WarParams
from .report import REPORT

SPEC = GameSpec(
    name="war",
    title="War",
    params=WarParams,
    players=(2, 4),
    make=WarGame,
    default_deck="piecepack",
    layout="standard52",
    deal=war_deal_actions,
    booklet=booklet.context,
    figures=booklet.figures,
    report=REPORT,
    piecepack=True,
    fast="generator.games.war.fast",
    booklets=MappingProxyType({"war-classic": ("variant=classic",),
                                "war-russian": ("variant=russian", "objective=1", "tie_method=2")}),
    deck_issues=war_issues,
    decisions=DECISIONS,
    source="generator.games.war.spec:SPEC",
    table="generator.games.war.table_view:table",
    description="War for piecepack tiles or cards, classic or Russian",
    card_measures=CardMeasures(impact=False, removal=False, reason="a War player never chooses a card: the deal plays every one, so no seat can avoid a card and removing one measures the deal"),
)
