"""A deck in one of its languages: row columns, translation files, and the reports."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.deck import load_deck
from generator.deck.languages import localize, source_hash
from generator.errors import DeckError

DATA = Path(__file__).parent / "data"


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    folder = tmp_path / "shop"
    shutil.copytree(DATA / "shop", folder)
    return folder


def test_declared_languages_and_source_deck_unchanged(shop: Path) -> None:
    deck = load_deck(shop / "deck.yaml")
    assert deck.languages == ("en", "de")
    assert deck.language == "en"
    same, report = localize(deck, "en")
    assert same is deck and report is None
    assert deck.card("S1").translations == {"name@de": "Wasserkocher"}


def test_german_from_columns_and_file(shop: Path) -> None:
    de, report = localize(load_deck(shop / "deck.yaml"), "de")
    assert de.language == "de"
    assert de.name == "Laden" and de.description == "Ein kleiner Laden." and de.back.text == "LADEN"
    assert [a.label for a in de.attributes] == ["Gewicht", "Tempo"]
    assert de.attribute("weight").better == "lower"  # only the words change
    assert de.card("S1").name == "Wasserkocher"  # the row's name@de column
    assert de.card("S1").text == "Kocht Wasser."  # the file
    assert de.card("S2").fields["motto"] == "Knusprig"
    assert de.card("S3").name == "Ventilator"
    assert de.card("S1").values == {"weight": 1, "speed": 2}


def test_missing_translation_is_a_warning_naming_card_and_field(shop: Path) -> None:
    de, report = localize(load_deck(shop / "deck.yaml"), "de")
    assert report is not None
    assert report.missing == [("S3", "text")]
    assert de.card("S3").text == "Moves air."  # the source text is used
    (warning,) = report.warnings()
    assert "1 text not translated into 'de'" in str(warning)
    assert "S3 (text)" in str(warning)


def test_missing_translation_is_an_error_when_strict(shop: Path) -> None:
    with pytest.raises(DeckError) as err:
        localize(load_deck(shop / "deck.yaml"), "de", strict=True)
    assert "S3 (text)" in str(err.value) and "--strict" in str(err.value)


def test_unknown_card_id_gets_did_you_mean(shop: Path) -> None:
    with (shop / "translations" / "de.csv").open("a") as f:
        f.write("S22,text,Zweiundzwanzig,,,\n")
    with pytest.raises(DeckError) as err:
        localize(load_deck(shop / "deck.yaml"), "de")
    assert "de.csv:15: card S22, field 'id': unknown card id (did you mean 'S2'?)" in str(err.value)


def test_unknown_field_is_an_error(shop: Path) -> None:
    with (shop / "translations" / "de.csv").open("a") as f:
        f.write("S1,txt,Kocht,,,\n")
    with pytest.raises(DeckError) as err:
        localize(load_deck(shop / "deck.yaml"), "de")
    assert "card S1, field 'txt': not a translatable field (did you mean 'text'?)" in str(err.value)


def test_unknown_language_names_the_declared_ones(shop: Path) -> None:
    with pytest.raises(DeckError) as err:
        localize(load_deck(shop / "deck.yaml"), "fr")
    assert "the deck has no language 'fr'; its languages: en, de" in str(err.value)


def test_a_deck_without_languages_says_how_to_declare_them() -> None:
    from generator.deck import resolve_deck

    with pytest.raises(DeckError) as err:
        localize(resolve_deck("cognitio"), "de")
    assert "languages: [en, de]" in str(err.value)


def test_changed_source_is_reported(shop: Path) -> None:
    csv = shop / "translations" / "de.csv"
    text = csv.read_text().replace("S1,text,Kocht Wasser.,Boils water.,,",
                                   f"S1,text,Kocht Wasser.,Boils water.,{source_hash('Boils tea.')},")
    csv.write_text(text)
    _, report = localize(load_deck(shop / "deck.yaml"), "de")
    assert report is not None
    (changed,) = report.changed
    assert (changed.card, changed.field, changed.line) == ("S1", "text", 9)
    assert "changed since this was translated" in changed.message


def test_a_column_and_the_file_disagreeing_is_an_error(shop: Path) -> None:
    with (shop / "translations" / "de.csv").open("a") as f:
        f.write("S1,name,Kessel,Kettle,,\n")
    with pytest.raises(DeckError) as err:
        localize(load_deck(shop / "deck.yaml"), "de")
    assert "translated twice, differently" in str(err.value)


def test_an_undeclared_language_column_is_unknown(tmp_path: Path) -> None:
    deck = tmp_path / "d.yaml"
    deck.write_text("name: D\nlanguages: [en, de]\ncards:\n  - {id: A, name: A, name@fr: Un}\n")
    with pytest.raises(DeckError) as err:
        load_deck(deck)
    assert "field 'name@fr': unknown field" in str(err.value)


def test_language_columns_in_a_csv(tmp_path: Path) -> None:
    (tmp_path / "cards.csv").write_text("id,name,name@de,text,text@de\nA,Apple,Apfel,Red.,Rot.\n")
    (tmp_path / "d.yaml").write_text("name: D\nlanguages: [en, de]\ncards: cards.csv\n")
    de, report = localize(load_deck(tmp_path / "d.yaml"), "de")
    assert (de.card("A").name, de.card("A").text) == ("Apfel", "Rot.")
    assert report is not None and report.missing == [("deck", "name")]


def test_translation_file_is_a_deck_input(shop: Path) -> None:
    deck = load_deck(shop / "deck.yaml")
    assert [p.name for p in deck.inputs] == ["deck.yaml", "de.csv"]
    csv = shop / "translations" / "de.csv"
    csv.write_text(csv.read_text().replace("Laden", "Geschäft"))
    assert load_deck(shop / "deck.yaml").digest != deck.digest


@pytest.mark.parametrize(("languages", "message"), [
    ("[en, en]", "a language is listed twice"),
    ("[en, German]", "a language is a code such as en, de or pt-BR, got 'German'"),
])
def test_languages_are_checked(tmp_path: Path, languages: str, message: str) -> None:
    deck = tmp_path / "d.yaml"
    deck.write_text(f"name: D\nlanguages: {languages}\ncards:\n  - {{id: A, name: A}}\n")
    with pytest.raises(DeckError) as err:
        load_deck(deck)
    assert "languages" in str(err.value)
    assert message in str(err.value)


def test_a_localized_deck_pickles(shop: Path) -> None:
    import pickle

    de, _ = localize(load_deck(shop / "deck.yaml"), "de")
    assert pickle.loads(pickle.dumps(de)) == de
