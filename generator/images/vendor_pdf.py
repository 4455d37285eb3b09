"""The print-vendor PDF (DriveThruCards): one card side per page, with bleed.

Every page is the card's cut size plus ``bleed_mm`` (1/8 in) on every side
(MediaBox = BleedBox; the TrimBox is the card's cut box);
each card (as often as its ``copies``) gives two pages in the order
:data:`PAGE_ORDER` — its back, then its face — which is the order
DriveThruCards asks for. It is vector art drawn by the same functions as the
sheets, with the bundled fonts embedded (``make_canvas`` refuses base-14 fonts).
A piece without a back gets a blank back page, so the pages keep alternating.

A print-on-demand upload is one product, one size: ``write_vendor_pdfs`` writes
one PDF per piece size when the pieces mix sizes (a piecepack: tiles, coins, die
nets, pawns), each named by its cut size (``piecepack-dtc-50.8x50.8mm.pdf``).
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
    pdfx: str | None = None,
) -> ImageReport:
    register_fonts()
    printed = with_copies(pieces)
    report = ImageReport(path.parent, "pdf")
    warnings: list[str] = []
    with atomic_write(path) as tmp:
        canvas = make_canvas(tmp, title=title or "deckpress cards", color=color, pdfx=pdfx)
        canvas.setSubject(f"print-vendor PDF: one card side per page, {bleed_mm:g} mm bleed, "
                          f"pages {' then '.join(PAGE_ORDER)}")
        for done, piece in enumerate(printed, 1):
            b, cut_w, cut_h = pt(bleed_mm), pt(piece.width), pt(piece.height)
            for side in PAGE_ORDER:
                draw_side(canvas, piece, side, bleed_mm)
                note = getattr(canvas, "note_piece", None)  # a CMYK canvas: preflight names the card
                if note is not None:
                    note(f"{piece.id} ({side})", (b, b, b + cut_w, b + cut_h))
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
    inks = (f"CMYK, {pdfx or 'PDF/X-1a:2001'} with a SWOP output intent (see docs/images.md)" if color == "cmyk"
            else "RGB: DriveThruCards converts to CMYK (--color cmyk writes CMYK)")
    report.notes.append(f"{len(printed)} cards, {2 * len(printed)} pages ({' / '.join(PAGE_ORDER)}), "
                        f"{bleed_mm:g} mm bleed; {inks}")
    return report


def size_name(width: float, height: float) -> str:
    """A cut size as it appears in a file name: ``63.5x88.9mm``."""
    return f"{round(width, 2):g}x{round(height, 2):g}mm"


def write_vendor_pdfs(
    pieces: Sequence[Piece],
    out_dir: Path,
    stem: str,
    bleed_mm: float,
    *,
    title: str = "",
    progress: Progress | None = None,
    color: str = "rgb",
    pdfx: str | None = None,
) -> ImageReport:
    """``out_dir/<stem>.pdf`` for pieces of one size; one ``<stem>-<W>x<H>mm.pdf`` per size
    (in the order the sizes first appear) when they mix sizes."""
    groups: dict[tuple[float, float], list[Piece]] = {}
    for piece in pieces:
        groups.setdefault((round(piece.width, 2), round(piece.height, 2)), []).append(piece)
    if len(groups) == 1:
        return write_vendor_pdf(pieces, out_dir / f"{stem}.pdf", bleed_mm, title=title, progress=progress,
                                color=color, pdfx=pdfx)
    total = len(with_copies(pieces))
    merged = ImageReport(out_dir, "pdf")
    done = 0
    for (w, h), group in groups.items():
        offset = done

        def step(n: int, _total: int, offset: int = offset) -> None:
            if progress is not None:
                progress(offset + n, total)

        path = out_dir / f"{stem}-{size_name(w, h)}.pdf"
        report = write_vendor_pdf(group, path, bleed_mm, title=f"{title} {size_name(w, h)}".strip(),
                                  progress=step, color=color, pdfx=pdfx)
        merged.files += report.files
        merged.rendered += report.rendered
        merged.warnings += [x for x in report.warnings if x not in merged.warnings]
        merged.notes += [f"{path.name}: {note}" for note in report.notes]
        done += len(with_copies(group))
    merged.notes.insert(0, f"{len(groups)} piece sizes: one PDF per size (a print-on-demand upload is one "
                           "product size)")
    return merged
