"""Card rows as spreadsheets really are: semicolon and tab CSVs (detected, or
declared), headers in any case, the designer's private columns, "no data" words
exactly as documented plus the deck's own, XLSX errors naming the column letter."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from generator.deck.load import load_deck
from generator.errors import DeckError

DECK = "name: X\ngame: weiji\nattributes: [{key: weight, label: W}, {key: zoom, label: Z}]\ncards: {cards}\n"


def deck(tmp_path: Path, rows: str, extra: str = "", name: str = "cards.csv") -> Path:
    (tmp_path / name).write_text(rows, encoding="utf-8")
    path = tmp_path / "deck.yaml"
    path.write_text(DECK.replace("{cards}", name) + extra)
    return path


def problems(path: Path) -> str:
    with pytest.raises(DeckError) as info:
        load_deck(path)
    return "\n".join(map(str, info.value.problems))


@pytest.mark.parametrize("sep", [";", "\t", ","])
def test_the_delimiter_is_detected(tmp_path: Path, sep: str) -> None:
    rows = sep.join(["id", "name", "weight", "zoom"]) + "\n" + sep.join(["A1", "Ace, the first", "3", "4"]) + "\n"
    if sep == ",":
        rows = rows.replace("Ace, the first", '"Ace, the first"')
    d = load_deck(deck(tmp_path, rows))
    assert [(c.id, c.name, c.value("weight"), c.value("zoom")) for c in d.cards] == [("A1", "Ace, the first", 3, 4)]


def test_a_declared_delimiter_wins(tmp_path: Path) -> None:
    d = load_deck(deck(tmp_path, "id|name|weight|zoom\nA1|Ace;x|3|4\n", "csv: {delimiter: '|'}\n"))
    assert d.cards[0].name == "Ace;x"


def test_an_undetectable_semicolon_header_gets_a_hint(tmp_path: Path) -> None:
    text = problems(deck(tmp_path, "id;name;weight;zoom\n", "csv: {delimiter: ','}\n"))
    assert "semicolons" in text and "csv: {delimiter: ';'}" in text


def test_headers_in_any_case_and_private_columns(tmp_path: Path) -> None:
    rows = "ID,Name,WEIGHT,Zoom,_notes,#cost\nA1,Ace,3,4,check the art,0.12\n"
    d = load_deck(deck(tmp_path, rows))
    card = d.cards[0]
    assert (card.id, card.name, card.value("weight"), card.value("zoom")) == ("A1", "Ace", 3, 4)
    assert "_notes" not in card.fields and "#cost" not in card.fields


@pytest.mark.parametrize("word", ["", "no data", "No Data", "null"])
def test_documented_no_data_words(tmp_path: Path, word: str) -> None:
    d = load_deck(deck(tmp_path, f"id,name,weight,zoom\nA1,Ace,{word},4\n"))
    assert d.cards[0].value("weight") is None


@pytest.mark.parametrize("word", ["?", "N/A", "na", "-", "\u2014"])
def test_other_placeholders_are_errors_with_a_hint(tmp_path: Path, word: str) -> None:
    text = problems(deck(tmp_path, f"id,name,weight,zoom\nA1,Ace,{word},4\n"))
    assert "card A1" in text and "'weight'" in text and f"no_data: [{word!r}]" in text


def test_a_deck_declares_its_own_no_data_words(tmp_path: Path) -> None:
    d = load_deck(deck(tmp_path, "id,name,weight,zoom\nA1,Ace,?,N/A\nA2,Two,1,2\n", "no_data: ['?', 'n/a']\n"))
    assert [c.value("weight") for c in d.cards] == [None, 1] and d.cards[0].value("zoom") is None
    assert d.no_data == "no data"  # a list adds words; the printed word stays


def _xlsx(tmp_path: Path, rows: list[list[object]]) -> Path:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    book.save(tmp_path / "cards.xlsx")
    path = tmp_path / "deck.yaml"
    path.write_text(DECK.replace("{cards}", "cards.xlsx"))
    return path


def test_xlsx_errors_name_the_column_letter(tmp_path: Path) -> None:
    text = problems(_xlsx(tmp_path, [["id", "name", "weight", "zoom"], ["A1", "Ace", "heavy", 4]]))
    assert "cards.xlsx:2: card A1, field 'weight' (column C): " in text


def test_an_xlsx_value_outside_the_header_is_an_error(tmp_path: Path) -> None:
    text = problems(_xlsx(tmp_path, [["id", "name", "weight", "zoom"], ["A1", "Ace", 3, 4, "stray note"]]))
    assert "cell E2" in text and "stray note" in text and "no column header" in text
