"""--lang on cards, images, check and rules; build makes every language; the gallery switches."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from generator.cli import app

DATA = Path(__file__).parent / "data"
runner = CliRunner()


def page_text(pdf_path: Path) -> str:
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    folder = tmp_path / "shop"
    shutil.copytree(DATA / "shop", folder)
    return folder


def test_cards_in_german(shop: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["cards", str(shop), "--lang", "de", "-o", str(tmp_path / "de.pdf")])
    assert result.exit_code == 0, result.output
    text = page_text(tmp_path / "de.pdf")
    assert "Wasserkocher" in text and "Gewicht 1 kg" in text and "LADEN S1" in text  # the weiji layout prints no text
    assert "Kettle" not in text
    assert "not translated into 'de'" in result.output and "S3 (text)" in result.output


def test_cards_without_lang_are_the_source(shop: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["cards", str(shop), "-o", str(tmp_path / "en.pdf")])
    assert result.exit_code == 0, result.output
    assert "Kettle" in page_text(tmp_path / "en.pdf")
    assert "not translated" not in result.output


def test_cards_strict_fails_on_a_missing_translation(shop: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["cards", str(shop), "--lang", "de", "--strict", "-o", str(tmp_path / "de.pdf")])
    assert result.exit_code == 2
    assert "S3 (text)" in result.output
    assert not (tmp_path / "de.pdf").exists()


def test_unknown_language_is_an_error_naming_the_declared_ones(shop: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", str(shop), "--lang", "fr", "-o", str(tmp_path / "img")])
    assert result.exit_code == 2
    assert "no language 'fr'; its languages: en, de" in result.output


def test_images_in_german(shop: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", str(shop), "--lang", "de", "--dpi", "40", "-o", str(tmp_path / "img")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "img").iterdir()) == ["S1.png", "S2.png", "S3.png"]


def test_check_reports_missing_translations(shop: Path) -> None:
    result = runner.invoke(app, ["check", str(shop), "--lang", "de", "--games", "0", "--json"])
    data = json.loads(result.stdout)
    assert any("not translated into 'de'" in f["message"] and "S3 (text)" in f["message"] for f in data["findings"])


def test_rules_use_the_translated_deck_names(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rules", "weiji", "--lang", "de", "--imposition", "sheet", "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 0, result.output
    text = page_text(tmp_path / "r.pdf")
    assert "Beleuchtung" in text and "Lichtstrom" in text


def test_build_makes_every_language_and_the_gallery_switches(shop: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(shop), "-o", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "Kettle" in page_text(out / "shop" / "cards-a4.pdf")
    assert "Wasserkocher" in page_text(out / "shop" / "de" / "cards-a4.pdf")
    assert (out / "shop" / "de" / "images" / "S1.png").is_file()
    html = (out / "index.html").read_text(encoding="utf-8")
    assert '<section class="deck" id="shop" lang="en">' in html
    assert '<section class="deck" id="shop-de" lang="de">' in html
    assert '<a href="#shop-de" hreflang="de">de</a>' in html and '<a href="#shop" hreflang="en">en</a>' in html
    assert "<h2>Laden</h2>" in html
    source = html.split('id="shop"', 1)[1].split('id="shop-de"', 1)[0]
    assert "shop/de/cards-a4.pdf" not in source  # each language lists its own files
    assert "S3 (text)" in html.split('id="shop-de"', 1)[1]  # the missing translation, in its section
