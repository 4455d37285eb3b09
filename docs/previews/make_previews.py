"""Regenerate the README previews: three card fronts and a back per bundled layout.

Run from the repository root: .venv/bin/python docs/previews/make_previews.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from generator.deck import resolve_deck
from generator.render.cards import card_pieces, render_piece_pdf

HERE = Path(__file__).parent
PICKS = {
    "weiji": ("lighting", ["L01", "L08", "L13"]),
    "viashi": ("viashi", ["winds-1", "flames-7", "gods-2"]),
    "standard52": ("standard52", ["AS", "10H", "QD"]),
}
SCALE = 2.2  # 158 dpi: a poker card is about 395 px tall
GAP = 16


def _raster(piece, side: str, folder: Path) -> Image.Image:  # type: ignore[no-untyped-def]
    pdf_path = folder / f"{piece.id}-{side}.pdf"
    render_piece_pdf(piece, pdf_path, 0.0, side=side)
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return pdf[0].render(scale=SCALE).to_pil().convert("RGB")
    finally:
        pdf.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for layout, (deck_name, ids) in PICKS.items():
            pieces = {p.id: p for p in card_pieces(resolve_deck(deck_name))}
            images = [_raster(pieces[i], "front", folder) for i in ids]
            images.append(_raster(pieces[ids[0]], "back", folder))
            w = sum(i.width for i in images) + GAP * (len(images) + 1)
            h = max(i.height for i in images) + 2 * GAP
            sheet = Image.new("RGB", (w, h), (236, 236, 232))
            x = GAP
            for image in images:
                sheet.paste(image, (x, GAP))
                x += image.width + GAP
            sheet = sheet.quantize(colors=128, method=Image.Quantize.MEDIANCUT)
            sheet.save(HERE / f"cards-{layout}.png", optimize=True)


if __name__ == "__main__":
    main()
