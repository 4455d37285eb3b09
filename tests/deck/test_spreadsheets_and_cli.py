"""XLSX card rows, and ``deckpress check`` on every broken fixture: one line per
problem, exit code 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.errors import DeckError

from .test_load import BROKEN, CASES

HEADER = ["id", "name", "weight", "zoom"]


def write_deck(folder: Path, rows: list[list[object]], sheet: str = "Cards", extra: str = "") -> Path:
    book = Workbook()
    ws = book.active
    assert ws is not None
    ws.title = sheet
    for row in rows:
        ws.append(row)
    book.save(folder / "cards.xlsx")
    deck = folder / "deck.yaml"
    deck.write_text(
        "name: Sheet\ngame: weiji\n"
        "attributes:\n  - {key: weight, label: Weight, unit: kg, better: lower}\n"
        "  - {key: zoom, label: Zoom, unit: x}\n"
        f"cards: {{file: cards.xlsx, sheet: Cards}}\n{extra}"
    )
    return deck


def test_xlsx_rows_load_with_numbers_no_data_and_text(tmp_path: Path) -> None:
    deck = load_deck(write_deck(tmp_path, [HEADER, ["S1", "Small", 1.5, "no data"], ["S2", "Big", 3, None]]))
    assert [c.id for c in deck.cards] == ["S1", "S2"]
    assert deck.card("S1").values == {"weight": 1.5, "zoom": None}
    assert deck.card("S2").values == {"weight": 3.0, "zoom": None}


def test_xlsx_errors_name_the_sheet_row_card_and_field(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [HEADER, ["S1", "Small", "heavy", 2]])
    with pytest.raises(DeckError) as info:
        load_deck(path)
    text = str(info.value)
    assert "cards.xlsx" in text and "card S1" in text and "field 'weight'" in text and "not a number" in text


def test_xlsx_missing_sheet_lists_the_sheets(tmp_path: Path) -> None:
    path = write_deck(tmp_path, [HEADER, ["S1", "Small", 1, 2]], sheet="Other")
    with pytest.raises(DeckError, match="no sheet named 'Cards'; sheets: Other"):
        load_deck(path)


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_prints_each_broken_deck_error_and_exits_2(name: str) -> None:
    result = CliRunner().invoke(app, ["check", str(BROKEN / name)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for expected in CASES[name]:
        assert expected in result.output, f"{expected!r} not in {result.output!r}"
    assert all(line.startswith("error: ") for line in result.output.strip().splitlines())


@pytest.mark.parametrize("name", ["lighting", "cognitio", "eagle", "piecepack", "viashi", "standard52"])
def test_check_loads_every_bundled_deck(name: str) -> None:
    result = CliRunner().invoke(app, ["check", name, "--games", "0"])
    assert result.exit_code in (0, 1), result.output  # 1: balance findings, never bad input
    assert "Traceback" not in result.output
