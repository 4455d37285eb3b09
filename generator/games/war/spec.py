"""War's :class:`~generator.games.spec.GameSpec` (no player decisions)."""

from __future__ import annotations

from types import MappingProxyType

from ..params import WarParams
from ..spec import GameSpec
from .game import WarGame, war_deal_actions

SPEC = GameSpec(
    name="war",
    title="War",
    params=WarParams,
    players=(2, 4),
    make=WarGame,
    default_deck="piecepack",
    layout="standard52",
    deal=war_deal_actions,
    booklet="generator.booklet.content:war_context",
    figures="generator.booklet.figures:war_figures",
    fast="generator.games.war.fast",
    booklets=MappingProxyType({"war-classic": ("variant=classic",),
                                "war-russian": ("variant=russian", "objective=1", "tie_method=2")}),
    source="generator.games.war.spec:SPEC",
    table="generator.games.war.table_view:table",
    description="War for piecepack tiles or cards, classic or Russian",
)
