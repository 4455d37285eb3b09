"""Print-and-play sheets: pieces on pages with bleed, crop marks and backs.

``write_sheets(pieces, path, options)`` places every piece (in order) on pages
of ``options.page``; pieces of different sizes go onto separate pages per size.
Each piece is drawn with its full bleed and clipped to the bleed it is given in
its slot; crop marks, cut lines and proof stamps are drawn on top.

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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..errors import ParameterError
from .atomic import atomic_write
from .fonts import register_fonts
from .geometry import Slot, pt
from .marks import crop_marks, draw_cut_lines, draw_fold_line, draw_proof_stamp, draw_segments
from .pdf import make_canvas
from .piece import Piece
from .sheet_plan import PagePlan, choose_plan

PAGES = ("a4", "letter")
BACKS = ("none", "duplex-long", "duplex-short", "fold")
COLORS = ("rgb", "cmyk")  # cmyk: see render/cmyk.py
ARRANGEMENTS = ("auto", "touching", "gap")


def _check(name: str, value: str, valid: Sequence[str]) -> None:
    if value not in valid:
        raise ParameterError(f"{name} {value!r} is not valid; valid: {', '.join(valid)}")


@dataclass(frozen=True)
class SheetOptions:
    """How pieces are put on paper. Lengths in mm."""

    page: str = "a4"
    bleed: float = 3.0
    margin: float = 5.0
    backs: str = "none"
    arrangement: str = "auto"
    gap: float = 2.0
    crop_marks: bool = True
    cut_lines: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    proof: bool = False
    proof_label: str = ""
    color: str = "rgb"

    def __post_init__(self) -> None:
        _check("page", self.page, PAGES)
        _check("backs", self.backs, BACKS)
        _check("arrangement", self.arrangement, ARRANGEMENTS)
        _check("color", self.color, COLORS)
        for name in ("bleed", "margin", "gap"):
            value = getattr(self, name)
            if not 0 <= value <= 50:
                raise ParameterError(f"{name} must be between 0 and 50 mm, got {value:g}")


@dataclass(frozen=True)
class GroupReport:
    """One size group: how its pieces were laid out."""

    width: float
    height: float
    pieces: int
    pages: int  # pages used including back pages
    per_page: int
    arrangement: str
    orientation: str
    outer_bleed: tuple[float, float]


@dataclass(frozen=True)
class SheetReport:
    path: Path
    pages: int
    pieces: int
    groups: tuple[GroupReport, ...]
    notes: tuple[str, ...] = ()  # what auto chose and why, reduced bleed, ...
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


def _group_by_size(pieces: Sequence[Piece]) -> list[list[Piece]]:
    groups: dict[tuple[float, float], list[Piece]] = {}
    for piece in pieces:
        groups.setdefault((round(piece.width, 4), round(piece.height, 4)), []).append(piece)
    return list(groups.values())


def _preferred(options: SheetOptions, piece: Piece) -> SheetOptions:
    """``auto`` arrangement follows a piece's own ``arrangement`` (round coins want gaps)."""
    wanted = getattr(piece, "arrangement", None)
    if options.arrangement == "auto" and wanted in ARRANGEMENTS and wanted != "auto":
        return replace(options, arrangement=wanted)
    return options


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


def _draw_side(
    canvas: Canvas,
    plan: PagePlan,
    items: Sequence[Piece],
    options: SheetOptions,
    side: str,
) -> None:
    """Draw one side's pieces (fronts, or backs at the plan's back slots) and its marks."""
    bleed_pt = pt(options.bleed)
    slots = plan.front_slots if side == "front" else plan.back_slots
    area = plan.front_area if side == "front" else plan.back_area
    rotation = plan.back_rotation if side == "back" else 0
    used = []
    for piece, slot in zip(items, slots, strict=False):
        if side == "back" and not getattr(piece, "double_sided", True):
            continue
        _draw_piece(canvas, piece, slot, bleed_pt, side, rotation)
        used.append(slot)
        if options.proof and side == "front":
            label = f"{piece.id} · {options.proof_label}" if options.proof_label else piece.id
            draw_proof_stamp(canvas, slot, label)
    if options.cut_lines:
        draw_cut_lines(canvas, used)
    if options.crop_marks:
        draw_segments(canvas, crop_marks(used, area))  # only around printed pieces


def write_sheets(
    pieces: Sequence[Piece],
    path: Path,
    options: SheetOptions,
    *,
    title: str = "",
    progress: Callable[[int], None] | None = None,
) -> SheetReport:
    """Write ``pieces`` (in order, each ``copies`` times) as a print-and-play PDF at ``path``.

    ``progress`` is called with the number of pieces placed so far after each page
    (the total is ``len(with_copies(pieces))``).
    """
    register_fonts()
    unique = list(pieces)
    pieces = with_copies(unique)
    if not pieces:
        raise ParameterError("nothing to print: no pieces")
    groups: list[GroupReport] = []
    notes: list[str] = []
    done = 0
    pages = 0
    with atomic_write(path) as tmp:
        canvas = make_canvas(tmp, title=title or "deckpress sheets", color=options.color)
        canvas.setSubject("print-and-play sheet")
        for group in _group_by_size(pieces):
            plan, note = choose_plan(group[0].width, group[0].height, _preferred(options, group[0]))
            notes += note
            per_page = len(plan.front_slots)
            group_pages = 0
            for start in range(0, len(group), per_page):
                items = group[start : start + per_page]
                canvas.setPageSize((pt(plan.page_w), pt(plan.page_h)))
                _draw_side(canvas, plan, items, options, "front")
                if options.backs == "fold":
                    _draw_side(canvas, plan, items, options, "back")
                    if plan.fold_line is not None:
                        draw_fold_line(canvas, *plan.fold_line)
                canvas.showPage()
                group_pages += 1
                if options.backs.startswith("duplex"):
                    canvas.setPageSize((pt(plan.page_w), pt(plan.page_h)))
                    _draw_side(canvas, plan, items, options, "back")
                    canvas.showPage()
                    group_pages += 1
                done += len(items)
                if progress is not None:
                    progress(done)
            pages += group_pages
            groups.append(
                GroupReport(
                    group[0].width,
                    group[0].height,
                    len(group),
                    group_pages,
                    per_page,
                    plan.arrangement,
                    plan.orientation,
                    plan.outer_bleed,
                )
            )
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
