"""Sheet geometry in millimetres: page sizes, card sizes, grids, mirroring.

Pure arithmetic, no drawing. All lengths are mm with the origin at the page's
lower-left corner (PDF convention); ``pt()`` converts to points.

Two arrangements:

- ``touching``: cards share cut lines (no bleed between them); only the outside
  of the block gets bleed, always the full requested bleed (a tight page fits
  fewer cards, never less bleed);
- ``gap``: every card has its own bleed, with ``gap`` mm of blank paper between
  neighbouring bleed boxes where the crop marks go.

Crop marks need at least ``MIN_MARK`` mm outside the block; no piece crosses the
printer-safe margin (a crop mark may reach into it, to be ``MARK_MIN`` long, up to
``MARK_EDGE`` from the paper's edge: see marks.py).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal

from ..deck.model import CARD_SIZES, CardSize
from ..errors import ParameterError

MM_TO_PT = 72.0 / 25.4
MIN_MARK = 1.0  # mm of crop mark at least, outside the block's bleed
MARK_LEN = 5.0  # mm, the longest crop mark at the block's edge
MARK_MIN = 3.0  # mm, the shortest crop mark drawn where the line has room for one (see marks.py)
MARK_EDGE = 2.0  # mm of paper at least between a crop mark reaching into the margin and the edge
EPS = 1e-9

# portrait (width, height) in mm; ledger is tabloid's paper (11 x 17 in) under its other
# name: the planner tries both orientations of every page, so the two print the same
PAGE_SIZES: Mapping[str, tuple[float, float]] = MappingProxyType(
    {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "a5": (148.0, 210.0),
     "legal": (215.9, 355.6), "tabloid": (279.4, 431.8), "ledger": (279.4, 431.8)}
)
PAGE_LIMITS = (50.0, 2000.0)  # mm: the smallest and largest side of a WxH page

Arrangement = Literal["touching", "gap"]
Flip = Literal["long", "short"]


def pt(mm: float) -> float:
    """Millimetres to points."""
    return mm * MM_TO_PT


_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm)?\s*$", re.I)
_PAGE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|\")?\s*$", re.I)
_UNIT_MM = {None: 1.0, "mm": 1.0, "cm": 10.0, "in": 25.4, '"': 25.4}
PAGE_HELP = "a4, a5, a3, letter, legal, tabloid (or ledger), or WxH in mm, cm or in (e.g. 200x300, 8.5x11in)"


def page_size(name: str) -> tuple[float, float]:
    """(width, height) in mm of a named page size (portrait) or of ``WxH`` in mm, cm or
    inches ("200x300", "8.5x11in"): the one page-size parser every command uses."""
    key = name.strip().lower()
    if key in PAGE_SIZES:
        return PAGE_SIZES[key]
    m = _PAGE_RE.match(key)
    if m is None:
        raise ParameterError(
            f"unknown page size {name!r}; valid: {', '.join(PAGE_SIZES)}, or WxH in mm, cm or in "
            "(e.g. 200x300, 8.5x11in)"
        )
    unit = _UNIT_MM[m.group(3)]
    w, h = round(float(m.group(1)) * unit, 4), round(float(m.group(2)) * unit, 4)
    lo, hi = PAGE_LIMITS
    if not (lo <= w <= hi and lo <= h <= hi):
        raise ParameterError(
            f"page size {name.strip()!r}: each side must be between {lo:g} and {hi:g} mm"
        )
    return w, h


def parse_card_size(text: str) -> CardSize:
    """A preset name (poker, bridge, ...) or ``WxH`` in mm ("63x88")."""
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CardSize(key, *CARD_SIZES[key])
    m = _SIZE_RE.match(text)
    if m:
        w, h = float(m.group(1)), float(m.group(2))
        if w > 0 and h > 0:
            return CardSize(f"{w:g}x{h:g}", w, h)
        raise ParameterError(f"card size {text.strip()!r}: width and height must be positive (in mm, e.g. 63x88)")
    raise ParameterError(
        f"unknown card size {text!r}; use WxH in mm (e.g. 63x88) or one of: "
        + ", ".join(CARD_SIZES)
    )


@dataclass(frozen=True)
class Box:
    """A rectangle in mm (lower-left corner, width, height)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Slot:
    """Where one piece goes: its cut box and how far its art may extend per side."""

    cut: Box
    bleed: tuple[float, float, float, float]  # left, bottom, right, top (mm)
    row: int  # 0 = top row
    col: int  # 0 = left column

    def mirrored(self, page_w: float, page_h: float, flip: Flip) -> Slot:
        """The slot behind this one after a duplex flip (long or short edge)."""
        left, bottom, right, top = self.bleed
        if _flips_x(page_w, page_h, flip):
            cut = replace(self.cut, x=page_w - self.cut.right)
            return Slot(cut, (right, bottom, left, top), self.row, self.col)
        cut = replace(self.cut, y=page_h - self.cut.top)
        return Slot(cut, (left, top, right, bottom), self.row, self.col)

    def reflected_x(self, axis: float) -> Slot:
        """The slot mirrored across the vertical line ``x = axis`` (fold layouts)."""
        left, bottom, right, top = self.bleed
        cut = replace(self.cut, x=2 * axis - self.cut.right)
        return Slot(cut, (right, bottom, left, top), self.row, self.col)

    def reflected_y(self, axis: float) -> Slot:
        """The slot mirrored across the horizontal line ``y = axis``."""
        left, bottom, right, top = self.bleed
        cut = replace(self.cut, y=2 * axis - self.cut.top)
        return Slot(cut, (left, top, right, bottom), self.row, self.col)

    def shifted(self, dx: float, dy: float) -> Slot:
        return replace(self, cut=replace(self.cut, x=self.cut.x + dx, y=self.cut.y + dy))


def _flips_x(page_w: float, page_h: float, flip: Flip) -> bool:
    """Does the flip mirror x? Flipping about the long edge of a portrait page does."""
    portrait = page_h >= page_w
    return (flip == "long") == portrait


@dataclass(frozen=True)
class Grid:
    """Cards of one size placed in an area of one page."""

    arrangement: Arrangement
    cols: int
    rows: int
    card_w: float
    card_h: float
    bleed: float  # the requested bleed
    outer_bleed: tuple[float, float]  # bleed actually given at the block's edge (x, y)
    gap: float
    area: Box  # the region the block is centred in (page minus margin)
    slots: tuple[Slot, ...]  # row-major, top row first

    @property
    def count(self) -> int:
        return self.cols * self.rows

    @property
    def block(self) -> Box:
        """The block's extent including the bleed at its edge."""
        xs = [s.cut.x - s.bleed[0] for s in self.slots]
        ys = [s.cut.y - s.bleed[1] for s in self.slots]
        xe = [s.cut.right + s.bleed[2] for s in self.slots]
        ye = [s.cut.top + s.bleed[3] for s in self.slots]
        return Box(min(xs), min(ys), max(xe) - min(xs), max(ye) - min(ys))


def _fit(length: float, card: float, bleed: float, gap: float, arrangement: Arrangement,
         mark_room: float = MIN_MARK) -> int:
    """How many cards fit along one axis of ``length`` mm, ``mark_room`` mm kept at each end."""
    if arrangement == "touching":  # the block's outer edge keeps the full bleed
        return max(0, math.floor((length - 2 * mark_room - 2 * bleed) / card + EPS))
    return max(0, math.floor((length - 2 * mark_room + gap) / (card + 2 * bleed + gap) + EPS))


def mark_room(crop_marks: bool) -> float:
    """The paper kept between the block's bleed and the margin: room for the crop marks, none
    without them (``--no-crop-marks`` frees it for pieces)."""
    return MIN_MARK if crop_marks else 0.0


def plan_grid(
    area: Box,
    card_w: float,
    card_h: float,
    *,
    arrangement: Arrangement,
    bleed: float,
    gap: float,
    max_cards: int | None = None,
    marks: float = MIN_MARK,
) -> Grid | None:
    """The largest grid of cards centred in ``area`` (``marks`` mm kept round the block for
    the crop marks); None if not even one fits."""
    cols = _fit(area.w, card_w, bleed, gap, arrangement, marks)
    rows = _fit(area.h, card_h, bleed, gap, arrangement, marks)
    if cols == 0 or rows == 0:
        return None
    if arrangement == "touching":
        pitch_x, pitch_y = card_w, card_h
        block_w, block_h = cols * card_w, rows * card_h
        space_x, space_y = (area.w - block_w) / 2, (area.h - block_h) / 2
        outer = (bleed, bleed)
        x0, y_top = area.x + space_x, area.top - space_y
    else:
        pitch_x, pitch_y = card_w + 2 * bleed + gap, card_h + 2 * bleed + gap
        block_w, block_h = cols * pitch_x - gap, rows * pitch_y - gap
        x0 = area.x + (area.w - block_w) / 2 + bleed
        y_top = area.top - (area.h - block_h) / 2 - bleed
        outer = (bleed, bleed)
    slots = []
    for r in range(rows):
        for c in range(cols):
            cut = Box(x0 + c * pitch_x, y_top - card_h - r * pitch_y, card_w, card_h)
            if arrangement == "touching":
                sides = (
                    outer[0] if c == 0 else 0.0,
                    outer[1] if r == rows - 1 else 0.0,
                    outer[0] if c == cols - 1 else 0.0,
                    outer[1] if r == 0 else 0.0,
                )
            else:
                sides = (bleed, bleed, bleed, bleed)
            slots.append(Slot(cut, sides, r, c))
    if max_cards is not None:
        slots = slots[:max_cards]
    return Grid(arrangement, cols, rows, card_w, card_h, bleed, outer, gap, area, tuple(slots))


def usable_area(page_w: float, page_h: float, margin: float) -> Box:
    return Box(margin, margin, page_w - 2 * margin, page_h - 2 * margin)


def fold_halves(area: Box, vertical: bool, gutter: float = 2.0) -> tuple[Box, float]:
    """Split ``area`` for a fold layout: the fronts' half and the fold line position.

    ``vertical``: the fold line is vertical (fronts left, backs right); otherwise
    horizontal (fronts on top, backs below).
    """
    if vertical:
        half = (area.w - gutter) / 2
        return Box(area.x, area.y, half, area.h), area.x + area.w / 2
    half = (area.h - gutter) / 2
    return Box(area.x, area.y + half + gutter, area.w, half), area.y + area.h / 2
