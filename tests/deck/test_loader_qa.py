"""QA review of the loaders: a misspelt header is one problem (not one per row),
unsaved XLSX formulas are named, thresholds are checked at load time with their
line, did-you-mean only offers keys valid where the typo is, and every problem
shows its file the same way."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

from generator.deck import load_deck
from generator.deck.load import bundled_path
from generator.errors import DeckError, Problem


def _problems(path: Path) -> list[Problem]:
    with pytest.raises(DeckError) as info:
        load_deck(path)
    return info.value.problems


# 1. a misspelt CSV/XLSX header ------------------------------------------------------------

def _eagle_copy(folder: Path) -> Path:
    deck = bundled_path("eagle")
    shutil.copy(deck, folder / deck.name)
    shutil.copy(deck.with_name("eagle-cards.csv"), folder / "eagle-cards.csv")
    return folder / deck.name


def test_a_misspelt_csv_column_is_one_problem_on_the_header_not_one_per_card(tmp_path: Path) -> None:
    deck = _eagle_copy(tmp_path)
    csv = tmp_path / "eagle-cards.csv"
    header, rest = csv.read_text(encoding="utf-8").split("\n", 1)
    csv.write_text(header.replace("zoom", "zooom") + "\n" + rest, encoding="utf-8")
    problems = _problems(deck)
    assert [(Path(str(p.file)).name, p.line, p.card, p.field) for p in problems] == [
        ("eagle-cards.csv", 1, None, "zooom"), ("eagle-cards.csv", 1, None, "zoom")]
    assert "unknown column (did you mean 'zoom'?)" in str(problems[0])
    assert "the attribute 'zoom' has no column" in str(problems[1])


def test_a_csv_without_an_id_column_is_one_problem(tmp_path: Path) -> None:
    (tmp_path / "cards.csv").write_text("Ids,weight\nA,1\nB,2\nC,3\n", encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("name: X\nattributes: [{key: weight, label: W}]\ncards: cards.csv\n")
    problems = _problems(tmp_path / "deck.yaml")
    assert all(p.line == 1 and p.card is None for p in problems), problems
    text = "\n".join(map(str, problems))
    assert "no 'id' column" in text and "did you mean 'id'" in text and "no id" not in text
    assert len(problems) == 2  # no 'id' column; unknown column 'Ids' -- nothing per row


def test_a_short_row_still_names_its_missing_value(tmp_path: Path) -> None:
    (tmp_path / "cards.csv").write_text("id,weight,zoom\nA,1,2\nB,2\n", encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(
        "name: X\nattributes: [{key: weight, label: W}, {key: zoom, label: Z}]\ncards: cards.csv\n")
    [problem] = _problems(tmp_path / "deck.yaml")
    assert (problem.line, problem.card, problem.field) == (3, "B", "zoom") and "missing value" in problem.message


# 2. XLSX formulas without a saved value ---------------------------------------------------

def _xlsx_deck(folder: Path, rows: list[list[object]]) -> Path:
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Cards"
    for row in rows:
        ws.append(row)
    book.save(folder / "cards.xlsx")
    (folder / "deck.yaml").write_text("name: X\nattributes: [{key: weight, label: W}]\ncards: {file: cards.xlsx}\n")
    return folder / "deck.yaml"


def test_an_unsaved_xlsx_formula_is_named_not_read_as_no_data(tmp_path: Path) -> None:
    deck = _xlsx_deck(tmp_path, [["id", "weight"], ["A", 1], ["B", "=1+1"]])
    [problem] = _problems(deck)
    assert (Path(str(problem.file)).name, problem.line, problem.card, problem.field) == ("cards.xlsx", 3, "B", "weight")
    assert "cell B3: formula without a saved value: open and save the file in a spreadsheet app" in str(problem)


def test_many_unsaved_formulas_are_not_a_flood(tmp_path: Path) -> None:
    deck = _xlsx_deck(tmp_path, [["id", "weight"], *([f"C{i}", f"={i}+1"] for i in range(40))])
    problems = _problems(deck)
    assert len(problems) == 4 and "37 more formula cells without a saved value" in str(problems[-1])


def test_saved_formula_values_are_used(tmp_path: Path) -> None:
    """As a spreadsheet app saves them: the value beside the formula (an empty text result is no data)."""
    deck = _xlsx_deck(tmp_path, [["id", "weight"], ["A", "=1+1"], ["B", '=""'], ['=""', '=""']])
    book = tmp_path / "cards.xlsx"
    saved = tmp_path / "saved.xlsx"
    with zipfile.ZipFile(book) as src, zipfile.ZipFile(saved, "w") as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename.startswith("xl/worksheets/sheet"):
                # openpyxl writes an empty value as <v /> (or <v></v> when lxml is installed)
                data = re.sub(rb"<f>1\+1</f><v ?/>|<f>1\+1</f><v></v>", b"<f>1+1</f><v>2</v>", data)
                data = re.sub(rb'<c r="(\w+)"( [^>]*)?><f>""</f>(<v ?/>|<v></v>)', rb'<c r="\1" t="str"><f>""</f><v></v>', data)
                assert b"<v>2</v>" in data and data.count(b't="str"') == 3
            dst.writestr(info, data)
    saved.replace(book)
    loaded = load_deck(deck)
    # a row of formulas that all came out empty is an empty row, skipped
    assert [(c.id, c.values["weight"]) for c in loaded.cards] == [("A", 2.0), ("B", None)]


def test_a_formula_in_the_header_is_named(tmp_path: Path) -> None:
    deck = _xlsx_deck(tmp_path, [["id", '="weight"'], ["A", 1]])
    assert any("cell B1: the header is a formula" in str(p) and p.line == 1 for p in _problems(deck))


# 3. thresholds in the deck file -----------------------------------------------------------

def test_deck_file_thresholds_are_checked_with_their_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("name: X\nthresholds:\n  strength_max: 0.8\n  dominance: 0.1\n  strength_min: 5\n"
                    "  confidence: 1\n  correlation_max: -0.5\ncards: [{id: A}]\n")
    problems = _problems(path)
    assert [(p.line, p.field) for p in problems] == [
        (4, "thresholds.dominance"), (5, "thresholds.strength_min"), (6, "thresholds.confidence")]
    assert "unknown threshold 'dominance'" in problems[0].message
    assert "must be a share from 0 to 1, got 5" in problems[1].message
    assert "at least 0.5 and below 1, got 1" in problems[2].message


def test_deck_layer_does_not_import_the_balance_package() -> None:
    import subprocess
    import sys

    code = "import sys, generator.deck; assert not any(m.startswith('generator.balance') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)


# 5. did-you-mean only offers the keys valid where the typo is -------------------------------

def test_suggestions_come_from_the_keys_valid_at_that_place(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("name: X\nattributes:\n  - {key: w, label: W, colour: red}\nback: {colr: '#000000'}\n"
                    "card_size: {width: 60, height: 80, heigth: 1}\ncards: [{id: A, w: 1}]\n")
    problems = {p.field: str(p) for p in _problems(path)}
    assert "colors" not in problems["attributes[w].colour"]
    assert "valid here: key, label, unit, better, decimals" in problems["attributes[w].colour"]
    assert "did you mean 'color'?" in problems["back.colr"]
    assert "did you mean 'height'?" in problems["card_size.heigth"]


# 6. one way of showing file paths -----------------------------------------------------------

def test_problem_paths_are_relative_to_the_current_directory_when_inside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "cards.csv").write_text("id,weight\nA,heavy\n", encoding="utf-8")
    (tmp_path / "sub" / "deck.yaml").write_text("name: X\nattributes: [{key: weight, label: W}]\n"
                                                "thresholds: {nope: 1}\ncards: cards.csv\n")
    monkeypatch.chdir(tmp_path)
    for given in (Path("sub/deck.yaml"), tmp_path / "sub" / "deck.yaml"):
        lines = [str(p) for p in _problems(given)]
        assert [line.split(":")[0] for line in lines] == ["sub/deck.yaml", "sub/cards.csv"], lines
    outside = tmp_path.parent / "elsewhere.csv"
    assert str(Problem("x", outside, 2)) == f"{outside}:2: x"  # outside the current directory: as given
    assert str(Problem("x", "../a.yaml", 1)) == "../a.yaml:1: x"
