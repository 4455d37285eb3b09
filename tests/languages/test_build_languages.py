"""Build and gallery of a deck in five languages (issue 42, item 8): no phantom booklet
jobs for languages without a catalogue (and a second build has nothing to do), the
gallery counts one deck, the upload kit names its language, ``art@fr`` prints French art."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pymupdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app

DATA = Path(__file__).parent / "data"
runner = CliRunner()


@pytest.fixture
def world(tmp_path: Path) -> Path:
    folder = tmp_path / "world"
    shutil.copytree(DATA / "world", folder)
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "no_data: no data", "no_data: no data\nbuild: {outputs: [sheets, booklets], sheets: {pages: [a4]}}"),
        encoding="utf-8")
    return folder


def test_languages_without_a_booklet_catalogue_make_no_phantom_jobs(world: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = runner.invoke(app, ["build", str(world), "-o", str(out)], env={"COLUMNS": "250"})
    assert first.exit_code == 0, first.output
    flat = " ".join(first.output.split())
    for lang in ("fr", "ja", "ar"):
        assert f"no rule booklet in {lang!r}" in flat
        assert not (out / "world" / lang / "rules-booklet.pdf").exists()
        assert re.search(rf"world/{lang}/rules\s+│ not made", first.output), first.output
    assert (out / "world" / "de" / "rules-booklet.pdf").is_file()  # German has a catalogue
    again = runner.invoke(app, ["build", str(world), "-o", str(out)], env={"COLUMNS": "250"})
    assert again.exit_code == 0, again.output
    assert "0 built" in again.output and "built │" not in again.output


def test_the_gallery_counts_one_deck_in_five_languages(world: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert runner.invoke(app, ["build", str(world), "-o", str(out)]).exit_code == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "1 deck (5 sections, one per language)" in page and "5 decks" not in page


@pytest.mark.parametrize(("lang", "name"), [("fr", "French (fr)"), ("ja", "Japanese (ja)"), ("ar", "Arabic (ar)"),
                                            ("de", "German (de)")])
def test_the_upload_kit_names_its_language(world: Path, tmp_path: Path, lang: str, name: str) -> None:
    out = tmp_path / lang
    result = runner.invoke(app, ["images", str(world), "--lang", lang, "--preset", "tgc", "-o", str(out)])
    assert result.exit_code == 0, result.output
    upload = (out / "UPLOAD.md").read_text(encoding="utf-8")
    assert upload.splitlines()[0].endswith(f"({name})") and f"**Language: {name}.**" in upload


def _images(pdf: Path) -> int:
    with pymupdf.open(pdf) as doc:
        return len(doc[0].get_images())


def test_art_per_language(world: Path, tmp_path: Path) -> None:
    Image.new("RGB", (300, 200), (200, 30, 30)).save(world / "bouilloire.png")
    deck = world / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{id: W1, name: Kettle,",
                                                             "{id: W1, name: Kettle, art@fr: bouilloire.png,"),
                    encoding="utf-8")
    fr, en = tmp_path / "fr.pdf", tmp_path / "en.pdf"
    result = runner.invoke(app, ["cards", str(world), "--lang", "fr", "-o", str(fr)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["cards", str(world), "-o", str(en)]).exit_code == 0
    assert _images(fr) == 1 and _images(en) == 0


def test_art_per_language_must_exist_inside_the_project(world: Path, tmp_path: Path) -> None:
    deck = world / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{id: W1, name: Kettle,",
                                                             "{id: W1, name: Kettle, art@fr: ../outside.png,"),
                    encoding="utf-8")
    result = runner.invoke(app, ["cards", str(world), "--lang", "fr", "-o", str(tmp_path / "fr.pdf")])
    assert result.exit_code == 2
    assert "card W1, field 'art@fr'" in " ".join(result.output.split()) and "outside the deck's folder" in result.output
