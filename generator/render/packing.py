"""Shelf packing: pieces of different sizes sharing pages (the gap arrangement).

``pack_pages(pieces, options)`` puts pieces, in the order given, left to right on
*shelves* (rows as tall as their tallest piece, tops aligned) and shelves top to
bottom on pages; a piece that does not fit beside the last one opens a new shelf,
a shelf that does not fit below the last one opens a new page (next fit: the order
is kept, so pieces of one size stay together). Given each piece's ``kinds`` (a
size group), where it costs no page a kind that fits on the rest of a page is not
split across pages, and a new kind starts a shelf of its own. Every piece keeps its own full bleed, with ``gap`` mm of paper
between neighbouring bleed boxes for the crop marks, and at least ``MIN_MARK`` mm
between the bleed and the printer-safe margin (none without crop marks). Each shelf is centred across the
page and the shelves together are centred down it. Portrait and landscape are
both tried; the one with fewer pages wins (ties: portrait).

Duplex backs are each front slot mirrored (``Slot.mirrored``), exactly as in the
grid plans, so every back lands behind its own front; with fold backs the fronts
fill one half of the page and the backs are mirrored across the fold line
(``sheet_plan.fold_plan``), as on fold grid pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from .geometry import Box, Flip, Slot, fold_halves, mark_room, page_size, usable_area
from .sheet_options import SheetOptions
from .sheet_plan import PagePlan, fold_plan

Size = tuple[float, float]


@dataclass
class _Shelf:
    items: list[int]  # indices into the sizes
    width: float  # bleed boxes and the gaps between them
    height: float  # the tallest bleed box


def _add(pages: list[list[_Shelf]], i: int, bw: float, bh: float, inner: Box, gap: float,
         new_shelf: bool) -> None:
    """Put piece ``i`` (bleed box ``bw`` x ``bh``) beside the last one, on a new shelf or page."""
    shelves = pages[-1]
    used = sum(s.height for s in shelves) + gap * max(0, len(shelves) - 1)
    last = shelves[-1] if shelves else None
    if last is not None and not new_shelf and last.width + gap + bw <= inner.w + 1e-9:
        grown = max(last.height, bh)
        if used - last.height + grown <= inner.h + 1e-9:
            last.items.append(i)
            last.width += gap + bw
            last.height = grown
            return
    if shelves and used + gap + bh > inner.h + 1e-9:
        pages.append([])
    pages[-1].append(_Shelf([i], bw, bh))


def _shelves(sizes: Sequence[Size], inner: Box, bleed: float, gap: float,
             kinds: Sequence[int] | None = None, whole: bool = False) -> list[list[_Shelf]] | None:
    """Shelves page by page (next fit). With ``kinds``, each kind starts a new shelf, and
    with ``whole`` too a new page when it would not fit whole on the rest of the current
    one. None if a piece is larger than ``inner``."""
    boxes = [(w + 2 * bleed, h + 2 * bleed) for w, h in sizes]
    if any(bw > inner.w + 1e-9 or bh > inner.h + 1e-9 for bw, bh in boxes):
        return None
    pages: list[list[_Shelf]] = [[]]
    for i, (bw, bh) in enumerate(boxes):
        new_kind = kinds is not None and i > 0 and kinds[i] != kinds[i - 1]
        if new_kind and whole and kinds is not None and pages[-1]:
            trial = [[_Shelf(list(s.items), s.width, s.height) for s in pages[-1]]]
            for j in range(i, len(boxes)):
                if kinds[j] != kinds[i]:
                    break
                _add(trial, j, *boxes[j], inner, gap, j == i)
            if len(trial) > 1:
                pages.append([])
        _add(pages, i, bw, bh, inner, gap, new_kind)
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


def _sides(page_w: float, page_h: float, orientation: str, fronts: tuple[Slot, ...], area: Box,
           options: SheetOptions, vertical: bool) -> PagePlan:
    """The page plan for ``fronts``: backs mirrored for duplex, or across the fold line."""
    bleed = (options.bleed, options.bleed)
    if options.backs == "fold":
        return fold_plan(page_w, page_h, orientation, "gap", fronts, area, vertical, bleed)
    backs: tuple[Slot, ...] = ()
    back_area = area
    if options.backs.startswith("duplex"):
        flip = cast(Flip, options.backs.removeprefix("duplex-"))
        dx, dy = options.back_offset
        backs = tuple(s.mirrored(page_w, page_h, flip).shifted(dx, dy) for s in fronts)
        back_area = Box(area.x + dx, area.y + dy, area.w, area.h)
    return PagePlan(page_w, page_h, orientation, "gap", fronts, backs, area, back_area, bleed)


def pack_pages(sizes: Sequence[Size], options: SheetOptions,
               kinds: Sequence[int] | None = None) -> list[PagePlan] | None:
    """One page plan per page for pieces of ``sizes`` (in order); None if a piece fits no page.

    ``kinds``: a group number per piece; kinds get shelves of their own unless that costs a page.
    With fold backs the fronts are packed into one half of the page (the fold line vertical
    or horizontal, whichever gives fewer pages) and the backs mirrored into the other.
    """
    pw, ph = page_size(options.page)
    best: list[PagePlan] | None = None
    # kinds whole on a page, else on shelves of their own, else plain next fit; portrait
    # before landscape, a vertical fold before a horizontal one: the first of the fewest wins
    ways = [(kinds, True), (kinds, False), (None, False)] if kinds is not None else [(None, False)]
    folds = (True, False) if options.backs == "fold" else (True,)
    tries = [(o, dims, k, whole, vertical) for k, whole in ways for vertical in folds
             for o, dims in (("portrait", (pw, ph)), ("landscape", (ph, pw)))]
    for orientation, (page_w, page_h), by_kind, whole, vertical in tries:
        area = usable_area(page_w, page_h, options.margin)
        room = fold_halves(area, vertical)[0] if options.backs == "fold" else area
        keep = mark_room(options.crop_marks)
        inner = Box(room.x + keep, room.y + keep, room.w - 2 * keep, room.h - 2 * keep)
        pages = _shelves(sizes, inner, options.bleed, options.gap, by_kind, whole)
        if pages is None:
            continue
        plans = [_sides(page_w, page_h, orientation,
                        tuple(_place(shelves, sizes, inner, options.bleed, options.gap)), area, options,
                        vertical) for shelves in pages]
        if best is None or len(plans) < len(best):
            best = plans
    return best
