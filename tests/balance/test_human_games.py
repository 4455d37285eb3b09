"""``check --human-games DIR``: the games people played at ``deckpress play`` read as a
human-vs-AI sample, counted by hand here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.balance.human_games import read_human_games
from generator.balance.intervals import wilson
from generator.cli import app
from generator.games.registry import GAMES


def _record(folder: Path, name: str, game: str = "viashi", winner: Any = 0, humans: tuple[int, ...] = (0,),
            seats: tuple[str, ...] = ("human", "greedy", "greedy"), finished: bool = True, **extra: Any) -> None:
    data = {"format": "deckpress-play/1", "game": game, "target": game, "seed": 1, "humans": list(humans),
            "seats": list(seats), "actions": [], "result": {"winner": winner} if finished else None, **extra}
    (folder / f"play-{name}.json").write_text(json.dumps(data))


@pytest.fixture
def played(tmp_path: Path) -> Path:
    _record(tmp_path, "1", winner=0)  # a win
    _record(tmp_path, "2", winner=1)  # a loss
    _record(tmp_path, "3", winner=None)  # a draw
    _record(tmp_path, "4", finished=False)  # left before the end: skipped
    _record(tmp_path, "5", game="weiji", seats=("human", "best"))  # another game: skipped
    # Viashilym: seat 4 is in team 1 (seats 1 and 4); the team's win is recorded on seat 1
    _record(tmp_path, "6", winner=1, humans=(4,), seats=("greedy",) * 4 + ("human", "mcts"))
    _record(tmp_path, "7", humans=(0, 2), seats=("human", "greedy", "human"))  # two sides of people: skipped
    _record(tmp_path, "8", deck_name="Another deck")  # another deck: skipped
    (tmp_path / "play-9.json").write_text("{broken")
    return tmp_path


def test_the_sample_counts_what_people_played(played: Path) -> None:
    sample = read_human_games(played, GAMES["viashi"], "Viashi")
    assert (sample.games, sample.wins, sample.draws) == (4, 2, 1)
    assert sample.interval() == wilson(2, 4)
    assert sample.opponents == {"greedy": 3, "greedy,mcts": 1}
    assert [s.split(":")[0] for s in sample.skipped] == ["play-4.json", "play-5.json", "play-7.json", "play-8.json",
                                                         "play-9.json"]
    lines = sample.lines()
    assert "the human won 2 (50%, 95 % interval" in lines[1]
    assert "fair stand-in" in lines[2]


def test_a_missing_folder_is_bad_input(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["check", "viashi", "--games", "0", "--human-games", str(tmp_path / "nope")])
    assert result.exit_code == 2 and "no such folder" in result.output


def test_check_reports_the_human_games(played: Path) -> None:
    result = CliRunner().invoke(app, ["check", "viashi", "--games", "0", "--json", "--human-games", str(played)])
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.stdout[result.stdout.index("{"):])
    assert data["human_games"]["games"] == 4 and data["human_games"]["wins"] == 2
    text = CliRunner().invoke(app, ["check", "viashi", "--games", "0", "--human-games", str(played)]).output
    assert "human games in" in text and "the human won 2" in text
