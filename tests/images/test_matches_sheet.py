"""One drawing path: an exported image is the same card cut out of the rasterised sheet."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from generator.deck.model import Deck
from generator.images import export_images
from generator.images.rasterise import MM_PER_INCH, render_pdf_file
from generator.render.cards import card_pieces
from generator.render.sheet import SheetOptions, write_sheets
from generator.render.sheet_plan import choose_plan

DPI = 150


def _cut_from_sheet(sheet: Image.Image, page_h_mm: float, x: float, y: float, w: float, h: float,
                    size: tuple[int, int]) -> Image.Image:
    """The box (mm, PDF origin lower-left) of the sheet image, resampled to ``size``."""
    px = DPI / MM_PER_INCH
    box = (x * px, (page_h_mm - y - h) * px, (x + w) * px, (page_h_mm - y) * px)
    return sheet.transform(size, Image.Transform.EXTENT, box, Image.Resampling.BILINEAR)


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


def test_exported_card_matches_the_card_on_the_sheet(tmp_path: Path, tiny_deck: Deck) -> None:
    options = SheetOptions(page="a4", bleed=3.175, arrangement="gap", crop_marks=False)
    sheet_pdf = tmp_path / "sheet.pdf"
    write_sheets(card_pieces(tiny_deck), sheet_pdf, options)
    sheet = render_pdf_file(str(sheet_pdf), 0, DPI)
    plan, _ = choose_plan(63.5, 88.9, options)
    for bleed in (False, True):
        out = tmp_path / f"bleed-{bleed}"
        export_images(tiny_deck, out, dpi=DPI, bleed=bleed)
        for card_id in ["winds-1", "flames-2"]:
            slot = plan.front_slots[[c.id for c in tiny_deck.cards].index(card_id)]
            c = slot.cut
            b = 3.175 if bleed else 0.0
            with Image.open(out / f"{card_id}.png") as exported:
                cut = _cut_from_sheet(sheet, plan.page_h, c.x - b, c.y - b, c.w + 2 * b,
                                      c.h + 2 * b, exported.size)
                diff = _mean_difference(exported, cut)
            assert diff < 3.0, f"{card_id} (bleed {bleed}): mean difference {diff:.2f} of 255"
        # and a different card does not match: the check has teeth
        with Image.open(out / "winds-1.png") as one, Image.open(out / "flames-1.png") as other:
            assert _mean_difference(one, other) > 10
