"""Cricut Print Then Cut images (``--print-then-cut cricut``): each page of the Cricut sheet PDF
(render/print_then_cut.py: 6.75 x 9.25 in, pieces at their cut size) as a PNG whose pixels
outside the pieces' cut outlines (rounded corners, round coins, die nets and pawns included) are transparent.

Design Space traces an uploaded image's opaque outline as the cut path and prints its own
registration marks around it, so the alpha channel *is* the cut: it is drawn from the same cut
shapes the cut files are written from (``cut_file.CutPage``), not from the artwork, so a card
with white or unpainted edges is still cut on its cut line. The PNG records its DPI
(``CRICUT_DPI``); the designer sets the image's size in Design Space to the size the command
prints (docs/images.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw

from ..render.atomic import atomic_write
from ..render.cut_file import CutPage, CutShape
from ..render.print_then_cut import CRICUT_DPI
from .rasterise import MM_PER_INCH, pixels, render_page


def image_path(pdf: Path, number: int) -> Path:
    """``cards.pdf`` page 1 -> ``cards-cricut-1.png``."""
    return pdf.with_name(f"{pdf.stem}-cricut-{number}.png")


def cut_mask(page: CutPage, size: tuple[int, int], dpi: float) -> Image.Image:
    """An 8-bit mask of ``size`` px: 255 inside every cut shape of ``page``, 0 outside."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    scale = dpi / MM_PER_INCH

    def box(shape: CutShape) -> tuple[float, float, float, float]:
        # PDF y points up, image rows down; the last pixel inside is at right/bottom - 1
        return (shape.x * scale, (page.height - shape.y - shape.h) * scale,
                (shape.x + shape.w) * scale - 1, (page.height - shape.y) * scale - 1)

    for shape in page.shapes:
        if shape.circle:
            d = min(shape.w, shape.h)
            cx, cy = shape.x + shape.w / 2, shape.y + shape.h / 2
            circle = CutShape(shape.piece, cx - d / 2, cy - d / 2, d, d)
            draw.ellipse(box(circle), fill=255)
        elif shape.points:  # a die net, a pawn: its own outline
            draw.polygon([(x * scale, (page.height - y) * scale) for x, y in shape.points], fill=255)
        elif shape.r > 0:
            draw.rounded_rectangle(box(shape), radius=shape.r * scale, fill=255)
        else:
            draw.rectangle(box(shape), fill=255)
    return mask


def write_cricut_images(pdf: Path, pages: Sequence[CutPage], dpi: float = CRICUT_DPI) -> list[Path]:
    """One transparent-background PNG per page of the Cricut sheet ``pdf``, beside it."""
    written: list[Path] = []
    document = pdfium.PdfDocument(str(pdf))
    try:
        for index, page in enumerate(pages):
            size = (pixels(page.width, dpi), pixels(page.height, dpi))
            pdf_page = document[index]
            try:
                image = render_page(pdf_page, *size).convert("RGBA")
            finally:
                pdf_page.close()
            image.putalpha(cut_mask(page, size, dpi))
            path = image_path(pdf, page.number)
            with atomic_write(path) as tmp:
                image.save(tmp, format="PNG", dpi=(dpi, dpi))
            written.append(path)
    finally:
        document.close()
    return written
