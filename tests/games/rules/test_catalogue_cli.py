"""viashi-rules and gin-rummy wherever commands take a GAME: games lists them, rules
prints viashi-rules' generated booklet, simulate and check play gin-rummy."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from generator.cli import app

from .test_rules_cli import text_of

runner = CliRunner()


def test_games_lists_viashi_rules_and_gin_rummy():
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["name"]: r for r in json.loads(result.output)["games"]}
    assert rows["viashi-rules"]["kind"] == "rules file" and rows["viashi-rules"]["players"] == "3-6"
    assert rows["gin-rummy"]["kind"] == "rules file" and rows["gin-rummy"]["players"] == "2"


def test_the_booklet_of_viashi_rules_is_generated_from_its_rules(tmp_path):
    out = tmp_path / "viashi.pdf"
    result = runner.invoke(app, ["rules", "viashi-rules", "-o", str(out), "--imposition", "sheet"])
    assert result.exit_code == 0, result.output
    text = text_of(out)
    assert "Shuffle the draw pile." in text  # a generated sentence: the step has no say:
    assert "Each player's table cards: face up." in text and "Each player's hand (secret cards): seen by its player" in text
    assert "The Fool of the suit led captures its top card." in text  # the file's own words
    assert "Viashilym" in text and "(handicap)" in text  # the parameters table
    assert "For 3/6 players" in text and "3-6 players" not in text  # player_counts: 3 or 6, not 4 or 5


def test_simulate_and_check_play_gin_rummy():
    result = runner.invoke(app, ["simulate", "gin-rummy", "--games", "4", "--set", "max_hands=2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 4 and data["unfinished"] == 0 and sum(data["wins"]) + data["draws"] == 4
    assert data["length"]["max"] >= 29  # a hand with no knock lasts 29 turns at least
    result = runner.invoke(app, ["check", "gin-rummy", "--games", "10", "--set", "max_hands=1"])
    assert result.exit_code == 0, result.output
    assert "verdict: no errors" in result.output


def test_new_from_viashi_rules_copies_the_viashi_deck_it_plays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["new", "elves", "--from", "viashi-rules"])
    assert result.exit_code == 0, result.output
    deck = (tmp_path / "elves" / "deck.yaml").read_text(encoding="utf-8")
    assert "game: game.yaml" in deck and "id: gods-9, name: the Changeling" in deck  # deck: viashi, not standard52
    result = runner.invoke(app, ["simulate", "elves", "--games", "6", "--players", "6", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["length"]["mean"] == 18 and [t["seats"] for t in data["teams"]] == [[0, 3], [1, 4], [2, 5]]
