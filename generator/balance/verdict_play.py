"""Findings from the playtest, with the simulated evidence in every message."""

from __future__ import annotations

from collections.abc import Mapping

from ..deck.thresholds import Thresholds
from ..games.finding import Finding, Level
from ..games.reporting import Showdowns
from .playstats import designer, draw_words, named, unit_of
from .result import Holder, Playtest
from .verdict_sides import side_findings
from .verdict_static import listing, pct


def play_findings(play: Playtest, t: Thresholds, flagged: set[str]) -> list[Finding]:
    """``flagged``: cards the static checks already named unbeatable/hopeless."""
    out: list[Finding] = []
    games = play.games
    u = play.unfinished
    if u.count:
        level: Level = "error" if u.share > t.unfinished_max else "warning"
        cap = play.params.get("max_tricks")
        if designer(named(play.game)):  # the runner caps a designer's game at max_tricks steps (every node counts)
            why = f"reached the turn cap (max_tricks={cap:,} steps)" if cap is not None else "reached the turn cap"
        else:
            why = f"play repeated a position (a cycle) or reached the {cap:,}-{unit_of(named(play.game), False)} cap" \
                if cap is not None else "play repeated a position (a cycle)"
        out.append(Finding(level, "unfinished", f"{u.count:,} of {games:,} games ({pct(u.share)}) never finished: {why}"
                           f" (unfinished_max {pct(t.unfinished_max)}).", evidence=u.to_json()))
    d = play.draws
    if d.share > t.draws_max and play.equal_draws:  # a game may say equal results are no draw (a split pot)
        player = play.strategy if play.strategy and play.strategy != "random" and not play.mixed else None
        said = f" The share is {player} play's at every seat, not the rules' alone (deckpress check --strategy random" \
               " measures it again)." if player else ""
        out.append(Finding("warning", "draws", f"{d.count:,} of {games:,} games ({pct(d.share)}) end in a draw: {draw_words(named(play.game))} "
                           f"(draws_max {pct(t.draws_max)}).{said}",
                           evidence={**d.to_json(), **({"strategy": player} if player else {})}))
    out += side_findings(play, t)  # seats or teams, in win share or in utility (verdict_sides.py)
    length = play.length
    if length.p95 > t.length_p95_max:
        out.append(Finding("warning", "long_games", f"games drag on: 5% of games take more than {length.p95:,} {unit_of(named(play.game))} (median {length.median:,}, "
                           f"longest {length.max:,}; length_p95_max {t.length_p95_max:,.0f}).", evidence={"p95": length.p95}))
    if play.section is not None:  # the game's own, from its section
        out += play.section.findings(t.mapping(), flagged, games)  # the hook's contract: a read-only mapping (docs/own-game.md)
    return out


def card_evidence(finding: Finding, w: Showdowns, games: int, holders: Mapping[str, Holder] | None = None) -> Finding:
    """Add the simulated win rate (and how often the card's holder won the
    game) to a static card finding (unbeatable, hopeless)."""
    c = w.cards.get(finding.cards[0]) if finding.cards else None
    if c is None or not c.of:
        return finding
    holder = (holders or {}).get(finding.cards[0])
    rest = c.of - c.count
    extra = f" In {games:,} simulated games it won {pct(c.share)} of the {c.of:,.0f} showdowns it was shown in"
    if finding.code == "unbeatable":
        extra += f"; the other {rest:,.0f} were ties." if rest else "."
    else:
        extra += "."
    if holder and holder.games:
        extra += (f" Games ended with its holder (the player dealt it) winning in {pct(holder.holder_won / holder.games)} "
                  f"of {holder.games:,} games.")
    return Finding(finding.level, finding.code, finding.message + extra, finding.cards, finding.attributes,
                   {**finding.evidence, "simulated": c.to_json(), **({"holder": holder.to_json()} if holder else {})})


__all__ = ["card_evidence", "listing", "play_findings"]
