"""Frame border styles: plain, double, dashed and the Viashi suit borders.

Each style draws around a rectangle (points) in one colour; patterns repeat at
a fixed pitch so every card of a suit shows the same border.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ..geometry import pt

if TYPE_CHECKING:  # drawing needs ReportLab; the names of the styles (STYLES) do not
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

STYLES = ("plain", "double", "dashed", "feathered", "flamed", "carved", "rippled", "vined",
          "gilded")
Border = Callable[["Canvas", float, float, float, float, float, float], None]


def _rect(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    c.setLineWidth(width)
    if r > 0:
        c.roundRect(x, y, w, h, r, stroke=1, fill=0)
    else:
        c.rect(x, y, w, h, stroke=1, fill=0)


def _along(x: float, y: float, w: float, h: float, pitch: float
           ) -> Iterator[tuple[float, float, float, float]]:
    """Points along the rectangle's sides: (px, py, inward normal x, inward normal y)."""
    for (ax, ay, bx, by, nx, ny) in ((x, y, x + w, y, 0, 1), (x + w, y, x + w, y + h, -1, 0),
                                     (x + w, y + h, x, y + h, 0, -1), (x, y + h, x, y, 1, 0)):
        length = math.hypot(bx - ax, by - ay)
        n = max(1, round(length / pitch))
        for i in range(n):
            t = (i + 0.5) / n
            yield ax + (bx - ax) * t, ay + (by - ay) * t, nx, ny


def plain(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    _rect(c, x, y, w, h, r, width)


def double(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    _rect(c, x, y, w, h, r, width)
    d = pt(1.2)
    _rect(c, x + d, y + d, w - 2 * d, h - 2 * d, max(0.0, r - d), width * 0.5)


def dashed(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    c.setDash(4, 2)
    _rect(c, x, y, w, h, r, width)


def feathered(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    _rect(c, x, y, w, h, r, width)
    c.setLineWidth(width * 0.6)
    s = pt(1.6)
    for px, py, nx, ny in _along(x, y, w, h, pt(2.2)):
        # a short slanted barb pointing inwards, like a feather's vane
        c.line(px, py, px + nx * s + ny * s * 0.6, py + ny * s - nx * s * 0.6)


def flamed(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    _rect(c, x, y, w, h, r, width)
    s, half = pt(1.8), pt(0.9)
    for px, py, nx, ny in _along(x, y, w, h, pt(2.6)):
        p = c.beginPath()
        p.moveTo(px - ny * half, py + nx * half)
        p.curveTo(px + nx * s * 0.4, py + ny * s * 0.4, px + nx * s * 0.8 - ny * half * 0.3,
                  py + ny * s * 0.8 + nx * half * 0.3, px + nx * s, py + ny * s)
        p.curveTo(px + nx * s * 0.5 + ny * half * 0.4, py + ny * s * 0.5 - nx * half * 0.4,
                  px + ny * half, py - nx * half, px + ny * half, py - nx * half)
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def carved(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    _rect(c, x, y, w, h, 0, width)
    d = pt(1.4)
    _rect(c, x + d, y + d, w - 2 * d, h - 2 * d, 0, width * 0.6)
    s = pt(2.2)
    for cx, cy in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        c.rect(cx - s / 2, cy - s / 2, s, s, stroke=0, fill=1)
    for px, py, nx, ny in _along(x, y, w, h, pt(9)):
        c.rect(px - pt(0.5) + nx * d / 2, py - pt(0.5) + ny * d / 2, pt(1.0), pt(1.0), stroke=0, fill=1)


def rippled(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    c.setLineWidth(width * 0.8)
    amp, pitch = pt(0.7), pt(3.0)
    for (ax, ay, bx, by) in ((x, y, x + w, y), (x + w, y, x + w, y + h), (x + w, y + h, x, y + h),
                             (x, y + h, x, y)):
        length = math.hypot(bx - ax, by - ay)
        n = max(2, round(length / pitch) * 2)
        ux, uy = (bx - ax) / length, (by - ay) / length
        p = c.beginPath()
        for i in range(n * 4 + 1):
            t = i / (n * 4)
            off = amp * math.sin(t * n * math.pi)
            px, py = ax + (bx - ax) * t - uy * off, ay + (by - ay) * t + ux * off
            if i == 0:
                p.moveTo(px, py)
            else:
                p.lineTo(px, py)
        c.drawPath(p, stroke=1, fill=0)


def vined(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    _rect(c, x, y, w, h, r, width * 0.8)
    s = pt(1.1)
    for i, (px, py, nx, ny) in enumerate(_along(x, y, w, h, pt(3.2))):
        side = 1 if i % 2 else -1
        lx, ly = px + nx * s * 0.2 + ny * s * side * 0.5, py + ny * s * 0.2 - nx * s * side * 0.5
        c.ellipse(lx - s * 0.45, ly - s * 0.45, lx + s * 0.45, ly + s * 0.45, stroke=0, fill=1)


def gilded(c: Canvas, x: float, y: float, w: float, h: float, r: float, width: float) -> None:
    _rect(c, x, y, w, h, r, width * 1.8)
    d = pt(1.5)
    _rect(c, x + d, y + d, w - 2 * d, h - 2 * d, max(0.0, r - d), width * 0.6)
    s = pt(2.0)
    for cx, cy in ((x + w / 2, y), (x + w / 2, y + h), (x, y + h / 2), (x + w, y + h / 2)):
        p = c.beginPath()
        p.moveTo(cx, cy + s)
        p.lineTo(cx + s, cy)
        p.lineTo(cx, cy - s)
        p.lineTo(cx - s, cy)
        p.close()
        c.drawPath(p, stroke=0, fill=1)


BORDERS: dict[str, Border] = {
    "plain": plain, "double": double, "dashed": dashed, "feathered": feathered, "flamed": flamed,
    "carved": carved, "rippled": rippled, "vined": vined, "gilded": gilded,
}


def draw_border(c: Canvas, style: str, rect: tuple[float, float, float, float], radius: float,
                width: float, color: Color | None) -> None:
    c.saveState()
    if color is not None:
        c.setStrokeColor(color)
        c.setFillColor(color)
    BORDERS[style](c, *rect, radius, width)
    c.restoreState()
