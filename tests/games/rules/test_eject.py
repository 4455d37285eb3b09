"""deckpress eject: a project's rules game written as game.py plays the same games."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def test_eject_writes_a_game_py_that_plays_the_same_games(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "eject-fish", "--from", "go-fish"]).exit_code == 0
    before = runner.invoke(app, ["simulate", "eject-fish", "--games", "40", "--players", "3", "--jobs", "1", "--json"])
    assert before.exit_code == 0, before.output
    result = runner.invoke(app, ["eject", "eject-fish"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "eject-fish").iterdir() if p.is_file()) == ["deck.yaml", "game.py"]
    assert "game: game.py" in (tmp_path / "eject-fish" / "deck.yaml").read_text(encoding="utf-8")
    after = runner.invoke(app, ["simulate", "eject-fish", "--games", "40", "--players", "3", "--jobs", "1", "--json"])
    assert after.exit_code == 0, after.output
    a, b = json.loads(before.output.splitlines()[-1]), json.loads(after.output.splitlines()[-1])
    assert (a["wins"], a["draws"], a["length"]) == (b["wins"], b["draws"], b["length"])
    again = runner.invoke(app, ["eject", "eject-fish"])
    assert again.exit_code == 2 and "not a rules file" in again.output
