"""``deckpress new NAME --game viashi|war|piecepack``: each starter checks clean and
builds out of the box, booklets included; ``build`` of a project writes a rule
booklet per variant of its game (issue 32)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from generator.deck import resolve_deck
from generator.project.jobs import plan_deck
from generator.project.scaffold import STARTERS

from .conftest import DECKS, run

EXPECTED = {  # starter -> (kind, game, printed pieces, sheet file stem, rule booklets)
    "viashi": ("cards", "viashi", 54, "cards", ["rules-booklet.pdf"]),
    "war": ("cards", "war", 24, "cards", ["rules-classic-booklet.pdf", "rules-russian-booklet.pdf"]),
    "piecepack": ("piecepack", "war", 24, "tiles", ["rules-classic-booklet.pdf", "rules-russian-booklet.pdf"]),
}


@pytest.mark.parametrize("game", list(EXPECTED))
def test_starter_checks_clean_and_builds_everything(game: str, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    made: Any = run("new", f"my-{game}", "--game", game)
    assert made.exit_code == 0, made.output
    kind, plays, pieces, sheet, booklets = EXPECTED[game]
    deck = resolve_deck(tmp_path / f"my-{game}")
    assert (deck.kind, deck.game, sum(c.copies for c in deck.cards)) == (kind, plays, pieces)
    readme = (tmp_path / f"my-{game}" / "README.md").read_text()
    for topic in ("symbol:", "gods:", "kind:", "Rename a suit", "icons/gem.png"):
        assert topic in readme, topic
    if game == "viashi":
        assert "weakest rank is the Fool" in readme and "second weakest is the Magician" in readme
    checked: Any = run("check", f"my-{game}", "--games", "100", "--json")
    report = json.loads(checked.stdout)
    assert checked.exit_code == 0 and report["errors"] == 0 and report["warnings"] == 0, report["findings"]
    built: Any = run("build", f"my-{game}", "--balance-games", "100", "--jobs", "1")
    assert built.exit_code == 0, built.output
    out = tmp_path / "output" / f"my-{game}"
    for name in (f"{sheet}-a4.pdf", f"{sheet}-letter.pdf", "balance.pdf", *booklets):
        assert (out / name).is_file(), name
        assert len(PdfReader(str(out / name)).pages) >= 1
    if game != "viashi":
        russian = " ".join(p.extract_text() for p in PdfReader(str(out / "rules-russian-booklet.pdf")).pages)
        assert "Russian" in russian


def test_an_unknown_starter_names_the_valid_ones(tmp_path: Path) -> None:
    result: Any = run("new", tmp_path / "x", "--game", "chess")
    assert result.exit_code == 2
    assert "valid: weiji, viashi, war, piecepack" in result.output
    assert not (tmp_path / "x").exists()


def test_starters_table_points_at_template_folders() -> None:
    from generator.paths import templates_dir

    for game, (folder, plays) in STARTERS.items():
        assert (templates_dir() / folder / "deck.yaml").is_file(), game
        assert (templates_dir() / "rules" / f"{plays}.md.j2").is_file(), game


def test_a_project_without_its_own_rules_template_still_gets_its_booklets(tmp_path: Path) -> None:
    deck = resolve_deck(DECKS / "starfall7.yaml")  # no rules/ folder beside it
    rules = [j for j in plan_deck(str(DECKS / "starfall7.yaml"), deck, tmp_path) if j.kind == "rules"]
    assert [p.name for j in rules for p in j.outputs] == ["rules-booklet.pdf"]
    war = resolve_deck(DECKS / "elements.yaml")
    books = {j.outputs[0].name: j.options["sets"] for j in plan_deck("e", war, tmp_path) if j.kind == "rules"}
    assert books == {"rules-classic-booklet.pdf": ["variant=classic"],
                     "rules-russian-booklet.pdf": ["variant=russian", "objective=1", "tie_method=2"]}
    # a bundled deck's booklets come from plan_rules; plan_deck adds only those of its translations
    assert [j.id for j in plan_deck("viashi", resolve_deck("viashi"), tmp_path) if j.kind == "rules"] == \
        [f"viashi/{lang}/rules" for lang in resolve_deck("viashi").languages[1:]]


def test_build_refuses_an_invalid_deck_at_its_line(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    result: Any = run("build", DECKS / "starfall-duplicate.yaml", "--balance-games", "0")
    assert result.exit_code != 0
    assert "starfall-duplicate.yaml" in result.output and "the Knight of Embers is in the deck 2 times" in \
        " ".join(result.output.split())
    assert not (tmp_path / "output" / "starfall-duplicate" / "cards-a4.pdf").exists()
