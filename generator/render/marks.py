"""Printer's marks: crop marks, cut lines, the proof stamp, registration targets.

Crop marks are computed from the slots of a grid: along every cut line, in the
stretches of paper no bleed box covers (the gaps between cards and the border
around the block), so a mark never touches a card's art. Every mark is at least
``MARK_MIN`` (3 mm) long, so it shows beside a guillotine blade: the marks at the
block's edge reach into the page margin where the usable area leaves less room
up to ``MARK_EDGE`` (2 mm) from the paper's edge (the pieces stay printer-safe),
and a stretch between two pieces too short for one (the default 2 mm gap) gets no
mark when the cut line is marked at the block's edge instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .dieline import CUT, stroke_spot
from .fonts import SANS, SANS_BOLD, register_fonts
from .geometry import MARK_LEN, MARK_MIN, Box, Slot, pt

CLEARANCE = 0.25  # mm between a mark and the nearest bleed box
MARK_WIDTH = 0.3  # points
CUT_LINE_WIDTH = 0.25  # points
CUT_LINE_GREY = 0.55
STAMP_SIZE = 4.0  # points


@dataclass(frozen=True)
class Segment:
    """A straight mark from (x1, y1) to (x2, y2), in mm."""

    x1: float
    y1: float
    x2: float
    y2: float


def bleed_box(slot: Slot) -> Box:
    """The slot's cut box grown by the bleed it is given on each side."""
    left, bottom, right, top = slot.bleed
    c = slot.cut
    return Box(c.x - left, c.y - bottom, c.w + left + right, c.h + bottom + top)


def _free_runs(
    covered: list[tuple[float, float]], lo: float, hi: float, reach: tuple[float, float]
) -> list[tuple[float, float]]:
    """Mark stretches of a cut line: the gaps between covered intervals and the ends outside
    them, each inset by CLEARANCE. The ends run MARK_LEN out within [lo, hi] (the usable
    area) and, where that leaves them shorter than MARK_MIN, on into the margin up to
    ``reach`` (the page). Stretches shorter than MARK_MIN (a narrow gap between two pieces)
    are left out when the line has a long enough mark elsewhere."""
    covered.sort()
    merged: list[list[float]] = []
    for a, b in covered:
        if merged and a <= merged[-1][1] + 1e-9:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    if not merged:
        return []
    least = MARK_MIN + 2 * CLEARANCE
    first, last = merged[0][0], merged[-1][1]
    runs = [(min(max(lo, first - MARK_LEN), max(reach[0], first - least)), first)]
    for (_, a), (b, _) in zip(merged, merged[1:], strict=False):
        if b - a > 2 * MARK_LEN:  # a long stretch (shelf-packed pages): a mark at each end
            runs += [(a, a + MARK_LEN), (b - MARK_LEN, b)]
        else:
            runs.append((a, b))
    runs.append((last, max(min(hi, last + MARK_LEN), min(reach[1], last + least))))
    out = []
    for a, b in runs:
        a, b = a + CLEARANCE, b - CLEARANCE
        if b - a > 0.2:
            out.append((a, b))
    long = [(a, b) for a, b in out if b - a >= MARK_MIN - 1e-6]
    return long or out


def crop_marks(slots: Sequence[Slot], area: Box, page: Box | None = None) -> list[Segment]:
    """Crop marks for every cut line of ``slots``, inside ``area`` (reaching out into ``page``
    where a mark would be shorter than MARK_MIN), off every bleed box."""
    page = page or area
    boxes = [bleed_box(s) for s in slots]
    xs = sorted({round(v, 6) for s in slots for v in (s.cut.x, s.cut.right)})
    ys = sorted({round(v, 6) for s in slots for v in (s.cut.y, s.cut.top)})
    marks: list[Segment] = []
    for x in xs:
        covered = [(b.y, b.top) for b in boxes if b.x - 1e-9 <= x <= b.right + 1e-9]
        runs = _free_runs(covered, area.y, area.top, (page.y, page.top))
        marks += [Segment(x, a, x, b) for a, b in runs]
    for y in ys:
        covered = [(b.x, b.right) for b in boxes if b.y - 1e-9 <= y <= b.top + 1e-9]
        runs = _free_runs(covered, area.x, area.right, (page.x, page.right))
        marks += [Segment(a, y, b, y) for a, b in runs]
    return marks


def inside(segment: Segment, box: Box, width: float = MARK_WIDTH) -> bool:
    """Does the stroke of ``segment`` (``width`` points wide) reach into ``box`` (mm)?"""
    half = width / 2 * 25.4 / 72
    x0, x1 = sorted((segment.x1, segment.x2))
    y0, y1 = sorted((segment.y1, segment.y2))
    eps = 1e-6
    return (min(x1 + half, box.right) - max(x0 - half, box.x) > eps
            and min(y1 + half, box.top) - max(y0 - half, box.y) > eps)


def draw_segments(canvas: Canvas, segments: Iterable[Segment], width: float = MARK_WIDTH,
                  trim: Box | None = None) -> None:
    """Crop marks: in the registration colour on a CMYK canvas (every plate), except a mark
    reaching into ``trim`` (the page's TrimBox, mm: a mark in a gap inside a packed block),
    which is a black-ink guide there: the registration colour belongs outside the trim only."""
    segments = list(segments)
    if trim is not None and getattr(canvas, "setStrokeRegistration", None) is not None:
        within = [s for s in segments if inside(s, trim, width)]
        if within:
            segments = [s for s in segments if not inside(s, trim, width)]
            _stroke_segments(canvas, within, width, registration=False)
    _stroke_segments(canvas, segments, width, registration=True)


def _stroke_segments(canvas: Canvas, segments: Sequence[Segment], width: float, *, registration: bool) -> None:
    canvas.saveState()
    register = getattr(canvas, "setStrokeRegistration", None) if registration else None
    if register is not None:  # a CMYK canvas: all four inks
        register()
    else:
        canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(width)
    canvas.setLineCap(0)
    path = canvas.beginPath()
    for s in segments:
        path.moveTo(pt(s.x1), pt(s.y1))
        path.lineTo(pt(s.x2), pt(s.y2))
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def draw_cut_lines(canvas: Canvas, slots: Iterable[Slot], pieces: Sequence[object] = ()) -> None:
    """Thin lines along every cut edge (over the art: they are the cut): each piece's cut box,
    or its own outline where it has one (``cut_outline()``: die nets, pawns). In a CMYK file
    (for a print shop) they are the non-printing spot colour ``Dieline``, overprinting
    (:mod:`.dieline`); in an RGB one a grey guide."""
    canvas.saveState()
    if hasattr(canvas, "note_piece"):  # a CMYK canvas: a print shop's die-cutter reads the spot colour
        stroke_spot(canvas, CUT)
    else:
        canvas.setStrokeGray(CUT_LINE_GREY)
    canvas.setLineWidth(CUT_LINE_WIDTH)
    shapes = list(pieces)
    for i, s in enumerate(slots):
        outline = getattr(shapes[i], "cut_outline", None) if i < len(shapes) else None
        if callable(outline):
            path = canvas.beginPath()
            for j, (x, y) in enumerate(outline()):
                (path.lineTo if j else path.moveTo)(pt(s.cut.x + x), pt(s.cut.y + y))
            path.close()
            canvas.drawPath(path, stroke=1, fill=0)
        else:
            canvas.rect(pt(s.cut.x), pt(s.cut.y), pt(s.cut.w), pt(s.cut.h), stroke=1, fill=0)
    canvas.restoreState()


def draw_fold_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed fold line (mm)."""
    canvas.saveState()
    canvas.setStrokeGray(0.4)
    canvas.setLineWidth(0.4)
    canvas.setDash(3, 2)
    canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    canvas.restoreState()


def draw_proof_stamp(canvas: Canvas, slot: Slot, text: str) -> None:
    """A tiny grey label just inside the bottom cut edge of ``slot`` (survives cutting)."""
    register_fonts()
    canvas.saveState()
    width = canvas.stringWidth(text, SANS, STAMP_SIZE)
    cx = pt(slot.cut.x + slot.cut.w / 2)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(cx - width / 2 - 1.5, pt(slot.cut.y + 0.5), width + 3, STAMP_SIZE + 1, stroke=0, fill=1)
    canvas.setFillColorRGB(0.3, 0.3, 0.3)
    canvas.setFont(SANS, STAMP_SIZE)
    canvas.drawCentredString(cx, pt(slot.cut.y + 0.5) + 1.2, text)
    canvas.restoreState()


def draw_registration_mark(canvas: Canvas, x: float, y: float, radius: float = 4.0) -> None:
    """A target (circle and cross) centred at (x, y) mm."""
    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.circle(pt(x), pt(y), pt(radius), stroke=1, fill=0)
    canvas.line(pt(x - radius * 1.5), pt(y), pt(x + radius * 1.5), pt(y))
    canvas.line(pt(x), pt(y - radius * 1.5), pt(x), pt(y + radius * 1.5))
    canvas.restoreState()


SCALE_FONT = 4.5  # points: the scale labels
SCALE_STEPS = (1, 2, 5)  # mm between labels, the first that is legible
LABEL_CLEARANCE = 0.6  # mm of paper at least between two labels


def _label(i: int) -> str:
    return f"{i:+d}" if i else "0"


def label_step(span: int, *, horizontal: bool, size: float = SCALE_FONT) -> int:
    """Label every 1 mm tick if the labels fit side by side (across) or stacked (up), else 2, else 5."""
    register_fonts()
    if horizontal:
        need = max(pdfmetrics.stringWidth(_label(i), SANS, size) for i in range(-span, span + 1))
    else:
        need = size * 0.75  # the labels' height: digits and signs
    need = need * 25.4 / 72 + LABEL_CLEARANCE
    return next((step for step in SCALE_STEPS if step >= need), SCALE_STEPS[-1])


def _tick(i: int) -> float:
    return 3.0 if i == 0 else (2.0 if i % 5 == 0 else 1.2)


def scale_offset(span: int = 5) -> float:
    """Where the vertical scale's axis sits, mm right of the target: clear of the horizontal one."""
    return span + 2.5


def draw_scale(canvas: Canvas, x: float, y: float, *, horizontal: bool, span: int = 5) -> None:
    """A millimetre scale from -span to +span mm: ticks every mm, longer every 5 mm, labels
    every 1, 2 or 5 mm (whichever is legible).

    The horizontal scale runs through (x, y), ticks up and labels below; the vertical
    one reads the same y but stands ``scale_offset(span)`` mm to the right, ticks and
    labels to its right, so the two never overlap.
    """
    register_fonts()
    step = label_step(span, horizontal=horizontal)
    canvas.saveState()
    canvas.setLineWidth(0.3)
    canvas.setFont(SANS, SCALE_FONT)
    vx = x + scale_offset(span)
    for i in range(-span, span + 1):
        tick = _tick(i)
        labelled = i % step == 0
        if horizontal:
            canvas.line(pt(x + i), pt(y), pt(x + i), pt(y + tick))
            if labelled:
                canvas.drawCentredString(pt(x + i), pt(y - 2.0), _label(i))
        else:
            canvas.line(pt(vx), pt(y + i), pt(vx + tick), pt(y + i))
            if labelled:
                canvas.drawString(pt(vx + _tick(0) + 0.5), pt(y + i) - SCALE_FONT * 0.36, _label(i))
    if horizontal:  # the axis line
        canvas.line(pt(x - span), pt(y), pt(x + span), pt(y))
    else:
        canvas.line(pt(vx), pt(y - span), pt(vx), pt(y + span))
    canvas.restoreState()


def draw_page_label(canvas: Canvas, x: float, y: float, text: str, size: float = 6.0) -> None:
    """A small page label (mm position of the baseline's left end)."""
    register_fonts()
    canvas.saveState()
    canvas.setFillColorRGB(0.3, 0.3, 0.3)
    canvas.setFont(SANS_BOLD, size)
    canvas.drawString(pt(x), pt(y), text)
    canvas.restoreState()
