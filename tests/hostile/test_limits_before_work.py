"""Limits checked before the work (round 5): numbers by their digit count, JSON by its
nesting; each a clean error (or a skipped file, said), never an internal error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import safejson

MARKET = Path(__file__).parents[1] / "balance" / "decks" / "market"
BIG = "9" * 4000


def _market(tmp_path: Path, targets: str = "{card_share: [30, 70]}") -> Path:
    folder = tmp_path / "market"
    shutil.copytree(MARKET, folder)
    rows = "\n".join(f"M{i:02d},Market {i},{3 + i % 5}" for i in range(20))
    (folder / "cards.csv").write_text("id,name,worth\n" + rows + "\n")
    (folder / "deck.yaml").write_text((MARKET / "deck.yaml").read_text() + f"balance:\n  targets: {targets}\n")
    return folder


def test_a_4000_digit_target_is_a_clean_error_with_its_line(tmp_path: Path) -> None:
    folder = _market(tmp_path, "{length: [1, " + BIG + "]}")
    result = CliRunner().invoke(app, ["--quiet", "check", str(folder), "--games", "20", "--strategy", "random"])
    assert result.exit_code == 2, result.output
    assert "deck.yaml:" in result.output and "a number of more than 30 digits cannot be read" in result.output
    assert "internal error" not in result.output and BIG[:100] not in result.output


@pytest.mark.parametrize("number", [BIG, BIG + ".5", "1" + "0" * 40 + ".0"])
def test_a_yaml_float_or_integer_is_counted_by_its_digits(tmp_path: Path, number: str) -> None:
    folder = _market(tmp_path, "{length: [1, " + number + "]}")
    result = CliRunner().invoke(app, ["--quiet", "check", str(folder), "--games", "0"])
    assert result.exit_code == 2 and "more than 30 digits" in result.output, result.output


@pytest.mark.parametrize("vary", ["take=1.." + BIG, "cards.*.worth=1.." + BIG])
def test_a_4000_digit_vary_bound_is_a_clean_error(tmp_path: Path, vary: str) -> None:
    result = CliRunner().invoke(app, ["--quiet", "tune", str(_market(tmp_path)), "--vary", vary, "--budget", "2",
                                      "--games", "20", "--strategy", "random"])
    assert result.exit_code == 2, result.output
    assert "a --vary bound has at most 15 digits" in result.output
    assert "internal error" not in result.output and BIG[:100] not in result.output


def test_a_play_record_nested_100000_deep_is_skipped_and_said(tmp_path: Path) -> None:
    played = tmp_path / "play"
    played.mkdir()
    (played / "play-deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (played / "play-odd.json").write_text(json.dumps(
        {"format": "deckpress-play/1", "game": "viashi", "humans": [0], "seats": ["human", "x\nerror: forged", "y"],
         "result": {"winner": "nobody"}}))
    result = CliRunner().invoke(app, ["check", "viashi", "--games", "0", "--human-games", str(played)])
    assert result.exit_code in (0, 1), result.output
    assert "skipped play-deep.json: not readable (JSON nested more than 100 levels deep)" in result.output
    assert "skipped play-odd.json: not a played game (a malformed record)" in result.output
    assert "RecursionError" not in result.output and "internal error" not in result.output


def test_depth_counts_brackets_outside_strings() -> None:
    assert safejson.depth('{"a": [1, {"b": "[[[[{{{"}]}') == 3
    assert safejson.loads('[[["x"]]]', max_depth=3) == [[["x"]]]
    with pytest.raises(ValueError, match="nested more than 2 levels"):
        safejson.loads('[[["x"]]]', max_depth=2)
