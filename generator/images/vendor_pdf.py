"""The print-vendor PDF (DriveThruCards): one card side per page, with bleed.

Every page is the card's cut size plus ``bleed_mm`` (1/8 in) on every side
(MediaBox = BleedBox; the TrimBox is the card's cut box);
each card (as often as its ``copies``) gives two pages in the order
:data:`PAGE_ORDER` — its back, then its face — which is the order
DriveThruCards asks for. It is vector art drawn by the same functions as the
sheets, with the bundled fonts embedded (``make_canvas`` refuses base-14 fonts).
A piece without a back gets a blank back page, so the pages keep alternating.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..render.atomic import atomic_write
from ..render.fonts import register_fonts
from ..render.geometry import pt
from ..render.pdf import make_canvas, set_page_boxes
from ..render.piece import Piece
from ..render.sheet import with_copies
from .pages import draw_side
from .report import ImageReport
from .work import Progress

PAGE_ORDER = ("back", "front")


def write_vendor_pdf(
    pieces: Sequence[Piece],
    path: Path,
    bleed_mm: float,
    *,
    title: str = "",
    progress: Progress | None = None,
    color: str = "rgb",
) -> ImageReport:
    register_fonts()
    printed = with_copies(pieces)
    report = ImageReport(path.parent, "pdf")
    warnings: list[str] = []
    with atomic_write(path) as tmp:
        canvas = make_canvas(tmp, title=title or "deckpress cards", color=color)
        canvas.setSubject(f"print-vendor PDF: one card side per page, {bleed_mm:g} mm bleed, "
                          f"pages {' then '.join(PAGE_ORDER)}")
        for done, piece in enumerate(printed, 1):
            b, cut_w, cut_h = pt(bleed_mm), pt(piece.width), pt(piece.height)
            for side in PAGE_ORDER:
                draw_side(canvas, piece, side, bleed_mm)
                set_page_boxes(canvas, (b, b, b + cut_w, b + cut_h), (0, 0, cut_w + 2 * b, cut_h + 2 * b))
                canvas.showPage()
            for w in getattr(piece, "warnings", ()):
                if w not in warnings:
                    warnings.append(w)
            if progress is not None:
                progress(done, len(printed))
        canvas.save()
    report.files.append(path)
    report.rendered = 2 * len(printed)
    report.warnings = warnings
    inks = ("CMYK with a PDF/X-1a output intent (see docs/images.md)" if color == "cmyk"
            else "RGB: DriveThruCards converts to CMYK (--color cmyk writes CMYK)")
    report.notes.append(f"{len(printed)} cards, {2 * len(printed)} pages ({' / '.join(PAGE_ORDER)}), "
                        f"{bleed_mm:g} mm bleed; {inks}")
    return report
