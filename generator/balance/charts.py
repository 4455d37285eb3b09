"""The report's charts, drawn with ReportLab's graphics and charts: each
function returns a ``Drawing`` (one drawing serves the PDF and the PNG)."""

from __future__ import annotations

import math
from typing import Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Circle, Drawing, Line, Rect, String

from ..deck.thresholds import Thresholds
from ..games.reporting import Showdowns
from .playstats import named, side_name, unit_of
from .report_style import STYLE, ReportStyle
from .result import Playtest
from .sides import scaled
from .static_result import AttributeStatic, Static

LEFT, BOTTOM, TOP = 42, 34, 14  # plot margins inside a drawing, pt
RIGHT = 44  # room for threshold labels


def _drawing(s: ReportStyle, width: float, height: float) -> Drawing:
    d = Drawing(width, height)
    d.initialFontName = s.font  # ReportLab's default would be Helvetica, which is never embedded
    d.initialFontSize = s.small
    return d


def _label(d: Drawing, x: float, y: float, text: str, s: ReportStyle, size: float | None = None,
           anchor: str = "start", color: Any = None, font: str | None = None) -> None:
    d.add(String(x, y, text, fontName=font or s.font, fontSize=size or s.small, fillColor=color or s.ink, textAnchor=anchor))


def _bars(d: Drawing, values: list[list[float]], names: list[str], s: ReportStyle, vmax: float,
          step: float, fmt: str = "{:g}", colours: tuple[Any, ...] = (), right: float = 10) -> VerticalBarChart:
    chart = VerticalBarChart()
    chart.x, chart.y = LEFT, BOTTOM
    chart.width, chart.height = d.width - LEFT - right, d.height - BOTTOM - TOP
    chart.data = values
    chart.valueAxis.valueMin, chart.valueAxis.valueMax, chart.valueAxis.valueStep = 0, vmax, step
    chart.valueAxis.labels.fontName = s.font
    chart.valueAxis.labels.fontSize = s.tick
    chart.valueAxis.labelTextFormat = fmt.format
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = s.grid
    chart.categoryAxis.categoryNames = names
    chart.categoryAxis.labels.fontName = s.font
    chart.categoryAxis.labels.fontSize = s.tick
    if sum(1 for n in names if n) > 14:
        chart.categoryAxis.labels.angle = 90
        chart.categoryAxis.labels.boxAnchor = "e"
        chart.categoryAxis.labels.dy = -2
    chart.barSpacing = 0.5
    chart.groupSpacing = 2 if len(names) > 20 else 5
    for i, colour in enumerate(colours or (s.bar, s.accent)):
        chart.bars[i].fillColor = colour
        chart.bars[i].strokeColor = None
    d.add(chart)
    return chart


def _nice(x: float) -> float:
    """A round step near ``x`` (1, 2, 5 times a power of ten)."""
    if x <= 0:
        return 1.0
    p = 10 ** math.floor(math.log10(x))
    return next(m * p for m in (1, 2, 5, 10) if m * p >= x)


def _x_of(chart: VerticalBarChart, index: float, count: int) -> float:
    return float(chart.x + (index + 0.5) * chart.width / count)


def _y_of(chart: VerticalBarChart, value: float) -> float:
    lo, hi = chart.valueAxis.valueMin, chart.valueAxis.valueMax
    return float(chart.y + (value - lo) / (hi - lo) * chart.height)


def _hline(d: Drawing, chart: VerticalBarChart, value: float, text: str, s: ReportStyle, colour: Any) -> None:
    """A dashed threshold line, labelled in the right margin (keep RIGHT free)."""
    y = _y_of(chart, value)
    d.add(Line(chart.x, y, chart.x + chart.width, y, strokeColor=colour, strokeWidth=0.8, strokeDashArray=[3, 2]))
    _label(d, chart.x + chart.width + 3, y - 2, text, s, s.tick, "start", colour)


def binned(hist: list[list[int]], target: int = 30) -> tuple[list[float], int, int]:
    """(counts per bin, bin width, first bin start) for a value -> count list."""
    if not hist:
        return [0.0], 1, 0
    low, top = min(k for k, _ in hist), max(k for k, _ in hist)
    width = max(1, int(_nice((top - low + 1) / target)))
    start = (low // width) * width
    bins = [0.0] * ((top - start) // width + 1)
    for value, count in hist:
        bins[(value - start) // width] += count
    return bins, width, start


def _every(n: int, most: int = 12) -> int:
    return max(1, math.ceil(n / most))


def length_histogram(play: Playtest, s: ReportStyle = STYLE) -> Drawing:
    """Game length in the game's units (tricks, rounds): a histogram with the median and p95 marked."""
    d = _drawing(s, s.chart_width, s.chart_height)
    bins, width, start = binned([list(pair) for pair in play.length.histogram])
    step = _every(len(bins))
    names = [str(start + i * width) if i % step == 0 else "" for i in range(len(bins))]
    vmax = max(bins) * 1.1 or 1
    chart = _bars(d, [bins], names, s, vmax, _nice(vmax / 5))
    for key, value, colour in (("median", play.length.median, s.good), ("p95", play.length.p95, s.accent)):
        x = _x_of(chart, (value - start) / width - 0.5, len(bins))
        d.add(Line(x, chart.y, x, chart.y + chart.height, strokeColor=colour, strokeWidth=1, strokeDashArray=[3, 2]))
        _label(d, x + 2, chart.y + chart.height - (8 if key == "median" else 16), f"{key} {value}", s, s.tick, color=colour)
    _label(d, chart.x + chart.width / 2, 4, f"game length in {unit_of(named(play.game))}" + (f" (bins of {width})" if width > 1 else ""), s, anchor="middle")
    _label(d, 4, chart.y + chart.height + 4, "games", s, s.tick, color=s.muted)
    return d


def card_win_chart(shown: Showdowns, static: Static, t: Thresholds, s: ReportStyle = STYLE) -> Drawing:
    """A game of showdowns (Weiji): each card's win rate when shown (bars, with intervals) and its
    static strength (dots), cards sorted by win rate."""
    d = _drawing(s, s.chart_width, s.chart_height + 20)
    cards = shown.cards
    strength = {c.id: c.strength for c in (static.cards or () if isinstance(static, AttributeStatic) else ())}
    ids = sorted(cards, key=lambda c: -cards[c].share)
    chart = _bars(d, [[cards[c].share for c in ids]], ids, s, 1.0, 0.2, "{:.0%}", (s.bar_light,), RIGHT)
    n = len(ids)
    for i, cid in enumerate(ids):
        x = _x_of(chart, i, n)
        c = cards[cid]
        d.add(Line(x, _y_of(chart, c.low), x, _y_of(chart, c.high), strokeColor=s.ink, strokeWidth=0.7))
        if cid in strength:
            d.add(Circle(x, _y_of(chart, strength[cid]), 1.6, fillColor=s.accent, strokeColor=None))
    _hline(d, chart, t.card_win_max, f"max {t.card_win_max:.0%}", s, s.error)
    _hline(d, chart, t.card_win_min, f"min {t.card_win_min:.0%}", s, s.error)
    _legend(d, s, [(s.bar_light, "wins when shown (interval: black line)"), (s.accent, "static strength")])
    return d


def strength_chart(static: AttributeStatic, t: Thresholds, s: ReportStyle = STYLE) -> Drawing:
    """Static strength of every card (average share of the deck it beats)."""
    d = _drawing(s, s.chart_width, s.chart_height + 20)
    cards = sorted(static.cards or (), key=lambda c: -c.strength)
    chart = _bars(d, [[c.strength for c in cards]], [c.id for c in cards], s, 1.0, 0.2, "{:.0%}", (), RIGHT)
    _hline(d, chart, t.strength_max, f"max {t.strength_max:.0%}", s, s.error)
    _hline(d, chart, t.strength_min, f"min {t.strength_min:.0%}", s, s.error)
    _legend(d, s, [(s.bar, "strength: average share of the deck beaten per attribute")])
    return d


def seat_chart(play: Playtest, t: Thresholds, s: ReportStyle = STYLE) -> Drawing:
    """Win share per seat with its interval against the fair share."""
    seats = play.seats.seats
    fair = play.seats.fair_share
    row = 22
    d = _drawing(s, s.chart_width, BOTTOM + row * len(seats) + TOP)
    x0, x1 = 70.0, s.chart_width - 20
    warn, error = scaled(t, len(seats))  # the thresholds scale with the number of sides (sides.py)
    lo = max(0.0, min([x.low for x in seats] + [fair - error]) - 0.02)
    hi = min(1.0, max([x.high for x in seats] + [fair + error]) + 0.02)

    def xs(v: float) -> float:
        return x0 + (v - lo) / (hi - lo) * (x1 - x0)

    top = BOTTOM + row * len(seats)
    d.add(Rect(xs(fair - warn), BOTTOM - 4, xs(fair + warn) - xs(fair - warn), top - BOTTOM + 4,
               fillColor=s.band, strokeColor=None))
    step = _nice((hi - lo) / 6)
    v = math.ceil(lo / step) * step
    while v <= hi + 1e-9:
        d.add(Line(xs(v), BOTTOM - 4, xs(v), top, strokeColor=s.grid, strokeWidth=0.4))
        _label(d, xs(v), BOTTOM - 14, f"{v:.0%}", s, s.tick, "middle", s.muted)
        v += step
    d.add(Line(xs(fair), BOTTOM - 4, xs(fair), top, strokeColor=s.good, strokeWidth=1))
    _label(d, xs(fair), top + 2, f"fair {fair:.0%}", s, s.tick, "middle", s.good)
    for i, x in enumerate(seats):
        y = top - row * (i + 0.5)
        colour = s.ink if x.low <= fair <= x.high else s.error
        _label(d, 4, y - 3, side_name(i, play, " (first)").split(" (seats")[0], s)
        d.add(Line(xs(x.low), y, xs(x.high), y, strokeColor=colour, strokeWidth=1.2))
        for end in (x.low, x.high):
            d.add(Line(xs(end), y - 3, xs(end), y + 3, strokeColor=colour, strokeWidth=1.2))
        d.add(Circle(xs(x.share), y, 3, fillColor=colour, strokeColor=None))
        _label(d, xs(x.high) + 4, y - 3, f"{x.share:.1%}", s, s.tick, color=colour)
    _label(d, (x0 + x1) / 2, 4, f"share of decided games won (shaded: within {100 * warn:.3g} points of fair)", s, anchor="middle")
    return d


def grouped_chart(series: list[tuple[str, list[float]]], names: list[str], xlabel: str, fmt: str = "{:g}",
                  s: ReportStyle = STYLE) -> Drawing:
    """Bars per category, one colour per series (tie rates, War lengths, scores)."""
    d = _drawing(s, s.chart_width, s.chart_height)
    vmax = max((max(v) for _, v in series if v), default=1) * 1.15 or 1
    step = _nice(vmax / 5)
    palette = (s.bar, s.accent, s.good, s.muted, s.bar_light, s.warning)
    _bars(d, [v for _, v in series], names, s, math.ceil(vmax / step) * step, step, fmt, palette[: len(series)])
    _label(d, (LEFT + d.width) / 2, 4, xlabel, s, anchor="middle")
    _legend(d, s, list(zip(palette, [name for name, _ in series], strict=False)))
    return d


def _legend(d: Drawing, s: ReportStyle, items: list[tuple[Any, str]]) -> None:
    x = float(LEFT)
    for colour, text in items:
        d.add(Rect(x, d.height - 9, 7, 7, fillColor=colour, strokeColor=None))
        _label(d, x + 10, d.height - 8, text, s, s.tick)
        x += 18 + len(text) * s.tick * 0.5


def attribute_chart(static: AttributeStatic, s: ReportStyle = STYLE) -> Drawing:
    """Small multiples: each attribute's value distribution, the best end
    marked, the count of "no data" cards beside it."""
    attrs = static.attributes or ()
    cols = min(3, max(1, len(attrs)))
    rows = math.ceil(len(attrs) / cols)
    cell_w, cell_h = s.chart_width / cols, 96.0
    d = _drawing(s, s.chart_width, cell_h * rows)
    for i, a in enumerate(attrs):
        x0 = (i % cols) * cell_w + 8
        y0 = d.height - (i // cols + 1) * cell_h + 22
        w, h = cell_w - 24, cell_h - 44
        counts = a.histogram.counts or (0,)
        top = max(counts) or 1
        bw = w / len(counts)
        for k, c in enumerate(counts):
            if c:
                d.add(Rect(x0 + k * bw + 0.5, y0, bw - 1, h * c / top, fillColor=s.bar, strokeColor=None))
        d.add(Line(x0, y0, x0 + w, y0, strokeColor=s.ink, strokeWidth=0.6))
        edges = a.histogram.edges
        if edges:
            _label(d, x0, y0 - 9, f"{edges[0]:g}", s, s.tick, color=s.muted)
            _label(d, x0 + w, y0 - 9, f"{edges[-1]:g}", s, s.tick, "end", color=s.muted)
            best_x = x0 + w if a.better == "higher" else x0
            _label(d, best_x, y0 + h + 3, "best", s, s.tick, "end" if a.better == "higher" else "start", s.good)
        _label(d, x0, y0 + h + 12, f"{a.label}" + (f" ({a.unit})" if a.unit else ""), s, s.small, font=s.medium)
        note = f"{a.distinct} values, {a.top_ties} at best" + (f", {len(a.no_data)} no data" if a.no_data else "")
        _label(d, x0 + w / 2, y0 - 18, note, s, s.tick, "middle", s.muted)
    return d
