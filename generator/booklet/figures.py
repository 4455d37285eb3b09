"""Illustrated examples, drawn by the same Piece code that prints cards and tiles.

:class:`PieceRow` is a platypus Flowable showing a row of pieces scaled down with
canvas transforms, each with an optional label and highlight box, and optionally
a face-down "middle" pile. ``figure_makers(game, deck, context, style)`` gives the
named figures a rule template may use (``[figure NAME]``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.platypus import Flowable

from ..deck.model import Deck
from ..games.rulebook import Figure
from ..render.fonts import CONDENSED
from ..render.geometry import pt
from ..render.piece import Piece
from .setting import LATIN, Script, draw_centred
from .style import BookletStyle

Box = tuple[float, float, float, float]  # x, y (lower-left), w, h in points of the unscaled piece

GAP = 14.0  # points between pieces
LABEL = 11.0  # points below the pieces for labels


@dataclass(frozen=True)
class Shown:
    """One piece in a figure: face up (or down), with a label and a highlighted box."""

    piece: Piece
    label: str = ""
    highlight: Box | None = None
    face_down: bool = False
    pile: int = 1  # draw as a pile of this many


class PieceRow(Flowable):
    """A centred row of pieces, as large as ``max_height`` (mm) and the frame width allow."""

    def __init__(self, shown: Sequence[Shown], style: BookletStyle, arrow_before: int | None = None,
                 max_height: float | None = None, script: Script = LATIN) -> None:
        super().__init__()
        self.script = script  # labels in a script ReportLab cannot set: the text engine (setting.py)
        self.shown = list(shown)
        self.style = style
        self.arrow_before = arrow_before  # draw an arrow in the gap before this index
        self.max_height = max_height if max_height is not None else style.figure_max_height  # mm
        self.scale = 1.0

    def _sizes(self) -> list[tuple[float, float]]:
        return [(pt(s.piece.width) + 3 * (s.pile - 1), pt(s.piece.height) + 3 * (s.pile - 1)) for s in self.shown]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        sizes = self._sizes()
        gaps = GAP * (len(sizes) - 1)
        tallest = max(h for _, h in sizes)
        self.scale = min(pt(self.max_height) / tallest,
                         (availWidth - gaps) / sum(w for w, _ in sizes), 1.0)
        self.width = availWidth
        self.height = tallest * self.scale + LABEL + 4
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        sizes = self._sizes()
        row_w = sum(w for w, _ in sizes) * self.scale + GAP * (len(sizes) - 1)
        x = (self.width - row_w) / 2
        for i, (s, (w, h)) in enumerate(zip(self.shown, sizes, strict=True)):
            if self.arrow_before == i:
                self._arrow(x - GAP + 2, LABEL + h * self.scale / 2, GAP - 4)
            for k in range(s.pile):
                self._piece(s, x + 3 * k * self.scale, LABEL + (s.pile - 1 - k) * 3 * self.scale)
            if s.label and self.script.wants(s.label):
                draw_centred(c, s.label, CONDENSED, self.style.small_size, x + w * self.scale / 2, 2,
                             colors.HexColor(self.style.ink), self.script)
            elif s.label:
                c.setFillColor(colors.HexColor(self.style.ink))
                c.setFont(CONDENSED, self.style.small_size)
                c.drawCentredString(x + w * self.scale / 2, 2, s.label)
            x += w * self.scale + GAP

    def _piece(self, s: Shown, x: float, y: float) -> None:
        c = self.canv
        pw, ph = pt(s.piece.width), pt(s.piece.height)
        c.saveState()
        c.translate(x, y)
        c.scale(self.scale, self.scale)
        path = c.beginPath()
        path.rect(0, 0, pw, ph)
        c.clipPath(path, stroke=0, fill=0)
        c.saveState()
        if s.face_down:
            s.piece.draw_back(c, 0.0)
        else:
            s.piece.draw_front(c, 0.0)
        c.restoreState()
        c.setLineWidth(0.6 / self.scale)
        c.setStrokeColor(colors.HexColor(self.style.muted))
        c.rect(0, 0, pw, ph, stroke=1, fill=0)
        if s.highlight is not None:
            hx, hy, hw, hh = s.highlight
            c.setStrokeColor(colors.HexColor(self.style.highlight))
            c.setLineWidth(2.0 / self.scale)
            c.roundRect(hx, hy, hw, hh, 2.0, stroke=1, fill=0)
        c.restoreState()

    def _arrow(self, x: float, y: float, length: float) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(colors.HexColor(self.style.accent))
        c.setFillColor(colors.HexColor(self.style.accent))
        c.setLineWidth(1.2)
        c.line(x, y, x + length - 3, y)
        p = c.beginPath()
        p.moveTo(x + length, y)
        p.lineTo(x + length - 4, y + 2.5)
        p.lineTo(x + length - 4, y - 2.5)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.restoreState()


def attribute_row(deck: Deck, piece: Piece, key: str) -> Box | None:
    """Where attribute ``key`` is printed on a card of ``deck`` (points, card coordinates)."""
    from ..render.cards import deck_layout
    from ..render.layout.frame import CardBox, box_of

    layout = deck_layout(deck)
    element = next((el for _, el in layout.front if getattr(el, "type", "") == "attributes"), None)
    keys = [a.key for a in deck.attributes]
    if element is None or key not in keys:
        return None
    dw, dh = layout.size
    x, y, w, h = box_of(element, CardBox(piece.width, piece.height, 0.0, dw, dh, layout.safe_zone))
    row = h / len(keys)
    i = keys.index(key)
    return x - 1, y + h - (i + 1) * row, w + 2, row


Maker = Callable[[float], Flowable]


def _by_id(pieces: Sequence[Piece]) -> dict[str, Piece]:
    return {p.id: p for p in pieces}


def drawn(figures: Mapping[str, Figure], deck: Deck, style: BookletStyle,
          pieces: Sequence[Piece], script: Script = LATIN) -> dict[str, Maker]:
    """The figures a game's ``figures`` hook describes (plain data: which pieces, their
    labels, an outlined attribute), as flowables of the booklet's style."""
    found = _by_id(pieces)
    out: dict[str, Maker] = {}
    for name, figure in figures.items():
        row = [Shown(found[s.card], s.label, attribute_row(deck, found[s.card], s.attribute) if s.attribute else None,
                     face_down=s.face_down, pile=s.pile) for s in figure.pieces]
        out[name] = _maker(row, style, figure.arrow_before, script)
    return out


def _maker(row: list[Shown], style: BookletStyle, arrow_before: int | None = None,
           script: Script = LATIN) -> Maker:
    return lambda width: PieceRow(row, style, arrow_before, script=script)


def cover(deck: Deck, pieces: Sequence[Piece], style: BookletStyle) -> Flowable | None:
    """The title page picture: the deck's strongest cards (one per suit, up to four), else its first three."""
    if not pieces:
        return None
    found = _by_id(pieces)
    chosen: list[Piece] = []
    if deck.ranks:
        top = max(deck.ranks, key=lambda r: r.strength).key
        chosen = [found[c.id] for c in deck.cards if c.rank == top and c.id in found][:4]
    if not chosen:
        chosen = list(pieces[:3])
    return PieceRow([Shown(p) for p in chosen], style, max_height=style.cover_height)
