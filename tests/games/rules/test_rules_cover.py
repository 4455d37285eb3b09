"""The booklet's cover of a rules game shows the game's own cards and name: a project
copied with ``new --from`` is titled after the project and pictures the project's deck;
a bundled game that deals its own cards (goofspiel) pictures them, not the standard deck."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.games.rules.own_deck import DECKS, own_deck_text, plays_own_cards
from generator.games.rules.registered import catalogue_names, catalogue_path
from generator.games.rules.schema import read

runner = CliRunner()


def cover_text(pdf: Path) -> list[str]:
    return (PdfReader(pdf).pages[0].extract_text() or "").split()


def test_a_copied_project_s_cover_shows_its_name_and_its_own_cards(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "moon-eights", "--from", "crazy-eights"]).exit_code == 0
    deck = tmp_path / "moon-eights" / "deck.yaml"
    assert 'name: "Moon Eights"' in deck.read_text(encoding="utf-8")
    # the designer's own cards: the aces (the cover's strongest cards) renamed on their faces
    text = deck.read_text(encoding="utf-8").replace("{key: 'A', name: Ace, strength: 14}",
                                                     "{key: 'M', name: Moon, strength: 14}")
    text = text.replace("rank: 'A'}", "rank: 'M'}")
    assert "{key: 'M', name: Moon" in text
    deck.write_text(text, encoding="utf-8")
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["rules", "moon-eights", "-o", str(out), "--imposition", "sheet"])
    assert result.exit_code == 0, result.output
    words = cover_text(out)
    assert words[:2] == ["Moon", "Eights"]  # the project's name, not the bundled game's
    assert "Crazy" not in words
    assert words.count("M") >= 4 and "A" not in words  # the four strongest cards (each marked M), no ace


def test_a_bundled_game_with_its_own_cards_pictures_them(tmp_path):
    out = tmp_path / "g.pdf"
    result = runner.invoke(app, ["rules", "goofspiel", "-o", str(out), "--imposition", "sheet"])
    assert result.exit_code == 0, result.output
    words = cover_text(out)
    assert words[0] == "Goofspiel"
    assert {"1A", "2A", "3A"} <= set(words) and "A" not in words  # its own first cards, no ace of the standard deck


def test_the_shipped_decks_of_own_card_games_are_current():
    own = [n for n in catalogue_names() if plays_own_cards(read(catalogue_path(n)).data["cards"])]
    assert {"goofspiel", "pass-or-take", "scopa", "sushi-draft"} <= set(own)
    assert sorted(p.stem for p in DECKS.glob("*.yaml")) == sorted(own)
    for name in own:
        d = read(catalogue_path(name)).data
        assert (DECKS / f"{name}.yaml").read_text(encoding="utf-8") == own_deck_text(d["cards"], d["title"], name, name)
