"""Viashi in the balance report (its spec's ``report``): bonuses per hand, Fool and
Changeling captures (in the deck's own names), how often the leader takes the trick,
each card's capture rate."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..jsondata import as_json
from ..reporting import ReportHooks, Row, Section, Share, ShareOf, ci, interval, pct
from .deck_check import special_names


@dataclass(frozen=True)
class ViashiSection(Section):
    """``playtest.viashi``: hands, bonuses and bonus points per hand, Fool and Changeling
    captures per game, how often the trick's leader takes it (against a fair share),
    each card's capture rate, and the deck's own names for its special cards."""

    hands: float
    bonuses_per_hand: Mapping[str, float]
    bonus_points_per_hand: float
    fool_captures: float
    changeling_captures: float
    leader_takes_trick: Share
    fair_share: float
    cards: Mapping[str, Share]
    # JSON "names": fool, changeling, lady, gods in the deck's words
    special: Mapping[str, str] = field(default_factory=dict, metadata=as_json("names"))

    @property
    def names(self) -> Mapping[str, str]:
        return self.special

    def _captures_label(self) -> str:
        """"Fool / the Changeling captures per game", in the deck's names ("Jester / the Trickster ...")."""
        return (f"{self.special.get('fool', 'Fool')} / {self.special.get('changeling', 'the Changeling')}"
                " captures per game")

    def rows(self, pdf: bool) -> list[Row]:
        lead = self.leader_takes_trick
        captures = (self._captures_label(), f"{self.fool_captures:.2f} / {self.changeling_captures:.2f}", "")
        if pdf:
            return [(f"leader takes the trick (fair {pct(self.fair_share)})", f"{lead.count:,.0f}", ci(lead)),
                    *((f"{k} per hand", f"{x:.3f}", "") for k, x in self.bonuses_per_hand.items()),
                    ("bonus points per hand", f"{self.bonus_points_per_hand:.2f}", ""), captures]
        return [("leader takes the trick", pct(lead.share) + f" (fair {pct(self.fair_share)})", interval(lead)),
                *((f"{k} per hand", f"{value:.2f}", "") for k, value in self.bonuses_per_hand.items()),
                captures]


def section(s: Any, deck: Any, share: ShareOf) -> ViashiSection:
    d = s.details
    hands = d.get("hands", 0.0) or float(s.games)
    return ViashiSection(
        hands=hands,
        bonuses_per_hand={k: v / max(1.0, hands) for k, v in sorted(d.items()) if k.startswith("bonus") and k != "bonus_points"},
        bonus_points_per_hand=d.get("bonus_points", 0.0) / max(1.0, hands),
        fool_captures=d.get("fool_captures", 0.0) / max(1, s.games),
        changeling_captures=d.get("changeling_captures", 0.0) / max(1, s.games),
        leader_takes_trick=share(d.get("leader_captures", 0.0), s.tricks),
        fair_share=1 / s.players if s.players else 0.0,
        cards={cid: share(won, shown) for cid, (shown, won) in sorted(s.card_stats.items())},
        special=special_names(deck),  # the deck's own names for its special cards
    )


def skilled(experts: list[str], params: Any) -> str | None:
    return experts[0] if experts and int(getattr(params, "players", 3)) == 3 else None  # three players: expert[:N]


REPORT = ReportHooks(section=section, load=ViashiSection.from_json, skilled=skilled, trick_taking=True, cards=True,
                     covered=frozenset({"duplicate", "missing", "no_rank", "no_suit"}))
