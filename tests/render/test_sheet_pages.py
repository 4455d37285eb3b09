"""Pages a print shop accepts: no blank page, a TrimBox and BleedBox on every page, and
round or outlined pieces never butted together (issue 24, items 1 and 2)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.render.piecepack import piecepack_pieces
from generator.render.sheet import SheetOptions, write_sheets

from .piecepack_pdf import pieces_on

runner = CliRunner()
COIN = 19.05  # mm, a 3/4 in coin


@pytest.fixture(scope="module")
def deck():  # type: ignore[no-untyped-def]
    return resolve_deck("piecepack")


def _boxes_everywhere(path: Path) -> list[int]:
    """Content-stream length of every page, asserting each has a TrimBox and a BleedBox."""
    reader = PdfReader(str(path))
    for number, page in enumerate(reader.pages, 1):
        assert "/TrimBox" in page and "/BleedBox" in page, f"page {number} has no page boxes"
    return [len(page.get_contents().get_data()) for page in reader.pages]


def test_one_sided_pieces_get_no_blank_back_page(tmp_path: Path) -> None:
    out = tmp_path / "dp.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(out), "--components", "dice,pawns", "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    assert "on 1 page" in result.output and "page 1: one-sided pieces only" in result.output
    assert len(_boxes_everywhere(out)) == 1
    ids = {f"{kind}-{suit}" for kind in ("die", "pawn") for suit in ("suns", "moons", "crowns", "arms")}
    assert set(pieces_on(out, 0, ids)) == ids


def test_a_blank_back_between_fronts_keeps_the_sheets_paired_and_has_boxes(deck, tmp_path: Path) -> None:
    # 8 packs of dice (one-sided, 32 nets: two pages) before a page of tiles (with backs):
    # the dice pages keep their blank backs, so each tile back lands behind its own tile
    dice = piecepack_pieces(deck, packs=4, components="dice") * 2  # 32 nets (packs go up to 4)
    tiles = piecepack_pieces(deck, components="tiles")[:12]
    out = tmp_path / "mixed.pdf"
    report = write_sheets([*dice, *tiles], out, SheetOptions(backs="duplex-long"))
    fronts = report.pages // 2
    assert report.pages == 2 * fronts and fronts >= 3
    lengths = _boxes_everywhere(out)
    assert len(lengths) == report.pages
    reader = PdfReader(str(out))
    for front, back in itertools.pairwise(range(len(lengths))):
        if front % 2:
            continue
        trim = [float(v) for v in reader.pages[front]["/TrimBox"]]
        mirrored = [float(v) for v in reader.pages[back]["/TrimBox"]]
        page_w = float(reader.pages[front].mediabox.width)
        assert mirrored == pytest.approx([page_w - trim[2], trim[1], page_w - trim[0], trim[3]], abs=0.01)


def _coins(path: Path, page: int, deck) -> dict[str, tuple[float, float]]:  # type: ignore[no-untyped-def]
    return pieces_on(path, page, {p.id for p in piecepack_pieces(deck, components="coins")})


def test_touching_butts_tiles_but_round_and_outlined_pieces_keep_a_gap(deck, tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(out), "--arrangement", "touching", "--backs", "none"])
    assert result.exit_code == 0, result.output
    assert "touching butts rectangles only: coin, die, pawn pieces keep a 2 mm gap" in result.output
    assert "50.8 x 50.8 mm: touching arrangement" in result.output
    reader = PdfReader(str(out))
    coins: dict[str, tuple[float, float]] = {}
    for page in range(len(reader.pages)):
        coins.update(_coins(out, page, deck))
    assert len(coins) == 24
    # coins on one page: centres at least a coin, its 2 x 3 mm bleed and the 2 mm gap apart
    by_page: dict[int, list[tuple[float, float]]] = {}
    for page in range(len(reader.pages)):
        by_page[page] = list(_coins(out, page, deck).values())
    for spots in by_page.values():
        for (x1, y1), (x2, y2) in itertools.combinations(spots, 2):
            assert max(abs(x1 - x2), abs(y1 - y2)) >= COIN + 2 * 3 + 2 - 0.01
    _boxes_everywhere(out)


def test_touching_with_only_round_pieces_packs_them_with_gaps(deck, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    report = write_sheets(piecepack_pieces(deck, components="coins"), out,
                          SheetOptions(arrangement="touching", backs="none"))
    # A4 less 5 mm margins and 1 mm for marks: 198 x 285 mm; a coin with its bleed and gap
    # takes 19.05 + 6 + 2 = 27.05 mm: (198 + 2) / 27.05 = 7 across, (285 + 2) / 27.05 = 10 down
    assert report.arrangement == "gap" and report.per_page == 70 and report.pages == 1
    assert any("coin pieces keep a 2 mm gap" in n for n in report.notes)
