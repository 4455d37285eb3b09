"""Numbers written as text are never quietly changed: "1,5" is not 15.

Without a declared number format, a comma, a currency sign, a percent sign or a
unit in a number cell is an error naming file:line, card and field, with a hint;
with ``number_format`` the deck's own way of writing numbers is read everywhere
(CSV, XLSX text cells, YAML strings).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.deck.numbers import NumberFormat, read_number
from generator.errors import DeckError

DECK = """name: Speedy
game: weiji
attributes:
  - {key: speed, label: Speed, unit: km/h}
  - {key: weight, label: Weight, unit: kg, better: lower}
"""


def _csv_deck(folder: Path, rows: str, extra: str = "") -> Path:
    (folder / "cards.csv").write_text("id,name,speed,weight\n" + rows, encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text(DECK + extra + "cards: cards.csv\n", encoding="utf-8")
    return path


def test_a_decimal_comma_cell_is_an_error_naming_file_line_card_and_field(tmp_path: Path) -> None:
    path = _csv_deck(tmp_path, 'A,Alpha,"1,5",2\nB,Beta,3,1\n')
    with pytest.raises(DeckError) as info:
        load_deck(path)
    (problem,) = info.value.problems
    assert (Path(problem.file).name, problem.line, problem.card, problem.field) == ("cards.csv", 2, "A", "speed")
    assert "'1,5' uses a decimal comma; write 1.5" in problem.message
    assert "number_format" in problem.message


def test_check_rejects_the_comma_cell_instead_of_printing_15(tmp_path: Path) -> None:
    path = _csv_deck(tmp_path, 'A,Alpha,"1,5",2\nB,Beta,3,1\n')
    result = CliRunner().invoke(app, ["check", str(path), "--games", "0"])
    assert result.exit_code == 2, result.output
    assert "cards.csv:2: card A, field 'speed': not a number: '1,5' uses a decimal comma; write 1.5" in result.output
    assert "no problems found" not in result.output


def test_a_declared_number_format_reads_the_comma_cell_as_one_and_a_half(tmp_path: Path) -> None:
    path = _csv_deck(tmp_path, 'A,Alpha,"1,5",2\nB,Beta,"1.234,5",1\n',
                     "number_format: {decimal: ',', thousands: '.'}\n")
    deck = load_deck(path)
    assert deck.card("A").value("speed") == 1.5
    assert deck.card("B").value("speed") == 1234.5


def test_the_declared_format_applies_to_yaml_strings_and_xlsx_text_cells(tmp_path: Path) -> None:
    import openpyxl

    path = tmp_path / "deck.yaml"
    path.write_text(DECK + "number_format: {decimal: ','}\n"
                    "cards:\n  - {id: A, speed: '1,5', weight: 2.25, copies: '2'}\n", encoding="utf-8")
    deck = load_deck(path)
    assert deck.card("A").value("speed") == 1.5 and deck.card("A").value("weight") == 2.25  # a YAML float stays
    assert deck.card("A").copies == 2

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["id", "speed", "weight"])
    sheet.append(["A", "1,5", 0.5])  # a text cell and a number cell
    book.save(tmp_path / "cards.xlsx")
    path.write_text(DECK + "number_format: {decimal: ','}\ncards: cards.xlsx\n", encoding="utf-8")
    deck = load_deck(path)
    assert deck.card("A").value("speed") == 1.5 and deck.card("A").value("weight") == 0.5


@pytest.mark.parametrize(
    ("cell", "hint"),
    [
        ("1,5", "uses a decimal comma; write 1.5"),
        ("1,000", "is ambiguous (a thousands separator or a decimal comma?); write 1000 or 1.000"),
        ("1,000,000", "has thousands separators; write 1000000"),
        ("€3", "has a currency sign; write the number alone: 3"),
        ("$3.50", "has a currency sign; write the number alone: 3.5"),
        ("50%", "has a percent sign; write the number alone: 50"),
        ("3 kg", "has a unit; write the number alone: 3, and put the unit in the attribute's 'unit:'"),
        ("heavy", "not a number: 'heavy' (write a number"),
    ],
)
def test_number_text_with_anything_but_a_plain_number_is_an_error_with_a_hint(cell: str, hint: str) -> None:
    value, error = read_number(cell)
    assert value is None and error is not None and hint in error


def test_plain_numbers_read_as_written() -> None:
    assert [read_number(t)[0] for t in ("1.5", "-2", "+3", ".5", "1e3", " 7 ")] == [1.5, -2, 3, 0.5, 1000, 7]


def test_a_declared_format_refuses_the_other_convention_with_an_example() -> None:
    european = NumberFormat(",", ".", declared=True)
    assert read_number("1.000,5", european) == (1000.5, None)
    value, error = read_number("1.5", european)  # a dot is this deck's thousands separator
    assert value is None and error is not None and "decimal ',', thousands '.'" in error and "1.234,5" in error


def test_copies_with_a_decimal_comma_is_an_error_not_15_copies(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(DECK + "cards:\n  - {id: A, speed: 1, weight: 1, copies: '1,5'}\n", encoding="utf-8")
    with pytest.raises(DeckError, match=r"card A, field 'copies': copies must be a whole number.*decimal comma"):
        load_deck(path)


@pytest.mark.parametrize(
    ("declaration", "message"),
    [
        ("{decimal: ',', thousands: ','}", "decimal and thousands must differ"),
        ("{decimal: ';'}", "decimal must be '.' or ','"),
        ("{decimal: ',', thousands: 'x'}", "thousands must be one of"),
    ],
)
def test_a_number_format_declaration_is_checked(tmp_path: Path, declaration: str, message: str) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(DECK + f"number_format: {declaration}\ncards:\n  - {{id: A, speed: 1, weight: 1}}\n",
                    encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    problem = info.value.problems[0]
    assert problem.line == 6 and problem.field == "number_format" and message in problem.message


def test_deck_level_numbers_in_yaml_text_follow_the_format_too(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("name: X\nnumber_format: {decimal: ','}\ncard_size: {width: '63,5', height: '88,9'}\n"
                    "thresholds: {strength_max: '0,85'}\ncards:\n  - {id: A}\n", encoding="utf-8")
    deck = load_deck(path)
    assert (deck.card_size.width, deck.card_size.height, deck.thresholds["strength_max"]) == (63.5, 88.9, 0.85)
    path.write_text("name: X\nranks:\n  - {key: a, name: A, strength: '1,5'}\ncards:\n  - {id: A, rank: a}\n",
                    encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert str(info.value.problems[0]).endswith(
        "deck.yaml:3: field 'ranks[a].strength': not a number: '1,5' uses a decimal comma; write 1.5, "
        "or declare the deck's number_format (e.g. number_format: {decimal: ',', thousands: '.'})")
