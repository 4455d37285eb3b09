"""``deckpress check``: exit codes 0/1/2, JSON, --strict, --threshold, --report."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app

from .conftest import DECKS

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["check", *map(str, args)])


def test_clean_deck_exits_0_and_prints_a_verdict() -> None:
    result = run(DECKS / "balanced.yaml", "--games", "0", "--strict")
    assert result.exit_code == 0, result.output
    assert "verdict: no problems found" in result.output and "static checks only" in result.output


def test_errors_exit_1_and_warnings_only_with_strict() -> None:
    result = run(DECKS / "unbeatable.yaml", "--games", "0")
    assert result.exit_code == 1 and "U01 is unbeatable" in result.output
    assert run(DECKS / "war_gaps.yaml", "--games", "0").exit_code == 0  # warnings only
    assert run(DECKS / "war_gaps.yaml", "--games", "0", "--strict").exit_code == 1


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


def test_threshold_override_on_the_command_line() -> None:
    result = run(DECKS / "balanced.yaml", "--games", "0", "--json", "--threshold", "strength_min=0.45")
    data = json.loads(result.output)
    assert data["thresholds"]["strength_min"] == 0.45 and any(f["code"] == "too_weak" for f in data["findings"])


def test_report_option_writes_pdf_and_charts(tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    result = run(DECKS / "balanced.yaml", "--games", "40", "--report", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF") and (tmp_path / "r-charts" / "length.png").is_file()
