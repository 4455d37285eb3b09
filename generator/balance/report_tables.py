"""The report's tables (figures, attributes, cards, dominance, thresholds)."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table, TableStyle

from ..games.reporting import Share
from .card_findings import change, interval, played_by, value
from .card_sides import removal_base
from .findings import Report
from .playstats import draw_words, grid_of, named, report_hooks, side_name, unit_of
from .quality_result import Quality
from .ranges import span
from .report_style import ReportStyle
from .result import Playtest
from .skill import skill_line
from .static_result import AttributeStatic, SuitedStatic
from .thresholds import THRESHOLDS
from .verdict_static import dominated_count, listing, pct

Rows = list[list[Any]]


def _table(rows: Rows, st: dict[str, ParagraphStyle], s: ReportStyle, width: float, weights: list[float]) -> Table:
    cells = [[Paragraph(escape(str(c)), st["small"] if r else st["small"]) for c in row] for r, row in enumerate(rows)]
    total = sum(weights)
    table = Table(cells, colWidths=[width * w / total for w in weights], repeatRows=1)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), s.font), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, s.ink), ("LINEBELOW", (0, 1), (-1, -1), 0.25, s.grid),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    return table


def _num(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 1000 else f"{x:.3g}"


def _ci(x: Share) -> str:
    return f"{pct(x.share)} ({pct(x.low)}-{pct(x.high)})"


def _figures(play: Playtest) -> Rows:
    length = play.length
    rows: Rows = [["figure", "value", "interval"],
                  [f"mean game length ({unit_of(named(play.game))})", f"{length.mean:.1f}", f"{length.mean_low:.1f}-{length.mean_high:.1f}"],
                  ["median", str(length.median), f"{length.median_low}-{length.median_high}"],
                  ["95th percentile", str(length.p95), f"{length.p95_low}-{length.p95_high}"],
                  ["longest game", str(length.max), ""],
                  ["unfinished games", f"{play.unfinished.count:,}", _ci(play.unfinished)],
                  ["draws", f"{play.draws.count:,}", _ci(play.draws)]]
    for i, seat in enumerate(play.seats.seats):
        rows.append([side_name(i, play) + " wins", f"{seat.count:,}", _ci(seat)])
    for i, r in enumerate(play.returns):  # a game with utility (chips, points): what the seat verdict judges
        rows.append([f"seat {i} mean return", f"{r.mean:+.3f}", span(r.low, r.high, "+.3f")])
    if play.seats.teams or len(play.return_edges) > 2:
        for i, e in enumerate(play.return_edges):
            rows.append([f"{side_name(i, play)} return less the table's", f"{e.mean:+.3f}", span(e.low, e.high, "+.3f")])
    for s in play.scores or ():
        rows.append([f"seat {s.seat} points (mean, median, range)", f"{s.mean:.2f}, {s.median}, {span(s.min, s.max)}",
                     span(s.low, s.high, ".2f")])
    if play.section is not None:  # the game's own figures
        rows += [list(row) for row in play.section.rows(True)]
    if play.skill:
        rows.append(list(skill_line(play.skill, named(play.game))))
    if report_hooks(named(play.game)) is None:  # a game without its own report: every counter it keeps
        for key, v in play.counters.items():
            rows.append([f"{key} per game", f"{v.per_game:.3f}", ""])
    return rows


def tables(report: Report, st: dict[str, ParagraphStyle], s: ReportStyle, width: float) -> list[tuple[str, str, Table]]:
    out: list[tuple[str, str, Table]] = []
    play, static = report.playtest, report.static
    if play:
        out.append(("Playtest figures", f"Intervals are {pct(report.thresholds['confidence'])} confidence intervals.",
                    _table(_figures(play), st, s, width, [3, 1.5, 1.8])))
    if isinstance(static, AttributeStatic) and static.attributes:
        rows: Rows = [["attribute", "better", "range", "mean", "distinct values", "best (cards)", "no data", "two cards tie"]]
        for a in static.attributes:
            rows.append([f"{a.label} ({a.key})", a.better, f"{span(a.min, a.max)} {a.unit}" if a.min is not None and a.max is not None else "-",
                         _num(a.mean) if a.mean is not None else "-", a.distinct,
                         f"{a.best:g}: {', '.join(a.top_cards)}" if a.best is not None else "-",
                         ", ".join(a.no_data) or "-", pct(a.pair_tie)])
        out.append(("Attributes", "", _table(rows, st, s, width, [2.2, 1, 1.6, 1, 1, 2.2, 1.6, 1])))
        shown = play.showdowns if play else None
        wins = shown.cards if shown is not None else {}
        rows = [["card", "name", "strength", "best on", "no data", "dominated by", *(["wins when shown"] if wins else [])]]
        for c in sorted(static.cards or (), key=lambda c: -c.strength):
            rows.append([c.id, c.name, pct(c.strength), ", ".join(c.best_on), ", ".join(c.no_data),
                         listing(list(c.dominated_by), len(c.dominated_by), dominated_count(c)), *([_ci(wins[c.id])] if wins else [])])
        out.append(("Cards", "Strength: the share of the deck a card beats on an average attribute. Dominated by: cards at least as good "
                    "on every attribute and better on one (the dominance graph: each listed card beats this one whatever is chosen).",
                    _table(rows, st, s, width, [0.8, 2, 1, 1.6, 1.2, 2.6, *([1.6] if wins else [])])))
        corr = [r for r in static.correlations or () if abs(r.rho) >= 0.5]
        if corr:
            rows = [["attributes", "rank correlation"]] + [[f"{r.a} / {r.b}", f"{r.rho:.2f}"] for r in corr]
            out.append(("Related attributes", "Pairs with a rank correlation of 0.5 or more (1 = the same order).", _table(rows, st, s, width, [3, 1])))
    if isinstance(static, SuitedStatic):
        rows = [["", *static.ranks], ["cards", *static.ranks.values()]]
        out.append(("Ranks", "", _table(rows, st, s, width, [1.2] + [1] * len(static.ranks))))
        rows = [["", *static.suits], ["cards", *static.suits.values()]]
        out.append(("Suits", "", _table(rows, st, s, width, [1.2] + [1] * len(static.suits))))
    values = play.skill.cards if play and play.skill else None
    if play and values:
        rows = [["card", "played", "captures", "points captured", "points / play", "special target taken"]]
        rows += [[cid, c.played, c.captures, c.points, f"{c.points_per_play:.2f}",
                  "" if c.special is None else f"{c.special} ({pct(c.special / max(1, c.played))})"]
                 for cid, c in sorted(values.items(), key=lambda c: -c[1].points_per_play)]
        names = play.names
        fool, changeling, lady = (names.get("fool", "Fool"), names.get("changeling", "the Changeling"),
                                  names.get("lady", "the Lady"))
        out.append(("Card value under expert play", "Cards the expert seat played in the skill-gap games: captures and points "
                    f"captured with each card; special target: a {fool} (the Fool) taking its suit's top card, {changeling} "
                    f"(the Changeling) taking {lady}.", _table(rows, st, s, width, [1.2, 0.8, 0.8, 1, 1, 1.4])))
    cards = play.cards if play else ()
    if cards:  # a designer's game that counts its cards (Result.card_stats)
        rows = [["card", "name", "played", "won", "win share", "interval"]]
        rows += [[c.card, c.name, f"{c.played:,}", f"{c.won:,}", pct(c.share),
                  f"{pct(c.low)}-{pct(c.high)}"] for c in cards]
        out.append(("Cards in play", f"Each card as the game counts it: times played, times won, and its win share "
                    f"with a {pct(report.thresholds['confidence'])} interval (Wilson), the best first.",
                    _table(rows, st, s, width, [0.8, 2.2, 1, 1, 1, 1.4])))
    impact = play.card_impact if play else None
    played = played_by(play.strategy if play else None)
    if impact is not None and impact.cards:
        u = impact.unit
        rows = [["card", "name", "without it", "usual", f"impact{' (points)' if u == 'share' else ''}", "interval"]]
        rows += [[r.card, r.name, value(r.share, u), value(r.usual, u), change(r.impact, u),
                  interval(r.low, r.high, u)] for r in impact.cards]
        out.append(("Card impact", f"A seat that never takes the card while it has another move, every seat in turn,"
                    f" at most {impact.games_per_card:,} seat-games per card, against the same seat's usual play of the"
                    f" same seeded games ({impact.side or ('win share' if u == 'share' else 'mean return')};"
                    f" {played}).",
                    _table(rows, st, s, width, [0.8, 2.2, 1.2, 1.2, 1.2, 1.6])))
    removal = play.card_removal if play else None
    if removal is not None and removal.cards and removal.base is not None:
        base, u = removal.base, removal.unit
        rows = [["card", "name", "games", f"{removal.whose} wins" if u == "share" else f"{removal.whose} returns",
                 f"change{' (points)' if u == 'share' else ''}", "interval", "draws (change)", "length (change)"]]
        rows += [[r.card, r.name, r.games, value(r.first_share, u), change(r.first_change, u),
                  interval(r.low, r.high, u), f"{pct(r.draws)} ({100 * r.draw_change:+.1f})",
                  f"{r.length:.1f} ({r.length_change:+.1f})"] for r in removal.cards]
        out.append(("Card removal", f"The deck without the card (every copy), each game against the same seeded game"
                    f" of the whole deck, at most {removal.games_per_card:,} games per card (a card stops once its"
                    f" change is decided against the per-card band): {removal.whose}'s result, draws and game length"
                    f" (whole deck: {removal_base(removal)}, draws {pct(base.draws)}, length {base.length:.1f});"
                    f" intervals at {pct(report.thresholds['confidence'])}; {played}.",
                    _table(rows, st, s, width, [0.7, 1.8, 0.6, 0.9, 0.9, 1.3, 1.1, 1.1])))
    title, keys, grid = grid_of(play)
    if grid:
        rows = [[*keys, "games", "mean", "median", "p95", "longest", "unfinished"]]
        rows += [[*(r.value(k) for k in keys), r.games, f"{r.mean:.1f}", r.median, r.p95, r.max, r.unfinished] for r in grid]
        out.append((title, "", _table(rows, st, s, width, [1] * len(rows[0]))))
    for sug in report.suggestions:
        rows = [["card", "change", "strength", "win when shown (verified)"], [sug.card, sug.change, sug.strength, sug.verified]]
        out.append((f"Suggestion for {sug.card}", sug.reason, _table(rows, st, s, width, [1, 3, 1.4, 2])))
    rows = [["threshold", "value", "default", "meaning"]]
    rows += [[k, f"{report.thresholds[k]:g}", f"{t.default:g}", threshold_help(k, t.help, report)]
             for k, t in THRESHOLDS.items() if applies(k, report)]
    out.append(("Thresholds", "Set them in the deck file (thresholds:) or with --threshold key=value.", _table(rows, st, s, width, [1.6, 0.7, 0.7, 5])))
    if report.targets:  # the deck's design targets (balance: targets:, targets.py)
        rows = [["target", "wanted", "measured", "status"]]
        rows += [[r.name, r.wanted, r.measured, r.status] for r in report.targets]
        out.append(("Design targets", "Met: the whole interval inside the band; missed: outside it; undecided: "
                    "it straddles a boundary (more games would tell).", _table(rows, st, s, width, [1.2, 3, 3, 1])))
    quality = play.quality if play else None
    if quality:  # check --quality (quality.py)
        out.append(("Game quality", f"From {quality.games} recorded games (docs/balance.md: each measure and its source).",
                    _table(quality_rows(quality), st, s, width, [1.6, 5])))
    return out


STATIC_ATTRIBUTES = ("strength_max", "strength_min", "no_data_max", "pair_tie_max", "top_tie_max", "correlation_max",
                     "dominated_share_max")  # a Top-Trumps deck's static checks
SHOWDOWNS = ("card_win_max", "card_win_min", "tie_rate_warn", "tie_rate_error", "attribute_tie_max")  # Weiji's play


def applies(key: str, report: Report) -> bool:
    """Whether threshold ``key`` judges anything in this report: the Top-Trumps ones only
    for a deck analysed as one (its game compares attributes), the suited deck's only
    for a suited deck; the playtest's and ``confidence`` always."""
    hooks = report_hooks(named(report.game))
    if key not in report.thresholds:  # the per-card band where no card is measured (a built-in game)
        return False
    if key in STATIC_ATTRIBUTES:
        return isinstance(report.static, AttributeStatic)
    if key in SHOWDOWNS:
        return hooks is not None and hooks.showdowns
    if key == "rank_count_spread":
        return isinstance(report.static, SuitedStatic)
    return True


def threshold_help(key: str, text: str, report: Report) -> str:
    """A threshold's meaning in the game's words (its unit of play, how its draws happen)."""
    if key == "draws_max":
        return text.replace("(everyone ran out together)", f"({draw_words(named(report.game))})") \
            if draw_words(named(report.game)) != "the last players ran out of cards together" else text
    return text.replace(" in tricks ", f" in {unit_of(named(report.game))} ")


def quality_rows(q: Quality) -> Rows:
    """The game-quality measures as table rows (measure, value)."""
    rows: Rows = [["measure", "value"]]
    b = q.branching
    if b.decisions:
        rows.append(["branching", f"{b.mean:.1f} legal actions a decision (median {b.median:g}, max {b.max}); "
                                  f"{pct(b.forced)} forced"])
    m = q.decisions_matter
    if m:
        rows.append(["decisions that matter", f"{pct(m.share)} ({pct(m.low)}-{pct(m.high)}) of {m.probed} probed"])
    lead = q.lead
    if lead:
        rows.append(["lead changes", f"{lead.lead_changes:.2f} a game"])
        if lead.decisiveness is not None:
            rows.append(["decisiveness", f"the winner leads for good over the last {pct(lead.decisiveness)} of the game"])
        if lead.drama is not None:
            rows.append(["drama", f"the winner was behind at {pct(lead.drama)} of its decisions"])
        if lead.comebacks is not None:
            c = lead.comebacks
            rows.append(["comebacks", f"{pct(c.share)} ({pct(c.low)}-{pct(c.high)}) of decided games won from behind"])
    for move in q.moves[:3]:
        rows.append(["most chosen", f"{move.action}: {pct(move.share)} of {move.offered} offers"
                                    + (" (dominant)" if move.dominant else "")])
    if q.not_measured is not None:
        rows.append(["not measured", q.not_measured])
    for name, why in q.failed:
        rows.append(["failed", f"{name}: {why}"])
    return rows
