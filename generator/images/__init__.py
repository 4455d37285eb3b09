"""Card images for print vendors and virtual tabletops (``deckpress images``).

Small files, data flowing one way:

- options.py / presets.py: validated options, vendor figures (tgc, mpc, dtc, tts);
- pages.py: one piece side on a page of its own (the same vector drawing as the sheets);
- rasterise.py: pypdfium2, pages to exact pixel sizes;
- work.py: many sides in chunks, in worker processes when it pays;
- files.py: names from card ids, DPI metadata, transparent corners, atomic writes;
- export.py: one file per face and back; tts.py: deck sheets; vendor_pdf.py: the vendor PDF.
"""

from .export import deck_pieces, export_images, export_pieces
from .options import FORMATS, ImageOptions
from .presets import PRESETS, ExportPlan, plan_export
from .report import ImageReport

__all__ = [
    "FORMATS",
    "PRESETS",
    "ExportPlan",
    "ImageOptions",
    "ImageReport",
    "deck_pieces",
    "export_images",
    "export_pieces",
    "plan_export",
]
