"""Card sheets from hand-made decks: names, attributes, copies, per-card backs, sizes."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.deck.model import CardSize, Deck
from generator.render.cards import card_pieces, proof_label, render_piece_pdf, write_card_sheets
from generator.render.sheet import SheetOptions

from .conftest import MM, page_text


def _centre_x(path: Path, page: int, needle: str) -> float:
    """x (mm) of the middle of ``needle``'s text on a page."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        text = pdf[page].get_textpage()
        content = text.get_text_range()
        i = content.index(needle)
        left = text.get_charbox(i, loose=True)[0]
        right = text.get_charbox(i + len(needle) - 1, loose=True)[2]
        return (left + right) / 2 / MM
    finally:
        pdf.close()


def test_weiji_sheet_shows_every_name_unit_and_no_data_and_repeats_copies(
    tmp_path: Path, tiny_weiji: Deck
) -> None:
    out = tmp_path / "w.pdf"
    report = write_card_sheets(tiny_weiji, out, SheetOptions())
    assert report.pieces == 4 and report.pages == 1  # P2 is printed twice
    text = page_text(out)
    for name in ("Alpha Lamp", "Gamma Flood"):
        assert text.count(name) == 1
    assert text.count("Beta Spot") == 2 and text.count("TINY PACK") == 4
    assert "1.2 kg" in text or "1.3 kg" in text  # decimals: 1
    assert "1200 lm" in text and "no data" in text and "Innovation" in text
    assert report.warnings == ()


def test_per_card_backs_land_behind_their_own_fronts(tmp_path: Path, tiny_suits: Deck) -> None:
    for backs, mirror in (("duplex-long", True), ("duplex-short", False)):
        out = tmp_path / f"{backs}.pdf"
        # touching: nine to a portrait page (the default gap arrangement is landscape on A4)
        write_card_sheets(tiny_suits, out, SheetOptions(backs=backs, arrangement="touching"))
        for card in tiny_suits.cards:
            front = _centre_x(out, 0, card.name)
            back = _centre_x(out, 1, f"back of {card.id}")
            expected = 210 - front if mirror else front
            assert back == pytest.approx(expected, abs=0.6), (backs, card.id)


def test_card_size_comes_from_the_deck_or_the_override(tmp_path: Path, tiny_weiji: Deck) -> None:
    report = write_card_sheets(tiny_weiji, tmp_path / "b.pdf", SheetOptions(),
                               size=CardSize("bridge", 57.2, 88.9))
    assert (report.groups[0].width, report.groups[0].height) == (57.2, 88.9)


def test_single_card_pdf_is_its_cut_size_plus_bleed(tmp_path: Path, tiny_weiji: Deck) -> None:
    piece = card_pieces(tiny_weiji)[0]
    out = tmp_path / "one.pdf"
    render_piece_pdf(piece, out, 3.0, side="back")
    box = PdfReader(out).pages[0].mediabox
    assert float(box.width) / MM == pytest.approx(69.5, abs=0.01)
    assert float(box.height) / MM == pytest.approx(94.9, abs=0.01)
    assert "TINY" in page_text(out)


def test_proof_label_has_deck_hash_and_date(tiny_weiji: Deck, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01
    assert proof_label(tiny_weiji) == f"Tiny Pack · {tiny_weiji.short_hash()} · 2026-01-01"


def test_viashi_layout_marks_god_cards_and_suits(tmp_path: Path, tiny_suits: Deck) -> None:
    out = tmp_path / "v.pdf"
    report = write_card_sheets(tiny_suits, out, SheetOptions(backs="duplex-long"))
    text = page_text(out)
    assert "1 · Gods" in text and "God 1" not in text and "Queen · Winds" in text and "King of Flames" in text
    assert report.warnings == ()


def test_card_art_is_drawn_when_the_file_exists(tmp_path: Path, tiny_weiji: Deck) -> None:
    from dataclasses import replace

    from PIL import Image

    art = tmp_path / "lamp.png"
    Image.new("RGB", (40, 30), (200, 30, 30)).save(art)
    cards = (replace(tiny_weiji.cards[0], art=art),) + tiny_weiji.cards[1:]
    out = tmp_path / "a.pdf"
    write_card_sheets(replace(tiny_weiji, cards=cards), out, SheetOptions())
    images = [name for page in PdfReader(out).pages for name in page.images]
    assert len(images) == 1  # P1 has art; the others get the drawn placeholder
