"""`deckpress translate` of a bundled deck (issue 42): in an installed package the bundled
decks live in site-packages (generator/_bundled/deck_data, often read-only, replaced by
every upgrade), so translate writes nothing there and names the way: `deckpress new
NAME --from DECK`, which copies the deck into a project the designer owns, where
translate works. The installed layout is made here as the wheel lays it out, read-only."""

from __future__ import annotations

import csv
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator import paths
from generator.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def _read_only(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        mode = path.stat().st_mode
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The package's bundled folders as an installed wheel has them: deck_data a
    read-only copy under site/generator/_bundled/, the rest linked."""
    bundled = tmp_path / "site" / "generator" / "_bundled"
    bundled.mkdir(parents=True)
    shutil.copytree(ROOT / "deck_data", bundled / "deck_data")
    for name in ("templates", "fonts", "icc"):
        (bundled / name).symlink_to(paths.bundled_dir(name))
    _read_only(bundled / "deck_data")
    monkeypatch.setattr(paths, "_PACKAGE", bundled.parent)
    paths.bundled_dir.cache_clear()
    yield bundled / "deck_data"
    paths.bundled_dir.cache_clear()
    for path in [bundled / "deck_data", *(bundled / "deck_data").rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)


def test_translate_of_an_installed_bundled_deck_writes_nothing_and_names_the_way(installed: Path) -> None:
    assert paths.deck_data_dir() == installed
    before = sorted(p.name for p in (installed / "translations").iterdir())
    for lang in ("de", "fr"):  # a language the deck declares, and one it does not
        result = runner.invoke(app, ["translate", "lighting", "--lang", lang])
        assert result.exit_code == 2, result.output
        said = " ".join(result.output.split())
        assert "'lighting' is a bundled deck" in said and "belongs to the installed deckpress" in said, said
        assert "deckpress new my-lighting --from lighting" in said and f"deckpress translate my-lighting --lang {lang}" in said
        assert "Traceback" not in said and "internal error" not in said
    assert sorted(p.name for p in (installed / "translations").iterdir()) == before


def test_the_named_way_works_new_from_then_translate(installed: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["new", "my-lighting", "--from", "lighting"])
    assert made.exit_code == 0, made.output
    project = tmp_path / "my-lighting"
    assert (project / "deck.yaml").is_file()
    assert (project / "translations" / "de.csv").read_bytes() == (installed / "translations" / "lighting.de.csv").read_bytes()
    deck = project / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("languages: [en, de]", "languages: [en, de, fr]"),
                    encoding="utf-8")
    result = runner.invoke(app, ["translate", "my-lighting", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    with (project / "translations" / "fr.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert rows and {r["status"] for r in rows} == {"missing"} and any(r["source"] == "Lighting" for r in rows)
    again = runner.invoke(app, ["new", "my-lighting", "--from", "lighting"])
    assert again.exit_code == 2 and "not empty" in again.output  # never over a project
    unknown = runner.invoke(app, ["new", "other", "--from", "lightning"])
    assert unknown.exit_code == 2 and "not a bundled deck" in unknown.output and "lighting" in unknown.output


def test_in_a_source_checkout_an_undeclared_language_names_the_way_too() -> None:
    """Beside the package (a clone, writable) translate still updates the bundled German
    (how the maintainers keep deck_data/translations/ current); a language the bundled
    deck does not declare is refused with the way to a project of one's own."""
    assert "_bundled" not in paths.deck_data_dir().parts
    french = runner.invoke(app, ["translate", "lighting", "--lang", "fr"])
    assert french.exit_code == 2, french.output
    said = " ".join(french.output.split())
    assert "'fr' is not one of the deck's translations" in said and "deckpress new my-lighting --from lighting" in said


def test_new_from_copies_the_files_the_deck_reads(tmp_path: Path) -> None:
    """eagle keeps its cards in eagle-cards.csv: the copy carries it, and prints as the bundled deck."""
    project = tmp_path / "my-eagle"
    made = runner.invoke(app, ["new", str(project), "--from", "eagle"])
    assert made.exit_code == 0, made.output
    assert (project / "eagle-cards.csv").read_bytes() == (paths.deck_data_dir() / "eagle-cards.csv").read_bytes()
    out = tmp_path / "eagle.pdf"
    printed = runner.invoke(app, ["cards", str(project), "-o", str(out)])
    assert printed.exit_code == 0 and out.is_file(), printed.output
    viashi = tmp_path / "v"
    assert runner.invoke(app, ["new", str(viashi), "--from", "viashi"]).exit_code == 0
    assert "(deckpress translate v --lang de)" in (viashi / "deck.yaml").read_text(encoding="utf-8")
