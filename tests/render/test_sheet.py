"""write_sheets: open the PDFs and check pages, positions, backs, marks, fonts, determinism."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.render.geometry import MARK_EDGE
from generator.render.sheet import SheetOptions, write_sheets

from .conftest import MarkerPiece, page_text, text_origin

A4 = (595.276, 841.89)
LETTER = (612.0, 792.0)


def _sizes(path: Path) -> list[tuple[float, float]]:
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(path).pages]


def test_eleven_cards_on_a4_two_pages_at_hand_computed_positions(tmp_path: Path, markers) -> None:
    out = tmp_path / "s.pdf"
    # touching: 190.5 x 266.7 mm block plus 3 mm bleed fits the 200 x 287 mm usable area
    report = write_sheets(markers, out, SheetOptions(arrangement="touching"))
    assert report.pages == 2 and report.per_page == 9 and report.pieces == 11
    assert _sizes(out) == [pytest.approx(A4, abs=0.01)] * 2
    # card (r, c) cut box: x = 9.75 + 63.5 c, y = 192.95 - 88.9 r; text at +5 mm
    for i, (r, c) in enumerate([(0, 0), (0, 2), (1, 1), (2, 2)]):
        ident = str([1, 3, 5, 9][i])
        x, y = text_origin(out, 0, f"F{ident}")  # type: ignore[misc]
        assert x == pytest.approx(9.75 + 63.5 * c + 5, abs=0.02)
        assert y == pytest.approx(192.95 - 88.9 * r + 5, abs=0.02)
    x, y = text_origin(out, 1, "F10")  # type: ignore[misc]
    assert (x, y) == (pytest.approx(14.75, abs=0.02), pytest.approx(197.95, abs=0.02))


def test_duplex_long_backs_mirror_columns_behind_their_own_fronts(tmp_path: Path, markers) -> None:
    out = tmp_path / "d.pdf"
    report = write_sheets(markers, out, SheetOptions(backs="duplex-long", arrangement="touching"))
    assert report.pages == 4
    for ident in ("1", "2", "6", "8"):
        fx, fy = text_origin(out, 0, f"F{ident}")  # type: ignore[misc]
        bx, by = text_origin(out, 1, f"B{ident}")  # type: ignore[misc]
        # back cut box x' = 210 - x - 63.5: the text sits 5 mm from its own box's left
        front_cut_x = fx - 5
        assert bx - 5 == pytest.approx(210 - front_cut_x - 63.5, abs=0.02)
        assert by == pytest.approx(fy, abs=0.02)
    assert text_origin(out, 3, "B11") is not None and text_origin(out, 1, "B11") is None


def test_duplex_short_backs_mirror_rows_and_back_offset_shifts_them(tmp_path: Path, markers) -> None:
    out = tmp_path / "s.pdf"
    write_sheets(markers, out, SheetOptions(backs="duplex-short", back_offset=(1.0, -0.5), arrangement="touching"))
    for ident in ("1", "4", "9"):
        fx, fy = text_origin(out, 0, f"F{ident}")  # type: ignore[misc]
        bx, by = text_origin(out, 1, f"B{ident}")  # type: ignore[misc]
        front_cut_y = fy - 5
        assert bx == pytest.approx(fx + 1.0, abs=0.02)
        assert by - 5 == pytest.approx(297 - front_cut_y - 88.9 - 0.5, abs=0.02)


def test_fold_puts_each_back_beside_its_front_mirrored_across_the_fold(tmp_path: Path, markers) -> None:
    out = tmp_path / "f.pdf"
    opts = SheetOptions(backs="fold", arrangement="touching")
    report = write_sheets(markers[:5], out, opts)
    # A4 landscape, vertical fold: each half (287 - 2) / 2 = 142.5 wide holds 2 x 2
    assert report.pages == 2 and report.orientation == "landscape" and report.per_page == 4
    for ident in "1234":
        fx, fy = text_origin(out, 0, f"F{ident}")  # type: ignore[misc]
        bx, by = text_origin(out, 0, f"B{ident}")  # type: ignore[misc]
        # fold line at x = 297 / 2: the back box is the front box reflected across it
        assert (bx - 5) == pytest.approx(297 - (fx - 5) - 63.5, abs=0.02)
        assert by == pytest.approx(fy, abs=0.02)
    # gap arrangement: 4 in one row above a horizontal fold at y = 105, backs below,
    # each turned 180 degrees in its box (its (5, 5) mm corner is now 5 mm from the top right)
    out2 = tmp_path / "g.pdf"
    write_sheets(markers[:4], out2, SheetOptions(backs="fold", arrangement="gap"))
    for ident in "14":
        fx, fy = text_origin(out2, 0, f"F{ident}")  # type: ignore[misc]
        bx, by = text_origin(out2, 0, f"B{ident}")  # type: ignore[misc]
        assert bx - 63.5 + 5 == pytest.approx(fx - 5, abs=0.02)
        assert by + 5 - 88.9 == pytest.approx(210 - (fy - 5) - 88.9, abs=0.02)


def test_single_sided_pieces_leave_their_back_slot_empty(tmp_path: Path) -> None:
    pieces = [MarkerPiece("1"), MarkerPiece("2", double_sided=False)]
    out = tmp_path / "x.pdf"
    write_sheets(pieces, out, SheetOptions(backs="duplex-long"))
    assert text_origin(out, 1, "B1") is not None and text_origin(out, 1, "B2") is None
    assert pieces[1].drawn == ["F"]


def test_touching_pieces_of_different_sizes_go_on_separate_pages(tmp_path: Path) -> None:
    pieces = [MarkerPiece("1"), MarkerPiece("2", 50.8, 50.8), MarkerPiece("3")]
    report = write_sheets(pieces, tmp_path / "m.pdf", SheetOptions(arrangement="touching"))
    assert report.pages == 2 and [g.pieces for g in report.groups] == [2, 1]
    # 2 in squares with 3 mm bleed round the block: 3 across (192 mm), 5 down (279 mm)
    assert report.groups[1].per_page == 5 * 3


def _pixels(path: Path, page: int, scale: float = 1.0) -> np.ndarray:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return np.asarray(pdf[page].render(scale=scale).to_pil().convert("L"))
    finally:
        pdf.close()


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_nothing_crosses_the_printer_safe_margin(tmp_path: Path, markers, page: str) -> None:
    out = tmp_path / "m.pdf"
    write_sheets(markers, out, SheetOptions(page=page, backs="duplex-long", cut_lines=True,
                                            proof=True, proof_label="x", crop_marks=False))
    for index in range(2):
        px = _pixels(out, index, scale=2.0)  # 144 dpi
        band = int(5 / 25.4 * 144) - 2
        for edge in (px[:band], px[-band:], px[:, :band], px[:, -band:]):
            assert edge.min() > 250
    # crop marks alone may reach into the margin (to be MARK_MIN long), never nearer the
    # page edge than MARK_EDGE: an A4 sheet leaves 1 mm beside a block of 2 in tiles
    write_sheets(markers, out, SheetOptions(page=page, backs="duplex-long"))
    for index in range(2):
        px = _pixels(out, index, scale=2.0)
        band = int(MARK_EDGE / 25.4 * 144) - 1
        for edge in (px[:band], px[-band:], px[:, :band], px[:, -band:]):
            assert edge.min() > 250


def test_bleed_reaches_into_the_outer_border_and_zero_bleed_stops_at_the_cut(tmp_path: Path) -> None:
    pieces = [MarkerPiece(str(i)) for i in range(9)]
    for bleed, expect_grey in ((3.0, True), (0.0, False)):
        out = tmp_path / f"b{bleed}.pdf"
        write_sheets(pieces, out, SheetOptions(bleed=bleed, crop_marks=False, arrangement="touching"))
        px = _pixels(out, 0, scale=4.0)  # 288 dpi: 1 mm = 11.3 px
        row = int((297 - 150) / 25.4 * 288)
        # 1.5 mm left of the block's left cut edge (9.75 mm)
        col = int((9.75 - 1.5) / 25.4 * 288)
        assert (px[row, col] < 240) == expect_grey


def test_fonts_are_embedded_and_output_is_byte_identical(tmp_path: Path, tiny_weiji) -> None:
    from generator.render.cards import card_pieces

    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_sheets(card_pieces(tiny_weiji), a, SheetOptions(backs="duplex-long"))
    write_sheets(card_pieces(tiny_weiji), b, SheetOptions(backs="duplex-long"))
    assert a.read_bytes() == b.read_bytes()
    fonts = 0
    for page in PdfReader(a).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType", font  # no base-14 (non-embedded) fonts
            assert "/FontFile2" in font["/FontDescriptor"].get_object()
            fonts += 1
    assert fonts > 0


def test_failed_write_leaves_no_file_behind(tmp_path: Path) -> None:
    class Broken(MarkerPiece):
        def draw_front(self, canvas, bleed):  # type: ignore[no-untyped-def]
            raise RuntimeError("boom")

    out = tmp_path / "x.pdf"
    out.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        write_sheets([MarkerPiece("1"), Broken("2")], out, SheetOptions())
    assert out.read_bytes() == b"old" and list(tmp_path.iterdir()) == [out]


def test_progress_reports_pieces_placed(tmp_path: Path, markers) -> None:
    seen: list[int] = []
    write_sheets(markers, tmp_path / "p.pdf", SheetOptions(arrangement="touching"), progress=seen.append)
    assert seen == [9, 11]


def test_proof_stamp_names_each_card(tmp_path: Path, markers) -> None:
    out = tmp_path / "p.pdf"
    write_sheets(markers[:2], out, SheetOptions(proof=True, proof_label="Deck · abcd1234 · 2026-01-02"))
    text = page_text(out)
    assert "1 · Deck · abcd1234 · 2026-01-02" in text and "2 · Deck" in text


def test_copies_repeat_a_piece_and_cut_size_is_exact_on_every_page(tmp_path: Path) -> None:
    piece = MarkerPiece("7")
    piece.copies = 12  # type: ignore[attr-defined]
    out = tmp_path / "c.pdf"
    report = write_sheets([piece], out, SheetOptions(arrangement="touching"))
    assert report.pieces == 12 and report.pages == 2
    pdf = pdfium.PdfDocument(str(out))
    try:
        for index in range(2):
            page = pdf[index].get_textpage()
            origins = sorted(
                {(round(m[4] / 72 * 25.4, 3), round(m[5] / 72 * 25.4, 3))
                 for m in (page.get_textobj(i).get_matrix().get()
                           for i in range(page.count_chars()) if page.get_text_range(i, 1) == "F")}
            )
            xs = sorted({x for x, _ in origins})
            ys = sorted({y for _, y in origins})
            # neighbours are exactly one cut width / height apart: 63.5 and 88.9 mm
            assert all(abs(b - a - 63.5) < 0.05 for a, b in zip(xs, xs[1:], strict=False))
            assert all(abs(b - a - 88.9) < 0.05 for a, b in zip(ys, ys[1:], strict=False))
            assert xs[0] == pytest.approx(14.75, abs=0.02)
    finally:
        pdf.close()


def test_crop_marks_are_printed_on_the_cut_lines_outside_the_block(tmp_path: Path, markers) -> None:
    out = tmp_path / "k.pdf"
    write_sheets(markers[:9], out, SheetOptions(arrangement="touching"))
    px = _pixels(out, 0, scale=4.0)  # 288 dpi
    height = px.shape[0]

    def at(x_mm: float, y_mm: float) -> int:  # darkest pixel within 1 px (anti-aliasing)
        row, col = height - 1 - int(y_mm / 25.4 * 288), int(x_mm / 25.4 * 288)
        return int(px[row - 1 : row + 2, col - 1 : col + 2].min())

    # above the block (cut top 281.85, bleed to 284.85): marks at x = 9.75 + 63.5 c
    for c in range(4):
        assert at(9.75 + 63.5 * c, 287.5) < 128
    assert at(9.75 + 63.5 + 2.0, 287.5) > 250  # no mark between cut lines
    # left of the block: bleed 6.75..9.75, mark from 6.5 out to the margin at 5.25
    assert at(5.9, 281.85 - 88.9) < 128 and at(5.9, 281.85 - 88.9 + 2) > 250


def test_atomic_write_gives_new_files_normal_permissions(tmp_path: Path) -> None:
    import os

    from generator.render.atomic import atomic_write

    mask = os.umask(0o022)
    try:
        with atomic_write(tmp_path / "a.txt") as tmp:
            tmp.write_text("x")
    finally:
        os.umask(mask)
    assert (tmp_path / "a.txt").stat().st_mode & 0o777 == 0o644
