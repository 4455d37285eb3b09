"""Text a font cannot draw is reported per card (card id, element, the characters),
never printed as empty boxes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck, resolve_deck
from generator.render.cards import write_card_sheets
from generator.render.fonts import register_fonts
from generator.render.layout.glyphs import drawable, missing
from generator.render.sheet import SheetOptions


def _text(pdf: Path) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


def test_missing_reports_only_visible_characters_the_font_lacks() -> None:
    register_fonts()
    assert missing("Plain text, café, naïve – “quotes”…", "Roboto") == ""
    assert missing("Runes ᚠᚢ and 中文", "Roboto") == "ᚠᚢ中文"
    assert missing("שלום", "Roboto") == "שלום" and missing("שלום", "DejaVuSans") == ""
    assert missing("bidi \u202e zero\u200bwidth \ufeff bell\x07", "Roboto") == ""


def test_drawable_falls_back_or_leaves_out_and_always_says_so() -> None:
    register_fonts()
    said: list[str] = []
    assert drawable("Ωmega שלום", "Roboto", said.append) == ("Ωmega שלום", "DejaVuSans")
    assert "U+05E9" in said[-1] and "DejaVuSans" in said[-1]
    text, font = drawable("Lamp 中文", "Roboto", said.append)
    assert (text, font) == ("Lamp ", "Roboto") and "U+4E2D" in said[-1] and "left out" in said[-1]
    assert drawable("bell\x07 \u202eRTL", "Roboto", said.append) == ("bell RTL", "Roboto")
    assert len(said) == 2  # invisible characters are dropped without a warning


def test_cards_with_undrawable_text_are_reported_per_card_and_element(tmp_path: Path) -> None:
    deck = resolve_deck("lighting")
    cards = list(deck.cards[:3])
    cards[0] = replace(cards[0], name="Lamp 中文 🚀")
    cards[1] = replace(cards[1], name="Spot שלום")
    out = tmp_path / "g.pdf"
    report = write_card_sheets(replace(deck, cards=tuple(cards)), out, SheetOptions())
    first = [w for w in report.warnings if w.startswith(f"card {cards[0].id}:")]
    assert len(first) == 1 and "element 'title'" in first[0] and "'🚀' (U+1F680)" in first[0]
    assert "left out" in first[0] and "中" not in first[0]  # the CJK fallback font has it
    # a character some fallback font has is drawn in it, without a warning
    assert not any(w.startswith((f"card {cards[1].id}:", f"card {cards[2].id}:")) for w in report.warnings)
    text = _text(out)
    assert "Lamp" in text and "中文" in text and "🚀" not in text  # left out, not drawn as a .notdef box
    assert "שלום" in text or "םולש" in text  # drawn by the fallback font


def test_the_cli_prints_missing_glyph_warnings(tmp_path: Path) -> None:
    (tmp_path / "deck.yaml").write_text(
        "name: Glyphs\ngame: none\ncards:\n  - {id: A, name: 'Runes ᚠᚢᚦ'}\n  - {id: B, name: Fine}\n",
        encoding="utf-8",
    )
    load_deck(tmp_path / "deck.yaml")
    result = CliRunner().invoke(app, ["cards", str(tmp_path / "deck.yaml"), "-o", str(tmp_path / "o.pdf")])
    assert result.exit_code == 0, result.output
    assert "card A:" in result.output and "U+16A0" in result.output
    assert "card B:" not in result.output
