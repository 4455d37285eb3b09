"""Weiji in the balance report (its spec's ``report``): showdown ties, the chooser's
edge, each attribute's choices and ties, each card's wins when shown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..reporting import ReportHooks, Row, Share, ci, pct

MIN_SHOWN = 30  # a card's win rate is judged only after this many showdowns


def section(s: Any, deck: Any, share: Share) -> dict[str, Any]:
    d = s.details
    showdowns = s.tricks
    ties = d.get("ties", 0.0)
    cards = {}
    for card in deck.cards:
        shown, won = s.card_stats.get(card.id, [0, 0])
        cards[card.id] = share(won, shown)
    attributes = {}
    for attr in deck.attributes:
        chosen = d.get(f"chosen:{attr.key}", 0.0)
        attributes[attr.key] = {
            "chosen": chosen,
            "chosen_share": chosen / showdowns if showdowns else 0.0,
            "ties": d.get(f"ties:{attr.key}", 0.0),
            "tie_rate": share(d.get(f"ties:{attr.key}", 0.0), chosen),
        }
    decided = showdowns - ties
    return {
        "showdowns": showdowns,
        "tie_rate": share(ties, showdowns),
        "no_data_ties": share(d.get("no_data_ties", 0.0), showdowns),
        "tiebreak_draws": d.get("tiebreak_draws", 0.0),
        "tiebreak_ties": d.get("tiebreak_ties", 0.0),
        "chooser_wins": share(d.get("chooser_wins", 0.0), decided),
        "attributes": attributes,
        "cards": cards,
    }


def rows(w: Mapping[str, Any], pdf: bool) -> list[Row]:
    if pdf:
        return [("showdowns that tie", f"{w['tie_rate']['count']:,.0f}", ci(w["tie_rate"])),
                ("ties caused by \"no data\"", f"{w['no_data_ties']['count']:,.0f}", ci(w["no_data_ties"])),
                ("chooser wins the showdown", f"{w['chooser_wins']['count']:,.0f}", ci(w["chooser_wins"])),
                ("tiebreak draws (chooser out after a tie)", f"{w['tiebreak_draws']:,.0f}", "")]
    return [("showdowns that tie", pct(w["tie_rate"]["share"]), f"{pct(w['tie_rate']['low'])}-{pct(w['tie_rate']['high'])}"),
            ("ties caused by no data", pct(w["no_data_ties"]["share"]), ""),
            ("chooser wins the showdown", pct(w["chooser_wins"]["share"]),
             f"{pct(w['chooser_wins']['low'])}-{pct(w['chooser_wins']['high'])}"),
            ("tiebreak draws (all games)", f"{w['tiebreak_draws']:g}", "")]


def _interval(x: Mapping[str, Any]) -> str:
    return f"{pct(x['low'])}-{pct(x['high'])}"


def findings(w: Mapping[str, Any], t: Mapping[str, float], flagged: set[str], games: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    conf = pct(t["confidence"])
    tie = w["tie_rate"]
    if tie["share"] > t["tie_rate_warn"]:
        nd = w["no_data_ties"]
        out.append({"level": "error" if tie["share"] > t["tie_rate_error"] else "warning", "code": "tie_rate",
                    "message": f"{pct(tie['share'])} of showdowns tie ({conf} interval {_interval(tie)}; {pct(nd['share'])} of all showdowns because of "
                               f"\"no data\"): cards pile up in the middle and the game stalls (tie_rate_warn {pct(t['tie_rate_warn'])}).",
                    "evidence": {"tie_rate": tie, "no_data_ties": nd}})
    for key, a in w["attributes"].items():
        r = a["tie_rate"]
        if a["chosen"] >= MIN_SHOWN and r["share"] > t["attribute_tie_max"]:
            out.append({"level": "warning", "code": "attribute_ties",
                        "message": f"choosing {key} ties {pct(r['share'])} of the time ({conf} interval {_interval(r)}, "
                                   f"{a['chosen']:,.0f} showdowns; attribute_tie_max {pct(t['attribute_tie_max'])}).",
                        "attributes": (key,), "evidence": r})
    for cid, c in w["cards"].items():
        if c["of"] < MIN_SHOWN or cid in flagged:
            continue
        if c["share"] > t["card_win_max"]:
            out.append({"level": "warning", "code": "card_wins",
                        "message": f"{cid} wins {pct(c['share'])} of the showdowns it is shown in ({conf} interval {_interval(c)}, "
                                   f"{c['of']:,.0f} showdowns in {games:,} games; card_win_max {pct(t['card_win_max'])}).",
                        "cards": (cid,), "evidence": c})
        elif c["share"] < t["card_win_min"]:
            out.append({"level": "warning", "code": "card_loses",
                        "message": f"{cid} wins only {pct(c['share'])} of the showdowns it is shown in ({conf} interval {_interval(c)}, "
                                   f"{c['of']:,.0f} showdowns in {games:,} games; card_win_min {pct(t['card_win_min'])}).",
                        "cards": (cid,), "evidence": c})
    return out


def skilled(experts: list[str], params: Any) -> str | None:
    return "expert" if experts else None  # card counting: no budget


REPORT = ReportHooks(section=section, rows=rows, findings=findings, showdowns=True, skilled=skilled,
                     draws="the last players ran out of cards together")  # [weiji.all-out-draw]
