"""Every text a layout draws goes through one font-fallback path (issue 42, item 1):
attribute labels, units and the no-data word in French, Japanese, Arabic and German
are printed, read back from the PDF with their glyph positions; a character no font
has, anywhere a layout prints, is reported by `check` and refused by `--strict`."""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path

import pymupdf
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


def spans(pdf: Path) -> list[dict[str, object]]:
    """Every text span of the first page: its text (NFKC: Arabic presentation forms as
    letters) and bounding box."""
    with pymupdf.open(pdf) as doc:
        found = doc[0].get_text("dict")
    out = []
    for block in found["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                out.append({"text": unicodedata.normalize("NFKC", span["text"]), "bbox": span["bbox"],
                            "font": span["font"], "raw": span["text"]})
    return out


def _cards(world: Path, tmp_path: Path, lang: str) -> list[dict[str, object]]:
    out = tmp_path / f"{lang}.pdf"
    result = runner.invoke(app, ["cards", str(world), "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "no font can draw" not in result.output and "no glyph" not in result.output
    return spans(out)


def _x(found: list[dict[str, object]], text: str) -> tuple[float, float]:
    boxes = [s["bbox"] for s in found if text in str(s["text"])]
    assert boxes, f"{text!r} not printed: {[s['text'] for s in found]}"
    box = boxes[0]
    assert isinstance(box, tuple | list)
    return float(box[0]), float(box[2])


@pytest.mark.parametrize(("lang", "label", "value", "nodata"), [
    ("ja", "速度", "キロ毎時", "データなし"),
    ("fr", "Vitesse", "2 km/h", "sans données"),
    ("de", "Tempo", "2 km/h", "keine Angabe"),
])
def test_attribute_labels_units_and_no_data_are_printed(world: Path, tmp_path: Path, lang: str, label: str,
                                                         value: str, nodata: str) -> None:
    found = _cards(world, tmp_path, lang)
    label_x = _x(found, label)
    value_x = _x(found, value)
    assert label_x[1] < value_x[0]  # the label left of its value, not overprinted
    _x(found, nodata)


def test_arabic_labels_and_units_are_shaped_and_printed(world: Path, tmp_path: Path) -> None:
    found = _cards(world, tmp_path, "ar")
    text = " ".join(str(s["text"]) for s in found)
    # shaped (joined presentation forms, drawn right to left): NFKC gives the letters back
    assert "كم/س" in text.replace(" ", "") or "س/مك" in text.replace(" ", "")
    for word in ("الوزن", "السرعة", "كغ"):
        assert word in text or word[::-1] in text, (word, text)
    assert any(ord(ch) >= 0xFE70 for s in found for ch in str(s["raw"]))  # presentation forms: shaped


def test_german_and_french_numbers_use_a_decimal_comma(world: Path, tmp_path: Path) -> None:
    for lang in ("de", "fr"):
        text = " ".join(str(s["text"]) for s in _cards(world, tmp_path, lang))
        assert "0,8 kg" in text and "0.8" not in text, (lang, text)
    source = tmp_path / "en.pdf"
    assert runner.invoke(app, ["cards", str(world), "-o", str(source)]).exit_code == 0
    assert "0.8 kg" in " ".join(str(s["text"]) for s in spans(source))  # the source as written


def test_a_declared_number_format_wins(world: Path, tmp_path: Path) -> None:
    deck = world / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "no_data: no data", "no_data: no data\nnumber_format: {decimal: ',', thousands: '.'}")
        .replace("weight: 0.8", "weight: '0,8'").replace("weight: 1.5", "weight: '1,5'"), encoding="utf-8")
    out = tmp_path / "en.pdf"
    result = runner.invoke(app, ["cards", str(world), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "0,8 kg" in " ".join(str(s["text"]) for s in spans(out))


def _undrawable_label(world: Path) -> None:
    ja = world / "translations" / "ja.csv"
    ja.write_text(ja.read_text(encoding="utf-8").replace("速度,Speed", "速度𓀀,Speed"), encoding="utf-8")


def test_strict_refuses_a_label_no_font_can_draw(world: Path, tmp_path: Path) -> None:
    _undrawable_label(world)
    plain = runner.invoke(app, ["cards", str(world), "--lang", "ja", "-o", str(tmp_path / "a.pdf")])
    assert plain.exit_code == 0 and "U+13000" in plain.output
    strict = runner.invoke(app, ["cards", str(world), "--lang", "ja", "--strict", "-o", str(tmp_path / "s.pdf")])
    assert strict.exit_code == 2, strict.output
    assert "field 'attributes.speed.label': no font can draw '𓀀' (U+13000)" in " ".join(strict.output.split())
    assert not (tmp_path / "s.pdf").exists()


def test_check_reports_a_label_no_font_can_draw(world: Path) -> None:
    _undrawable_label(world)
    report = json.loads(runner.invoke(app, ["check", str(world), "--lang", "ja", "--games", "0", "--json"]).stdout)
    assert any("attributes.speed.label" in f["message"] and "U+13000" in f["message"] for f in report["findings"])
    failing = runner.invoke(app, ["check", str(world), "--lang", "ja", "--games", "0", "--fail-on-warnings"])
    assert failing.exit_code == 1


@pytest.mark.parametrize(("lang", "old", "long"), [
    ("de", "Tempo,Speed", "Höchstgeschwindigkeit im Straßenverkehr bei völliger Windstille,Speed"),
    ("ja", "速度,Speed", "最高速度（風のない日の一般道路での測定値）とその条件の説明,Speed"),
])
def test_a_long_translated_label_is_warned_once_at_its_line_and_checked(world: Path, tmp_path: Path, lang: str,
                                                                         old: str, long: str) -> None:
    file = world / "translations" / f"{lang}.csv"
    file.write_text(file.read_text(encoding="utf-8").replace(old, long), encoding="utf-8")
    result = runner.invoke(app, ["cards", str(world), "--lang", lang, "-o", str(tmp_path / "c.pdf")])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert flat.count("overprint") == 1, result.output  # once, not per card
    assert f"{lang}.csv:8: field 'attributes.speed.label': attribute label" in flat
    report = json.loads(runner.invoke(app, ["check", str(world), "--lang", lang, "--games", "0", "--json"]).stdout)
    assert any("attributes.speed.label" in f["message"] and "overprint" in f["message"] for f in report["findings"])


def _centre(found: list[dict[str, object]], text: str) -> float:
    left, right = _x(found, text)
    return (left + right) / 2


def test_right_to_left_decks_mirror_the_bundled_layout(world: Path, tmp_path: Path) -> None:
    """Arabic on the weiji layout (mirror: true through base): the name flush right, the
    card id on the left, each label right of its value; French keeps the designed order."""
    ar = _cards(world, tmp_path, "ar")
    name, label, value = _centre(ar, "غلاية"), _centre(ar, "الوزن"), _centre(ar, "0.8")
    card_id = _centre(ar, "W1")
    assert label > value and name > card_id, (label, value, name, card_id)
    fr = _cards(world, tmp_path, "fr")
    assert _centre(fr, "Poids") < _centre(fr, "0,8 kg") and _centre(fr, "Bouilloire") < _centre(fr, "W1")


def test_a_layout_that_does_not_declare_itself_mirrorable_is_drawn_as_designed(world: Path, tmp_path: Path) -> None:
    (world / "plain.yaml").write_text("name: plain\nextends: weiji\nmirror: false\n", encoding="utf-8")
    deck = world / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("game: weiji", "game: weiji\nlayout: plain.yaml"),
                    encoding="utf-8")
    ar = _cards(world, tmp_path, "ar")
    assert _centre(ar, "الوزن") < _centre(ar, "0.8")
