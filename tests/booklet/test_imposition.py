"""Saddle-stitch order, worked out by hand, and the imposed PDF itself."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.lib.pagesizes import A4, A5, landscape

from generator.booklet.imposition import impose_pdf, padded_count, saddle_order
from generator.render.fonts import SANS
from generator.render.pdf import make_canvas


def test_eight_pages_fold_into_two_sheets() -> None:
    # sheet 1: front 8|1, back 2|7; sheet 2: front 6|3, back 4|5
    assert saddle_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_twelve_pages_fold_into_three_sheets() -> None:
    assert saddle_order(12) == [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]


def test_short_booklets_are_padded_with_blanks_at_the_end() -> None:
    assert [padded_count(n) for n in (1, 3, 4, 5, 8, 9)] == [4, 4, 4, 8, 8, 12]
    # 5 pages: pages 6, 7, 8 are blank
    assert saddle_order(5) == [(None, 1), (2, None), (None, 3), (4, 5)]


@pytest.mark.parametrize("pages", [4, 8, 12, 16, 20])
def test_every_page_once_and_facing_pages_consecutive(pages: int) -> None:
    sides = saddle_order(pages)
    flat = [p for side in sides for p in side]
    assert sorted(flat) == list(range(1, pages + 1))
    # behind the right-hand page of a front comes the next page, on the left of the back
    for front, back in zip(sides[::2], sides[1::2], strict=True):
        assert back[0] == front[1] + 1  # type: ignore[operator]
        assert front[0] == back[1] + 1  # type: ignore[operator]
    # the outer sheet carries the first and last pages, the middle one the centre spread
    assert sides[0] == (pages, 1) and sides[-1] == (pages // 2, pages // 2 + 1)


def _numbered_pdf(pages: int, folder: Path) -> bytes:
    path = folder / "pages.pdf"
    c = make_canvas(path, A5)
    for n in range(1, pages + 1):
        c.setFont(SANS, 30)
        c.drawString(100, 300, f"P{n}")
        c.showPage()
    c.save()
    return path.read_bytes()


def _halves(path: Path) -> list[tuple[str, str]]:
    """Per sheet side: the page label on the left half and on the right half."""
    out = []
    pdf = pdfium.PdfDocument(str(path))
    for page in pdf:
        width = page.get_width()
        text = page.get_textpage()
        left = text.get_text_bounded(0, 0, width / 2, page.get_height()).strip()
        right = text.get_text_bounded(width / 2, 0, width, page.get_height()).strip()
        out.append((left, right))
    return out


@pytest.mark.parametrize("pages", [8, 12])
def test_imposed_pdf_puts_the_pages_in_saddle_order(tmp_path: Path, pages: int) -> None:
    out = tmp_path / "b.pdf"
    sides = impose_pdf(_numbered_pdf(pages, tmp_path), out, landscape(A4))
    assert sides == pages // 2
    expected = [(f"P{a}", f"P{b}") for a, b in saddle_order(pages)]
    assert _halves(out) == expected
    pdf = pdfium.PdfDocument(str(out))
    assert all(round(p.get_width()) == 842 and round(p.get_height()) == 595 for p in pdf)


def test_padding_pages_stay_blank(tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    impose_pdf(_numbered_pdf(6, tmp_path), out, landscape(A4))
    assert _halves(out) == [("", "P1"), ("P2", ""), ("P6", "P3"), ("P4", "P5")]
