"""One CSV reader for every CSV deckpress reads (issue 42, item 2): a translation saved by
Excel in a European locale (semicolons, BOM, CRLF) or as "Unicode Text" (tabs, UTF-16)
is read like a card CSV; a file in another encoding is refused at its line, with the
hint to save it as "CSV UTF-8"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck.csvfile import decode, dialect
from generator.errors import DeckError

DATA = Path(__file__).parent / "data"
runner = CliRunner()


@pytest.fixture
def world(tmp_path: Path) -> Path:
    folder = tmp_path / "world"
    shutil.copytree(DATA / "world", folder)
    return folder


def _text(pdf: Path) -> str:
    with pymupdf.open(pdf) as doc:
        return " ".join(page.get_text() for page in doc)


def test_an_excel_semicolon_translation_is_read(world: Path, tmp_path: Path) -> None:
    raw = (world / "translations" / "fr.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfid;field;") and b"\r\n" in raw  # as Excel's "CSV UTF-8" in France
    out = tmp_path / "fr.pdf"
    result = runner.invoke(app, ["cards", str(world), "--lang", "fr", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = _text(out)
    assert "Bouilloire" in text and "Grille-pain" in text and "Vitesse" in text
    assert "not translated" not in result.output


def test_translate_reads_the_semicolon_file_it_updates(world: Path) -> None:
    result = runner.invoke(app, ["translate", str(world), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "12 translated, 0 to translate" in result.output


def test_a_tab_separated_utf16_translation_is_read(world: Path, tmp_path: Path) -> None:
    ja = world / "translations" / "ja.csv"
    ja.write_bytes(ja.read_text(encoding="utf-8").replace(",", "\t").encode("utf-16"))  # Excel's Unicode Text
    out = tmp_path / "ja.pdf"
    result = runner.invoke(app, ["cards", str(world), "--lang", "ja", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "やかん" in _text(out) and "速度" in _text(out)


def test_a_windows_1252_translation_is_refused_at_its_line_with_a_hint(world: Path, tmp_path: Path) -> None:
    fr = world / "translations" / "fr.csv"
    fr.write_bytes(fr.read_text(encoding="utf-8-sig").encode("cp1252"))  # "CSV (séparateur: point-virgule)"
    result = runner.invoke(app, ["cards", str(world), "--lang", "fr", "-o", str(tmp_path / "fr.pdf")])
    assert result.exit_code == 2
    message = " ".join(result.output.split())
    assert "fr.csv:5: not UTF-8 text: byte 0xE9 ('é' in Windows-1252)" in message  # "sans données"
    assert '"CSV UTF-8' in message
    assert not (tmp_path / "fr.pdf").exists()


def test_a_windows_1252_card_csv_gets_the_same_hint(world: Path, tmp_path: Path) -> None:
    (world / "cards.csv").write_bytes("id;name;weight;speed\nW1;Café;1;2\n".encode("cp1252"))
    deck = world / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text[: text.index("cards:")] + "cards: cards.csv\n", encoding="utf-8")
    result = runner.invoke(app, ["cards", str(world), "-o", str(tmp_path / "c.pdf")])
    assert result.exit_code == 2
    assert "cards.csv:2: not UTF-8 text" in result.output and "CSV UTF-8" in " ".join(result.output.split())


def test_the_dialect_is_found_by_the_columns_a_one_row_file_has() -> None:
    assert dialect("id;field;text\n", expect=("id", "field", "text")).delimiter == ";"
    assert dialect("id\tfield\ttext\n", expect=("id", "field", "text")).delimiter == "\t"
    assert dialect("id,field,text\n", expect=("id", "field", "text")).delimiter == ","
    assert dialect("a;b\n1;2\n3;4\n").delimiter == ";"  # sniffed


def test_decode_names_line_and_column() -> None:
    with pytest.raises(DeckError) as err:
        decode(b"a,b\nc,d\nx,\xfc\n", Path("t.csv"))
    problem = err.value.problems[0]
    assert problem.line == 3 and "column 3" in problem.message and "'ü' in Windows-1252" in problem.message
    assert decode(b"\xef\xbb\xbfa", Path("t.csv")) == "a"
    assert decode("ä".encode("utf-16"), Path("t.csv")) == "ä"
