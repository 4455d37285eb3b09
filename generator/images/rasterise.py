"""Rasterise PDF pages to exact pixel sizes with pypdfium2.

``render_page(page, width_px, height_px)`` maps the whole page onto a bitmap
of exactly that size (pypdfium2's ``render(scale=)`` rounds the size up, which
would add a white pixel row now and then). ``pixel_size`` says how many pixels
a length in mm covers at a DPI, the one rounding rule every output shares.
"""

from __future__ import annotations

from collections.abc import Iterator

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

MM_PER_INCH = 25.4


def pixels(mm: float, dpi: float) -> int:
    """Whole pixels covering ``mm`` at ``dpi`` (rounded to nearest)."""
    return max(1, round(mm / MM_PER_INCH * dpi))


def pixel_size(width_mm: float, height_mm: float, dpi: float, bleed_mm: float = 0.0) -> tuple[int, int]:
    """Pixel size of a ``width_mm`` x ``height_mm`` cut box plus ``bleed_mm`` on every side.

    The whole extent is rounded once: a poker card with 1/8 in bleed at 300 dpi is
    825 x 1125 px (The Game Crafter's template), not 826 x 1126.
    """
    return pixels(width_mm + 2 * bleed_mm, dpi), pixels(height_mm + 2 * bleed_mm, dpi)


def render_page(page: pdfium.PdfPage, width_px: int, height_px: int) -> Image.Image:
    """The page scaled onto an RGB image of exactly ``width_px`` x ``height_px``."""
    bitmap = pdfium.PdfBitmap.new_native(width_px, height_px, pdfium_c.FPDFBitmap_BGR,
                                         rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width_px, height_px)
    flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width_px, height_px, 0, flags)
    image = bitmap.to_pil().convert("RGB")  # copy out of pdfium's buffer
    bitmap.close()
    return image


def render_document(data: bytes, sizes: list[tuple[int, int]]) -> Iterator[Image.Image]:
    """Each page of the PDF ``data`` at its pixel size, in order."""
    pdf = pdfium.PdfDocument(data)
    try:
        if len(pdf) != len(sizes):
            raise ValueError(f"{len(pdf)} pages but {len(sizes)} sizes")
        for index, (w, h) in enumerate(sizes):
            page = pdf[index]
            try:
                yield render_page(page, w, h)
            finally:
                page.close()
    finally:
        pdf.close()


def render_pdf_file(path: str, page_index: int, dpi: float) -> Image.Image:
    """One page of a PDF file at ``dpi`` (size rounded like :func:`pixels`); for checks and tests."""
    pdf = pdfium.PdfDocument(path)
    try:
        page = pdf[page_index]
        w_pt, h_pt = page.get_size()
        image = render_page(page, pixels(w_pt * MM_PER_INCH / 72, dpi), pixels(h_pt * MM_PER_INCH / 72, dpi))
        page.close()
        return image
    finally:
        pdf.close()
