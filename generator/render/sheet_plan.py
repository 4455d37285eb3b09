"""Choosing a page plan: orientation, arrangement, front and back slots.

``choose_plan(w, h, options)`` tries portrait and landscape and (with
``arrangement="auto"``) both arrangements, keeps the plan with the most pieces
per page (ties: portrait, then gap — every card keeps its full bleed) and
explains the choice in notes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, cast

from ..errors import ParameterError
from .geometry import (
    Arrangement,
    Box,
    Flip,
    Slot,
    fold_halves,
    page_size,
    plan_grid,
    usable_area,
)

if TYPE_CHECKING:
    from .sheet import SheetOptions


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
    kw = {"arrangement": arrangement, "bleed": options.bleed, "gap": options.gap}
    if options.backs == "fold":
        best: PagePlan | None = None
        for vertical in (True, False):
            half, axis = fold_halves(area, vertical)
            grid = plan_grid(half, w, h, **kw)  # type: ignore[arg-type]
            if grid is None:
                continue
            if vertical:
                mirrored = tuple(s.reflected_x(axis) for s in grid.slots)
                back_area = replace(half, x=2 * axis - half.right)
                line = (axis, area.y, axis, area.top)
            else:
                mirrored = tuple(s.reflected_y(axis) for s in grid.slots)
                back_area = replace(half, y=2 * axis - half.top)
                line = (area.x, axis, area.right, axis)
            plan = PagePlan(page_w, page_h, orientation, arrangement, grid.slots, mirrored,
                            half, back_area, grid.outer_bleed, line, 0 if vertical else 180)
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


def choose_plan(w: float, h: float, options: SheetOptions) -> tuple[PagePlan, list[str]]:
    """The plan that fits the most ``w`` x ``h`` mm pieces per page, and notes on the choice."""
    pw, ph = page_size(options.page)
    arrangements: tuple[Arrangement, ...] = (
        ("gap", "touching") if options.arrangement == "auto"
        else (cast(Arrangement, options.arrangement),)
    )
    candidates = []
    for orientation, (page_w, page_h) in (("portrait", (pw, ph)), ("landscape", (ph, pw))):
        for arrangement in arrangements:
            plan = _plan(page_w, page_h, orientation, arrangement, w, h, options)
            if plan is not None:
                candidates.append(plan)
    if not candidates:
        raise ParameterError(
            f"a {w:g} x {h:g} mm piece does not fit on {options.page} paper "
            f"with a {options.margin:g} mm margin and {options.bleed:g} mm bleed"
        )
    best = max(candidates, key=lambda p: p.per_page)  # first of equals wins
    size = f"{w:g} x {h:g} mm"
    notes = []
    if options.arrangement == "auto":
        per = {a: max((p.per_page for p in candidates if p.arrangement == a), default=0)
               for a in arrangements}
        notes.append(
            f"{size}: {best.arrangement} arrangement, {best.orientation}, "
            f"{best.per_page} per page (touching fits {per['touching']}, gap fits {per['gap']})"
        )
    else:
        notes.append(f"{size}: {best.arrangement} arrangement, {best.orientation}, "
                     f"{best.per_page} per page")
    ox, oy = best.outer_bleed
    if min(ox, oy) < options.bleed - 1e-6:
        notes.append(
            f"{size}: bleed at the block's edge reduced to {ox:.2f} mm (sides) and "
            f"{oy:.2f} mm (top/bottom) to fit {best.per_page} per page"
        )
    return best, notes
