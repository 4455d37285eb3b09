"""Every bundled card deck renders in every back mode on A4 and Letter."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.deck import resolve_deck
from generator.render.cards import card_pieces
from generator.render.sheet import BACKS, SheetOptions, write_sheets

from .conftest import page_text

CARD_DECKS = ("lighting", "cognitio", "eagle", "viashi", "standard52")


@pytest.mark.parametrize("name", CARD_DECKS)
def test_bundled_deck_renders_in_every_back_mode_on_a4_and_letter(tmp_path: Path, name: str) -> None:
    deck = resolve_deck(name)
    pieces = card_pieces(deck)
    for page in ("a4", "letter"):
        for backs in BACKS:
            out = tmp_path / f"{page}-{backs}.pdf"
            report = write_sheets(pieces, out, SheetOptions(page=page, backs=backs))
            assert report.pieces == sum(c.copies for c in deck.cards)
            assert len(PdfReader(out).pages) == report.pages
            assert report.warnings == ()  # no overflow, nothing across the safe zone
    text = page_text(tmp_path / "a4-none.pdf")
    missing = [c.name for c in deck.cards if c.name not in text and name != "standard52"]
    assert missing == []
