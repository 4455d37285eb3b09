"""Viashi in the balance report (its spec's ``report``): bonuses per hand, Fool and
Changeling captures (in the deck's own names), how often the leader takes the trick,
each card's capture rate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..reporting import ReportHooks, Row, Share, ci, pct
from .deck_check import special_names


def section(s: Any, deck: Any, share: Share) -> dict[str, Any]:
    d = s.details
    hands = d.get("hands", 0.0) or float(s.games)
    return {
        "hands": hands,
        "bonuses_per_hand": {k: v / max(1.0, hands) for k, v in sorted(d.items()) if k.startswith("bonus") and k != "bonus_points"},
        "bonus_points_per_hand": d.get("bonus_points", 0.0) / max(1.0, hands),
        "fool_captures": d.get("fool_captures", 0.0) / max(1, s.games),
        "changeling_captures": d.get("changeling_captures", 0.0) / max(1, s.games),
        "leader_takes_trick": share(d.get("leader_captures", 0.0), s.tricks),
        "fair_share": 1 / s.players if s.players else 0.0,
        "cards": {cid: share(won, shown) for cid, (shown, won) in sorted(s.card_stats.items())},
        "names": special_names(deck),  # the deck's own names for its special cards
    }


def _captures_label(v: Mapping[str, Any]) -> str:
    """"Fool / the Changeling captures per game", in the deck's names ("Jester / the Trickster ...")."""
    names = v.get("names", {})
    return f"{names.get('fool', 'Fool')} / {names.get('changeling', 'the Changeling')} captures per game"


def rows(v: Mapping[str, Any], pdf: bool) -> list[Row]:
    lead = v["leader_takes_trick"]
    captures = (_captures_label(v), f"{v['fool_captures']:.2f} / {v['changeling_captures']:.2f}", "")
    if pdf:
        return [(f"leader takes the trick (fair {pct(v['fair_share'])})", f"{lead['count']:,.0f}", ci(lead)),
                *((f"{k} per hand", f"{x:.3f}", "") for k, x in v["bonuses_per_hand"].items()),
                ("bonus points per hand", f"{v['bonus_points_per_hand']:.2f}", ""), captures]
    return [("leader takes the trick", pct(lead["share"]) + f" (fair {pct(v['fair_share'])})",
             f"{pct(lead['low'])}-{pct(lead['high'])}"),
            *((f"{k} per hand", f"{value:.2f}", "") for k, value in v["bonuses_per_hand"].items()),
            captures]


def skilled(experts: list[str], params: Any) -> str | None:
    return experts[0] if experts and int(getattr(params, "players", 3)) == 3 else None  # three players: expert[:N]


REPORT = ReportHooks(section=section, rows=rows, skilled=skilled, trick_taking=True,
                     covered=frozenset({"duplicate", "missing", "no_rank", "no_suit"}))
