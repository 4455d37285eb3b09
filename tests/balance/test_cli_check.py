"""``deckpress check``: exit codes 0/1/2, JSON, --fail-on-warnings, --threshold, --report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

from .conftest import DECKS

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["check", *map(str, args)])


def test_clean_deck_exits_0_and_prints_a_verdict() -> None:
    result = run(DECKS / "balanced.yaml", "--games", "0", "--fail-on-warnings")
    assert result.exit_code == 0, result.output
    assert "verdict: no problems found" in result.output and "static checks only" in result.output


def test_errors_exit_1_and_warnings_only_with_strict() -> None:
    result = run(DECKS / "unbeatable.yaml", "--games", "0")
    assert result.exit_code == 1 and "U01 (Card U01) is unbeatable" in result.output
    assert run(DECKS / "war_gaps.yaml", "--games", "0").exit_code == 0  # warnings only
    assert run(DECKS / "war_gaps.yaml", "--games", "0", "--fail-on-warnings").exit_code == 1


def test_bad_input_exits_2_without_a_traceback() -> None:
    for args in (["nope.yaml"], [DECKS / "balanced.yaml", "--threshold", "strenght_max=1"],
                 [DECKS / "balanced.yaml", "--threshold", "strength_max=high"], [DECKS / "balanced.yaml", "--set", "players=9"],
                 [DECKS / "balanced.yaml", "--games", "-1"]):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output and "error:" in result.output


def test_json_output_for_scripts() -> None:
    result = run(DECKS / "hopeless.yaml", "--games", "50", "--json", "--seed", "4")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["playtest"]["games"] == 50 and data["playtest"]["seed"] == 4
    assert any(f["code"] == "hopeless" and f["cards"] == ["H01"] for f in data["findings"])
    assert data["thresholds"]["strength_max"] == 0.8 and data["warnings"] >= 1


def test_threshold_values_out_of_their_range_are_bad_input() -> None:
    for item, message in (("strength_max=5", "--threshold strength_max: must be a share from 0 to 1, got 5"),
                          ("confidence=1", "--threshold confidence: must be at least 0.5 and below 1, got 1"),
                          ("top_tie_max=-1", "--threshold top_tie_max: must be a number, 0 or more, got -1"),
                          ("strength_min=nan", "must be a share from 0 to 1, got nan")):
        result = run(DECKS / "balanced.yaml", "--games", "0", "--threshold", item)
        assert result.exit_code == 2 and message in result.output, (item, result.output)
        assert "Traceback" not in result.output


def test_deck_file_thresholds_are_refused_by_the_loader_with_their_line(tmp_path: Path) -> None:
    text = (DECKS / "balanced.yaml").read_text().replace("cards:", "thresholds: {dominance: 0.1}\ncards:", 1)
    (tmp_path / "deck.yaml").write_text(text)
    line = text.splitlines().index("thresholds: {dominance: 0.1}") + 1
    result = run(tmp_path / "deck.yaml", "--games", "0")
    assert result.exit_code == 2
    assert f"deck.yaml:{line}: field 'thresholds.dominance': unknown threshold 'dominance'" in result.output


def test_threshold_override_on_the_command_line() -> None:
    result = run(DECKS / "balanced.yaml", "--games", "0", "--json", "--threshold", "strength_min=0.45")
    data = json.loads(result.output)
    assert data["thresholds"]["strength_min"] == 0.45 and any(f["code"] == "too_weak" for f in data["findings"])


def test_report_option_writes_pdf_and_charts(tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    result = run(DECKS / "balanced.yaml", "--games", "40", "--report", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF") and (tmp_path / "r-charts" / "length.png").is_file()


def test_strategy_per_seat_and_the_skill_gap_in_json() -> None:
    result = run("viashi", "--games", "12", "--strategy", "expert:2,greedy,random", "--json")
    assert result.exit_code == 0, result.output
    play = json.loads(result.output)["playtest"]
    assert play["strategy"] == "expert:2,greedy,random"
    assert play["strategies"] == ["expert:2", "greedy", "random"]
    skill = play["skill"]
    assert skill["skilled"] == "expert:2" and skill["games"] == 12 and skill["level"] in ("none", "some", "much")
    assert skill["low"] <= skill["gap"] <= skill["high"]
    cards = skill["cards"]
    assert cards["winds-9"]["special"] is not None and cards["gods-9"]["special"] is not None  # Fool, Changeling
    assert cards["winds-1"]["special"] is None
    assert sum(c["played"] for c in cards.values()) == 12 * 18  # the expert seat plays one card a trick
    assert all(c["captures"] <= c["played"] for c in cards.values())


def test_plain_check_measures_the_skill_gap_with_the_cheap_strategy() -> None:
    # the expert search only when --strategy names it: a plain check stays fast
    result = run("viashi", "--games", "9", "--json")
    assert result.exit_code == 0, result.output
    skill = json.loads(result.output)["playtest"]["skill"]
    assert skill["skilled"] == "greedy" and skill["games"] == 9 and "cards" not in skill


def test_war_has_no_skill_gap_and_rejects_a_strategy() -> None:
    result = run("piecepack", "--games", "20", "--json")
    assert result.exit_code == 0, result.output
    skill = json.loads(result.output)["playtest"]["skill"]
    assert skill["level"] == "none" and "no player decisions" in skill["reason"]
    result = run("piecepack", "--games", "20", "--strategy", "random")
    assert result.exit_code == 2 and "no player decisions" in result.output


def test_unknown_strategy_or_wrong_count_exits_2() -> None:
    for spec, message in (("clever", "unknown strategy 'clever'"), ("greedy,random", "names 2 strategies for 3 seats")):
        result = run("viashi", "--games", "10", "--strategy", spec)
        assert result.exit_code == 2 and message in result.output, result.output
        assert "Traceback" not in result.output


def test_a_one_card_deck_is_too_few_not_unbeatable_and_names_its_file(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: One\ngame: weiji\nattributes: [{key: w, label: W}]\ncards:\n  - {id: A1, name: Solo, w: 3}\n",
                    encoding="utf-8")
    static = CliRunner().invoke(app, ["check", str(deck), "--games", "0", "--json"])
    assert static.exit_code == 1
    findings = json.loads(static.stdout)["findings"]
    assert [f["code"] for f in findings] == ["too_few_cards"] and "deck.yaml" in findings[0]["message"]
    played = CliRunner().invoke(app, ["check", str(deck), "--games", "10"])
    assert played.exit_code == 2 and "Traceback" not in played.output
    assert "deck.yaml: field 'cards': weiji: 1 card cannot be dealt to 2 players (copies counted)" in played.output


def test_findings_and_tables_name_cards_beside_their_ids() -> None:
    result = CliRunner().invoke(app, ["check", "eagle", "--games", "0"])
    text = " ".join(result.output.split())
    assert "E18 Eagle Mini 4" in text  # the cards table
    assert "too_weak E18 (Eagle Mini 4) is too weak" in text  # the finding, named once
    plain = json.loads(CliRunner().invoke(app, ["check", "eagle", "--games", "0", "--json"]).stdout)
    assert any(f["message"].startswith("E18 is too weak") for f in plain["findings"])  # JSON keeps ids alone


def test_check_inside_a_project_folder_checks_that_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # as build and watch do: `deckpress new x && cd x && deckpress check`
    from generator.project.scaffold import scaffold

    project = tmp_path / "my-game"
    scaffold(project)
    monkeypatch.chdir(project)
    here = runner.invoke(app, ["check", "--games", "0", "--json"])
    named = runner.invoke(app, ["check", str(project), "--games", "0", "--json"])
    assert here.exit_code == named.exit_code == 0, here.output
    assert json.loads(here.output)["deck"] == json.loads(named.output)["deck"]


def test_check_without_a_deck_outside_a_project_says_what_to_name(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "DECK" in result.output and "no deck.yaml" in " ".join(result.output.split())
