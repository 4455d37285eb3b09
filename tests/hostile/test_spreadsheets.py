"""Hostile card rows in CSV and XLSX files: a loaded deck or a clean DeckError,
never a traceback, hang or unbounded memory."""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.deck import load_deck
from generator.deck import rows as rows_module
from generator.errors import DeckError

DECK = "name: Sheet\nattributes: [{key: weight, label: Weight}]\ncards: {file: %s}\n"


def _deck(tmp: Path, rows_file: str, sheet: str | None = None) -> Path:
    ref = rows_file if sheet is None else f"{rows_file}, sheet: {sheet}"
    path = tmp / "deck.yaml"
    path.write_text(DECK % ref, encoding="utf-8")
    return path


def _clean(path: Path) -> None:
    try:
        load_deck(path)
    except DeckError as exc:
        assert exc.problems and all(str(p) for p in exc.problems)
        assert all(p.file is not None for p in exc.problems), str(exc)


def _book(path: Path, rows: list[list[object]], title: str = "Cards") -> Path:
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = title
    for row in rows:
        ws.append(row)
    book.save(path)
    return path


cells = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.floats(allow_nan=True, allow_infinity=True),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=10),
    st.sampled_from(["id", "weight", "name", "no data", "#DIV/0!", "=1/0", "\u202eevil", "e\u0301", "1e400"]),
    st.datetimes(min_value=dt.datetime(1901, 1, 1), max_value=dt.datetime(2100, 1, 1)),
)


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.lists(cells, min_size=1, max_size=5), min_size=1, max_size=6))
def test_generated_xlsx_sheets_load_or_fail_cleanly(tmp_path: Path, rows: list[list[object]]) -> None:
    try:
        _book(tmp_path / "cards.xlsx", rows)
    except (ValueError, TypeError):  # openpyxl refuses to *write* some values: not our input
        return
    _clean(_deck(tmp_path, "cards.xlsx"))


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400))
def test_arbitrary_bytes_as_csv_or_xlsx_fail_cleanly(tmp_path: Path, data: bytes) -> None:
    for name in ("cards.csv", "cards.xlsx"):
        (tmp_path / name).write_bytes(b"id,weight\r\n" + data if name.endswith("csv") else data)
        _clean(_deck(tmp_path, name))


def test_csv_with_bom_crlf_and_unicode_names_loads(tmp_path: Path) -> None:
    text = "\ufeffid,name,weight\r\nA,\u05e9\u05dc\u05d5\u05dd \u202eabc,1\r\nB,Ze\u0301phyr,2\r\n"
    (tmp_path / "cards.csv").write_bytes(text.encode("utf-8"))
    deck = load_deck(_deck(tmp_path, "cards.csv"))
    assert [c.id for c in deck.cards] == ["A", "B"]
    assert deck.cards[1].name == "Ze\u0301phyr"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"id,weight\nA,1\x00\n", "not a number"),
        (b"id,weight\nA,\"unterminated\n", None),
        (b"id,weight\nA,1e400\n", "finite"),
        (b"id,weight\nA,nan\n", "finite"),
        (b"id,weight\nA,-inf\n", "not a number"),
        (b"id,weight\nA,99999999999999999999999\n", "finite"),
        (b"id,weight\nA,\x1b[31m\n", "not a number"),
        (b"\xff\xfeid,weight\n", "not UTF-8"),
        (b"id,weight,weight\nA,1,2\n", "twice"),
        (b"weight\n1\n", "no 'id' column"),
        (b"", "empty"),
        (b"id,weight\n" + b"A," + b"9" * 200_000 + b"\n", "invalid CSV"),  # field larger than csv's limit
    ],
)
def test_nasty_csv_files_are_clean_errors(tmp_path: Path, content: bytes, message: str | None) -> None:
    (tmp_path / "cards.csv").write_bytes(content)
    with pytest.raises(DeckError) as info:
        load_deck(_deck(tmp_path, "cards.csv"))
    if message:
        assert message in str(info.value)
    assert "cards.csv" in str(info.value) or "deck.yaml" in str(info.value)


def test_too_many_csv_rows_stop_early(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows_module, "MAX_ROWS", 50)
    lines = "\n".join(f"C{i},1" for i in range(10_000))
    (tmp_path / "cards.csv").write_text("id,weight\n" + lines + "\n", encoding="utf-8")
    with pytest.raises(DeckError, match="more than 50 card rows"):
        load_deck(_deck(tmp_path, "cards.csv"))


def test_xlsx_dates_formulas_errors_and_bools_are_named_problems(tmp_path: Path) -> None:
    _book(tmp_path / "cards.xlsx", [["id", "weight"], ["A", dt.datetime(2024, 1, 1)], ["B", "=1/0"],
                                     ["C", True], ["D", "#N/A"], ["E", 1.5]])
    with pytest.raises(DeckError) as info:
        load_deck(_deck(tmp_path, "cards.xlsx"))
    text = str(info.value)
    for card in "ABCD":
        assert f"card {card}, field 'weight'" in text
    # a formula never calculated (written by a script) has no saved value: named, not read as "no data"
    assert "card B, field 'weight': cell B3: formula without a saved value" in text
    assert "card E" not in text


def test_xlsx_missing_sheet_empty_sheet_and_not_a_zip(tmp_path: Path) -> None:
    _book(tmp_path / "cards.xlsx", [["id", "weight"], ["A", 1]])
    with pytest.raises(DeckError, match="no sheet named 'Nope'; sheets: Cards"):
        load_deck(_deck(tmp_path, "cards.xlsx", sheet="Nope"))
    _book(tmp_path / "empty.xlsx", [])
    with pytest.raises(DeckError, match="empty"):
        load_deck(_deck(tmp_path, "empty.xlsx"))
    (tmp_path / "fake.xlsx").write_text("id,weight\nA,1\n", encoding="utf-8")
    with pytest.raises(DeckError, match="not an XLSX file"):
        load_deck(_deck(tmp_path, "fake.xlsx"))


def test_xlsx_zip_bomb_is_refused_before_unpacking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows_module, "MAX_UNZIPPED", 1024 * 1024)
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (4 * 1024 * 1024))  # compresses to ~4 KB
    assert path.stat().st_size < 64 * 1024
    with pytest.raises(DeckError, match="zip bomb"):
        load_deck(_deck(tmp_path, "bomb.xlsx"))


def test_xlsx_claiming_a_huge_range_is_not_padded_out(tmp_path: Path) -> None:
    """A sheet whose <dimension> says A1:XFD1048576 (17 billion cells) still loads at once."""
    path = _book(tmp_path / "cards.xlsx", [["id", "weight"], ["A", 1], ["B", 2]])
    odd = tmp_path / "odd.xlsx"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(odd, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename.startswith("xl/worksheets/sheet"):
                data = re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:XFD1048576"', data)
                assert b"XFD1048576" in data
            dst.writestr(info, data)
    deck = load_deck(_deck(tmp_path, "odd.xlsx"))
    assert [c.id for c in deck.cards] == ["A", "B"]


def test_xlsx_with_too_many_rows_stops_early(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows_module, "MAX_ROWS", 20)
    _book(tmp_path / "cards.xlsx", [["id", "weight"], *([f"C{i}", i] for i in range(200))])
    with pytest.raises(DeckError, match="more than 20 card rows"):
        load_deck(_deck(tmp_path, "cards.xlsx"))
