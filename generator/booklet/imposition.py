"""Saddle-stitch imposition: booklet pages two-up on landscape sheets.

A booklet of ``n`` pages is padded with blank pages to a multiple of 4. Sheet
``s`` (0-based) carries, on its front, the pages ``N-2s`` (left) and ``2s+1``
(right) and, on its back, ``2s+2`` (left) and ``N-2s-1`` (right), all 1-based.
Printed double-sided with the sheet turned over its short edge (the vertical
fold line), stacked in order and folded, the pages read 1, 2, ..., N.

``saddle_order`` is pure arithmetic; ``impose_pdf`` places the pages of a PDF
with pypdf (page content is reused as is, so fonts stay embedded once).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import ArrayObject, ByteStringObject, NameObject

Side = tuple[int | None, int | None]  # (left page, right page), 1-based; None = blank


def padded_count(pages: int) -> int:
    """``pages`` rounded up to a multiple of 4 (at least 4)."""
    return max(4, -(-pages // 4) * 4)


def saddle_order(pages: int) -> list[Side]:
    """Sheet sides in printing order: front of sheet 1, back of sheet 1, front of sheet 2, ...

    Pages beyond ``pages`` (the padding) are ``None``.
    """
    total = padded_count(pages)

    def real(p: int) -> int | None:
        return p if p <= pages else None

    sides: list[Side] = []
    for s in range(total // 4):
        sides.append((real(total - 2 * s), real(2 * s + 1)))
        sides.append((real(2 * s + 2), real(total - 2 * s - 1)))
    return sides


def impose_pdf(source: bytes, path: Path, sheet: tuple[float, float],
               order: Sequence[Side] | None = None) -> int:
    """Write the pages of ``source`` two-up on ``sheet``-sized (points) pages at ``path``.

    Each half of the sheet is ``sheet[0] / 2`` wide; a page is centred in its half.
    Returns the number of sheet sides written.
    """
    reader = PdfReader(io.BytesIO(source))
    pages = list(reader.pages)
    sides = list(order) if order is not None else saddle_order(len(pages))
    width, height = sheet
    half = width / 2
    writer = PdfWriter()
    for left, right in sides:
        target: PageObject = writer.add_blank_page(width, height)
        for slot, number in enumerate((left, right)):
            if number is None:
                continue
            page = pages[number - 1]
            pw, ph = float(page.mediabox.width), float(page.mediabox.height)
            dx = slot * half + (half - pw) / 2
            dy = (height - ph) / 2
            target.merge_transformed_page(page, Transformation().translate(dx, dy))
        target.compress_content_streams()
        target.trimbox = target.bleedbox = target.mediabox  # the sheet is cut to itself: no bleed
    info = reader.metadata
    if info is not None:  # the source's keys (title, dates, Trapped, the PDF/X version) carry over
        writer.add_metadata({k: v for k, v in info.items() if k != "/Subject"})
    catalog: Any = reader.trailer["/Root"].get_object()
    intents = catalog.get("/OutputIntents")
    if intents is not None:  # a CMYK booklet: its PDF/X output intent and profile
        writer._root_object[NameObject("/OutputIntents")] = intents.get_object().clone(writer)
    digest = hashlib.md5(source, usedforsecurity=False).digest()  # reproducible: the same pages, the same ID
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])
    with path.open("wb") as handle:
        writer.write(handle)
    return len(sides)
