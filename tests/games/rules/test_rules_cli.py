"""Rules games wherever commands take a GAME: simulate, rules (a generated booklet),
games, and a project copied with new --from that holds no Python."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def text_of(pdf: Path) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(pdf).pages)


def test_simulate_takes_a_rules_game_by_name():
    result = runner.invoke(app, ["simulate", "crazy-eights", "--players", "3", "--games", "30", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["game"] == "crazy-eights" and out["params"]["players"] == 3
    assert sum(out["wins"]) + out["draws"] + out["unfinished"] == 30
    goof = json.loads(runner.invoke(app, ["simulate", "goofspiel", "--games", "20", "--json"]).output)
    assert goof["length"]["max"] == 13 and goof["length"]["mean"] == 13


def test_games_lists_every_kind_with_players():
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["name"]: r for r in json.loads(result.output)["games"]}
    assert rows["war"]["kind"] == "built-in" and rows["war"]["players"] == "2-4"
    assert rows["crazy-eights"]["kind"] == "rules file" and rows["crazy-eights"]["players"] == "2-5"
    assert rows["goofspiel"]["players"] == "2" and rows["pass-or-take"]["players"] == "3-5"


def test_the_booklet_of_crazy_eights_is_generated_from_its_rules(tmp_path):
    out = tmp_path / "rules.pdf"
    result = runner.invoke(app, ["rules", "crazy-eights", "-o", str(out), "--imposition", "sheet"])
    assert result.exit_code == 0, result.output
    text = text_of(out)
    assert "Crazy Eights" in text and "For 2-5 players" in text
    # generated sentences: a step with no say: of its own, the zones' visibility, the winner rule
    assert "Shuffle the stock." in text
    assert "Deal 7 if the number of players is 2, else 5 cards to each player from the stock" in text
    assert "Each player's hand: seen by its player only." in text
    assert "The fewest cards in hand wins; a shared fewest is a draw." in text
    de = tmp_path / "de.pdf"
    assert runner.invoke(app, ["rules", "crazy-eights", "-o", str(de), "--lang", "de",
                               "--imposition", "sheet"]).exit_code == 0
    assert "Mische the stock." in text_of(de)  # the fixed sentence from de.po, the zone in the file's words


def test_new_from_a_rules_game_then_a_changed_rule_changes_booklet_and_play(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["new", "eights", "--from", "crazy-eights"])
    assert result.exit_code == 0, result.output
    project = tmp_path / "eights"
    assert sorted(p.name for p in project.iterdir()) == ["deck.yaml", "game.yaml"]  # no Python
    rules = project / "game.yaml"
    assert 'name: "eights"' in rules.read_text(encoding="utf-8")
    # change a rule: 6 cards each with 2 players
    rules.write_text(rules.read_text(encoding="utf-8").replace('"7 if players == 2 else 5"', '"6 if players == 2 else 5"'),
                     encoding="utf-8")
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["rules", "eights", "-o", str(out), "--imposition", "sheet"])
    assert result.exit_code == 0, result.output
    assert "Deal 6 if the number of players is 2, else 5 cards" in text_of(out)
    result = runner.invoke(app, ["simulate", "eights", "--games", "20", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["game"] == "eights"
    rows = json.loads(runner.invoke(app, ["games", "eights", "--json"]).output)["games"]
    assert {"name": "eights", "kind": "rules file (project)"}.items() <= next(r for r in rows if r["name"] == "eights").items()


def test_a_broken_project_rules_file_names_its_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "broken-fish", "--from", "go-fish"]).exit_code == 0
    rules = tmp_path / "broken-fish" / "game.yaml"
    text = rules.read_text(encoding="utf-8").replace("- shuffle: stock", "- shuffel: stock")
    rules.write_text(text, encoding="utf-8")
    line = text.splitlines().index("    - shuffel: stock") + 1
    result = runner.invoke(app, ["simulate", "broken-fish", "--games", "5"])
    assert result.exit_code == 2
    assert f"game.yaml:{line}:" in result.output and "did you mean 'shuffle'?" in result.output
    assert "Traceback" not in result.output


def test_check_takes_a_rules_game_by_name():
    result = runner.invoke(app, ["check", "crazy-eights", "--games", "0"])
    assert result.exit_code in (0, 1), result.output
    assert "52 cards, game crazy-eights" in result.output and "verdict:" in result.output
