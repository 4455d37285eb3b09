"""The balance report as rich tables for the terminal (one screen if possible)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..console import SafeConsole
from ..games.reporting import Share
from .card_findings import amount, change, interval, played_by, value
from .card_sides import removal_base
from .findings import Report
from .playstats import grid_of, named, side_name, unit_of
from .ranges import span
from .result import CardImpact, CardRemoval, CardStat, Playtest
from .skill import skill_line, value_rows
from .static_result import AttributeStat, AttributeStatic, CardStrength, SuitedStatic
from .verdict_static import pct

STYLE = {"error": "bold red", "warning": "yellow"}
SHOW_CARDS = 5  # strongest and weakest cards shown
FINDINGS_SHOWN = 50  # findings of one level and code printed one by one; the rest counted in one line
COMPACT: dict[str, Any] = {"box": box.SIMPLE_HEAD, "pad_edge": False}


def _ci(x: Share) -> str:
    return f"{pct(x.share)} [dim]({pct(x.low)}-{pct(x.high)})[/dim]"


def print_report(report: Report, console: Console | None = None) -> None:
    console = console or SafeConsole()
    play = report.playtest
    head = f"[bold]{escape(report.deck)}[/bold]: {report.cards} cards, game {escape(report.game)}"
    if play:
        head += f"; {play.games:,} simulated games, seed {play.seed}" + (f", strategy {escape(play.strategy)}" if play.strategy else "")
    console.print(head)
    static = report.static
    if isinstance(static, AttributeStatic) and static.attributes is not None:
        _attributes(console, static.attributes, report)
        _cards(console, static.cards or (), report)
    elif isinstance(static, SuitedStatic):
        for what, counts in (("ranks", static.ranks), ("suits", static.suits)):
            console.print(f"cards per {what[:-1]}: " + escape(", ".join(f"{k}={v}" for k, v in counts.items())), highlight=False)
    if play:
        _playtest(console, play, report.thresholds["confidence"])
        if play.cards:
            _card_stats(console, play.cards, report.thresholds["confidence"])
        if play.card_impact is not None and play.card_impact.cards:
            _impact(console, play.card_impact, report.thresholds["confidence"], strategy=play.strategy)
        if play.card_removal is not None and play.card_removal.cards:
            _removal(console, play.card_removal, report.thresholds["confidence"], strategy=play.strategy)
    for note in report.notes + ([play.unmeasured] if play and play.unmeasured else []):
        console.print(f"[dim]note: {escape(note)}[/dim]")
    _findings(console, report)
    colour = "red" if report.errors else "yellow" if report.warnings else "green"
    console.print(f"[bold {colour}]verdict: {report.verdict()}[/]")


def _findings(console: Console, report: Report) -> None:
    """Each finding on its line, at most ``FINDINGS_SHOWN`` of one level and code; the rest of
    that kind said in one line at the end ("and 41,230 more like this"): a 100,000-row deck's
    thousands of findings stay readable and cheap to print. ``--json`` keeps every one."""
    names = _names(report)
    shown: dict[tuple[str, str], int] = {}
    for f in report.findings:
        kind = (f.level, f.code)
        shown[kind] = shown.get(kind, 0) + 1
        if shown[kind] <= FINDINGS_SHOWN:
            console.print(f"[{STYLE[f.level]}]{f.level}[/] [dim]{f.code}[/dim] "
                          f"{escape(_with_names(f.message, f.cards, names))}", highlight=False)
    for (level, code), count in shown.items():
        if count > FINDINGS_SHOWN:
            console.print(f"[{STYLE[level]}]{level}[/] [dim]{code}[/dim] and {count - FINDINGS_SHOWN:,} more like"
                          " this (--json lists every one)", highlight=False)


def _attributes(console: Console, attributes: Sequence[AttributeStat], report: Report) -> None:
    shown = report.playtest.showdowns if report.playtest else None
    table = Table("attribute", "range (better)", "values", "best x cards", "no data", "pair tie",
                  *(("chosen", "ties") if shown else ()), title="attributes", **COMPACT)
    for a in attributes:
        rng = f"{span(a.min, a.max)} {a.unit}".strip() if a.min is not None and a.max is not None else "-"
        row = [escape(a.key), escape(f"{rng} ({a.better})"), str(a.distinct), f"{a.best:g} x{a.top_ties}" if a.best is not None else "-",
               str(len(a.no_data)), pct(a.pair_tie)]
        if shown:
            w = shown.attributes[a.key]
            row += [pct(w.chosen_share), pct(w.tie_rate.share)]
        table.add_row(*row)
    console.print(table)


def _label(cid: str, name: str | None) -> str:
    """A card as a designer knows it: its id, and its name where it has its own."""
    return escape(f"{cid} {name}" if name and name != cid else cid)


def _names(report: Report) -> dict[str, str]:
    cards = report.static.cards if isinstance(report.static, AttributeStatic) else None
    return {c.id: c.name for c in cards or () if c.name}


def _with_names(message: str, cards: tuple[str, ...], names: dict[str, str]) -> str:
    """A finding's message with each card it concerns named once beside its id:
    "E07 (Eagle Dome 2) is unbeatable" (the JSON keeps the plain message)."""
    for cid in cards:
        name = names.get(cid)
        if name and name != cid and cid in message:
            named = f"{cid} ({name})"
            message = _id_pattern(cid).sub(lambda _match: named, message, count=1)  # noqa: B023 - used at once
    return message


@functools.lru_cache(maxsize=8192)
def _id_pattern(cid: str) -> re.Pattern[str]:
    """A card id as a whole word (compiled once per id: a large deck has more ids than re's own cache)."""
    return re.compile(rf"(?<![\w.-]){re.escape(cid)}(?![\w.-])")


def _cards(console: Console, strengths: Sequence[CardStrength], report: Report) -> None:
    cards = sorted(strengths, key=lambda c: -c.strength)
    picked = cards if len(cards) <= 2 * SHOW_CARDS else cards[:SHOW_CARDS] + cards[-SHOW_CARDS:]
    shown = report.playtest.showdowns if report.playtest else None
    wins = shown.cards if shown is not None else {}
    table = Table("card", "strength", "best on", "no data", "dominated by", *(("wins shown",) if wins else ()),
                  title="strongest and weakest cards" if len(picked) < len(cards) else "cards", **COMPACT)
    for c in picked:
        row = [_label(c.id, c.name), pct(c.strength), escape(", ".join(c.best_on)), escape(", ".join(c.no_data)),
               str(c.dominators or "")]
        if wins:
            row.append(_ci(wins[c.id]))
        table.add_row(*row)
    console.print(table)


def _playtest(console: Console, play: Playtest, confidence: float) -> None:
    length = play.length
    table = Table("figure", "value", f"{pct(confidence)} interval", title="playtest", **COMPACT)
    table.add_row(f"game length, mean ({unit_of(named(play.game))})", f"{length.mean:.1f}", f"{length.mean_low:.1f}-{length.mean_high:.1f}")
    table.add_row("median / p95 / max", f"{length.median} / {length.p95} / {length.max}",
                  f"median {length.median_low}-{length.median_high}, p95 {length.p95_low}-{length.p95_high}")
    for x, label in ((play.unfinished, "unfinished games"), (play.draws, "draws")):
        table.add_row(label, f"{x.count:,} ({pct(x.share)})", f"{pct(x.low)}-{pct(x.high)}")
    decided = " (of decided games)" if play.draws.count or play.unfinished.count else ""  # the base, said
    for seat, s in enumerate(play.seats.seats):
        table.add_row(side_name(seat, play) + " wins" + decided, pct(s.share), f"{pct(s.low)}-{pct(s.high)}")
    for seat, r in enumerate(play.returns):  # a game with utility bounds (chips, points)
        table.add_row(f"seat {seat} mean return", f"{r.mean:+.3f}", f"{r.low:+.3f} to {r.high:+.3f}")
    if play.seats.teams or len(play.return_edges) > 2:  # the sides' edges, which the verdict judges (sides.py)
        for side, e in enumerate(play.return_edges):
            table.add_row(f"{side_name(side, play)} return less the table's", f"{e.mean:+.3f}", span(e.low, e.high, "+.3f"))
    for p in play.scores or ():
        table.add_row(f"seat {p.seat} points", f"{p.mean:.2f} (median {p.median}, {span(p.min, p.max)})", span(p.low, p.high, ".2f"))
    if play.section is not None:  # the game's own figures (its words: never markup)
        for row in play.section.rows(False):
            table.add_row(*(escape(str(cell)) for cell in row))
    skill = play.skill
    if skill:
        label, value, interval = skill_line(skill, named(play.game))
        table.add_row(escape(label), escape(value), interval)
    console.print(table)
    if skill and skill.cards:
        values = Table("card", "played", "captures", "points / play", "special target", title="card value under expert play", **COMPACT)
        for cid, c in value_rows(skill.cards):
            values.add_row(escape(cid), str(c.played), str(c.captures), f"{c.points_per_play:.2f}",
                           "" if c.special is None else f"{c.special} ({pct(c.special / max(1, c.played))})")
        console.print(values)
    title, keys, grid = grid_of(play)
    if grid:
        columns = (*keys, "games", "mean", "median", "p95", "max", "unfinished")
        g = Table(*columns, title=f"{title} ({unit_of(named(play.game))})", **COMPACT)
        for point in grid:
            g.add_row(*(str(point.value(k)) if k != "mean" else f"{point.mean:.1f}" for k in columns))
        console.print(g)


def _card_stats(console: Console, cards: tuple[CardStat, ...], confidence: float, show: int = 6) -> None:
    """Each card as the game counts it (``Result.card_stats``): played, won, win share."""
    picked = cards if len(cards) <= 2 * show else cards[:show] + cards[-show:]
    table = Table("card", "played", "won", "win share", f"{pct(confidence)} interval",
                  title="cards in play" + (f" (the {show} best and worst of {len(cards)})" if len(picked) < len(cards) else ""),
                  **COMPACT)
    for c in picked:
        table.add_row(_label(c.card, c.name), f"{c.played:,}", f"{c.won:,}", pct(c.share), f"{pct(c.low)}-{pct(c.high)}")
    console.print(table)


def _impact(console: Console, impact: CardImpact, confidence: float, show: int = 6, strategy: str | None = None) -> None:
    """The cards that matter most and least by restricted play (see balance.card_impact)."""
    rows, u = impact.cards, impact.unit
    table = Table("card", "without it", "usual", "impact", f"{pct(confidence)} interval",
                  title=f"card impact: a seat that never takes the card against its usual play of the same games"
                        f" ({impact.side + '; ' if impact.side else ''}at most {impact.games_per_card:,} seat-games"
                        f" per card; {played_by(strategy)})", **COMPACT)
    picked = rows if len(rows) <= 2 * show else rows[:show] + rows[-show:]
    for r in picked:
        table.add_row(escape(f"{r.name} ({r.card})"), value(r.share, u), value(r.usual, u), amount(r.impact, u),
                      interval(r.low, r.high, u))
    console.print(table)


def _removal(console: Console, removal: CardRemoval, confidence: float, show: int = 6,
             strategy: str | None = None) -> None:
    """The cards whose removal changes the game most and least (see balance.card_removal)."""
    rows, base, u = removal.cards, removal.base, removal.unit
    assert base is not None  # measured: it has rows
    wins = "wins" if u == "share" else "returns"
    table = Table("card", "games", escape(f"{removal.whose} {wins}"), f"change ({pct(confidence)} interval)", "draws",
                  "length", title=f"card removal: the deck without the card against the same seeded games of the whole"
                                  f" deck (whole deck: {escape(removal_base(removal))}, draws {pct(base.draws)}, length"
                                  f" {base.length:.1f}; {played_by(strategy)})", **COMPACT)
    picked = rows if len(rows) <= 2 * show else rows[:show] + rows[-show:]
    for r in picked:
        table.add_row(escape(f"{r.name} ({r.card})"), f"{r.games:,}", value(r.first_share, u),
                      f"{change(r.first_change, u)} ({interval(r.low, r.high, u)})",
                      f"{pct(r.draws)} ({100 * r.draw_change:+.1f})", f"{r.length:.1f} ({r.length_change:+.1f})")
    console.print(table)
    for skipped in removal.skipped:
        console.print(escape(f"  card removal: {skipped.name} ({skipped.card}) not measured: {skipped.reason}"))
