"""Translation memory (issue 42, items 4 and 7): a changed source keeps the one it was
translated from; rows of removed texts are kept obsolete and ignored; context and
max_length are filled; a file translation that a @fr column also gives is never deleted;
a stale name@fr column is flagged; a problem in a translated text is reported at the
translation file's line. In French, Japanese, Arabic and German."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

DATA = Path(__file__).parent / "data"
runner = CliRunner()


@pytest.fixture
def world(tmp_path: Path) -> Path:
    folder = tmp_path / "world"
    shutil.copytree(DATA / "world", folder)
    return folder


def rows(path: Path) -> dict[tuple[str, str], dict[str, str]]:
    text = path.read_text(encoding="utf-8-sig")
    dialect = csv.Sniffer().sniff(text.splitlines()[0], delimiters=",;\t")  # translate keeps a file's own delimiter
    return {(r["id"], r["field"]): r for r in csv.DictReader(io.StringIO(text), dialect=dialect)}


def translate(folder: Path, lang: str) -> str:
    result = runner.invoke(app, ["translate", str(folder), "--lang", lang])
    assert result.exit_code == 0, result.output
    return result.output


def edit(folder: Path, old: str, new: str) -> None:
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.parametrize("lang", ["fr", "ja", "ar", "de"])
def test_a_changed_source_keeps_the_one_it_was_translated_from(world: Path, lang: str) -> None:
    translate(world, lang)
    edit(world, "text: Browns bread.", "text: Browns bread and buns.")
    output = translate(world, lang)
    row = rows(world / "translations" / f"{lang}.csv")[("W2", "text")]
    assert row["status"] == "changed" and row["source"] == "Browns bread and buns."
    assert row["previous_source"] == "Browns bread."
    assert "whose source changed" in output
    translate(world, lang)  # a second run keeps what it was translated from
    assert rows(world / "translations" / f"{lang}.csv")[("W2", "text")]["previous_source"] == "Browns bread."


def test_rows_of_a_removed_card_are_kept_obsolete_and_ignored(world: Path, tmp_path: Path) -> None:
    translate(world, "ja")
    edit(world, "  - {id: W2, name: Toaster, text: Browns bread., weight: 1.5, speed: no data}\n", "")
    output = translate(world, "ja")
    got = rows(world / "translations" / "ja.csv")
    assert got[("W2", "name")]["status"] == "obsolete" and got[("W2", "name")]["text"] == "トースター"
    assert "marked 'obsolete'" in output
    result = runner.invoke(app, ["cards", str(world), "--lang", "ja", "-o", str(tmp_path / "ja.pdf")])
    assert result.exit_code == 0, result.output  # an obsolete row is no "unknown card id"
    edit(world, "cards:\n", "cards:\n  - {id: W2, name: Toaster, text: Browns bread., weight: 1.5, speed: 2}\n")
    translate(world, "ja")  # the card is back: its translations with it
    again = rows(world / "translations" / "ja.csv")[("W2", "name")]
    assert again["status"] == "" and again["text"] == "トースター"


def test_context_and_max_length_are_filled_from_the_layout(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    assert runner.invoke(app, ["new", str(folder)]).exit_code == 0
    edit(folder, "card_size: poker", "card_size: poker\nlanguages: [en, fr]")
    translate(folder, "fr")
    got = rows(folder / "translations" / "fr.csv")
    tagline = got[("A01", "tagline")]
    assert tagline["context"] == "card A01 (Skylark): tagline"
    assert 20 < int(tagline["max_length"]) < 400
    assert got[("deck", "attributes.speed.label")]["context"] == "attribute speed label"


def test_a_file_translation_a_column_also_gives_is_kept(world: Path, tmp_path: Path) -> None:
    edit(world, "{id: W1, name: Kettle,", "{id: W1, name: Kettle, name@fr: Bouilloire électrique,")
    output = translate(world, "fr")
    assert "translated in the file and in the card rows (name@fr)" in " ".join(output.split())
    assert rows(world / "translations" / "fr.csv")[("W1", "name")]["text"] == "Bouilloire"  # not deleted
    result = runner.invoke(app, ["cards", str(world), "--lang", "fr", "-o", str(tmp_path / "fr.pdf")])
    assert result.exit_code == 2 and "translated twice, differently" in result.output


def test_a_stale_column_translation_is_flagged(world: Path, tmp_path: Path) -> None:
    edit(world, "{id: W1, name: Kettle,", "{id: W1, name: Kettle, name@de: Wasserkocher,")
    translate(world, "de")
    assert rows(world / "translations" / "de.csv")[("W1", "name")]["status"] == "column"
    edit(world, "name: Kettle,", "name: Electric kettle,")
    result = runner.invoke(app, ["cards", str(world), "--lang", "de", "-o", str(tmp_path / "de.pdf")])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "deck.yaml:14: card W1, field 'name@de': the 'en' text changed since its name@de column" in flat


def test_a_problem_in_a_translated_text_is_reported_at_the_translation_line(world: Path, tmp_path: Path) -> None:
    ja = world / "translations" / "ja.csv"
    ja.write_text(ja.read_text(encoding="utf-8").replace("パンを焼きます。", "パンを:coin:焼きます。"), encoding="utf-8")
    result = runner.invoke(app, ["cards", str(world), "--lang", "ja", "-o", str(tmp_path / "ja.pdf")])
    assert result.exit_code == 2
    flat = " ".join(result.output.split())
    assert "ja.csv:13: card W2, field 'text': unknown icon ':coin:'" in flat and "deck.yaml" not in flat
