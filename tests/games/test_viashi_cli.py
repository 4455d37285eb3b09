"""``deckpress simulate viashi`` through the real CLI: the JSON summary, a fixed
deal (``pile:``) with ``--json`` and ``--trace``, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app

from .test_viashi_play import suited_pile

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", "viashi", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("extra", [[], ["--set", "variant=human", "--strategy", "random"], ["--players", "6"]])
def test_json_summary_has_scores_and_the_breakdown(extra: list[str]) -> None:
    code, out = invoke("--games", "20", "--seed", "2", "--json", *extra)
    assert code == 0, out
    data = json.loads(out)
    players = data["params"]["players"]
    assert data["game"] == "viashi" and data["games"] == 20 and len(data["wins"]) == players
    assert sum(data["wins"]) + data["draws"] + data["unfinished"] == 20
    assert data["length"]["max"] == 18 and len(data["mean_scores"]) == players
    assert data["details"]["hands"] == 20 and "fool_captures" in data["details"]
    if players == 6:
        assert data["wins"][3:] == [0, 0, 0] and "dead_tricks" in data["details"]
    elif data["params"]["variant"] == "human":
        assert data["details"]["trick_points"] == 360
    else:
        assert data["details"]["captive_points"] == 720


def test_a_fixed_pile_prints_winner_tricks_counts_scores_and_a_trace(tmp_path: Path) -> None:
    # the suited pile (see test_viashi_play): the table suit goes up at every draw, seat 2 draws
    # last, leads, and captures all 18 tricks: 36 captives + 9 + 5 Magicians = 50
    deal = tmp_path / "deal.yaml"
    pile = suited_pile()
    deal.write_text(yaml.safe_dump({"pile": pile, "choices": [pile[2 * i] for i in range(27)]}))
    trace = tmp_path / "trace.jsonl"
    code, out = invoke("--deal", str(deal), "--json", "--trace", str(trace))
    assert code == 0, out
    assert json.loads(out) == {"winner": 2, "tricks": 18, "counts": [0, 0, 36], "scores": [0.0, 0.0, 50.0]}
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert [r["event"] for r in lines] == ["draw"] + ["trick"] * 18 + ["hand"]
    assert all(r["capturer"] == 2 for r in lines[1:-1]) and lines[-1]["points"] == [0, 0, 50]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--set", "players=4"], "valid: 3, 6"),
        (["--strategy", "clever"], "unknown strategy 'clever' for viashi; valid: random, greedy"),
        (["--players", "6", "--set", "variant=human"], "Viashilym (6 players) is played with the elvish rules"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], message: str) -> None:
    code, out = invoke(*args, "--games", "3")
    assert code == 2 and message in out


def test_a_short_pile_is_a_clear_error(tmp_path: Path) -> None:
    deal = tmp_path / "deal.yaml"
    deal.write_text("pile: [winds-1, winds-2]\n")
    code, out = invoke("--deal", str(deal))
    assert code == 2 and "the pile has 2 cards; 3 players draw the whole deck of 54" in out


def test_an_illegal_choice_names_its_index_and_the_legal_moves(tmp_path: Path) -> None:
    # the first choice places winds-1 (legal); the second, during the draw, tries to play a card
    deal = tmp_path / "deal.yaml"
    pile = suited_pile()
    deal.write_text(yaml.safe_dump({"pile": pile, "choices": [pile[0], "hand:gods-3"]}))
    code, out = invoke("--deal", str(deal))
    assert code == 2, out
    assert "choices[1]: 'hand:gods-3' is not a legal move here; legal: " in out
    assert "attribute" not in out
