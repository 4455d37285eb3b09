"""PNG files of the report's charts: each drawing is rendered as a one-page
PDF (ReportLab) and rasterised with pypdfium2 (ReportLab's renderPM needs an
optional C extension that is often missing)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2 as pdfium
from reportlab.graphics import renderPDF

from ..render.atomic import atomic_write

if TYPE_CHECKING:
    from .report_figures import Figure

DPI = 150
CHART_NAMES = ("length", "seats", "cards", "ties", "strength", "attributes", "war-grid", "scores")  # every chart a report may have


def write_pngs(figs: list[Figure], folder: Path, dpi: int = DPI) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for fig in figs:
        buffer = io.BytesIO()
        renderPDF.drawToFile(fig.drawing, buffer, fig.title)
        pdf = pdfium.PdfDocument(buffer.getvalue())
        try:
            image = pdf[0].render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil()
        finally:
            pdf.close()
        target = folder / f"{fig.name}.png"
        with atomic_write(target) as tmp:
            image.save(tmp, format="PNG", optimize=True)
        written.append(target)
    for name in CHART_NAMES:  # a chart this report no longer has must not linger from an earlier run
        stale = folder / f"{name}.png"
        if stale not in written:
            stale.unlink(missing_ok=True)
    return written
