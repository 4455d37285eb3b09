"""Piecepack dice: 1/2 in cubes printed as fold-and-glue nets, one die per suit.

The net is a cross (four faces in a column, one either side of the second)
with glue tabs on seven edges. Faces show null (blank), ace (the suit symbol)
and 2-5 in the suit's colour; opposite faces are null/5, ace/4 and 2/3.
Cut along the solid outline, fold on the dashed lines, glue the grey tabs.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ...errors import ParameterError
from ..geometry import pt
from .base import Component
from .draw import dashed_line, draw_value, pack_dots
from .style import PiecepackStyle, SuitStyle

# (column, row from the top) of each face, in rank order null, ace, 2, 3, 4, 5
FACES = ((1, 1), (0, 1), (1, 0), (1, 2), (2, 1), (1, 3))
# glue tabs: (column, row, side) — side of that face the tab sticks out of
TABS = ((0, 1, "top"), (0, 1, "bottom"), (2, 1, "top"), (2, 1, "bottom"),
        (1, 3, "left"), (1, 3, "right"), (1, 3, "bottom"))


class DiePiece(Component):
    kind = "die"
    double_sided = False
    arrangement = "gap"  # nets are cut along their outline: keep neighbours apart

    def __init__(self, style: PiecepackStyle, suit: SuitStyle, pack: int = 1, packs: int = 1) -> None:
        if len(style.ranks) != 6:
            raise ParameterError(f"a die has 6 faces but the piecepack has {len(style.ranks)} ranks; "
                                 "leave out the dice (--components tiles,coins,pawns)")
        super().__init__(f"die-{suit.key}", 3 * style.die, 4 * style.die + style.tab, style, pack, packs)
        self.suit = suit

    def _face(self, col: int, row: int) -> tuple[float, float]:
        """Lower-left corner (points) of the face at (col, row)."""
        d = pt(self.style.die)
        return col * d, pt(self.style.tab) + (3 - row) * d

    def _tab(self, col: int, row: int, side: str) -> list[tuple[float, float]]:
        d, t = pt(self.style.die), pt(self.style.tab)
        x, y = self._face(col, row)
        k = t * 0.8  # the tab's slanted ends
        return {
            "top": [(x, y + d), (x + k, y + d + t), (x + d - k, y + d + t), (x + d, y + d)],
            "bottom": [(x, y), (x + k, y - t), (x + d - k, y - t), (x + d, y)],
            "left": [(x, y), (x - t, y + k), (x - t, y + d - k), (x, y + d)],
            "right": [(x + d, y), (x + d + t, y + k), (x + d + t, y + d - k), (x + d, y + d)],
        }[side]

    def cut_outline(self) -> list[tuple[float, float]]:
        """The net's cut outline (mm from the piece's lower-left corner), counter-clockwise: the
        cross of faces with each glue tab in place of the edge it sticks out of."""
        d = pt(self.style.die)
        cells = set(FACES)
        tabs = {(c, r, side) for c, r, side in TABS}
        edges: dict[tuple[float, float], tuple[tuple[float, float], list[tuple[float, float]]]] = {}
        for col, row in FACES:
            x, y = self._face(col, row)
            sides = (("bottom", (0, 1), (x, y), (x + d, y)), ("right", (1, 0), (x + d, y), (x + d, y + d)),
                     ("top", (0, -1), (x + d, y + d), (x, y + d)), ("left", (-1, 0), (x, y + d), (x, y)))
            for side, (dc, dr), start, end in sides:
                if (col + dc, row + dr) in cells:
                    continue  # a fold between two faces
                route = [start]
                if (col, row, side) in tabs:
                    tab = self._tab(col, row, side)
                    route = tab[:-1] if _near(tab[0], start) else list(reversed(tab))[:-1]
                edges[_key(start)] = (end, route)
        first = next(iter(edges))
        out: list[tuple[float, float]] = []
        at = first
        for _ in range(len(edges)):
            end, route = edges[at]
            out += route
            at = _key(end)
            if at == first:
                break
        return [(px / pt(1), py / pt(1)) for px, py in out]

    def front(self, canvas: Canvas, bleed: float) -> None:
        s, d = self.style, pt(self.style.die)
        canvas.saveState()
        canvas.setLineWidth(s.cut_width)
        canvas.setStrokeColor(HexColor(s.line))
        canvas.setLineJoin(1)
        for col, row, side in TABS:
            pts = self._tab(col, row, side)
            p = canvas.beginPath()
            p.moveTo(*pts[0])
            for xy in pts[1:]:
                p.lineTo(*xy)
            canvas.setFillColor(HexColor(s.glue))
            canvas.drawPath(p, stroke=1, fill=1)
        cells = {(c, r) for c, r in FACES}
        for (col, row), rank in zip(FACES, s.ranks, strict=True):
            x, y = self._face(col, row)
            canvas.setFillColor(HexColor(s.background))
            canvas.rect(x, y, d, d, stroke=0, fill=1)
            draw_value(canvas, s, (rank.tile, rank.label), self.suit.symbol, (x + d / 2, y + d / 2),
                       s.die_value * d, self.suit.color, s.die_value * d * 1.15)
            if rank.tile == "blank":
                pack_dots(canvas, s, self.pack, self.packs, x + d - pt(1.5), y + pt(1.5))
        tabbed = {(c, r, side) for c, r, side in TABS}
        for col, row in FACES:
            x, y = self._face(col, row)
            for side, (dc, dr), (x1, y1, x2, y2) in (
                ("top", (0, -1), (x, y + d, x + d, y + d)), ("bottom", (0, 1), (x, y, x + d, y)),
                ("left", (-1, 0), (x, y, x, y + d)), ("right", (1, 0), (x + d, y, x + d, y + d)),
            ):
                if (col + dc, row + dr) in cells or (col, row, side) in tabbed:
                    if (col + dc, row + dr) not in cells or (dc, dr) in ((0, 1), (1, 0)):
                        dashed_line(canvas, s, x1, y1, x2, y2)  # a fold, drawn once
                else:
                    canvas.line(x1, y1, x2, y2)  # a cut
        canvas.restoreState()


def _key(point: tuple[float, float]) -> tuple[float, float]:
    return round(point[0], 4), round(point[1], 4)


def _near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6


def dice(style: PiecepackStyle, pack: int = 1, packs: int = 1) -> list[DiePiece]:
    """One die per suit."""
    return [DiePiece(style, suit, pack, packs) for suit in style.suits]
