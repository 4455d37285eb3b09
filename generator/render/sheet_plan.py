"""Choosing a page plan: orientation, arrangement, front and back slots.

``choose_plan(w, h, options)`` tries portrait and landscape, keeps the plan with
the most pieces per page (ties: portrait) and explains the choice in notes.
``arrangement="auto"`` means ``gap`` (every piece its own full bleed) when there
is bleed and ``touching`` when there is none. The requested bleed is never
reduced: a tight page holds fewer pieces, and when not even one fits the error
says how much bleed would.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from ..errors import ParameterError
from .geometry import (
    Arrangement,
    Box,
    Flip,
    Slot,
    fold_halves,
    mark_room,
    page_size,
    plan_grid,
    usable_area,
)
from .sheet_options import SheetOptions


@dataclass(frozen=True)
class PagePlan:
    page_w: float
    page_h: float
    orientation: str  # "portrait" or "landscape"
    arrangement: str  # "touching" or "gap"
    front_slots: tuple[Slot, ...]
    back_slots: tuple[Slot, ...]  # behind front_slots[i] (duplex: on the next page)
    front_area: Box
    back_area: Box
    outer_bleed: tuple[float, float]
    fold_line: tuple[float, float, float, float] | None = None
    # degrees each back is turned within its slot: 180 across a horizontal fold line
    # (folding turns the back half upside down), else 0
    back_rotation: int = 0

    @property
    def per_page(self) -> int:
        return len(self.front_slots)


def _shift(box: Box, dx: float, dy: float) -> Box:
    return replace(box, x=box.x + dx, y=box.y + dy)


def fold_plan(page_w: float, page_h: float, orientation: str, arrangement: str,
              fronts: tuple[Slot, ...], area: Box, vertical: bool,
              outer_bleed: tuple[float, float]) -> PagePlan:
    """A fold page: ``fronts`` in one half of ``area`` (``fold_halves``), each back mirrored
    across the fold line (and turned 180 degrees across a horizontal one)."""
    half, axis = fold_halves(area, vertical)
    if vertical:
        backs = tuple(s.reflected_x(axis) for s in fronts)
        back_area = replace(half, x=2 * axis - half.right)
        line = (axis, area.y, axis, area.top)
    else:
        backs = tuple(s.reflected_y(axis) for s in fronts)
        back_area = replace(half, y=2 * axis - half.top)
        line = (area.x, axis, area.right, axis)
    return PagePlan(page_w, page_h, orientation, arrangement, fronts, backs, half, back_area,
                    outer_bleed, line, 0 if vertical else 180)


def _plan(
    page_w: float,
    page_h: float,
    orientation: str,
    arrangement: Arrangement,
    w: float,
    h: float,
    options: SheetOptions,
) -> PagePlan | None:
    area = usable_area(page_w, page_h, options.margin)
    kw = {"arrangement": arrangement, "bleed": options.bleed, "gap": options.gap,
          "marks": mark_room(options.crop_marks)}
    if options.backs == "fold":
        best: PagePlan | None = None
        for vertical in (True, False):
            half, _ = fold_halves(area, vertical)
            grid = plan_grid(half, w, h, **kw)  # type: ignore[arg-type]
            if grid is None:
                continue
            plan = fold_plan(page_w, page_h, orientation, arrangement, grid.slots, area, vertical,
                             grid.outer_bleed)
            if best is None or plan.per_page > best.per_page:
                best = plan
        return best
    grid = plan_grid(area, w, h, **kw)  # type: ignore[arg-type]
    if grid is None:
        return None
    backs: tuple[Slot, ...] = ()
    back_area = area
    if options.backs.startswith("duplex"):
        flip = cast(Flip, options.backs.removeprefix("duplex-"))
        dx, dy = options.back_offset
        backs = tuple(s.mirrored(page_w, page_h, flip).shifted(dx, dy) for s in grid.slots)
        back_area = _shift(area, dx, dy)
    return PagePlan(page_w, page_h, orientation, arrangement, grid.slots, backs, area,
                    back_area, grid.outer_bleed)


def resolved_arrangement(options: SheetOptions) -> Arrangement:
    """``auto`` is ``gap`` with bleed (each piece keeps its own) and ``touching`` without."""
    if options.arrangement == "auto":
        return "gap" if options.bleed > 0 else "touching"
    return cast(Arrangement, options.arrangement)


def _candidates(w: float, h: float, options: SheetOptions, arrangement: Arrangement) -> list[PagePlan]:
    pw, ph = page_size(options.page)
    plans = (_plan(page_w, page_h, orientation, arrangement, w, h, options)
             for orientation, (page_w, page_h) in (("portrait", (pw, ph)), ("landscape", (ph, pw))))
    return [p for p in plans if p is not None]


def choose_plan_fits(w: float, h: float, options: SheetOptions) -> bool:
    """Does at least one ``w`` x ``h`` mm piece fit a page with the requested bleed?"""
    return bool(_candidates(w, h, options, resolved_arrangement(options)))


def max_bleed(w: float, h: float, options: SheetOptions, arrangement: Arrangement) -> float | None:
    """The largest bleed (to 0.1 mm, at most the requested one) with which one piece fits; None if none."""
    if not _candidates(w, h, replace(options, bleed=0.0), arrangement):
        return None
    lo, hi = 0.0, options.bleed
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _candidates(w, h, replace(options, bleed=mid), arrangement) else (lo, mid)
    return int(lo * 10 + 1e-6) / 10


def no_fit_message(w: float, h: float, options: SheetOptions, arrangement: Arrangement) -> str:
    """Why a ``w`` x ``h`` mm piece does not fit, and what would."""
    where = (f"a {w:g} x {h:g} mm piece does not fit on {options.page} paper with a "
             f"{options.margin:g} mm margin and {options.bleed:g} mm bleed ({arrangement})")
    most = max_bleed(w, h, options, arrangement)
    if most is None:
        return f"{where}; use a larger --page or a smaller --margin"
    return f"{where}; at most {most:g} mm bleed fits (--bleed {most:g})"


def choose_plan(w: float, h: float, options: SheetOptions) -> tuple[PagePlan, list[str]]:
    """The plan that fits the most ``w`` x ``h`` mm pieces per page, and notes on the choice."""
    arrangement = resolved_arrangement(options)
    candidates = _candidates(w, h, options, arrangement)
    if not candidates:
        raise ParameterError(no_fit_message(w, h, options, arrangement))
    best = max(candidates, key=lambda p: p.per_page)  # first of equals wins
    size = f"{w:g} x {h:g} mm"
    bleed = (f"every piece its own {options.bleed:g} mm bleed" if arrangement == "gap"
             else f"shared cut lines, {options.bleed:g} mm bleed around the block")
    note = f"{size}: {best.arrangement} arrangement ({bleed}), {best.orientation}, {best.per_page} per page"
    if options.arrangement == "auto" and arrangement == "gap":
        touching = max((p.per_page for p in _candidates(w, h, options, "touching")), default=0)
        if touching > best.per_page:
            note += f"; --arrangement touching fits {touching}"
    return best, [note]
