"""QA rendering defects, each checked in the produced PDF: back images, calibration scale
labels, pips at mini size, round back emblems on other card shapes, fold-back orientation,
crop marks on one-sided back pages, and the cards-vs-tiles message."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pymupdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from generator.deck import resolve_deck
from generator.deck.model import Back, CardSize, Deck
from generator.errors import ParameterError
from generator.render.calibrate import write_calibration
from generator.render.cards import card_pieces, render_piece_pdf, write_card_sheets
from generator.render.sheet import SheetOptions, write_sheets

from .conftest import MM, MarkerPiece, page_text, text_origin

BLUE = (20, 120, 220)
ORANGE = (240, 140, 20)


def _pixel(path: Path, page: int, x_mm: float, y_mm: float, dpi: int = 50) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the page's top-left corner."""
    doc = pymupdf.open(str(path))
    try:
        pix = doc[page].get_pixmap(dpi=dpi)
        k = dpi / 25.4
        return pix.pixel(min(pix.width - 1, int(x_mm * k)), min(pix.height - 1, int(y_mm * k)))
    finally:
        doc.close()


def _near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def _overlap(a: pymupdf.Rect, b: pymupdf.Rect, tol: float = 0.0) -> bool:
    return a.x0 < b.x1 - tol and b.x0 < a.x1 - tol and a.y0 < b.y1 - tol and b.y0 < a.y1 - tol


# 1. back.image ------------------------------------------------------------------------------

def test_a_deck_back_image_covers_the_back_with_bleed_and_replaces_the_designed_back(
    tmp_path: Path, tiny_weiji: Deck
) -> None:
    art = tmp_path / "back.png"
    Image.new("RGB", (60, 84), BLUE).save(art)
    own = tmp_path / "own.png"
    Image.new("RGB", (60, 84), ORANGE).save(own)
    cards = (tiny_weiji.cards[0], replace(tiny_weiji.cards[1], fields={"back_image": str(own)}),
             *tiny_weiji.cards[2:])
    deck = replace(tiny_weiji, cards=cards, back=Back(text="TINY", color="#2E7D9A", image=art))
    pieces = {p.id: p for p in card_pieces(deck)}
    for ident, colour in (("P1", BLUE), ("P2", ORANGE)):
        out = tmp_path / f"{ident}.pdf"
        render_piece_pdf(pieces[ident], out, 3.0, side="back")  # 69.5 x 94.9 mm with bleed
        assert "TINY" not in page_text(out)  # the designed back is not drawn under the image
        for x, y in ((0.5, 0.5), (69, 0.5), (0.5, 94.4), (69, 94.4), (34.75, 45)):  # bleed and middle
            assert _near(_pixel(out, 0, x, y), colour), (ident, x, y)
    # without an image the designed back is still there
    plain = tmp_path / "plain.pdf"
    render_piece_pdf(card_pieces(tiny_weiji)[0], plain, 3.0, side="back")
    assert "TINY" in page_text(plain)
    assert not _near(_pixel(plain, 0, 34.75, 45), BLUE)


def test_a_back_image_shows_on_the_back_page_of_a_duplex_sheet(tmp_path: Path, tiny_weiji: Deck) -> None:
    art = tmp_path / "back.png"
    Image.new("RGB", (60, 84), BLUE).save(art)
    deck = replace(tiny_weiji, back=Back(text="TINY", color="#2E7D9A", image=art))
    out = tmp_path / "d.pdf"
    write_card_sheets(deck, out, SheetOptions(backs="duplex-long"))
    doc = pymupdf.open(str(out))
    try:
        assert len(doc[1].get_images()) == 1  # one image, drawn behind every card
        assert "TINY" not in doc[1].get_text()
    finally:
        doc.close()


# 2. calibration scales ----------------------------------------------------------------------

def _glyph_words(path: Path, page: int, height: float) -> list[tuple[pymupdf.Rect, str]]:
    """Every word with the tight box of its glyphs (not the font's line box), top-down points."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        text = pdf[page].get_textpage()
        content = text.get_text_range()
        out: list[tuple[pymupdf.Rect, str]] = []
        word, box = "", None
        for i, ch in enumerate(content + " "):
            if ch.isspace():
                if word and box is not None:
                    out.append((box, word))
                word, box = "", None
                continue
            left, bottom, right, top = text.get_charbox(i, loose=False)
            glyph = pymupdf.Rect(left, height - top, right, height - bottom)
            word, box = word + ch, glyph if box is None else box | glyph
        return out
    finally:
        pdf.close()


def test_calibration_scale_labels_are_legible_and_clear_of_each_other_and_every_tick(
    tmp_path: Path,
) -> None:
    out = tmp_path / "cal.pdf"
    write_calibration(out)
    doc = pymupdf.open(str(out))
    try:
        page = doc[1]
        labels = [(r, t) for r, t in _glyph_words(out, 1, page.rect.height)
                  if t.lstrip("+-").isdigit()]
        assert len(labels) >= 5 * 5  # five targets, each scale labelled at least at -5, 0, +5
        assert {"-5", "0", "+5"} <= {t for _, t in labels}
        for i, (a, ta) in enumerate(labels):
            for b, tb in labels[i + 1:]:
                assert not _overlap(a, b), (ta, a, tb, b)
        lines = [pymupdf.Rect(item[1], item[2]).normalize()
                 for d in page.get_drawings() for item in d["items"] if item[0] == "l"]
        assert len(lines) >= 5 * 2 * 11  # a tick every mm on both scales
        for rect, text in labels:
            for line in lines:
                assert not _overlap(rect, line, tol=0.05), (text, rect, line)
    finally:
        doc.close()


# 3. pips ------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [CardSize("mini", 44.5, 63.5), CardSize("poker", 63.5, 88.9)])
def test_standard52_pips_never_overlap(tmp_path: Path, size: CardSize) -> None:
    pieces = {p.id: p for p in card_pieces(resolve_deck("standard52"), size=size)}
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10"):
        out = tmp_path / f"{rank}.pdf"
        render_piece_pdf(pieces[f"{rank}S"], out, 0.0)
        doc = pymupdf.open(str(out))
        try:
            shapes = [d["rect"] for d in doc[0].get_drawings()
                      if d["type"] == "f" and d.get("fill") != (1.0, 1.0, 1.0)]
        finally:
            doc.close()
        biggest = max(r.width for r in shapes)
        pips = [r for r in shapes if r.width > biggest - 0.5]  # the corner indices are smaller
        assert len(pips) == int(rank)
        for i, a in enumerate(pips):
            for b in pips[i + 1:]:
                assert not _overlap(a, b), (size.name, rank, a, b)


# 4. round back emblems ----------------------------------------------------------------------

@pytest.mark.parametrize("size", [CardSize("tall", 70, 120), CardSize("wide", 88.9, 63.5),
                                  CardSize("poker", 63.5, 88.9)])
def test_the_back_medallion_and_ring_stay_round_and_centred_on_any_card(
    tmp_path: Path, size: CardSize
) -> None:
    out = tmp_path / "back.pdf"
    render_piece_pdf(card_pieces(resolve_deck("eagle"), size=size)[0], out, 0.0, side="back")
    doc = pymupdf.open(str(out))
    try:
        page = doc[0]
        card = page.rect
        drawings = page.get_drawings()
    finally:
        doc.close()
    back = drawings[0]  # the background, over the whole card
    assert back["rect"].width == pytest.approx(card.width, abs=0.5)
    medallion = [d["rect"] for d in drawings[1:]
                 if d["type"] == "f" and d.get("fill") == back["fill"] and d["rect"].width < card.width * 0.8]
    ring = [d["rect"] for d in drawings
            if d["type"] == "s" and d["rect"].width < card.width * 0.8 and len(d["items"]) < 20]
    assert medallion and ring
    centre = (medallion[0].x0 + medallion[0].x1) / 2, (medallion[0].y0 + medallion[0].y1) / 2
    for r in (*medallion, *ring):
        assert r.width == pytest.approx(r.height, abs=0.5)  # a circle, not a rounded box
        assert (r.x0 + r.x1) / 2 == pytest.approx(card.width / 2, abs=0.5)
        assert (r.y0 + r.y1) / 2 == pytest.approx(centre[1], abs=0.5)  # ring round the medallion


# 5. fold backs ------------------------------------------------------------------------------

def _text_matrix(path: Path, page: int, needle: str) -> tuple[float, ...]:
    pdf = pdfium.PdfDocument(str(path))
    try:
        text = pdf[page].get_textpage()
        index = text.get_text_range().index(needle)
        return tuple(text.get_textobj(index).get_matrix().get())
    finally:
        pdf.close()


def test_backs_across_a_horizontal_fold_are_turned_180_and_across_a_vertical_one_upright(
    tmp_path: Path,
) -> None:
    # gap arrangement on A4: one row of 4 above a horizontal fold at y = 105 mm
    horizontal = tmp_path / "h.pdf"
    write_sheets([MarkerPiece(str(i)) for i in range(1, 5)], horizontal,
                 SheetOptions(backs="fold", arrangement="gap"))
    for ident in "14":
        a, b, c, d = _text_matrix(horizontal, 0, f"F{ident}")[:4]
        assert (a, d) == pytest.approx((1, 1)) and (b, c) == pytest.approx((0, 0))
        a, b, c, d = _text_matrix(horizontal, 0, f"B{ident}")[:4]
        assert (a, d) == pytest.approx((-1, -1)) and (b, c) == pytest.approx((0, 0))  # upside down
        fx, fy = text_origin(horizontal, 0, f"F{ident}")  # type: ignore[misc]
        bx, by = text_origin(horizontal, 0, f"B{ident}")  # type: ignore[misc]
        front_x, front_y = fx - 5, fy - 5  # the front's cut box, lower-left
        back_y = 210 - front_y - 88.9  # the back's cut box: the front's reflected across y = 105
        # the back's "lower-left" (5, 5) mm, turned 180 degrees about the card's centre
        assert bx == pytest.approx(front_x + 63.5 - 5, abs=0.02)
        assert by == pytest.approx(back_y + 88.9 - 5, abs=0.02)
    # touching arrangement: A4 landscape, a vertical fold; backs upright, mirrored in place
    vertical = tmp_path / "v.pdf"
    write_sheets([MarkerPiece(str(i)) for i in range(1, 5)], vertical,
                 SheetOptions(backs="fold", arrangement="touching"))
    for ident in "14":
        a, b, c, d = _text_matrix(vertical, 0, f"B{ident}")[:4]
        assert (a, d) == pytest.approx((1, 1)) and (b, c) == pytest.approx((0, 0))


# 6. one-sided pieces: no crop marks where no back is printed ---------------------------------

def _marks(path: Path, page: int) -> tuple[list[pymupdf.Rect], pymupdf.Rect | None, float]:
    """Solid stroked lines (crop marks), the dashed fold line if any, and the page height."""
    doc = pymupdf.open(str(path))
    try:
        marks, fold = [], None
        for d in doc[page].get_drawings():
            if d["type"] != "s":
                continue
            lines = [pymupdf.Rect(i[1], i[2]).normalize() for i in d["items"] if i[0] == "l"]
            if d.get("dashes") and d["dashes"].strip() not in ("[] 0", "[]0", "[ ] 0"):
                fold = lines[0]
            else:
                marks += lines
        return marks, fold, doc[page].rect.height
    finally:
        doc.close()


def _beyond(m: pymupdf.Rect, fold: pymupdf.Rect | None) -> bool:
    """Is the mark on the backs' side of the fold (always, on a duplex back page)?"""
    if fold is None:
        return True
    return m.x0 > fold.x0 if fold.width < 0.01 else m.y0 > fold.y0


@pytest.mark.parametrize("backs", ["duplex-long", "fold"])
def test_a_back_page_has_crop_marks_only_around_printed_backs(tmp_path: Path, backs: str) -> None:
    page = 1 if backs == "duplex-long" else 0
    one_sided = tmp_path / "one.pdf"
    write_sheets([MarkerPiece(str(i), double_sided=False) for i in range(1, 4)], one_sided,
                 SheetOptions(backs=backs))
    assert _marks(one_sided, 0)[0]  # the fronts have theirs
    if backs == "fold":
        marks, fold, _ = _marks(one_sided, page)
        assert fold is not None
        assert [m for m in marks if _beyond(m, fold)] == []  # no back printed: no marks
    else:  # no back printed: no (blank) back page at all
        assert len(pymupdf.open(one_sided)) == 1
    mixed = tmp_path / "mixed.pdf"
    pieces = [MarkerPiece("1"), MarkerPiece("2", double_sided=False), MarkerPiece("3", double_sided=False)]
    write_sheets(pieces, mixed, SheetOptions(backs=backs))
    bx, by = text_origin(mixed, page, "B1")  # type: ignore[misc]
    if _text_matrix(mixed, page, "B1")[0] < 0:  # turned 180 degrees: (5, 5) from the top right
        bx, by = bx + 10 - 63.5, by + 10 - 88.9
    marks, fold, top = _marks(mixed, page)
    # B1's cut box, in PyMuPDF's top-down points
    left, right = (bx - 5) * MM, (bx - 5 + 63.5) * MM
    low, high = top - (by - 5 + 88.9) * MM, top - (by - 5) * MM
    backs_marks = [m for m in marks if _beyond(m, fold)]
    assert backs_marks
    for m in backs_marks:  # every mark on the backs' side lies on one of B1's cut lines
        on_x = m.width < 0.01 and min(abs(m.x0 - left), abs(m.x0 - right)) < 0.05
        on_y = m.height < 0.01 and min(abs(m.y0 - low), abs(m.y0 - high)) < 0.05
        assert on_x or on_y, m


# 7. piecepack is not a card deck ------------------------------------------------------------

def test_printing_a_piecepack_as_cards_points_to_deckpress_tiles() -> None:
    with pytest.raises(ParameterError, match="deckpress tiles piecepack"):
        card_pieces(resolve_deck("piecepack"))
