"""Booklet sentences with articles and cases (issue 42, item 5): the German War and Viashi
booklets read grammatically, read back from the PDFs; the forms of the terms tables in
German and French; a word no table knows is printed bare, as before."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.grammar import Forms, form, read_terms
from generator.i18n import locale_dir, speaking

runner = CliRunner()
FOLDERS = (locale_dir(),)


def _booklet(tmp_path: Path, game: str, *sets: str) -> str:
    out = tmp_path / f"{game}.pdf"
    args = ["rules", game, "--lang", "de", "--imposition", "sheet", "-o", str(out)]
    for s in sets:
        args += ["--set", s]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    with pymupdf.open(out) as doc:
        return " ".join(" ".join(page.get_text().split()) for page in doc)


def test_the_german_viashi_booklet_has_articles_and_cases(tmp_path: Path) -> None:
    text = _booklet(tmp_path, "viashi")
    assert "Der Narr schlägt die Königin." in text
    assert ("Liegen die Königin und der Narr der ausgespielten Farbe beide im selben Stich, gewinnt der Narr "
            "den Stich, nicht die Königin.") in text
    assert "Narr schlägt Königin" not in text and "gewinnt Narr" not in text


def test_the_german_viashi_team_booklet_counts_each_trick_in_the_accusative(tmp_path: Path) -> None:
    text = _booklet(tmp_path, "viashi", "players=6")
    assert "jeden Stich, den das Team gewonnen hat" in text and "jeder Stich" not in text
    assert "der Narr kann die Königin nicht schlagen, wenn diese Karte tot ist" in text
    assert "keine tote Karte Königin" not in text


def test_the_german_war_booklet_has_articles(tmp_path: Path) -> None:
    text = _booklet(tmp_path, "war", "variant=russian")
    assert "Eine Ausnahme: die Fünf schlägt die Null." in text
    assert "Ohne die Null auf dem Tisch ist die Fünf einfach das schwächste Plättchen." in text


@pytest.mark.parametrize(("word", "key", "lang", "expected"), [
    ("Narr", "nom", "de", "der Narr"),
    ("Narr", "Acc", "de", "Den Narren"),
    ("Königin", "dat", "de", "der Königin"),
    ("Ass", "gen", "de", "des Asses"),
    ("Königin", "a_acc", "de", "eine Königin"),
    ("Winde", "dat", "de", "den Winden"),
    ("der Wechselbalg", "acc", "de", "den Wechselbalg"),  # the article written: its gender
    ("Unbekannt", "acc", "de", "Unbekannt"),  # in no table: bare, as before
])
def test_german_forms(word: str, key: str, lang: str, expected: str) -> None:
    assert form(word, key, lang, FOLDERS) == expected


def test_french_forms_from_a_terms_table(tmp_path: Path) -> None:
    (tmp_path / "fr.terms.csv").write_text("term,gender\nFou,m\nReine,f\nAs,m\n", encoding="utf-8")
    folders = (tmp_path,)
    assert form("Fou", "Nom", "fr", folders) == "Le Fou"
    assert form("Reine", "acc", "fr", folders) == "la Reine"
    assert form("As", "nom", "fr", folders) == "l'As"
    assert form("Reine", "a_nom", "fr", folders) == "une Reine"


def test_a_project_table_comes_first(tmp_path: Path) -> None:
    (tmp_path / "de.terms.csv").write_text("term,gender,nom,acc,dat,gen\nNarr,m,Tor,Toren,Toren,Toren\n",
                                           encoding="utf-8")
    assert form("Narr", "acc", "de", (tmp_path, locale_dir())) == "den Toren"


def test_placeholders_take_a_form_and_a_bad_table_is_reported(tmp_path: Path) -> None:
    with speaking("de"):  # the booklet's language and its terms table
        assert "%(fool)s: %(fool.Nom)s, %(fool.acc)s" % Forms(fool="Narr") == "Narr: Der Narr, den Narren"  # noqa: UP031
    assert "%(fool.Nom)s" % Forms(fool="Fool") == "Fool"  # noqa: UP031 - English: the template has articles
    with pytest.raises(KeyError):
        "%(fool.dative)s" % Forms(fool="Narr")  # noqa: B018, UP031 - an unknown form is an error
    terms, problems = read_terms("term,gender\nNarr,x\n", tmp_path / "de.terms.csv")
    assert not terms and problems == [(2, "'Narr': gender 'x' is not one of m, f, n, pl")]
    # Japanese and Arabic have no articles: a form is the word itself
    assert form("道化", "nom", "ja", FOLDERS) == "道化" and form("المهرج", "acc", "ar", FOLDERS) == "المهرج"
