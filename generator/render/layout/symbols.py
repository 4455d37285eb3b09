"""Vector symbols in a unit square (y up): suits, piecepack suits, Viashi suits, icons.

A symbol is data: path operations in [0, 1] x [0, 1]; ``draw_symbol`` scales it
into a box. Stroked symbols (winds, waves) give a line width in unit lengths.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # drawing needs ReportLab; the shapes' names and outlines (SHAPES) do not
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

Op = tuple[float | str, ...]


@dataclass(frozen=True)
class Shape:
    ops: tuple[Op, ...]
    stroke: float = 0.0  # > 0: stroke with this width (unit lengths) instead of filling


def _star(points: int, inner: float, outer: float = 0.5, turn: float = 90.0) -> tuple[Op, ...]:
    ops: list[Op] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + 180.0 * i / points)
        ops.append(("M" if i == 0 else "L", 0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    ops.append(("Z",))
    return tuple(ops)


def _sun() -> tuple[Op, ...]:
    ops: list[Op] = [("O", 0.5, 0.5, 0.26)]
    for i in range(8):
        a = math.radians(45 * i)
        b1, b2 = a - 0.2, a + 0.2
        ops += [("M", 0.5 + 0.32 * math.cos(b1), 0.5 + 0.32 * math.sin(b1)),
                ("L", 0.5 + 0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a)),
                ("L", 0.5 + 0.32 * math.cos(b2), 0.5 + 0.32 * math.sin(b2)), ("Z",)]
    return tuple(ops)


SHAPES: dict[str, Shape] = {
    "heart": Shape((("M", .5, .08), ("C", .2, .33, 0, .52, 0, .71), ("C", 0, .9, .15, .98, .28, .98),
                    ("C", .4, .98, .47, .91, .5, .83), ("C", .53, .91, .6, .98, .72, .98),
                    ("C", .85, .98, 1, .9, 1, .71), ("C", 1, .52, .8, .33, .5, .08), ("Z",))),
    "spade": Shape((("M", .5, 1), ("C", .2, .76, 0, .57, 0, .4), ("C", 0, .22, .15, .14, .28, .14),
                    ("C", .4, .14, .47, .21, .5, .28), ("C", .53, .21, .6, .14, .72, .14),
                    ("C", .85, .14, 1, .22, 1, .4), ("C", 1, .57, .8, .76, .5, 1), ("Z",),
                    ("M", .46, .3), ("C", .45, .15, .4, .05, .3, 0), ("L", .7, 0),
                    ("C", .6, .05, .55, .15, .54, .3), ("Z",))),
    "diamond": Shape((("M", .5, 1), ("C", .62, .8, .72, .66, .86, .5), ("C", .72, .34, .62, .2, .5, 0),
                      ("C", .38, .2, .28, .34, .14, .5), ("C", .28, .66, .38, .8, .5, 1), ("Z",))),
    "club": Shape((("O", .5, .72, .21), ("O", .27, .43, .21), ("O", .73, .43, .21),
                   ("O", .5, .5, .12),
                   ("M", .47, .5), ("C", .46, .22, .4, .08, .3, 0), ("L", .7, 0),
                   ("C", .6, .08, .54, .22, .53, .5), ("Z",))),
    "star": Shape(_star(5, 0.2)),
    "gods": Shape(_star(8, 0.24)),
    "sun": Shape(_sun()),
    "suns": Shape(_sun()),
    "moon": Shape((("M", .58, .97), ("C", .22, .97, .04, .72, .04, .5), ("C", .04, .25, .24, .03, .58, .03),
                   ("C", .37, .18, .31, .35, .31, .5), ("C", .31, .65, .37, .82, .58, .97), ("Z",))),
    "crown": Shape((("M", .1, .22), ("L", .9, .22), ("L", 1, .82), ("L", .74, .52), ("L", .5, .92),
                    ("L", .26, .52), ("L", 0, .82), ("Z",), ("M", .1, .08), ("L", .9, .08),
                    ("L", .9, .16), ("L", .1, .16), ("Z",))),
    "arms": Shape((("M", .5, 1), ("C", .64, .8, .64, .6, .56, .46), ("L", .44, .46),
                   ("C", .36, .6, .36, .8, .5, 1), ("Z",),
                   ("M", .41, .46), ("C", .2, .44, .04, .58, .1, .8), ("C", .18, .66, .3, .6, .41, .56), ("Z",),
                   ("M", .59, .46), ("C", .8, .44, .96, .58, .9, .8), ("C", .82, .66, .7, .6, .59, .56), ("Z",),
                   ("M", .28, .36), ("L", .72, .36), ("L", .72, .43), ("L", .28, .43), ("Z",),
                   ("M", .45, .36), ("L", .55, .36), ("L", .6, .04), ("L", .4, .04), ("Z",))),
    "flames": Shape((("M", .5, 1), ("C", .66, .8, .9, .65, .85, .35), ("C", .82, .12, .66, 0, .5, 0),
                     ("C", .3, 0, .15, .12, .15, .35), ("C", .15, .55, .3, .6, .36, .76),
                     ("C", .41, .65, .39, .55, .43, .5), ("C", .52, .6, .46, .85, .5, 1), ("Z",))),
    "stones": Shape((("M", .28, .92), ("L", .72, .92), ("L", .96, .6), ("L", .5, .06), ("L", .04, .6),
                     ("Z",))),
    "leaves": Shape((("M", .12, .06), ("C", .06, .6, .4, .96, .96, .96), ("C", .96, .44, .62, .08, .12, .06),
                     ("Z",))),
    "waves": Shape((("M", .02, .68), ("C", .17, .88, .35, .88, .5, .68), ("C", .65, .48, .83, .48, .98, .68),
                    ("M", .02, .32), ("C", .17, .52, .35, .52, .5, .32), ("C", .65, .12, .83, .12, .98, .32)),
                   stroke=0.11),
    "winds": Shape((("M", .04, .7), ("L", .6, .7), ("C", .82, .7, .86, .95, .7, .95), ("C", .6, .95, .56, .86, .6, .8),
                    ("M", .04, .48), ("L", .8, .48), ("C", .98, .48, 1, .24, .86, .2),
                    ("C", .76, .17, .7, .26, .74, .31),
                    ("M", .04, .26), ("L", .42, .26), ("C", .58, .26, .6, .06, .48, .05)),
                   stroke=0.08),
    "bolt": Shape((("M", .62, 1), ("L", .18, .44), ("L", .45, .44), ("L", .36, 0), ("L", .82, .58),
                   ("L", .55, .58), ("Z",))),
    "drop": Shape((("M", .5, 1), ("C", .35, .7, .15, .5, .15, .33), ("C", .15, .12, .32, 0, .5, 0),
                   ("C", .68, 0, .85, .12, .85, .33), ("C", .85, .5, .65, .7, .5, 1), ("Z",))),
    "circle": Shape((("O", .5, .5, .45),)),
}


def symbol_names() -> list[str]:
    return sorted(SHAPES)


def draw_symbol(
    canvas: Canvas, name: str, x: float, y: float, w: float, h: float, color: Color | None
) -> None:
    """Draw symbol ``name`` centred in the box (points), as large as fits, keeping its shape."""
    size = min(w, h)
    paint_shape(canvas, SHAPES[name], x + (w - size) / 2, y + (h - size) / 2, size, color)


def paint_shape(canvas: Canvas, shape: Shape, ox: float, oy: float, size: float, color: Color | None,
                *, even_odd: bool = False, round_joins: bool = False) -> None:
    """Paint ``shape`` (unit-square ops) into the ``size`` square at (ox, oy): the one
    path builder every symbol uses, on cards and piecepack pieces alike."""
    path = canvas.beginPath()
    for op in shape.ops:
        kind, nums = op[0], [float(v) for v in op[1:]]
        pts: Sequence[float] = [ox + v * size if i % 2 == 0 else oy + v * size
                                for i, v in enumerate(nums)]
        if kind == "M":
            path.moveTo(*pts)
        elif kind == "L":
            path.lineTo(*pts)
        elif kind == "C":
            path.curveTo(*pts)
        elif kind == "Z":
            path.close()
        elif kind == "O":
            path.circle(ox + nums[0] * size, oy + nums[1] * size, nums[2] * size)
    canvas.saveState()
    if color is not None:
        canvas.setFillColor(color)
        canvas.setStrokeColor(color)
    if shape.stroke:
        canvas.setLineWidth(shape.stroke * size)
        canvas.setLineCap(1)
        if round_joins:
            canvas.setLineJoin(1)
        canvas.drawPath(path, stroke=1, fill=0)
    else:
        from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

        canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)
    canvas.restoreState()
