"""A rules-file project (``deckpress new c8 --from crazy-eights``, holding no Python)
goes through every command a project takes: ``tune`` varies one of its rule
parameters, ``ladder`` climbs, ``build`` writes its generated booklet and balance
report, and ``watch``'s rebuild step plays the rules as edited. Cheap settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.project.serve import LivePage
from generator.project.watch import Watcher

runner = CliRunner()
# a rule parameter of the designer's own: the cards dealt to each of two players
PARAMETER = "parameters:\n  hand_size: {default: 7, min: 2, max: 9, description: cards dealt to each of two players}\nzones:\n"
SETTINGS = "build:\n  outputs: [booklets, balance]\n  balance: {games: 40}\nbalance:\n  targets:\n    length: [4, 18]\n"


@pytest.fixture
def c8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["--quiet", "new", "c8", "--from", "crazy-eights"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "c8"
    rules = folder / "game.yaml"
    text = rules.read_text(encoding="utf-8").replace('"7 if players == 2 else 5"', '"hand_size if players == 2 else 5"')
    rules.write_text(text.replace("zones:\n", PARAMETER, 1), encoding="utf-8")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + SETTINGS, encoding="utf-8")
    return folder


def lengths(out: Path) -> list[int]:
    """Every game length balance.json counts (its histogram), shortest first."""
    length = json.loads((out / "c8" / "balance.json").read_text(encoding="utf-8"))["playtest"]["length"]
    return [n for n, times in length["histogram"] for _ in range(times)]


def test_tune_varies_a_rule_parameter_of_a_rules_file(c8: Path) -> None:
    result = runner.invoke(app, ["tune", str(c8), "--vary", "hand_size=2..9", "--budget", "4", "--games", "40",
                                 "--confirm-games", "100", "--json"])
    assert result.exit_code in (0, 1), result.output
    out = json.loads(result.output)
    assert out["varied"] == ["hand_size"] and out["before"]["values"] == {"hand_size": 7.0}
    # fewer cards, shorter games: the best candidate deals fewer than 7 and its games are shorter
    best = out["best"][0]
    assert best["values"]["hand_size"] < 7 and best["changes"] == [f"hand_size: 7 -> {int(best['values']['hand_size'])}"]
    assert best["targets"][0]["high"] < out["before"]["targets"][0]["high"]
    assert out["before"]["targets"][0]["status"] == "missed"  # the median game of 7 cards each is over 18 turns


def test_ladder_climbs_a_rules_file_game(c8: Path) -> None:
    result = runner.invoke(app, ["ladder", str(c8), "--rungs", "2,8", "--games", "4", "--tournament",
                                 "--strategies", "random,mcts:4", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    (rung,) = out["ladder"]["rungs"]
    assert (rung["hero"], rung["rival"], rung["games"]) == ("mcts:8", "mcts:2", 4)
    assert 0 <= rung["wins"] + rung["draws"] <= 4
    assert set(out["tournament"]["ratings"]) == {"random", "mcts:4"}


def test_build_writes_the_generated_booklet_and_the_balance_report(c8: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["--quiet", "build", str(c8), "-o", str(out), "--jobs", "1"])
    assert result.exit_code in (0, 1), result.output
    text = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(out / "c8" / "rules-booklet.pdf").pages)
    assert text.startswith("C8 For 2-5 players")  # the project's title on the cover
    assert "Deal hand size if the number of players is 2, else 5 cards" in text  # the designer's rule, in words
    report = json.loads((out / "c8" / "balance.json").read_text(encoding="utf-8"))
    assert report["game"] == "c8" and report["playtest"]["games"] >= 40
    # 7 cards each: the winner plays one card a turn at best, the other seat moving between: 13 turns or more
    assert min(lengths(out)) >= 13


def test_watch_rebuilds_a_rules_file_project_with_the_rule_as_edited(c8: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    lines: list[str] = []
    watcher = Watcher(str(c8), out, LivePage(out), None, lines.append)
    watcher.rebuild(set())
    assert min(lengths(out)) >= 13, lines
    rules = c8 / "game.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("hand_size: {default: 7", "hand_size: {default: 2"),
                     encoding="utf-8")
    watcher.changed({rules})
    # 2 cards each: a game can now end in 3 turns; none of 7 cards each could end before 13
    assert min(lengths(out)) < 13, lines
    assert min(lengths(out)) >= 3
    assert not any("error" in line.lower() for line in lines), lines
