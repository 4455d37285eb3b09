"""Shelf packing: pieces of different sizes sharing pages (the gap arrangement).

``pack_pages(pieces, options)`` puts pieces, in the order given, left to right on
*shelves* (rows as tall as their tallest piece, tops aligned) and shelves top to
bottom on pages; a piece that does not fit beside the last one opens a new shelf,
a shelf that does not fit below the last one opens a new page (next fit: the order
is kept, so pieces of one kind stay together and a kind starts right where the
previous one ends). Every piece keeps its own full bleed, with ``gap`` mm of paper
between neighbouring bleed boxes for the crop marks, and at least ``MIN_MARK`` mm
between the bleed and the printer-safe margin. Each shelf is centred across the
page and the shelves together are centred down it. Portrait and landscape are
both tried; the one with fewer pages wins (ties: portrait).

Duplex backs are each front slot mirrored (``Slot.mirrored``), exactly as in the
grid plans, so every back lands behind its own front.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from .geometry import MIN_MARK, Box, Flip, Slot, page_size, usable_area
from .sheet_options import SheetOptions
from .sheet_plan import PagePlan

Size = tuple[float, float]


@dataclass
class _Shelf:
    items: list[int]  # indices into the sizes
    width: float  # bleed boxes and the gaps between them
    height: float  # the tallest bleed box


def _shelves(sizes: Sequence[Size], inner: Box, bleed: float, gap: float) -> list[list[_Shelf]] | None:
    """Shelves page by page (next fit); None if a piece is larger than ``inner``."""
    pages: list[list[_Shelf]] = [[]]
    for i, (w, h) in enumerate(sizes):
        bw, bh = w + 2 * bleed, h + 2 * bleed
        if bw > inner.w + 1e-9 or bh > inner.h + 1e-9:
            return None
        shelves = pages[-1]
        used = sum(s.height for s in shelves) + gap * max(0, len(shelves) - 1)
        last = shelves[-1] if shelves else None
        if last is not None and last.width + gap + bw <= inner.w + 1e-9:
            grown = max(last.height, bh)
            if used - last.height + grown <= inner.h + 1e-9:
                last.items.append(i)
                last.width += gap + bw
                last.height = grown
                continue
        if shelves and used + gap + bh > inner.h + 1e-9:
            pages.append([])
            shelves = pages[-1]
        shelves.append(_Shelf([i], bw, bh))
    return pages


def _place(shelves: list[_Shelf], sizes: Sequence[Size], inner: Box, bleed: float,
           gap: float) -> list[Slot]:
    """Cut boxes for one page's shelves, in piece order."""
    total = sum(s.height for s in shelves) + gap * (len(shelves) - 1)
    top = inner.top - (inner.h - total) / 2
    slots: list[Slot] = []
    for row, shelf in enumerate(shelves):
        x = inner.x + (inner.w - shelf.width) / 2
        for col, i in enumerate(shelf.items):
            w, h = sizes[i]
            cut = Box(x + bleed, top - bleed - h, w, h)
            slots.append(Slot(cut, (bleed, bleed, bleed, bleed), row, col))
            x += w + 2 * bleed + gap
        top -= shelf.height + gap
    return slots


def pack_pages(sizes: Sequence[Size], options: SheetOptions) -> list[PagePlan] | None:
    """One page plan per page for pieces of ``sizes`` (in order); None if a piece fits no page.

    ``options.backs`` may be ``none`` or ``duplex-*`` (fold layouts keep their per-size grids).
    """
    pw, ph = page_size(options.page)
    best: list[PagePlan] | None = None
    for orientation, (page_w, page_h) in (("portrait", (pw, ph)), ("landscape", (ph, pw))):
        area = usable_area(page_w, page_h, options.margin)
        inner = Box(area.x + MIN_MARK, area.y + MIN_MARK, area.w - 2 * MIN_MARK, area.h - 2 * MIN_MARK)
        pages = _shelves(sizes, inner, options.bleed, options.gap)
        if pages is None:
            continue
        plans = []
        for shelves in pages:
            fronts = tuple(_place(shelves, sizes, inner, options.bleed, options.gap))
            backs: tuple[Slot, ...] = ()
            back_area = area
            if options.backs.startswith("duplex"):
                flip = cast(Flip, options.backs.removeprefix("duplex-"))
                dx, dy = options.back_offset
                backs = tuple(s.mirrored(page_w, page_h, flip).shifted(dx, dy) for s in fronts)
                back_area = Box(area.x + dx, area.y + dy, area.w, area.h)
            plans.append(PagePlan(page_w, page_h, orientation, "gap", fronts, backs, area, back_area,
                                  (options.bleed, options.bleed)))
        if best is None or len(plans) < len(best):
            best = plans
    return best
