"""The piecepack suit symbols as our own vector drawings: sun, moon, crown, arms.

Symbols are data (``Shape``: path operations in the unit square, y up), drawn by
``draw_shape`` as filled ReportLab paths, so they print sharp at any size and
need no font. The card layouts' symbols (heart, spade, star, ...) are also
accepted, so a restyled piecepack may use any of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..layout.symbol_art import draw_icon_file
from ..layout.symbols import SHAPES as LAYOUT_SHAPES
from ..layout.symbols import Op, Shape, paint_shape


def _c(ops: Iterable[Op]) -> tuple[Op, ...]:
    """Operations written around (0, 0) in [-0.5, 0.5]² moved into the unit square."""
    out: list[Op] = []
    for op in ops:
        kind, nums = op[0], [float(v) for v in op[1:]]
        if kind == "O":
            out.append(("O", nums[0] + 0.5, nums[1] + 0.5, nums[2]))
        else:
            out.append((kind, *(v + 0.5 for v in nums)))
    return tuple(out)


def _mirror(ops: Iterable[Op]) -> list[Op]:
    """The same operations reflected across the vertical centre line (centred coordinates)."""
    out: list[Op] = []
    for op in ops:
        kind, nums = op[0], [float(v) for v in op[1:]]
        if kind == "O":
            out.append(("O", -nums[0], nums[1], nums[2]))
        else:
            out.append((kind, *(-v if i % 2 == 0 else v for i, v in enumerate(nums))))
    return out


def arc(cx: float, cy: float, r: float, a0: float, a1: float) -> list[Op]:
    """Cubic Bezier segments (at most 90 degrees each) along a circle from angle a0 to a1."""
    n = max(1, math.ceil(abs(a1 - a0) / (math.pi / 2) - 1e-9))
    d = (a1 - a0) / n
    k = 4 / 3 * math.tan(d / 4)
    ops: list[Op] = []
    for i in range(n):
        a, b = a0 + i * d, a0 + (i + 1) * d
        ops.append(("C", cx + r * (math.cos(a) - k * math.sin(a)), cy + r * (math.sin(a) + k * math.cos(a)),
                    cx + r * (math.cos(b) + k * math.sin(b)), cy + r * (math.sin(b) - k * math.cos(b)),
                    cx + r * math.cos(b), cy + r * math.sin(b)))
    return ops


def _sun() -> tuple[Op, ...]:
    ops: list[Op] = [("O", 0.0, 0.0, 0.235)]
    for i in range(16):
        a = math.pi / 2 + i * math.pi / 8
        tip, half = (0.5, 0.15) if i % 2 == 0 else (0.4, 0.12)
        ops += [("M", 0.285 * math.cos(a - half), 0.285 * math.sin(a - half)),
                ("L", tip * math.cos(a), tip * math.sin(a)),
                ("L", 0.285 * math.cos(a + half), 0.285 * math.sin(a + half)), ("Z",)]
    return _c(ops)


def _moon() -> tuple[Op, ...]:
    """A crescent: the outer circle minus an offset inner one, as two arcs."""
    (x1, y1, r1), (x2, y2, r2) = (0.02, 0.0, 0.47), (0.22, 0.1, 0.39)
    d = math.hypot(x2 - x1, y2 - y1)
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(r1 * r1 - a * a)
    mx, my = x1 + a * (x2 - x1) / d, y1 + a * (y2 - y1) / d
    p = (mx - h * (y2 - y1) / d, my + h * (x2 - x1) / d)  # upper intersection
    q = (mx + h * (y2 - y1) / d, my - h * (x2 - x1) / d)  # lower intersection
    ap, aq = math.atan2(p[1] - y1, p[0] - x1), math.atan2(q[1] - y1, q[0] - x1)
    if aq < ap:
        aq += 2 * math.pi  # outer arc counterclockwise, round the left
    bp, bq = math.atan2(p[1] - y2, p[0] - x2), math.atan2(q[1] - y2, q[0] - x2)
    if bp > bq:
        bp -= 2 * math.pi  # inner arc back clockwise, also round its left side
    ops: list[Op] = [("M", *p), *arc(x1, y1, r1, ap, aq), *arc(x2, y2, r2, bq, bp), ("Z",)]
    return _c(ops)


def _crown() -> tuple[Op, ...]:
    ops: list[Op] = [
        ("M", -0.36, -0.36), ("L", 0.36, -0.36), ("L", 0.36, -0.25), ("L", -0.36, -0.25), ("Z",),
        ("M", -0.36, -0.21), ("L", -0.43, 0.22), ("L", -0.2, 0.02), ("L", 0.0, 0.33),
        ("L", 0.2, 0.02), ("L", 0.43, 0.22), ("L", 0.36, -0.21), ("Z",),
        ("O", -0.43, 0.27, 0.065), ("O", 0.0, 0.385, 0.075), ("O", 0.43, 0.27, 0.065),
    ]
    return _c(ops)


def _arms() -> tuple[Op, ...]:
    """A fleur-de-lis: a tall centre petal, two curling side petals, a band, a foot."""
    centre: list[Op] = [
        ("M", 0.0, 0.5), ("C", 0.1, 0.4, 0.155, 0.24, 0.13, 0.11),
        ("C", 0.115, 0.03, 0.07, -0.03, 0.055, -0.05), ("L", -0.055, -0.05),
        ("C", -0.07, -0.03, -0.115, 0.03, -0.13, 0.11),
        ("C", -0.155, 0.24, -0.1, 0.4, 0.0, 0.5), ("Z",),
    ]
    side: list[Op] = [
        ("M", -0.075, -0.05), ("C", -0.08, 0.2, -0.28, 0.36, -0.42, 0.27),
        ("C", -0.5, 0.21, -0.49, 0.08, -0.41, 0.02),
        ("C", -0.41, 0.1, -0.37, 0.17, -0.3, 0.17),
        ("C", -0.23, 0.17, -0.19, 0.08, -0.2, -0.05), ("Z",),
    ]
    band: list[Op] = [("M", -0.25, -0.16), ("L", 0.25, -0.16), ("L", 0.25, -0.07),
                      ("L", -0.25, -0.07), ("Z",)]
    foot: list[Op] = [
        ("M", -0.055, -0.18), ("L", 0.055, -0.18), ("C", 0.055, -0.28, 0.03, -0.36, 0.0, -0.42),
        ("C", -0.03, -0.36, -0.055, -0.28, -0.055, -0.18), ("Z",),
    ]
    lobe: list[Op] = [
        ("M", -0.06, -0.18), ("C", -0.09, -0.27, -0.2, -0.35, -0.32, -0.29),
        ("C", -0.25, -0.27, -0.2, -0.23, -0.19, -0.18), ("Z",),
    ]
    return _c([*centre, *side, *_mirror(side), *band, *foot, *lobe, *_mirror(lobe)])


def _spiral(turns: float = 2.6, r0: float = 0.04, r1: float = 0.44, steps: int = 160) -> tuple[Op, ...]:
    ops: list[Op] = []
    for i in range(steps + 1):
        t = i / steps
        a = math.pi / 2 + 2 * math.pi * turns * t
        r = r0 + (r1 - r0) * t
        ops.append(("M" if i == 0 else "L", r * math.cos(a), r * math.sin(a)))
    return _c(ops)


PIECEPACK_SHAPES: dict[str, Shape] = {
    "sun": Shape(_sun()),
    "moon": Shape(_moon()),
    "crown": Shape(_crown()),
    "arms": Shape(_arms()),
}
ALIASES = {"suns": "sun", "moons": "moon", "crowns": "crown", "fleur-de-lis": "arms", "shields": "arms"}
SPIRAL = Shape(_spiral(), stroke=0.085)

# every symbol a piecepack suit may name: ours, then the card layouts' own
SYMBOLS: dict[str, Shape] = {
    **{k: v for k, v in LAYOUT_SHAPES.items() if k not in ALIASES},
    **PIECEPACK_SHAPES,
    **{alias: PIECEPACK_SHAPES[name] for alias, name in ALIASES.items()},
}


def symbol_names() -> list[str]:
    return sorted(SYMBOLS)


def draw_shape(canvas: Canvas, shape: Shape | str | Path, cx: float, cy: float, size: float, color: str,
               *, even_odd: bool = False) -> None:
    """Draw a symbol centred at (cx, cy) in a ``size`` x ``size`` box (points), in ``color``;
    a project icon file (PNG or SVG) is drawn in its own colours."""
    if isinstance(shape, Path):
        draw_icon_file(canvas, shape, cx - size / 2, cy - size / 2, size, size)
        return
    if isinstance(shape, str):
        shape = SYMBOLS[shape]
    paint_shape(canvas, shape, cx - size / 2, cy - size / 2, size, HexColor(color),
                even_odd=even_odd, round_joins=True)
