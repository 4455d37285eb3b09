"""Print-and-play sheets: pieces on pages with bleed, crop marks and backs.

``write_sheets(pieces, path, options)`` places every piece (in order) on pages
of ``options.page`` as ``sheet_layout.plan_pages`` says: pieces of one size in a
grid (``sheet_plan``); pieces of several sizes that all get the gap arrangement
(the default with bleed) shelf-packed onto shared pages (``packing``: pieces of
one kind stay together; fold pages pack one half); with ``touching`` each size
on pages of its own. Each piece is drawn with its full bleed and clipped to the bleed it is given
in its slot (on a part-filled touching page, an edge with no printed neighbour
gets the full bleed); crop marks, cut lines and proof stamps are drawn on top.

Backs: ``duplex-long``/``duplex-short`` add a back page after every front page
with each back mirrored behind its own front (and shifted by ``back_offset``);
``fold`` puts fronts and backs side by side on one page, mirrored across a fold
line (across a horizontal fold line each back is also turned 180°: folding the
lower half up turns it upside down, so the back reads upright once the folded card
is turned over left to right; across a vertical one backs stay upright). A piece with ``double_sided = False`` leaves its back slot empty; a piece
with ``copies = n`` is printed n times (card pieces carry their card's copies).
With ``arrangement="auto"``, a piece with an ``arrangement`` attribute (round
coins, die nets: ``"gap"``) gets that arrangement. Crop marks are drawn only
around the slots a page actually fills (a back page: only around printed backs).

Page boxes (for print shops): on every page holding cut pieces the TrimBox is the
bounding box of those pieces' cut boxes, and the BleedBox is the bounding box of
their bleed boxes (the trim grown by the bleed), clipped to the MediaBox. Duplex
back pages are written only up to the last front page that has a back printed on
it: the pages of one-sided pieces after it (dice nets, pawns) get no blank backs;
a blank back between two such fronts (it keeps the sheets paired) carries the boxes
of the back slots it leaves empty, so every page of the file has a TrimBox.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..errors import ParameterError
from .atomic import atomic_write
from .cut_file import CutPage, shape_of
from .fonts import register_fonts
from .geometry import MARK_EDGE, Box, Slot, pt
from .marks import (
    bleed_box,
    crop_marks,
    draw_cut_lines,
    draw_fold_line,
    draw_proof_stamp,
    draw_segments,
)
from .pdf import make_canvas, set_page_boxes
from .piece import Piece
from .sheet_layout import GroupReport, plan_pages
from .sheet_options import BACKS, SheetOptions
from .sheet_plan import PagePlan

__all__ = ["BACKS", "GroupReport", "SheetOptions", "SheetReport", "with_copies", "write_sheets"]


@dataclass(frozen=True)
class SheetReport:
    path: Path
    pages: int
    pieces: int
    groups: tuple[GroupReport, ...]
    notes: tuple[str, ...] = ()  # the arrangement, orientation and count chosen, and why
    warnings: tuple[str, ...] = field(default=())  # from the pieces (text overflow, safe zone)

    @property
    def per_page(self) -> int:
        return self.groups[0].per_page if self.groups else 0

    @property
    def arrangement(self) -> str:
        return self.groups[0].arrangement if self.groups else ""

    @property
    def orientation(self) -> str:
        return self.groups[0].orientation if self.groups else ""


def with_copies(pieces: Sequence[Piece]) -> list[Piece]:
    """Each piece repeated by its ``copies`` attribute (1 when it has none)."""
    return [p for p in pieces for _ in range(max(0, int(getattr(p, "copies", 1))))]


def _draw_piece(canvas: Canvas, piece: Piece, slot: Slot, bleed_pt: float, side: str,
                rotation: int = 0) -> None:
    left, bottom, right, top = slot.bleed
    c = slot.cut
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(pt(c.x - left), pt(c.y - bottom), pt(c.w + left + right), pt(c.h + bottom + top))
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(pt(c.x), pt(c.y))
    if rotation == 180:  # turned about the card's centre: the cut box stays where it is
        canvas.translate(pt(c.w), pt(c.h))
        canvas.rotate(180)
    if side == "front":
        piece.draw_front(canvas, bleed_pt)
    else:
        piece.draw_back(canvas, bleed_pt)
    canvas.restoreState()


def _abuts(a: Box, b: Box, side: int) -> bool:
    """Does ``b`` touch ``a`` along ``a``'s side (0 left, 1 bottom, 2 right, 3 top)?"""
    eps = 1e-6
    if side in (0, 2):
        edge = a.x if side == 0 else a.right
        other = b.right if side == 0 else b.x
        return abs(edge - other) < eps and b.y < a.top - eps and b.top > a.y + eps
    edge = a.y if side == 1 else a.top
    other = b.top if side == 1 else b.y
    return abs(edge - other) < eps and b.x < a.right - eps and b.right > a.x + eps


def _exposed(slots: Sequence[Slot], bleed: float) -> list[Slot]:
    """Slots whose every edge without a printed neighbour has the full bleed (a part-filled
    touching page: the last cards' open edges bleed into the empty slots beside them)."""
    out = []
    for slot in slots:
        sides = tuple(
            0.0 if any(_abuts(slot.cut, o.cut, k) for o in slots if o is not slot) else max(b, bleed)
            for k, b in enumerate(slot.bleed)
        )
        out.append(replace(slot, bleed=sides))  # type: ignore[arg-type]
    return out


def _draw_side(
    canvas: Canvas,
    plan: PagePlan,
    items: Sequence[Piece],
    options: SheetOptions,
    side: str,
) -> list[Slot]:
    """Draw one side's pieces (fronts, or backs at the plan's back slots) and its marks;
    the slots actually printed."""
    bleed_pt = pt(options.bleed)
    slots = plan.front_slots if side == "front" else plan.back_slots
    area = plan.front_area if side == "front" else plan.back_area
    rotation = plan.back_rotation if side == "back" else 0
    printed = [(piece, slot) for piece, slot in zip(items, slots, strict=False)
               if side == "front" or getattr(piece, "double_sided", True)]
    used = _exposed([slot for _, slot in printed], options.bleed)
    note = getattr(canvas, "note_piece", None)  # a CMYK canvas: preflight names the card
    for (piece, _), slot in zip(printed, used, strict=True):
        _draw_piece(canvas, piece, slot, bleed_pt, side, rotation)
        if note is not None:
            note(piece.id if side == "front" else f"{piece.id} (back)", _pt_box(slot.cut))
        if options.proof and side == "front":
            label = f"{piece.id} · {options.proof_label}" if options.proof_label else piece.id
            draw_proof_stamp(canvas, slot, label)
    if options.cut_lines:
        draw_cut_lines(canvas, used, [piece for piece, _ in printed] if side == "front" else ())
    if options.crop_marks:
        on_page = list(used)  # the page's TrimBox holds both halves of a fold sheet
        if options.backs == "fold":
            other = plan.back_slots if side == "front" else plan.front_slots
            on_page += [slot for piece, slot in zip(items, other, strict=False)
                        if side == "back" or getattr(piece, "double_sided", True)]
        draw_segments(canvas, crop_marks(used, area, _mark_reach(plan, area, options.margin)),
                      trim=_bounds([s.cut for s in on_page]) if on_page else None)
    return used


def _mark_reach(plan: PagePlan, area: Box, margin: float) -> Box:
    """How far crop marks may run: ``area`` grown to ``MARK_EDGE`` from the paper's edge on
    every side where only the page margin lies beyond it (not towards a fold line and the
    other half)."""
    eps, edge = 1e-6, min(MARK_EDGE, margin)
    x0 = edge if area.x <= margin + eps else area.x
    y0 = edge if area.y <= margin + eps else area.y
    x1 = plan.page_w - edge if area.right >= plan.page_w - margin - eps else area.right
    y1 = plan.page_h - edge if area.top >= plan.page_h - margin - eps else area.top
    return Box(x0, y0, x1 - x0, y1 - y0)


def _bounds(boxes: Sequence[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x0, y0, max(b.right for b in boxes) - x0, max(b.top for b in boxes) - y0)


def page_boxes(slots: Sequence[Slot], page_w: float, page_h: float) -> tuple[Box, Box] | None:
    """(TrimBox, BleedBox) in mm for a page holding ``slots``; None for an empty page."""
    if not slots:
        return None
    trim = _bounds([s.cut for s in slots])
    bleed = _bounds([bleed_box(s) for s in slots])
    x0, y0 = max(0.0, bleed.x), max(0.0, bleed.y)
    bleed = Box(x0, y0, min(page_w, bleed.right) - x0, min(page_h, bleed.top) - y0)
    return trim, bleed


def _finish_page(canvas: Canvas, plan: PagePlan, used: Sequence[Slot]) -> None:
    """Set the page's TrimBox and BleedBox (or none, for an empty page) and end it."""
    boxes = page_boxes(used, plan.page_w, plan.page_h)
    set_page_boxes(canvas, *((_pt_box(b) for b in boxes) if boxes else (None, None)))
    canvas.showPage()


def _pt_box(box: Box) -> tuple[float, float, float, float]:
    return (pt(box.x), pt(box.y), pt(box.right), pt(box.top))


def write_sheets(
    pieces: Sequence[Piece],
    path: Path,
    options: SheetOptions,
    *,
    title: str = "",
    progress: Callable[[int], None] | None = None,
    cut: list[CutPage] | None = None,
    decorate: Callable[[Canvas, PagePlan, int], None] | None = None,
) -> SheetReport:
    """Write ``pieces`` (in order, each ``copies`` times) as a print-and-play PDF at ``path``.

    ``progress`` is called with the number of pieces placed so far after each page
    (the total is ``len(with_copies(pieces))``). ``cut``: a list that receives the cut
    path of every piece on every front page (``cut_file.CutPage``, for ``--cut-file``).
    ``decorate(canvas, plan, page)`` draws on each front page after its pieces (the
    registration marks of ``--print-then-cut silhouette``: print_then_cut.py).
    """
    register_fonts()
    unique = list(pieces)
    pieces = with_copies(unique)
    if not pieces:
        raise ParameterError("nothing to print: no pieces")
    layout, groups, notes = plan_pages(pieces, options)
    duplex = options.backs.startswith("duplex")
    # the last front page with a back printed on it: blank back pages after it are left out
    last_back = max((i for i, (_, items) in enumerate(layout)
                     if any(getattr(p, "double_sided", True) for p in items)), default=-1)
    if duplex and last_back < len(layout) - 1:
        first, end = 2 * last_back + 3, len(layout) + last_back + 1
        span = f"page {first}" if first == end else f"pages {first}-{end}"
        notes = [*notes, f"{span}: one-sided pieces only, no back pages (print {'it' if first == end else 'them'} "
                 "one-sided)"]
    done = 0
    pages = 0
    with atomic_write(path) as tmp:
        canvas = make_canvas(tmp, title=title or "deckpress sheets", color=options.color)
        canvas.setSubject("print-and-play sheet")
        for index, (plan, items) in enumerate(layout):
            canvas.setPageSize((pt(plan.page_w), pt(plan.page_h)))
            used = _draw_side(canvas, plan, items, options, "front")
            if cut is not None:
                cut.append(CutPage(pages + 1, plan.page_w, plan.page_h, tuple(
                    shape_of(piece, s.cut.x, s.cut.y, s.cut.w, s.cut.h)
                    for piece, s in zip(items, used, strict=False))))
            if decorate is not None:
                decorate(canvas, plan, pages + 1)
            if options.backs == "fold":
                used += _draw_side(canvas, plan, items, options, "back")
                if plan.fold_line is not None:
                    draw_fold_line(canvas, *plan.fold_line)
            _finish_page(canvas, plan, used)
            pages += 1
            if duplex and index <= last_back:  # a blank back between fronts keeps the sheets paired
                canvas.setPageSize((pt(plan.page_w), pt(plan.page_h)))
                backs = _draw_side(canvas, plan, items, options, "back")
                _finish_page(canvas, plan, backs or plan.back_slots[: len(items)])
                pages += 1
            done += len(items)
            if progress is not None:
                progress(done)
        canvas.save()
    warnings: list[str] = []
    seen: set[int] = set()
    for piece in unique:
        if id(piece) in seen:
            continue
        seen.add(id(piece))
        for w in getattr(piece, "warnings", ()):
            if w not in warnings:
                warnings.append(w)
    return SheetReport(path, pages, len(pieces), tuple(groups), tuple(notes), tuple(warnings))
