"""The sheets step of ``deckpress watch``'s quick path: after a card's edit the printed
pages are redrawn before the build plans the rest, without loading the designer's game
(whose contract the changed deck would check again), the same files the build makes,
and the build that follows skips them."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck import resolve_deck
from generator.project import build
from generator.project.quick import quick_sheets
from generator.project.scaffold import scaffold


def _edit(project: Path) -> None:
    csv = project / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("1S,One of Spades,S,1,1", "1S,One of Spades,S,1,3"),
                   encoding="utf-8")


@pytest.mark.slow
def test_the_sheets_of_an_edited_card_come_first_and_the_build_skips_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project, out = tmp_path / "proj", tmp_path / "out"
    scaffold(project, "custom")  # a game.py of the designer's own
    assert build((str(project),), out, workers=1, balance_games=0).ok
    _edit(project)
    deck = resolve_deck(project)

    def no_game(*_args: object) -> None:
        raise AssertionError("the sheets step loaded the game")

    with monkeypatch.context() as patched:
        patched.setattr("generator.games.designer.find.game_of", no_game)
        patched.setattr("generator.project.jobs.game_of", no_game)
        written = quick_sheets(str(project), deck, out)
    assert sorted(p.name for p in written) == ["cards-a4.pdf", "cards-letter.pdf"]
    made = {p.name: p.read_bytes() for p in written}

    again = build((str(project),), out, workers=1, balance_games=0)
    assert again.ok
    assert {"proj/cards-a4", "proj/cards-letter"} <= {r.job.id for r in again.skipped}
    assert quick_sheets(str(project), resolve_deck(project), out) == []  # up to date: nothing to do

    fresh = tmp_path / "fresh"  # the same pages as a build from nothing
    assert build((str(project),), fresh, workers=1, balance_games=0).ok
    assert made == {name: (fresh / "proj" / name).read_bytes() for name in made}


def test_a_deck_the_validation_refuses_writes_no_sheet(tmp_path: Path) -> None:
    project, out = tmp_path / "proj", tmp_path / "out"
    scaffold(project, "custom")
    deck_file = project / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace(
        "{key: S, name: Spades, color: '#111111', symbol: spade}",
        "{key: S, name: Spades, color: '#111111', symbol: spade, border: wobbly}"), encoding="utf-8")
    assert quick_sheets(str(project), resolve_deck(project), out) == []
    assert not out.exists() or not list(out.rglob("*.pdf"))
