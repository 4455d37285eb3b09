"""A translation that overflows its box where the source fits: reported per language, card, field, how much."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.deck.languages import localize
from generator.render.fonts import register_fonts
from generator.render.layout.textfit import fit_rich
from generator.render.layout.textruns import paragraphs
from generator.render.overflow import translation_overflow

DATA = Path(__file__).parent / "data"
runner = CliRunner()


def test_excess_of_a_one_line_text_twice_its_box() -> None:
    register_fonts()
    font = "Helvetica"
    (para,) = paragraphs("Wasserkocher", font, ())
    # at the minimum size (10 pt) the text is 10 * width wide; a box half that wide: 100 % too long
    fitted = fit_rich("Wasserkocher", font, (10, 10), (5 * para.width, 100), wrap_lines=False)
    assert fitted.overflow
    assert fitted.excess == pytest.approx(1.0)


def test_the_long_german_text_is_reported_with_card_field_and_amount() -> None:
    deck = load_deck(DATA / "notes" / "deck.yaml")
    de, _ = localize(deck, "de")
    (line,) = translation_overflow(deck, de)
    assert line.startswith("de: card N2, field 'text': the translation does not fit its box (")
    percent = int(line.split("(")[1].split("%")[0])
    assert percent > 0
    assert "where the en text fits: 'Ziehe zwei Karten" in line
    assert translation_overflow(deck, deck) == []  # the source against itself: nothing


def test_a_text_the_source_overflows_too_is_not_blamed_on_the_translation(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    shutil.copytree(DATA / "notes", folder)
    deck_file = folder / "deck.yaml"
    long_en = "Draw two cards " + "and then more cards " * 60
    deck_file.write_text(deck_file.read_text().replace("text: Draw two cards.", f"text: {long_en}"))
    deck = load_deck(deck_file)
    de, _ = localize(deck, "de")
    assert translation_overflow(deck, de) == []


def test_cards_and_check_report_it(tmp_path: Path) -> None:
    result = runner.invoke(app, ["cards", str(DATA / "notes"), "--lang", "de", "-o", str(tmp_path / "de.pdf")])
    assert result.exit_code == 0, result.output
    assert "warning: de: card N2, field 'text': the translation does not fit its box" in result.output
    result = runner.invoke(app, ["check", str(DATA / "notes"), "--lang", "de", "--games", "0", "--json"])
    findings = json.loads(result.stdout)["findings"]
    assert any("de: card N2, field 'text'" in f["message"] for f in findings)
    result = runner.invoke(app, ["check", str(DATA / "notes"), "--games", "0", "--json"])
    assert not any("translation" in f["message"] for f in json.loads(result.stdout)["findings"])
