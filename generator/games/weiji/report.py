"""Weiji in the balance report (its spec's ``report``): showdown ties, the chooser's
edge, each attribute's choices and ties, each card's wins when shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..finding import Finding
from ..reporting import (
    AttributePlay,
    ReportHooks,
    Row,
    Share,
    ShareOf,
    Showdowns,
    ci,
    interval,
    pct,
)

MIN_SHOWN = 30  # a card's win rate is judged only after this many showdowns


@dataclass(frozen=True)
class WeijiSection(Showdowns):
    """``playtest.weiji``: the showdowns, their ties (and those "no data" caused), the
    tiebreak's draws, how often the chooser wins, each attribute's choices and ties and
    each card's wins when shown."""

    showdowns: float
    tie_rate: Share
    no_data_ties: Share
    tiebreak_draws: float
    tiebreak_ties: float
    chooser_wins: Share
    attributes: Mapping[str, AttributePlay]
    cards: Mapping[str, Share]

    def rows(self, pdf: bool) -> list[Row]:
        if pdf:
            return [("showdowns that tie", f"{self.tie_rate.count:,.0f}", ci(self.tie_rate)),
                    ("ties caused by \"no data\"", f"{self.no_data_ties.count:,.0f}", ci(self.no_data_ties)),
                    ("chooser wins the showdown", f"{self.chooser_wins.count:,.0f}", ci(self.chooser_wins)),
                    ("tiebreak draws (chooser out after a tie)", f"{self.tiebreak_draws:,.0f}", "")]
        return [("showdowns that tie", pct(self.tie_rate.share), interval(self.tie_rate)),
                ("ties caused by no data", pct(self.no_data_ties.share), ""),
                ("chooser wins the showdown", pct(self.chooser_wins.share), interval(self.chooser_wins)),
                ("tiebreak draws (all games)", f"{self.tiebreak_draws:g}", "")]

    def findings(self, t: Mapping[str, float], flagged: set[str], games: int) -> list[Finding]:
        out: list[Finding] = []
        conf = pct(t["confidence"])
        tie = self.tie_rate
        if tie.share > t["tie_rate_warn"]:
            nd = self.no_data_ties
            out.append(Finding("error" if tie.share > t["tie_rate_error"] else "warning", "tie_rate",
                               f"{pct(tie.share)} of showdowns tie ({conf} interval {interval(tie)}; {pct(nd.share)} of all showdowns because of "
                               f"\"no data\"): cards pile up in the middle and the game stalls (tie_rate_warn {pct(t['tie_rate_warn'])}).",
                               evidence={"tie_rate": tie.to_json(), "no_data_ties": nd.to_json()}))
        for key, a in self.attributes.items():
            r = a.tie_rate
            if a.chosen >= MIN_SHOWN and r.share > t["attribute_tie_max"]:
                out.append(Finding("warning", "attribute_ties",
                                   f"choosing {key} ties {pct(r.share)} of the time ({conf} interval {interval(r)}, "
                                   f"{a.chosen:,.0f} showdowns; attribute_tie_max {pct(t['attribute_tie_max'])}).",
                                   attributes=(key,), evidence=r.to_json()))
        for cid, c in self.cards.items():
            if c.of < MIN_SHOWN or cid in flagged:
                continue
            if c.share > t["card_win_max"]:
                out.append(Finding("warning", "card_wins",
                                   f"{cid} wins {pct(c.share)} of the showdowns it is shown in ({conf} interval {interval(c)}, "
                                   f"{c.of:,.0f} showdowns in {games:,} games; card_win_max {pct(t['card_win_max'])}).",
                                   cards=(cid,), evidence=c.to_json()))
            elif c.share < t["card_win_min"]:
                out.append(Finding("warning", "card_loses",
                                   f"{cid} wins only {pct(c.share)} of the showdowns it is shown in ({conf} interval {interval(c)}, "
                                   f"{c.of:,.0f} showdowns in {games:,} games; card_win_min {pct(t['card_win_min'])}).",
                                   cards=(cid,), evidence=c.to_json()))
        return out


def section(s: Any, deck: Any, share: ShareOf) -> WeijiSection:
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
        attributes[attr.key] = AttributePlay(chosen, chosen / showdowns if showdowns else 0.0,
                                             d.get(f"ties:{attr.key}", 0.0), share(d.get(f"ties:{attr.key}", 0.0), chosen))
    decided = showdowns - ties
    return WeijiSection(showdowns, share(ties, showdowns), share(d.get("no_data_ties", 0.0), showdowns),
                        d.get("tiebreak_draws", 0.0), d.get("tiebreak_ties", 0.0),
                        share(d.get("chooser_wins", 0.0), decided), attributes, cards)


def skilled(experts: list[str], params: Any) -> str | None:
    return "expert" if experts else None  # card counting: no budget


REPORT = ReportHooks(section=section, load=WeijiSection.from_json, showdowns=True, skilled=skilled, cards=True,
                     draws="the last players ran out of cards together")  # [weiji.all-out-draw]
