"""Print then cut (``--print-then-cut cricut|silhouette``): sheets a cutting machine cuts after
a home printer has printed them. Sources (read 2026-11-26) and the design decision are in
docs/images.md, "Print then cut".

**Silhouette** (CAMEO, Portrait): the sheet carries Silhouette Studio's "Type 1" registration
marks, drawn by us, so the designer prints the PDF from any viewer and cuts in Silhouette
Studio with the same mark settings (:data:`SILHOUETTE`): a filled square at the top-left and
L-shaped corner marks at the top-right and bottom-left, ``inset`` mm from the paper's edges
(outer edges of the marks), arms ``length`` mm long and ``thickness`` mm wide. The figures are
those of inkscape-silhouette's ``render_silhouette_regmarks.py`` (5 mm square, 20 mm arms,
0.3 mm stroke) and its A4 template (marks 10 mm from the edges, 190 x 277 mm apart), which
Silhouette Studio finds with Registration Marks "Type 1", Length 20 mm, Thickness 0.3 mm,
Inset 10 mm; every sheet prints those settings in its bottom margin. Pieces (with their bleed)
stay ``inset + square + clearance`` mm from every edge, so no print comes near a mark.

**Cricut** (Design Space): Design Space prints its own marks around an uploaded Print Then Cut
image of at most 6.75 x 9.25 in (:data:`CRICUT_AREA`); Cricut documents no marks a user may
print. So for Cricut each "page" is one such image: pieces at their cut size (no bleed: Design
Space's own Bleed setting adds it), a gap between them, nothing else; the images module
rasterises it with everything outside the pieces' cut outlines transparent, which is the
outline Design Space cuts.

:func:`machine_options` turns the sheet options into the machine's; :func:`mark_boxes` is the
marks' geometry (mm, PDF coordinates: y up); :class:`SilhouetteMarker` draws them on the
front pages ``sheet.write_sheets`` writes (its ``decorate`` hook).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import Canvas

from ..errors import ParameterError
from .geometry import Box, pt
from .marks import draw_page_label
from .sheet_options import SheetOptions
from .sheet_plan import PagePlan

MACHINES = ("cricut", "silhouette")
MM_PER_INCH = 25.4
CRICUT_AREA = (6.75 * MM_PER_INCH, 9.25 * MM_PER_INCH)  # mm: Design Space's largest Print Then Cut image
CRICUT_GAP = 3.0  # mm at least between pieces: each its own contour when Design Space traces the image
CRICUT_DPI = 300  # the images' pixels per inch


@dataclass(frozen=True)
class SilhouetteMarks:
    """Silhouette Studio's Type 1 registration marks, in mm (the settings the designer enters)."""

    inset: float = 10.0  # from the paper's edge to the marks' outer edges
    length: float = 20.0  # of each L's arms
    thickness: float = 0.3  # of each L's arms
    square: float = 5.0  # side of the filled top-left square
    clearance: float = 2.0  # ours: white paper between the marks and any print (the sensor's view)

    @property
    def margin(self) -> float:
        """How far pieces (with their bleed) stay from every paper edge."""
        return self.inset + self.square + self.clearance

    def settings(self) -> str:
        return (f"Registration Marks: Type 1, Length {self.length:g} mm, Thickness {self.thickness:g} mm, "
                f"Inset {self.inset:g} mm")


SILHOUETTE = SilhouetteMarks()


def check_machine(machine: str) -> str:
    name = machine.strip().lower()
    if name not in MACHINES:
        raise ParameterError(f"--print-then-cut {machine!r} is not valid; valid: {', '.join(MACHINES)}")
    return name


def _mm(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def machine_options(machine: str, options: SheetOptions) -> tuple[SheetOptions, list[str]]:
    """The sheet options a machine's print-then-cut sheets use, and a note for each value changed.

    Silhouette: the margin grows to keep pieces clear of the marks, no crop marks (the machine
    cuts; marks there would only print near the registration marks); fold backs are refused
    (a fold sheet is folded before it is cut). Cricut: pages of Design Space's image size,
    pieces at their cut size with a gap between them, fronts only."""
    notes: list[str] = []
    if machine == "silhouette":
        if options.backs == "fold":
            raise ParameterError("--print-then-cut silhouette cuts the printed front: --backs fold is folded "
                                 "before cutting and cannot be; use --backs none, duplex-long or duplex-short")
        margin = max(options.margin, SILHOUETTE.margin)
        if margin != options.margin:
            notes.append(f"silhouette: margin {_mm(margin)} mm (was {_mm(options.margin)}): pieces stay clear of "
                         "the registration marks")
        if options.crop_marks:
            notes.append("silhouette: no crop marks (the machine cuts)")
        return replace(options, margin=margin, crop_marks=False), notes
    w, h = CRICUT_AREA
    changed = {"bleed": (options.bleed, 0.0), "gap": (options.gap, max(options.gap, CRICUT_GAP))}
    for name, (old, new) in changed.items():
        if old != new:
            notes.append(f"cricut: {name} {_mm(new)} mm (was {_mm(old)})"
                         + (": Design Space's Bleed setting adds it" if name == "bleed" else
                            ": each piece its own contour"))
    if options.backs != "none":
        notes.append(f"cricut: fronts only (backs {options.backs} not printed): Design Space prints one side")
    if options.crop_marks or options.cut_lines:
        notes.append("cricut: no crop marks or cut lines (Design Space prints its own marks)")
    return replace(options, page=f"{w:.2f}x{h:.2f}", margin=0.0, bleed=0.0, gap=max(options.gap, CRICUT_GAP),
                   arrangement="gap", backs="none", crop_marks=False, cut_lines=False), notes


def mark_boxes(page_w: float, page_h: float, marks: SilhouetteMarks = SILHOUETTE) -> dict[str, list[Box]]:
    """The Type 1 marks on a ``page_w`` x ``page_h`` mm page as filled rectangles (mm, y up):
    ``square`` (top-left), ``top-right`` and ``bottom-left`` (an L each: horizontal arm, vertical arm)."""
    i, n, t, s = marks.inset, marks.length, marks.thickness, marks.square
    top, right = page_h - i, page_w - i
    return {
        "square": [Box(i, top - s, s, s)],
        "top-right": [Box(right - n, top - t, n, t), Box(right - t, top - n, t, n)],
        "bottom-left": [Box(i, i, n, t), Box(i, i, t, n)],
    }


def fit_error(machine: str, error: ParameterError, options: SheetOptions) -> ParameterError:
    """A piece too large for the machine's area, in the machine's words (the planner's advice
    of a smaller margin does not apply: the machine sets it)."""
    text = str(error)
    piece = text.split(" does not fit")[0] if " does not fit" in text else "a piece"
    if machine == "cricut":
        w, h = CRICUT_AREA
        return ParameterError(f"{piece} is larger than Cricut's Print Then Cut image ({_mm(w)} x {_mm(h)} mm, "
                              "6.75 x 9.25 in), the most Design Space prints and then cuts; print it on a plain "
                              "sheet (without --print-then-cut) or use a smaller --size")
    return ParameterError(f"{piece} does not fit the Silhouette area of the {options.page} page "
                          f"({_mm(options.margin)} mm from every edge, clear of the registration marks) with "
                          f"{_mm(options.bleed)} mm bleed; use a larger --page or a smaller --bleed")


class SilhouetteMarker:
    """Draws the Type 1 marks and the Silhouette Studio settings on each front page."""

    def __init__(self, cut_name: str, marks: SilhouetteMarks = SILHOUETTE) -> None:
        self.cut_name = cut_name  # the page's cut file, "<page>" standing for its number
        self.marks = marks
        self.pages: list[tuple[int, float, float]] = []  # (page number, width, height) marked

    def __call__(self, canvas: Canvas, plan: PagePlan, page: int) -> None:
        canvas.saveState()
        canvas.setFillColorRGB(0, 0, 0)
        for boxes in mark_boxes(plan.page_w, plan.page_h, self.marks).values():
            for b in boxes:
                canvas.rect(pt(b.x), pt(b.y), pt(b.w), pt(b.h), stroke=0, fill=1)
        canvas.restoreState()
        m = self.marks
        label = (f"Silhouette Studio: registration marks Type 1, length {m.length:g} mm, thickness "
                 f"{m.thickness:g} mm, inset {m.inset:g} mm; cut file {self.cut_name.replace('<page>', str(page))}")
        x = self.marks.inset + self.marks.length + 4
        draw_page_label(canvas, x, self.marks.inset / 2 - 1, label, size=5.5)
        self.pages.append((page, plan.page_w, plan.page_h))
