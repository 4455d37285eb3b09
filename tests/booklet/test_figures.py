"""Booklet figures draw real Piece objects, scaled down with canvas transforms."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.lib.pagesizes import A5
from reportlab.platypus import SimpleDocTemplate

from generator.booklet.figures import PieceRow, Shown, attribute_row
from generator.booklet.style import BOOKLET
from generator.render.fonts import SANS, register_fonts
from generator.render.geometry import pt

from .conftest import FakePiece, war_deck, weiji_deck


def test_scale_follows_the_height_limit_then_the_width() -> None:
    row = PieceRow([Shown(FakePiece("a")), Shown(FakePiece("b"))], BOOKLET)
    row.wrap(1000, 1000)
    assert row.scale == pytest.approx(BOOKLET.figure_max_height / 88.9)
    row.wrap(200, 1000)  # two cards of 180 pt and a 14 pt gap in 200 pt
    assert row.scale == pytest.approx((200 - 14) / (2 * pt(63.5)))


def test_row_draws_front_and_back_faces_in_a_pdf(tmp_path: Path) -> None:
    register_fonts()
    a, b = FakePiece("A1"), FakePiece("B2")
    out = tmp_path / "f.pdf"
    doc = SimpleDocTemplate(str(out), pagesize=A5, invariant=1, initialFontName=SANS)
    doc.build([PieceRow([Shown(a, "label one", (0, 0, 20, 20)), Shown(b, face_down=True, pile=2)], BOOKLET,
                        arrow_before=1)])
    assert a.drawn == ["F"] and b.drawn == ["B", "B"]
    text = pdfium.PdfDocument(str(out))[0].get_textpage().get_text_range()
    assert "FA1" in text and "BB2" in text and "label one" in text


def test_attribute_row_follows_the_layout() -> None:
    from generator.render.cards import card_pieces

    deck = weiji_deck()
    piece = card_pieces(deck)[0]
    speed, weight = attribute_row(deck, piece, "speed"), attribute_row(deck, piece, "weight")
    assert speed is not None and weight is not None
    assert speed[3] == pytest.approx(weight[3]) and speed[1] == pytest.approx(weight[1] + weight[3])
    assert attribute_row(deck, piece, "colour") is None


def test_war_figures_show_the_real_piecepack_tiles() -> None:
    from generator.booklet.build import figure_pieces
    from generator.render.piecepack.tiles import TilePiece

    tiles = figure_pieces("war", war_deck())
    assert len(tiles) == 24 and tiles[5].id == "suns-5" and tiles[0].width == 50.8
    assert all(isinstance(t, TilePiece) for t in tiles)  # the same drawing as the printed tiles
