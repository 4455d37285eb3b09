"""Piecepack pawns: one per suit, a fold-up standee 5/8 in wide and 1 1/8 in tall.

Two pawn silhouettes joined at the top of their heads, with a base flap on
each: cut the outline, fold at the heads (dashed), glue the heads back to back,
then fold both flaps inwards and glue them over each other into a base. The
pawn is the suit's colour with the suit symbol on its head.
"""

from __future__ import annotations

import math
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..geometry import pt
from .base import Component
from .draw import dashed_line, pack_dots
from .style import PiecepackStyle, SuitStyle
from .symbols import draw_shape

Point = tuple[float, float]


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 20) -> list[Point]:
    out = []
    for i in range(1, n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def head(width: float, height: float) -> tuple[float, float]:
    """The head's centre height and radius (mm) for a pawn of this size."""
    r = width * 0.33
    return height - r * 0.88, r


def right_side(width: float, height: float) -> list[Point]:
    """The silhouette's right half (mm, x from the centre line), from the base up to the
    head's flat top, where the two halves of the standee are joined."""
    half = width / 2
    cy, r = head(width, height)
    neck = r * 0.5
    pts: list[Point] = [(half, 0.0), (half, height * 0.07)]
    pts += _bezier(pts[-1], (half, height * 0.1), (half * 0.75, height * 0.12), (half * 0.66, height * 0.14))
    pts += _bezier(pts[-1], (half * 0.5, height * 0.3), (neck, height * 0.45), (neck * 0.95, height * 0.56))
    collar = height * 0.58
    pts += [(half * 0.62, collar), (half * 0.62, collar + height * 0.035), (neck, collar + height * 0.065)]
    a0 = -math.acos(min(1.0, neck / r))
    a1 = math.asin(min(1.0, (height - cy) / r))
    pts += [(r * math.cos(a0 + (a1 - a0) * i / 24), cy + r * math.sin(a0 + (a1 - a0) * i / 24))
            for i in range(25)]
    return pts


class PawnPiece(Component):
    kind = "pawn"
    double_sided = False
    arrangement = "gap"

    def __init__(self, style: PiecepackStyle, suit: SuitStyle, pack: int = 1, packs: int = 1) -> None:
        w, h = style.pawn_width, style.pawn_height
        super().__init__(f"pawn-{suit.key}", w, 2 * h + 2 * style.pawn_base, style, pack, packs)
        self.suit = suit

    def outline(self) -> list[Point]:
        """The cut outline in points: flap, pawn, pawn (upside down), flap."""
        s = self.style
        w, h, b = s.pawn_width, s.pawn_height, s.pawn_base
        side = right_side(w, h)
        k = min(1.5, b / 3)
        mm: list[Point] = [(k, 0.0), (w - k, 0.0), (w, b)]
        mm += [(w / 2 + x, b + y) for x, y in side]
        mm += [(w / 2 + x, b + 2 * h - y) for x, y in reversed(side)]
        mm += [(w, b + 2 * h), (w - k, 2 * b + 2 * h), (k, 2 * b + 2 * h), (0.0, b + 2 * h)]
        mm += [(w / 2 - x, b + 2 * h - y) for x, y in side]
        mm += [(w / 2 - x, b + y) for x, y in reversed(side)]
        mm += [(0.0, b)]
        return [(pt(x), pt(y)) for x, y in mm]

    def cut_outline(self) -> list[Point]:
        """The cut outline in mm from the piece's lower-left corner (cut files follow it)."""
        return [(x / pt(1), y / pt(1)) for x, y in self.outline()]

    def front(self, canvas: Canvas, bleed: float) -> None:
        s = self.style
        w, h, b = pt(s.pawn_width), pt(s.pawn_height), pt(s.pawn_base)
        pts = self.outline()
        canvas.saveState()
        p = canvas.beginPath()
        p.moveTo(*pts[0])
        for xy in pts[1:]:
            p.lineTo(*xy)
        p.close()
        canvas.setFillColor(HexColor(self.suit.color))
        canvas.setStrokeColor(HexColor(s.line))
        canvas.setLineWidth(s.cut_width)
        canvas.setLineJoin(1)
        canvas.drawPath(p, stroke=1, fill=1)
        canvas.restoreState()
        cy, r = (pt(v) for v in head(s.pawn_width, s.pawn_height))
        chord = math.sqrt(max(0.0, r * r - (h - cy) ** 2))
        for y in (b, b + 2 * h):
            dashed_line(canvas, s, 0, y, w, y, s.background)
        dashed_line(canvas, s, w / 2 - chord, b + h, w / 2 + chord, b + h, s.background)
        size = 2 * r * s.pawn_symbol
        self._symbol(canvas, w / 2, b + cy, size)
        canvas.saveState()
        canvas.translate(w / 2, b + 2 * h - cy)
        canvas.rotate(180)
        self._symbol(canvas, 0, 0, size)
        canvas.restoreState()
        pack_dots(canvas, s, self.pack, self.packs, w / 2, b / 2, color=s.background, align="centre")


    def _symbol(self, canvas: Canvas, cx: float, cy: float, size: float) -> None:
        """The suit symbol on the head, in the background colour; a project icon keeps its
        own colours, so it sits on a background-coloured disc (it may share the suit's)."""
        if isinstance(self.suit.symbol, Path):
            canvas.saveState()
            canvas.setFillColor(HexColor(self.style.background))
            canvas.circle(cx, cy, size * 0.56, stroke=0, fill=1)
            canvas.restoreState()
            size *= 0.8
        draw_shape(canvas, self.suit.symbol, cx, cy, size, self.style.background)


def pawns(style: PiecepackStyle, pack: int = 1, packs: int = 1) -> list[PawnPiece]:
    """One pawn per suit."""
    return [PawnPiece(style, suit, pack, packs) for suit in style.suits]
