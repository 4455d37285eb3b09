"""A project's own booklet catalogues (issue 42, item 6): rules/locale/<lang>.po is found
before the package's; a .po mistake is reported at the .po file and line (as msgfmt -c
would), never at a template line; a booklet whose catalogue lacks sentences is warned
with its coverage; `rules --help` lists no languages found at import; docs/languages.md
ships in the wheel."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pymupdf
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.i18n import (
    booklet_languages,
    catalogue_coverage,
    locale_dir,
    locale_dirs,
    po_problems,
)

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
HEADER = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

'''
FRENCH = HEADER + '''msgid "Compare the numbers, win the cards"
msgstr "Comparez les nombres, gagnez les cartes"

#, python-format
msgid "The %(deck)s pack"
msgstr "Le jeu %(deck)s"
'''


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    assert runner.invoke(app, ["new", str(folder)]).exit_code == 0
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("card_size: poker", "card_size: poker\nlanguages: [en, fr, ja]"),
                    encoding="utf-8")
    (folder / "translations").mkdir()
    (folder / "translations" / "fr.csv").write_text("id,field,text\ndeck,name,Mon jeu\n", encoding="utf-8")
    return folder


def _text(pdf: Path) -> str:
    with pymupdf.open(pdf) as doc:
        return " ".join(" ".join(page.get_text().split()) for page in doc)


def test_without_a_catalogue_the_error_names_where_one_goes(project: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["rules", str(project), "--lang", "fr", "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2
    assert "no rule booklet in 'fr'" in result.output and "rules/locale/" in " ".join(result.output.split())


def test_a_project_catalogue_is_used_and_its_coverage_warned(project: Path, tmp_path: Path) -> None:
    (project / "rules" / "locale").mkdir()
    (project / "rules" / "locale" / "fr.po").write_text(FRENCH, encoding="utf-8")
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["rules", str(project), "--lang", "fr", "--imposition", "sheet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = _text(out)
    assert "Comparez les nombres, gagnez les cartes" in text and "Le jeu Mon jeu" in text
    warned = " ".join(result.output.split())
    assert "warning: the 'fr' catalogue translates 2 of the" in warned and "print in English" in warned
    assert "fr" in booklet_languages(locale_dirs(project)) and "fr" not in booklet_languages()


def test_the_project_catalogue_wins_over_the_package_one(project: Path, tmp_path: Path) -> None:
    (project / "rules" / "locale").mkdir()
    (project / "rules" / "locale" / "de.po").write_text(
        HEADER + 'msgid "Compare the numbers, win the cards"\nmsgstr "Zahlen vergleichen, Karten gewinnen!"\n',
        encoding="utf-8")
    deck = project / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("[en, fr, ja]", "[en, fr, ja, de]"), encoding="utf-8")
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["rules", str(project), "--lang", "de", "--imposition", "sheet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = _text(out)
    assert "Zahlen vergleichen, Karten gewinnen!" in text
    assert "Diese Regeln sind für eine bestimmte Wahl der Optionen gedruckt" in text  # the package's German
    assert "warning: the 'de' catalogue" not in result.output  # every sentence translated


def test_a_po_mistake_is_reported_at_the_po_line(project: Path, tmp_path: Path) -> None:
    (project / "rules" / "locale").mkdir()
    po = project / "rules" / "locale" / "fr.po"
    po.write_text(FRENCH.replace("Le jeu %(deck)s", "Le jeu %(jeu)s"), encoding="utf-8")
    result = runner.invoke(app, ["rules", str(project), "--lang", "fr", "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2
    flat = " ".join(result.output.split())
    assert "fr.po:10: msgid 'The %(deck)s pack': unknown named placeholder 'jeu'" in flat
    assert ".j2" not in flat and "KeyError" not in flat and not (tmp_path / "r.pdf").exists()


def test_a_po_syntax_error_names_its_line(tmp_path: Path) -> None:
    po = tmp_path / "ja.po"
    po.write_text(HEADER + 'msgid "Hello"\nmsgstr "こんにちは"\n\nmsgid "broken\n', encoding="utf-8")
    problems = po_problems(po)
    assert problems and problems[0].file == po and problems[0].line is not None


def test_the_package_german_catalogue_is_complete_and_clean() -> None:
    assert po_problems(locale_dir() / "de.po") == []
    done, total = catalogue_coverage("de")
    assert done == total > 300


def test_rules_help_lists_no_languages_found_at_import() -> None:
    result = runner.invoke(app, ["rules", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "rules/locale" in result.output and "catalogue: de)" not in result.output


def test_docs_languages_ships_in_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included.get("docs/languages.md") == "generator/_bundled/docs/languages.md"
    assert (ROOT / "docs" / "languages.md").is_file()


JAPANESE = HEADER.replace("(n > 1)", "0").replace("nplurals=2", "nplurals=1") + '''msgid "Compare the numbers, win the cards"
msgstr "数字を比べて、カードを勝ち取ろう"

#, python-format
msgid "The %(deck)s pack"
msgstr "%(deck)sのパック"
'''


def test_a_japanese_booklet_prints_its_script(project: Path, tmp_path: Path) -> None:
    """The booklet's own fonts have no Japanese: the card-text fallback path prints it."""
    (project / "rules" / "locale").mkdir()
    (project / "rules" / "locale" / "ja.po").write_text(JAPANESE, encoding="utf-8")
    (project / "translations" / "ja.csv").write_text("id,field,text\ndeck,name,私のゲーム\nA01,name,ひばり\n",
                                                     encoding="utf-8")
    out = tmp_path / "ja.pdf"
    result = runner.invoke(app, ["rules", str(project), "--lang", "ja", "--imposition", "sheet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = _text(out)
    assert "数字を比べて、カードを勝ち取ろう" in text and "私のゲームのパック" in text
    with pymupdf.open(out) as doc:
        fonts = {f[3] for page in doc for f in page.get_fonts()}
    assert any("DroidSansFallback" in f for f in fonts)
