"""A game whose default player is random (the rules games: goofspiel, hearts, go-fish)
has no skill gap to measure: ``check`` played random against random and printed its
chance as a finding, "skill gap (random vs random, 120 games): -11.7 points: the default
player (random) loses to random (-19.0 to -2.9)" (hearts, seed 1; goofspiel -15.0 points,
-28.1 to -1.2). Random against random is 0 by construction (3,000 such games of goofspiel:
-2.1 points, inside its interval); the report now says the gap is not measured and why,
and a design target on it is "not measured" with that reason, not "the game has no player
decisions"."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from generator.balance.skill import RANDOM_DEFAULT
from generator.cli import app


def test_a_random_default_player_has_no_skill_gap(tmp_path: Path) -> None:
    project = tmp_path / "bids"
    runner = CliRunner()
    made = runner.invoke(app, ["--quiet", "new", str(project), "--from", "goofspiel"])
    assert made.exit_code == 0, made.output
    deck = project / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + "balance:\n  targets:\n    skill_gap: 10\n", encoding="utf-8")
    checked = runner.invoke(app, ["--quiet", "check", str(project), "--games", "60", "--json"])
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["playtest"]["skill"] == {"level": "none", "reason": RANDOM_DEFAULT}
    (target,) = report["targets"]
    assert (target["target"], target["status"], target["measured"]) == ("skill_gap", "not measured", RANDOM_DEFAULT)
    shown = runner.invoke(app, ["--quiet", "check", str(project), "--games", "60"])
    words = " ".join(shown.stdout.split())
    assert "loses to random" not in words and "random vs random" not in words
    assert "not measured: the default player is random" in words
