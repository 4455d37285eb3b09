"""Drawing of symbols (suit shapes with an optional index label), icons and pips."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import Color

from ..fonts import project_fonts
from ..geometry import pt
from .draw_text import _font
from .frame import CardBox, Ink, Rect
from .glyphs import describe
from .images import ImageProblem
from .model import Icon, Pips, Symbol
from .oneline import OneLine, draw_line, one_line
from .symbol_art import draw_found, find_symbol, symbol_problem

# Pip positions of the standard deck: (column 0..1, row 0..1 from the top).
PIP_LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((.5, 0), (.5, 1)),
    "3": ((.5, 0), (.5, .5), (.5, 1)),
    "4": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "5": ((0, 0), (1, 0), (.5, .5), (0, 1), (1, 1)),
    "6": ((0, 0), (1, 0), (0, .5), (1, .5), (0, 1), (1, 1)),
    "7": ((0, 0), (1, 0), (.5, .25), (0, .5), (1, .5), (0, 1), (1, 1)),
    "8": ((0, 0), (1, 0), (.5, .25), (0, .5), (1, .5), (.5, .75), (0, 1), (1, 1)),
    "9": ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (.5, .5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    "10": ((0, 0), (1, 0), (.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (.5, 5 / 6),
           (0, 1), (1, 1)),
}


def _line(ink: Ink, text: str, font: str) -> OneLine:
    """``text`` in ``font`` and the fallback chain (see :mod:`.oneline`); characters no font has warned."""
    line = one_line(text, font, project_fonts(ink.ctx["deck"].fonts))
    if line.missing:
        ink.warning(f"no font can draw {describe(line.missing)}; "
                    f"{'these characters were' if len(line.missing) > 1 else 'it was'} left out")
    return line


def _shape(ink: Ink, name: str) -> str | Path:
    """A built-in shape's key or a project icon file (see :mod:`.symbol_art`)."""
    try:
        found = find_symbol(name, ink.folders)
    except ImageProblem:
        found = None
    if found is None:
        raise ink.where.at("name").error(symbol_problem(name, ink.folders) or f"unknown symbol {name!r}")
    return found


def draw_symbol_el(ink: Ink, el: Symbol, rect: Rect) -> Rect | None:
    x, y, w, h = rect
    shape = _shape(ink, el.name)
    color = ink.color(el.color)
    c = ink.canvas
    if el.label.strip():
        font = _font(ink, el.font)
        label = _line(ink, el.label.strip(), font)
        size = min(el.size, w / max(0.01, label.width))
        c.saveState()
        if color is not None:
            c.setFillColor(color)
        draw_line(c, label, size, x, y + h - size * 0.74, w, "center")
        c.restoreState()
        h -= size * 0.95
    draw_found(c, shape, x, y, w, h, color)
    return rect


def draw_icon(ink: Ink, el: Icon, rect: Rect) -> Rect | None:
    draw_found(ink.canvas, _shape(ink, el.name), *rect, ink.color(el.color))
    return rect


PIP_GAP = 1.1  # pip centres at least this many pip sizes apart (across or down)


def _scale(card: CardBox) -> float:
    """How much the layout's inside (within the safe-zone bands) shrank or grew: the smaller axis."""
    s = card.safe_zone
    kx = (card.w_mm - 2 * s) / max(0.01, card.design_w - 2 * s)
    ky = (card.h_mm - 2 * s) / max(0.01, card.design_h - 2 * s)
    return max(0.01, min(kx, ky))


def pip_size(pip_mm: float, card: CardBox, rank: str, w: float, h: float) -> float:
    """The pip size (points) in a ``w`` x ``h`` pip area: the layout's ``pip`` scaled with the
    card, and never so big that two pips of ``rank``'s pattern touch."""
    size = pt(pip_mm) * _scale(card)
    spots = PIP_LAYOUTS.get(rank, ())
    for i, (c1, r1) in enumerate(spots):
        for c2, r2 in spots[i + 1:]:
            dc, dr = abs(c1 - c2), abs(r1 - r2)
            # apart across: dc * (w - s) >= gap * s; or down: dr * (h - s) >= gap * s
            fits = max(dc * w / (PIP_GAP + dc), dr * h / (PIP_GAP + dr))
            size = min(size, fits)
    return max(0.0, size)


def draw_pips(ink: Ink, el: Pips, rect: Rect) -> Rect | None:
    x, y, w, h = rect
    shape = _shape(ink, el.name)
    color = ink.color(el.color)
    rank = el.rank.strip().upper()
    c = ink.canvas
    s = pip_size(el.pip, ink.card, rank, w, h)
    if rank in PIP_LAYOUTS:
        for col, row in PIP_LAYOUTS[rank]:
            cx = x + s / 2 + col * (w - s)
            cy = y + h - s / 2 - row * (h - s)
            c.saveState()
            c.translate(cx, cy)
            if row > 0.5:
                c.rotate(180)
            draw_found(c, shape, -s / 2, -s / 2, s, s, color)
            c.restoreState()
        return rect
    if rank in ("A", "1"):
        big = min(w, h) * 0.55
        draw_found(c, shape, x + (w - big) / 2, y + (h - big) / 2, big, big, color)
        return rect
    # court cards: a framed panel with the rank letter and the suit
    font = _font(ink, el.font)
    c.saveState()
    if color is not None:
        tint = Color(*(v + (1 - v) * 0.9 for v in (color.red, color.green, color.blue)))
        c.setFillColor(tint)
        c.roundRect(x, y, w, h, pt(2), stroke=0, fill=1)
        c.setStrokeColor(color)
        c.setFillColor(color)
    c.setLineWidth(0.8)
    c.roundRect(x, y, w, h, pt(2), stroke=1, fill=0)
    c.setLineWidth(0.3)
    c.roundRect(x + pt(1.2), y + pt(1.2), w - pt(2.4), h - pt(2.4), pt(1.5), stroke=1, fill=0)
    size = h * 0.42
    draw_line(c, _line(ink, rank, font), size, x, y + h * 0.52, w, "center")
    c.restoreState()
    draw_found(c, shape, x + w / 2 - s * 0.8, y + h * 0.16, s * 1.6, s * 1.6, color)
    return rect
