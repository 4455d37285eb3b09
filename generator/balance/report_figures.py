"""Which charts a report has, with their captions: one list serves the PDF
and the PNG files."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.graphics.shapes import Drawing

from ..deck.thresholds import Thresholds
from ..games.spec import GameSpec
from . import charts
from .findings import Report
from .playstats import grid_of, named, unit_of
from .static_result import AttributeStatic


@dataclass(frozen=True)
class Figure:
    name: str  # file stem of the PNG
    title: str
    caption: str
    drawing: Drawing


def figures(report: Report) -> list[Figure]:
    out: list[Figure] = []
    play, static, t = report.playtest, report.static, Thresholds.of(report.thresholds)
    if play and play.games:
        length = play.length
        if length.max > min(k for k, _ in length.histogram):  # a fixed length (Viashi: 18 tricks a hand) needs no chart
            out.append(Figure("length", "Game length", f"How many {_units(named(play.game))} a game takes over {play.games:,} games: mean "
                              f"{length.mean:.1f} ({length.mean_low:.1f}-{length.mean_high:.1f}), median {length.median}, "
                              f"95th percentile {length.p95}, longest {length.max}.", charts.length_histogram(play)))
        out.append(Figure("seats", "Seat advantage", "Each seat's share of the decided games with its interval; a seat whose interval "
                          "misses the fair share (green line) really wins more or less often than it should.", charts.seat_chart(play, t)))
    shown = play.showdowns if play else None
    if shown is not None:
        out.append(Figure("cards", "Win rate per card", "How often each card wins the showdowns it is shown in (bars, with intervals), "
                          "sorted; orange dots: the card's static strength. Ties count as not won.", charts.card_win_chart(shown, static, t)))
        w = shown.attributes
        keys = list(w)
        pair = {a.key: a.pair_tie for a in (static.attributes or () if isinstance(static, AttributeStatic) else ())}
        out.append(Figure("ties", "Ties per attribute", "Share of showdowns on each attribute that tied in play, next to the chance that two "
                          "random cards tie on it (equal values or \"no data\"); also how often each attribute was chosen.",
                          charts.grouped_chart([("tied in play", [w[k].tie_rate.share for k in keys]),
                                                ("two random cards tie", [pair.get(k, 0.0) for k in keys]),
                                                ("chosen", [w[k].chosen_share for k in keys])], keys, "attribute", "{:.0%}")))
    elif isinstance(static, AttributeStatic) and static.cards:
        out.append(Figure("strength", "Card strength", "Each card's strength: the share of the deck it beats on an average attribute.",
                          charts.strength_chart(static, t)))
    if isinstance(static, AttributeStatic) and static.attributes:
        out.append(Figure("attributes", "Attribute values", "How each attribute's values spread over the cards (bars: cards per value range; "
                          "\"best\" marks the winning end); few distinct values or many cards at the best value mean ties.",
                          charts.attribute_chart(static)))
    title, params, grid = grid_of(play)
    if grid and play:
        inner, outer = params  # players, packs
        xs = sorted({r.point[inner] for r in grid})
        lengths = [(_count(p, outer), [next((r.mean for r in grid if r.point[inner] == n and r.point[outer] == p), 0.0)
                                       for n in xs])
                   for p in sorted({r.point[outer] for r in grid})]
        out.append(Figure(f"{play.game}-grid", title, f"Mean game length in {unit_of(named(play.game))} for each number of {' and '.join(params)}.",
                          charts.grouped_chart(lengths, [_count(n, inner) for n in xs], inner)))
    scores = play.scores if play else None
    if scores and play:
        games = max(1, play.games)
        union = [list(pair) for seat in scores for pair in seat.histogram]
        _, width, start = charts.binned(union, 20)
        top = max(k for k, _ in union)
        n = (top - start) // width + 1
        names = [f"{start + i * width}" + (f"-{start + (i + 1) * width - 1}" if width > 1 else "") for i in range(n)]
        series: list[tuple[str, list[float]]] = []
        for seat in scores:
            bins = [0.0] * n
            for value, count in seat.histogram:
                bins[(value - start) // width] += count / games
            series.append((f"seat {seat.seat}", bins))
        out.append(Figure("scores", "Points per seat", "How often each seat ends a game with each number of points.",
                          charts.grouped_chart(series, names, "points", "{:.0%}")))
    return out


def _units(spec: GameSpec | None) -> str:
    """The length chart's words: "tricks (showdowns)" for a trick game, else its own unit ("rounds")."""
    units = unit_of(spec)
    return "tricks (showdowns)" if units == "tricks" else units


def _count(n: int, things: str) -> str:
    """"1 pack", "2 packs" (``things`` is the plural)."""
    return f"{n} {things if n > 1 else things.removesuffix('s')}"
