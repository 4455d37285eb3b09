"""`translate` keeps a translator's file as it was saved (issue 51): a semicolon file with
a UTF-8 byte-order mark (Excel's "CSV UTF-8" in a European locale) and a UTF-16 tab file
(Excel's "Unicode Text") are written back the same way — mark, encoding, delimiter,
CRLF line ends — so Excel opens them in columns again; the command says how it saved
the file; a new file is comma-separated UTF-8, as before. The cards print the file's
translations after the update."""

from __future__ import annotations

import codecs
import csv
import io
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck.languages import COLUMNS

DATA = Path(__file__).parent / "data"
runner = CliRunner()
# what a translator typed, in Excel: a translation holding the file's own delimiter and a quote
ROWS: list[tuple[str, ...]] = [("id", "field", "text", "source"),
        ("deck", "name", "Laden; der Kleine", "Shop"),
        ("deck", "description", 'Ein "kleiner" Laden.', "A small shop.")]


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    folder = tmp_path / "shop"
    shutil.copytree(DATA / "shop", folder)
    return folder


def _excel(rows: list[tuple[str, ...]], delimiter: str) -> str:
    out = io.StringIO(newline="")
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    return out.getvalue()


def _translate(shop: Path) -> str:
    result = runner.invoke(app, ["translate", str(shop), "--lang", "de"])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def _records(text: str, delimiter: str) -> dict[tuple[str, str], dict[str, str]]:
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    assert reader.fieldnames == list(COLUMNS)
    return {(r["id"], r["field"]): r for r in reader}


def _check(shop: Path, text: str, delimiter: str) -> None:
    assert "\r\n" in text and "\n" not in text.replace("\r\n", "")  # every line ends CRLF, as Excel's
    got = _records(text, delimiter)
    assert got[("deck", "name")]["text"] == "Laden; der Kleine"
    assert got[("deck", "description")]["text"] == 'Ein "kleiner" Laden.'
    assert got[("S3", "text")]["status"] == "missing" and got[("S3", "text")]["source"] == "Moves air."
    assert len(got) == 14 + 1  # the deck's 14 texts, and S1's name translated in its row too (status column)


def test_a_semicolon_file_with_a_bom_stays_one(shop: Path) -> None:
    path = shop / "translations" / "de.csv"
    path.write_bytes(codecs.BOM_UTF8 + _excel(ROWS, ";").encode("utf-8"))
    said = _translate(shop)
    data = path.read_bytes()
    assert data.startswith(codecs.BOM_UTF8) and not data[3:].startswith(codecs.BOM_UTF8)
    text = data[3:].decode("utf-8")
    assert text.splitlines()[0] == ";".join(COLUMNS)
    _check(shop, text, ";")
    assert "de.csv: kept as it was saved: semicolon-separated UTF-8 with a byte-order mark, CRLF line ends" in said
    _translate(shop)
    assert path.read_bytes() == data  # twice: the same bytes


def test_a_utf16_tab_file_stays_one(shop: Path) -> None:
    path = shop / "translations" / "de.csv"
    path.write_bytes(codecs.BOM_UTF16_LE + _excel(ROWS, "\t").encode("utf-16-le"))
    said = _translate(shop)
    data = path.read_bytes()
    assert data.startswith(codecs.BOM_UTF16_LE)
    text = data[2:].decode("utf-16-le")
    assert text.splitlines()[0] == "\t".join(COLUMNS)
    _check(shop, text, "\t")
    assert "kept as it was saved: tab-separated UTF-16 (little-endian), CRLF line ends" in said
    out = shop / "cards.pdf"
    printed = runner.invoke(app, ["cards", str(shop), "--lang", "de", "-o", str(out)])
    assert printed.exit_code == 0, printed.output
    import pymupdf

    with pymupdf.open(out) as doc:
        assert "LADEN; DER KLEINE" in " ".join(page.get_text() for page in doc)  # the layout prints it in capitals


def test_a_new_file_is_comma_separated_utf8(shop: Path) -> None:
    path = shop / "translations" / "de.csv"
    path.unlink()
    said = _translate(shop)
    data = path.read_bytes()
    assert not data.startswith(codecs.BOM_UTF8) and b"\r\n" not in data
    assert data.decode("utf-8").splitlines()[0] == ",".join(COLUMNS)
    assert "de.csv: written as: comma-separated UTF-8, LF line ends" in said
