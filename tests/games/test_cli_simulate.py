"""``deckpress simulate`` through the real CLI: the JSON contract, fixed deals with
traces, and clear errors (exit 2) for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.registry import builtin_names

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize(("game", "extra"), [("weiji", ["--deck", "eagle", "--players", "3"]), ("war", [])])
def test_json_summary_has_the_documented_keys(game: str, extra: list[str]) -> None:
    code, out = invoke(game, "--games", "60", "--seed", "3", "--json", *extra)
    assert code == 0, out
    data = json.loads(out)
    for key in ("game", "params", "games", "seed", "length", "unfinished", "wins", "draws", "details"):
        assert key in data, key
    assert set(data["length"]) >= {"mean", "median", "p95", "max"}
    assert data["games"] == 60 and data["seed"] == 3 and data["game"] == game
    assert sum(data["wins"]) + data["draws"] + data["unfinished"] == 60
    if game == "weiji":
        assert data["params"]["players"] == 3 and len(data["wins"]) == 3
        assert "ties" in data["details"] and "no_data_ties" in data["details"] and "tiebreak_draws" in data["details"]


def test_russian_parameters_reach_the_simulator() -> None:
    code, out = invoke("war", "--games", "20", "--json", "--set", "variant=russian", "--set", "objective=2",
                       "--set", "tie_method=1")
    assert code == 0, out
    params = json.loads(out)["params"]
    assert (params["variant"], params["objective"], params["tie_method"]) == ("russian", 2, 1)


def test_a_fixed_war_deal_prints_winner_tricks_counts_and_writes_a_trace(tmp_path: Path) -> None:
    # 8 tiles. t1: 5 v 3 -> seat 0 takes both. t2: 4 v 4 tie -> war: 2 v 2 face down, then 5 v ace
    # face up: seat 0 wins the 6 tiles of the trick and seat 1 is out. Winner 0 after 2 tricks, 8 v 0.
    deal = tmp_path / "deal.yaml"
    deal.write_text("stacks:\n  - [suns-5, suns-4, suns-2, moons-5]\n  - [suns-3, moons-4, moons-2, suns-ace]\n")
    trace = tmp_path / "trace.jsonl"
    code, out = invoke("war", "--deal", str(deal), "--set", "pickup=winner-first", "--json", "--trace", str(trace))
    assert code == 0, out
    assert json.loads(out) == {"winner": 0, "tricks": 2, "counts": [8, 0]}
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(lines) == 2 and lines[1]["winner"] == 0
    assert [sorted(r) for r in lines] == [["counts", "played", "tiles", "trick", "winner"]] * 2
    # the counts of a trace line are taken after the winner picked up the trick's tiles
    assert [r["counts"] for r in lines] == [[5, 3], [8, 0]]


def test_a_fixed_weiji_deal_with_choices_and_a_trace(tmp_path: Path) -> None:
    deal = tmp_path / "deal.yaml"
    deal.write_text("stacks:\n  - [L01, L03]\n  - [L02, L04]\nchoices: [lumens]\n")
    trace = tmp_path / "trace.jsonl"
    code, out = invoke("weiji", "--deal", str(deal), "--set", "pickup=winner-first", "--json", "--trace", str(trace))
    assert code == 0, out
    result = json.loads(out)
    assert set(result) <= {"winner", "tricks", "counts", "unfinished"} and sum(result["counts"]) <= 4
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert lines[0]["attribute"] == "lumens" and lines[0]["chooser"] == 0
    assert set(lines[0]) == {"trick", "event", "attribute", "chooser", "shown", "winner", "no_data", "counts", "table"}
    assert lines[-1]["counts"] == result["counts"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["war", "--players", "4", "--set", "players=3"], "players given twice: --players 4 and --set players=3"),
        (["war", "--set", "objective=2"], "objective=2 applies only to the Russian version"),
        (["war", "--set", "tie_method=1"], "tie_method=1 applies only to the Russian version"),
    ],
)
def test_conflicting_or_ignored_parameters_are_rejected(args: list[str], message: str) -> None:
    code, out = invoke(*args, "--games", "5")
    assert code == 2, out
    assert message in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], f"unknown game 'chess'; games: {', '.join(builtin_names())}"),
        (["war", "--set", "objective=3"], "valid: 1, 2"),
        (["war", "--set", "colour=red"], "unknown rule parameter 'colour' for war; valid:"),
        (["war", "--players", "9"], "valid: 2 to 4"),
        (["weiji", "--strategy", "clever"], "unknown strategy 'clever' for weiji; valid: best, random, fixed"),
        (["war", "--set", "variant=russian", "--players", "3"], "the Russian version is for 2 players"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], message: str) -> None:
    code, out = invoke(*args, "--games", "5")
    assert code == 2
    assert message in out


def test_a_deal_with_a_different_player_count_names_the_stacks(tmp_path: Path) -> None:
    deal = tmp_path / "deal.yaml"
    deal.write_text("stacks:\n  - [suns-5]\n  - [suns-3]\n")
    code, out = invoke("war", "--deal", str(deal), "--set", "players=3")
    assert code == 2
    assert "2 stacks for 3 players" in out and "given twice" not in out


def test_counter_totals_print_as_whole_numbers() -> None:
    code, out = invoke("war", "--games", "400", "--seed", "2")
    assert code == 0
    assert "e+" not in out


def test_per_seat_strategies_in_json_and_clear_errors() -> None:
    code, out = invoke("viashi", "--games", "6", "--strategy", "random,greedy,random", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["strategies"] == ["random", "greedy", "random"] and data["strategy"] == "random,greedy,random"
    code, out = invoke("weiji", "--games", "6", "--strategy", "best,random", "--json")
    assert code == 0, out
    assert json.loads(out)["strategies"] == ["best", "random"]
    code, out = invoke("viashi", "--games", "6", "--strategy", "greedy", "--json")
    assert json.loads(out)["strategies"] == ["greedy"] * 3
    for spec, message in (("greedy,random", "names 2 strategies for 3 seats"), ("smart", "unknown strategy 'smart'"),
                          ("genius", "unknown strategy 'genius' for weiji")):
        game = "weiji" if spec == "genius" else "viashi"
        code, out = invoke(game, "--games", "6", "--strategy", spec)
        assert code == 2 and message in out, out
