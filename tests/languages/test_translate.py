"""deckpress translate: writes the translator's file, keeps translations, marks changed sources, round-trips."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.deck.languages import localize, source_hash

DATA = Path(__file__).parent / "data"
runner = CliRunner()


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    folder = tmp_path / "shop"
    shutil.copytree(DATA / "shop", folder)
    return folder


def rows(path: Path) -> dict[tuple[str, str], dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return {(r["id"], r["field"]): r for r in csv.DictReader(f)}


def translate(folder: Path) -> str:
    result = runner.invoke(app, ["translate", str(folder), "--lang", "de"])
    assert result.exit_code == 0, result.output
    return result.output


def test_translate_writes_source_beside_each_empty_cell(shop: Path) -> None:
    file = shop / "translations" / "de.csv"
    file.unlink()
    output = translate(shop)
    got = rows(file)
    # 7 deck strings (name, description, back text, 2 labels, 2 units) and the cards' texts;
    # S1's name is translated in its row (name@de): a row with its source's hash only
    assert len(got) == 7 + 3 + 3 + 2  # S1: name, text, motto; S2: name, text, motto; S3: name, text
    assert got[("S1", "name")]["status"] == "column" and got[("S1", "name")]["text"] == ""
    assert got[("S3", "text")] == {"id": "S3", "field": "text", "text": "", "source": "Moves air.",
                                   "source_hash": source_hash("Moves air."), "status": "missing",
                                   "previous_source": "", "context": "card S3 (Fan): text", "max_length": ""}
    assert "14 texts, 0 translated, 14 to translate" in output


def test_translate_keeps_translations_and_round_trips(shop: Path) -> None:
    file = shop / "translations" / "de.csv"
    translate(shop)
    first = file.read_bytes()
    got = rows(file)
    assert got[("S2", "text")]["text"] == "Bräunt Brot." and got[("S2", "text")]["status"] == ""
    assert got[("S3", "text")]["status"] == "missing"
    translate(shop)
    assert file.read_bytes() == first  # a second run changes nothing


def test_changed_source_is_marked_then_cleared_by_the_translator(shop: Path) -> None:
    file = shop / "translations" / "de.csv"
    translate(shop)
    deck = shop / "deck.yaml"
    deck.write_text(deck.read_text().replace("text: Browns bread.", "text: Browns bread and bagels."))
    output = translate(shop)
    entry = rows(file)[("S2", "text")]
    assert entry["status"] == "changed" and entry["text"] == "Bräunt Brot."
    assert entry["source"] == "Browns bread and bagels."
    assert entry["source_hash"] == source_hash("Browns bread.")  # what it was translated from
    assert "1 whose source changed" in output
    _, report = localize(load_deck(deck), "de")
    assert report is not None and [(p.card, p.field) for p in report.changed] == [("S2", "text")]
    again = file.read_bytes()
    translate(shop)
    assert file.read_bytes() == again  # still marked until the translator revises it
    # the translator revises the text and clears the status
    file.write_text(file.read_text(encoding="utf-8").replace("Bräunt Brot.,Browns bread and bagels.,"
                                                             f"{source_hash('Browns bread.')},changed",
                                                             "Bräunt Brot und Bagels.,Browns bread and bagels.,"
                                                             f"{source_hash('Browns bread.')},"), encoding="utf-8")
    translate(shop)
    entry = rows(file)[("S2", "text")]
    assert (entry["status"], entry["source_hash"]) == ("", source_hash("Browns bread and bagels."))
    _, report = localize(load_deck(deck), "de")
    assert report is not None and report.changed == []
    assert load_deck(deck) and localize(load_deck(deck), "de")[0].card("S2").text == "Bräunt Brot und Bagels."


def test_translate_refuses_the_source_language(shop: Path) -> None:
    result = runner.invoke(app, ["translate", str(shop), "--lang", "en"])
    assert result.exit_code == 2
    assert "'en' is not one of the deck's translations; they are: de" in result.output


def test_bundled_lighting_is_fully_translated() -> None:
    from generator.deck import resolve_deck

    de, report = localize(resolve_deck("lighting"), "de")
    assert report is not None and report.warnings() == []
    assert de.name == "Beleuchtung" and de.card("L25").name == "Lumio Wandleuchte 200"
