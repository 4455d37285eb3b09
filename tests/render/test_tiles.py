"""Piecepack tiles on sheets: count, 2 in geometry from the PDF, mirrored backs, suits and ranks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.deck import resolve_deck
from generator.render.piecepack import PiecepackStyle, piecepack_pieces, tile_pieces
from generator.render.sheet import SheetOptions, write_sheets

from .piecepack_pdf import cut_lines, fonts_embedded, pieces_on

TILE = 50.8
PAGES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.fixture(scope="module")
def deck():  # type: ignore[no-untyped-def]
    return resolve_deck("piecepack")


def _render(deck, tmp_path: Path, name: str, packs: int = 1, **options) -> tuple[Path, list]:  # type: ignore[no-untyped-def]
    pieces = piecepack_pieces(deck, packs, "tiles")
    out = tmp_path / name
    write_sheets(pieces, out, SheetOptions(**options))
    return out, pieces


def _near(value: float, targets: list[float], tol: float = 0.05) -> bool:
    return any(abs(value - t) <= tol for t in targets)


# touching, with 3 mm bleed round the block: A4 3 x 5 (192 x 279 mm for tiles);
# Letter 3 x 5 landscape ((269.4 - 8) / 50.8 = 5.1, (205.9 - 8) / 50.8 = 3.9)
@pytest.mark.parametrize(("page", "packs", "per_page"), [("a4", 1, 15), ("letter", 1, 15), ("a4", 4, 15),
                                                         ("letter", 3, 15)])
def test_tiles_are_2_inch_squares_on_the_crop_mark_lines(deck, tmp_path: Path, page: str, packs: int,
                                                         per_page: int) -> None:
    out, pieces = _render(deck, tmp_path, f"{page}{packs}.pdf", packs, page=page, backs="duplex-long",
                          arrangement="touching")
    ids = {p.id for p in pieces}
    assert len(pieces) == 24 * packs == len(ids)
    reader = PdfReader(str(out))
    fronts = range(0, len(reader.pages), 2)
    seen: Counter[str] = Counter()
    worst = 0.0
    for index in fronts:
        page_obj = reader.pages[index]
        w, h = PAGES[page]
        if float(page_obj.mediabox.width) > float(page_obj.mediabox.height):
            w, h = h, w  # landscape
        assert float(page_obj.mediabox.width) == pytest.approx(w * 72 / 25.4, abs=0.01)
        assert float(page_obj.mediabox.height) == pytest.approx(h * 72 / 25.4, abs=0.01)
        found = pieces_on(out, index, ids)
        assert 0 < len(found) <= per_page
        seen.update(found.keys())
        xs, ys = cut_lines(out, index)
        # touching tiles share cut lines: neighbouring lines are one tile apart
        steps = [b - a for a, b in zip(xs, xs[1:], strict=False)] + [b - a for a, b in zip(ys, ys[1:], strict=False)]
        worst = max([worst, *(abs(s - TILE) for s in steps)])
        for x, y in found.values():
            assert _near(x, xs) and _near(x + TILE, xs), (x, xs)
            assert _near(y, ys) and _near(y + TILE, ys), (y, ys)
            assert 5 - 1e-6 <= x and x + TILE <= w - 5 and 5 <= y and y + TILE <= h - 5
    assert worst < 0.05, f"tile size off by {worst:.4f} mm"
    assert set(seen) == ids and all(n == 1 for n in seen.values())


@pytest.mark.parametrize(("backs", "mirror"), [("duplex-long", "x"), ("duplex-short", "y")])
def test_backs_sit_behind_their_own_fronts(deck, tmp_path: Path, backs: str, mirror: str) -> None:
    out, pieces = _render(deck, tmp_path, "b.pdf", 2, backs=backs)
    ids = {p.id for p in pieces}
    pages = len(PdfReader(str(out)).pages)
    assert pages == 2 * 4  # 48 tiles, gap: 4 front pages of 12 (3 x 4), each with its back
    for front in range(0, pages, 2):
        f, b = pieces_on(out, front, ids), pieces_on(out, front + 1, ids)
        assert set(f) == set(b)
        for ident, (x, y) in f.items():
            bx, by = b[ident]
            if mirror == "x":
                assert (bx, by) == (pytest.approx(210 - x - TILE, abs=0.01), pytest.approx(y, abs=0.01))
            else:
                assert (bx, by) == (pytest.approx(x, abs=0.01), pytest.approx(297 - y - TILE, abs=0.01))


def _pixels(path: Path, page: int, dpi: int = 72) -> np.ndarray:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return np.asarray(pdf[page].render(scale=dpi / 72).to_pil().convert("RGB")).astype(int)
    finally:
        pdf.close()


def _hex(color: str) -> np.ndarray:
    return np.array([int(color[i:i + 2], 16) for i in (1, 3, 5)])


def test_every_suit_and_rank_appears_in_its_colour(deck, tmp_path: Path) -> None:
    out, pieces = _render(deck, tmp_path, "c.pdf", backs="duplex-long")
    style = PiecepackStyle.from_deck(deck)
    dpi = 100
    px_per_mm = dpi / 25.4
    by_id = {p.id: p for p in pieces}
    checked = set()
    for front in (0, 2):
        img = _pixels(out, front, dpi)
        height = img.shape[0]
        for ident, (x, y) in pieces_on(out, front, set(by_id)).items():
            tile = by_id[ident]
            top, left = int((297 - y - TILE) * px_per_mm) + 2, int(x * px_per_mm) + 2
            size = int(TILE * px_per_mm) - 4
            region = img[top:top + size, left:left + size].reshape(-1, 3)
            assert top + size < height
            palette = np.array([_hex(style.background), *(_hex(x.color) for x in style.suits)])
            nearest = np.abs(region[:, None, :] - palette[None, :, :]).sum(axis=2).argmin(axis=1)
            counts = np.bincount(nearest, minlength=len(palette))[1:]
            # the ink is the suit's colour (anti-aliased edges aside)
            assert counts.argmax() == [x.key for x in style.suits].index(tile.suit.key), ident
            assert counts.max() > 0.75 * counts.sum(), ident
            centre = img[top + size // 3: top + 2 * size // 3, left + size // 3: left + 2 * size // 3]
            centre_ink = (np.abs(centre.reshape(-1, 3) - _hex(style.background)).sum(axis=1) > 60).sum()
            assert (centre_ink == 0) == (tile.rank.key == "null"), ident  # the null is blank
            checked.add((tile.suit.key, tile.rank.key))
    assert checked == {(s.key, r.key) for s in deck.suits for r in deck.ranks}
    text = " ".join(PdfReader(str(out)).pages[0].extract_text().split())
    for digit in "2345":
        assert digit in text


def test_fonts_embedded_and_rerender_is_byte_identical(deck, tmp_path: Path) -> None:
    a, _ = _render(deck, tmp_path, "a.pdf", 2, backs="duplex-long")
    b, _ = _render(deck, tmp_path, "b.pdf", 2, backs="duplex-long")
    assert a.read_bytes() == b.read_bytes()
    assert fonts_embedded(a) > 0


def test_packs_are_told_apart_by_their_mark(deck, tmp_path: Path) -> None:
    from generator.render.cards import render_piece_pdf

    tiles = tile_pieces(deck, packs=3)
    assert [t.id for t in tiles[:2]] == ["suns-null-pack1", "suns-ace-pack1"]
    assert tiles[24].id == "suns-null-pack2" and tiles[24].pack == 2
    images = []
    for tile in (tiles[0], tiles[24], tiles[48], tile_pieces(deck)[0]):
        path = tmp_path / f"{tile.id}.pdf"
        render_piece_pdf(tile, path, 0.0, "back")
        images.append(_pixels(path, 0, 144))
    assert all(not np.array_equal(images[i], images[j]) for i in range(4) for j in range(i + 1, 4))
    # the mark sits in the bottom-right corner: the rest of the tile is the same
    h, w, _ = images[0].shape
    assert np.array_equal(images[0][: h // 2], images[1][: h // 2])


def test_tile_pieces_follow_the_deck_cards(deck) -> None:
    tiles = tile_pieces(deck)
    assert [t.id for t in tiles] == [c.id for c in deck.cards]
    assert all(t.width == t.height == TILE for t in tiles)


def test_a_part_filled_page_has_crop_marks_only_around_its_tiles(deck, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    write_sheets(tile_pieces(deck)[:2], out, SheetOptions(arrangement="touching"))
    xs, ys = cut_lines(out, 0)
    assert len(xs) == 3 and len(ys) == 2  # two tiles side by side, not the page's 3 x 5 grid
    assert xs[2] - xs[0] == pytest.approx(2 * TILE, abs=0.001)
