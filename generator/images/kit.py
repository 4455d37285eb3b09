"""Vendor upload kits: what a print-on-demand upload form asks for, beside the
images (``deckpress images DECK --preset tgc|mpc|dtc``).

- ``quantities.csv``: one row per card: ``card``, ``name``, ``front``, ``back``
  (the files to upload; the vendor PDF and its pages for DTC) and ``count`` (the
  card's ``copies:``). The counts add up to the deck's printed size.
- ``UPLOAD.md``: the upload steps for that vendor, with the sizes used (pixels,
  DPI, trim, bleed) and the deck's card count.

File names follow the vendors' conventions where they have them: The Game
Crafter and MakePlayingCards take one image per card face, any name, so the file
is the card's id (``E01.png``) and its back ``E01-back.png`` (or one shared
``back.png``), and the quantity is set per image in the form; DriveThruCards
takes one PDF with back and front pages alternating.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

from ..render.atomic import atomic_write
from ..render.piece import Piece
from .files import file_stems
from .options import ImageOptions
from .presets import Preset
from .rasterise import MM_PER_INCH, pixel_size
from .report import ImageReport
from .vendor_pdf import size_name

STEPS = {
    "tgc": (
        "1. In The Game Crafter's workshop, make a new game, then add a deck of the card size above "
        "(a Poker Deck for poker cards).",
        "2. Upload the face images (one per card; the file name is the card's id). Upload the back "
        "image as the deck's back (or each card's own back where `quantities.csv` names one).",
        "3. Set each card's quantity from the `count` column of `quantities.csv`.",
        "4. Check the proofs: the images include 1/8 in (3.175 mm) of bleed; keep text inside the "
        "safe area (another 1/8 in inside the trim).",
    ),
    "mpc": (
        "1. On MakePlayingCards, choose the card stock and the size above, then \"Custom cards\" with "
        "\"different images\" for the faces.",
        "2. Upload the face images (the file name is the card's id) and set each image's quantity "
        "from the `count` column of `quantities.csv`; the total must match the deck size you chose.",
        "3. Upload the back (`back.png`, the same back for all) or each card's back.",
        "4. The images include MakePlayingCards' 36 px bleed at 300 dpi; keep text inside the safe area.",
    ),
    "dtc": (
        "1. On DriveThruCards, create a card product of the size above.",
        "2. Upload the PDF: one card side per page at the trim size plus 1/8 in bleed, back and "
        "front alternating, fonts embedded (TrimBox and BleedBox set on every page).",
        "3. The deck needs as many cards as the `count` column of `quantities.csv` adds up to: a card "
        "with a count above 1 appears that many times in the PDF.",
        "4. Run `deckpress preflight` on the PDF before uploading, if you want the checks a print "
        "shop makes.",
    ),
}


def _rows(pieces: Sequence[Piece], report: ImageReport, options: ImageOptions) -> list[list[str]]:
    first: dict[str, Piece] = {}
    for piece in pieces:
        first.setdefault(piece.id, piece)  # one row per id, as one image per id
    cards = list(first.values())
    written = {p.name for p in report.files}
    rows = []
    if report.output == "pdf":
        pdfs = [p.name for p in report.files if p.suffix == ".pdf"]
        for p in cards:
            sized = [n for n in pdfs if n.endswith(f"-{size_name(p.width, p.height)}.pdf")]  # one PDF per size
            pdf = sized[0] if sized else (pdfs[0] if pdfs else "")
            rows.append([p.id, str(getattr(p, "name", p.id)), pdf, "", str(getattr(p, "copies", 1))])
        return rows
    stems = file_stems([p.id for p in cards])
    ext = options.format
    shared = sorted(n for n in written if n.endswith(f"back.{ext}") and not any(n == f"{s}-back.{ext}" for s in stems))
    for p, stem in zip(cards, stems, strict=True):
        own = f"{stem}-back.{ext}"
        back = own if own in written else (shared[0] if shared and options.backs else "")
        rows.append([p.id, str(getattr(p, "name", p.id)), f"{stem}.{ext}", back, str(getattr(p, "copies", 1))])
    return rows


def language_name(lang: str) -> str:
    """``fr`` as "French (fr)" (Babel's CLDR names), the code alone where Babel has none."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(lang.replace("-", "_")).get_display_name("en")
    except (ValueError, UnknownLocaleError):
        return lang
    return f"{name} ({lang})" if name else lang


def write_kit(pieces: Sequence[Piece], report: ImageReport, preset: Preset, options: ImageOptions,
              title: str, language: str = "") -> list[Path]:
    """Write ``quantities.csv`` and ``UPLOAD.md`` into the export folder; ``language``: the
    language of a deck that declares several, named in the title and the first lines."""
    rows = _rows(pieces, report, options)
    out = report.out_dir
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["card", "name", "front", "back", "count"])
    writer.writerows(rows)
    quantities = out / "quantities.csv"
    with atomic_write(quantities) as tmp:
        tmp.write_text(buffer.getvalue(), encoding="utf-8")
    total = sum(int(r[4]) for r in rows)
    sizes = sorted({(round(p.width, 2), round(p.height, 2)) for p in pieces})
    bleed = options.bleed_mm if preset.bleed_mm is not None else 0.0
    size_lines = []
    for w, h in sizes:
        line = f"- trim {w:g} x {h:g} mm ({w / MM_PER_INCH:.3f} x {h / MM_PER_INCH:.3f} in)"
        if preset.output == "pdf":
            line += f"; pages {w + 2 * bleed:g} x {h + 2 * bleed:g} mm with {bleed:g} mm bleed"
        else:
            px = pixel_size(w, h, options.dpi, bleed)
            line += f"; images {px[0]} x {px[1]} px at {options.dpi:g} dpi with {bleed:.3f} mm bleed"
        size_lines.append(line)
    edition = ([f"**Language: {language_name(language)}.** These files print the deck's text in this language; "
                "each language is a product of its own on the printer's site (upload it separately).", ""]
               if language else [])
    text = "\n".join([
        f"# Uploading {title} to {preset.title}" + (f" ({language_name(language)})" if language else ""),
        "",
        *edition,
        f"Made by `deckpress images --preset {preset.name}`: {len(rows)} different cards, {total} cards in all "
        "(the `count` column of `quantities.csv`, from the deck's `copies:`).",
        "",
        "## Sizes",
        "",
        *size_lines,
        "",
        "## Steps",
        "",
        *STEPS[preset.name],
        "",
    ])
    upload = out / "UPLOAD.md"
    with atomic_write(upload) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return [quantities, upload]
