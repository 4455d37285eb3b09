"""Print-shop page boxes and shelf-packed piecepack pages, read back from the PDFs.

TrimBox = the bounding box of the cut boxes printed on a page; BleedBox = the
bounding box of their bleed boxes (the trim grown by the bleed), within the MediaBox.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.render.geometry import Box, Slot
from generator.render.marks import crop_marks
from generator.render.packing import pack_pages
from generator.render.piecepack import piecepack_pieces
from generator.render.sheet import SheetOptions, page_boxes, write_sheets

from .conftest import MarkerPiece, text_origin
from .piecepack_pdf import cut_lines, pieces_on, words

MM = 72 / 25.4
runner = CliRunner()


def _boxes(path: Path) -> list[tuple[list[float] | None, list[float] | None]]:
    out = []
    for page in PdfReader(path).pages:
        trim = [float(v) / MM for v in page["/TrimBox"]] if "/TrimBox" in page else None
        bleed = [float(v) / MM for v in page["/BleedBox"]] if "/BleedBox" in page else None
        out.append((trim, bleed))
    return out


def test_touching_a4_sheet_boxes_are_the_block_and_the_block_plus_bleed(tmp_path: Path, markers) -> None:
    out = tmp_path / "t.pdf"
    write_sheets(markers, out, SheetOptions(arrangement="touching", backs="duplex-long"))
    boxes = _boxes(out)
    # page 1: nine cards, block 9.75..200.25 x 15.15..281.85 (see test_sheet), 3 mm bleed round it
    assert boxes[0][0] == pytest.approx([9.75, 15.15, 200.25, 281.85], abs=0.01 / MM)
    assert boxes[0][1] == pytest.approx([6.75, 12.15, 203.25, 284.85], abs=0.01 / MM)
    # its back page: the long-edge flip mirrors x (210 - x): the same box on a symmetric block
    assert boxes[1][0] == pytest.approx([9.75, 15.15, 200.25, 281.85], abs=0.01 / MM)
    # page 3: cards 10 and 11 in the top row: x 9.75..136.75, y 192.95..281.85
    assert boxes[2][0] == pytest.approx([9.75, 192.95, 136.75, 281.85], abs=0.01 / MM)
    assert boxes[2][1] == pytest.approx([6.75, 189.95, 139.75, 284.85], abs=0.01 / MM)
    # the back page: the two backs mirrored to x 73.25..200.25
    assert boxes[3][0] == pytest.approx([73.25, 192.95, 200.25, 281.85], abs=0.01 / MM)
    # a part-filled page's open edges get the full bleed too (card 11's right and bottom)
    assert boxes[1][1] == pytest.approx([6.75, 12.15, 203.25, 284.85], abs=0.01 / MM)
    assert boxes[3][1] == pytest.approx([70.25, 189.95, 203.25, 284.85], abs=0.01 / MM)


def test_letter_with_3_mm_bleed_every_card_has_it_and_the_boxes_show_it(tmp_path: Path, markers) -> None:
    out = tmp_path / "l.pdf"
    report = write_sheets(markers[:6], out, SheetOptions(page="letter"))
    assert (report.per_page, report.arrangement, report.orientation) == (6, "gap", "landscape")
    # landscape Letter 279.4 x 215.9; 3 x 2 bleed boxes of 69.5 x 94.9 with 2 mm gaps:
    # block 212.5 x 191.8 centred: bleed from x 33.45, y 12.05; cut 3 mm inside
    trim, bleed = _boxes(out)[0]
    assert bleed == pytest.approx([33.45, 12.05, 245.95, 203.85], abs=0.01 / MM)
    assert trim == pytest.approx([36.45, 15.05, 242.95, 200.85], abs=0.01 / MM)
    for ident, col in (("1", 0), ("2", 1), ("3", 2)):  # each cut box 71.5 mm on from the last
        x, _ = text_origin(out, 0, f"F{ident}")  # type: ignore[misc]
        assert x - 5 == pytest.approx(36.45 + 71.5 * col, abs=0.02)


def test_bleed_box_is_clipped_to_the_page_and_an_empty_page_has_no_boxes() -> None:
    slot = Slot(Box(1.0, 2.0, 50.0, 60.0), (3.0, 3.0, 3.0, 3.0), 0, 0)
    boxes = page_boxes([slot], 52.0, 100.0)
    assert boxes is not None
    trim, bleed = boxes
    assert (trim.x, trim.y, trim.right, trim.top) == (1.0, 2.0, 51.0, 62.0)
    assert (bleed.x, bleed.y, bleed.right, bleed.top) == (0.0, 0.0, 52.0, 65.0)
    assert page_boxes([], 210, 297) is None


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_one_piecepack_fits_on_seven_pages_with_exact_cuts_and_backs_in_register(
        tmp_path: Path, page: str) -> None:
    deck = resolve_deck("piecepack")
    pieces = piecepack_pieces(deck)
    out = tmp_path / f"pp-{page}.pdf"
    report = write_sheets(pieces, out, SheetOptions(page=page, backs="duplex-long"))
    # 24 tiles gap 3 x 4 on two pages; the third holds coins, dice and pawns; each with its back
    assert report.pages == 6 <= 7
    reader = PdfReader(out)
    assert len(reader.pages) == 6
    sizes = {p.id: (p.width, p.height) for p in pieces}
    page_w = 210.0 if page == "a4" else 215.9
    seen: set[str] = set()
    for front in range(0, 6, 2):
        found = pieces_on(out, front, set(sizes))
        seen |= set(found)
        xs, ys = cut_lines(out, front)
        for ident, (x, y) in found.items():  # every cut edge on a crop-mark line (0.05 mm)
            w, h = sizes[ident]
            assert min(abs(x - v) for v in xs) < 0.05 and min(abs(x + w - v) for v in xs) < 0.05, ident
            assert min(abs(y - v) for v in ys) < 0.05 and min(abs(y + h - v) for v in ys) < 0.05, ident
        backs = pieces_on(out, front + 1, set(sizes))
        for ident, (x, y) in found.items():
            w, _ = sizes[ident]
            if ident.startswith(("die", "pawn")):  # one-sided
                assert ident not in backs
            else:  # behind its own front: the long-edge flip of a portrait page mirrors x
                assert backs[ident] == (pytest.approx(page_w - x - w, abs=0.01), pytest.approx(y, abs=0.01))
        trim = _boxes(out)[front][0]
        assert trim is not None
        assert trim[0] == pytest.approx(min(x for x, _ in found.values()), abs=0.02)
        assert trim[2] == pytest.approx(max(x + sizes[i][0] for i, (x, _) in found.items()), abs=0.02)
    assert seen == set(sizes)
    last = pieces_on(out, 4, set(sizes))
    # three kinds share a page, and all 24 coins sit on it (starting them on the second tile
    # page's last free row would split them across pages for no page saved)
    assert {i.split("-")[0] for i in last} == {"coin", "die", "pawn"}
    assert sum(i.startswith("coin") for i in last) == 24


def test_packing_keeps_order_and_never_overlaps() -> None:
    sizes = [(50.8, 50.8)] * 5 + [(19.05, 19.05)] * 30 + [(38.1, 54.8)] * 4
    pages = pack_pages(sizes, SheetOptions(bleed=3, gap=2))
    assert pages is not None
    flat = [s for p in pages for s in p.front_slots]
    assert [(s.cut.w, s.cut.h) for s in flat] == sizes  # pieces in the order given
    for plan in pages:
        grown = [Box(s.cut.x - 3, s.cut.y - 3, s.cut.w + 6, s.cut.h + 6) for s in plan.front_slots]
        for b in grown:  # inside the margin with 1 mm for crop marks
            assert b.x >= 6 - 1e-9 and b.y >= 6 - 1e-9
            assert b.right <= plan.page_w - 6 + 1e-9 and b.top <= plan.page_h - 6 + 1e-9
        for m in crop_marks(plan.front_slots, plan.front_area):  # marks never on any piece's bleed
            for b in grown:
                assert not (min(m.x1, m.x2) < b.right and max(m.x1, m.x2) > b.x
                            and min(m.y1, m.y2) < b.top and max(m.y1, m.y2) > b.y), (m, b)
            assert max(abs(m.x2 - m.x1), abs(m.y2 - m.y1)) <= 5.0  # short marks, not long rules
        for i, a in enumerate(grown):  # bleed boxes at least the 2 mm gap apart
            for b in grown[i + 1:]:
                apart_x = a.right + 2 - 1e-9 <= b.x or b.right + 2 - 1e-9 <= a.x
                apart_y = a.top + 2 - 1e-9 <= b.y or b.top + 2 - 1e-9 <= a.y
                assert apart_x or apart_y


def test_touching_mixed_sizes_keep_their_own_pages(tmp_path: Path) -> None:
    pieces = [MarkerPiece("1"), MarkerPiece("2", 50.8, 50.8)]
    report = write_sheets(pieces, tmp_path / "t.pdf", SheetOptions(arrangement="touching"))
    assert report.pages == 2
    packed = write_sheets(pieces, tmp_path / "g.pdf", SheetOptions())
    assert packed.pages == 1 and "packed onto shared pages" in packed.notes[0]


def test_cli_says_which_arrangement_and_refuses_bleed_that_does_not_fit(tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(out), "--page", "letter"])
    assert result.exit_code == 0, result.output
    assert "gap arrangement (every piece its own 3 mm bleed)" in result.output
    result = runner.invoke(app, ["cards", "eagle", "-o", str(out), "--page", "a3", "--arrangement", "touching"])
    assert result.exit_code == 0 and "touching arrangement" in result.output
    # A3 touching (usable less 2 x 1 mm marks, 2 x 3 mm bleed): portrait (297 - 18) / 63.5 = 4.4
    # -> 4 by (420 - 18) / 88.9 = 4.5 -> 4 = 16; landscape (420 - 18) / 63.5 = 6.3 -> 6 by
    # (297 - 18) / 88.9 = 3.1 -> 3 = 18, the more
    assert "landscape, 18 per page" in result.output
    bad = tmp_path / "bad.pdf"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(bad), "--page", "80x110", "--bleed", "10"])
    # 80 x 110 mm: 68 x 98 mm for the bleed box: a poker card leaves (68 - 63.5) / 2 = 2.25 mm
    assert result.exit_code == 2 and "at most 2.2 mm bleed fits" in result.output and not bad.exists()


def test_fold_packs_one_half_and_mirrors_each_back_across_the_fold(tmp_path: Path) -> None:
    pieces = piecepack_pieces(resolve_deck("piecepack"))
    out = tmp_path / "fold.pdf"
    report = write_sheets(pieces, out, SheetOptions(backs="fold"))
    # landscape A4, vertical fold at x = 148.5: each half 142.5 x 287 holds 2 x 3 tiles (gap)
    # -> 4 tile pages, then coins and three dice, then a die and the pawns
    assert report.pages == 6 and report.orientation == "landscape"
    sizes = {p.id: (p.width, p.height) for p in pieces}
    coins = 0
    for page in range(6):
        found = [(i, x, y) for i, x, y in words(out, page) if i in sizes]  # names on both sides
        fronts = {i: (x, y) for i, x, y in found if x < 148.5}
        backs = {i: (x, y) for i, x, y in found if x > 148.5}
        for ident, (x, y) in fronts.items():
            w, _ = sizes[ident]
            if ident.startswith(("die", "pawn")):
                assert ident not in backs
            else:
                assert backs[ident] == (pytest.approx(297 - x - w, abs=0.01), pytest.approx(y, abs=0.01))
                coins += ident.startswith("coin")
        trim = _boxes(out)[page][0]
        assert trim is not None and (trim[2] > 148.5 or not backs)  # the trim spans both halves
    assert coins == 24
