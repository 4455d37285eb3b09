"""Leduc poker (tests/balance/sides/leduc.py, ported from OpenSpiel's leduc_poker): a chips
game judged in chips (issue 48). Its seat verdict reads mean returns, its split pots are no
draws problem, and a planted chips edge for seat 0 is named by the default check."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.api import CHANCE, Action

from .sides import leduc

SOURCE = (Path(__file__).parent / "sides" / "leduc.py").read_text()
cli = CliRunner()


def play(cards: tuple[int, int], first: list[str], public: int | None = None, second: Sequence[str] = ()) -> Any:
    state = leduc.Leduc(None, leduc.TwoPlayers()).new_state()
    assert state.current() == CHANCE
    state.apply(Action("deal", cards))
    for name in first:
        state.apply(Action(name))
    if public is not None:
        assert state.current() == CHANCE
        state.apply(Action("public", public))
        for name in second:
            state.apply(Action(name))
    return state


@pytest.mark.parametrize("cards, first, public, second, returns", [
    ((0, 4), ["call", "raise", "call"], 2, ["call", "call"], [-3.0, 3.0]),  # K beats J at the showdown
    ((0, 4), ["raise", "raise", "fold"], None, [], [-3.0, 3.0]),  # player 0 folds having put in 3
    ((0, 4), ["call", "call"], 1, ["raise", "call"], [5.0, -5.0]),  # J pairs the public J: 1 + 4 won
    ((2, 3), ["call", "call"], 4, ["call", "call"], [0.0, 0.0]),  # Q and Q: a split pot
])
def test_leduc_follows_openspiels_rules_by_hand(cards: tuple[int, int], first: list[str], public: int | None,
                                                second: list[str], returns: list[float]) -> None:
    state = play(cards, first, public, second)
    assert state.is_over() and state.returns() == returns
    assert (state.result().winner is None) == (returns == [0.0, 0.0])  # a split pot has no winner


def test_leduc_legal_actions_as_openspiel() -> None:
    """Fold only when facing a raise; at most two raises a round; the second round opens
    after both call (or a raise is called) with the public card."""
    state = play((0, 4), [])
    assert state.legal_actions() == [leduc.CALL, leduc.RAISE]  # nothing owed: no fold
    state.apply(leduc.RAISE)
    assert state.legal_actions() == [leduc.CALL, leduc.FOLD, leduc.RAISE]
    state.apply(leduc.RAISE)
    assert state.legal_actions() == [leduc.CALL, leduc.FOLD]  # two raises: no third
    state.apply(leduc.CALL)
    assert state.current() == CHANCE and state.ante == [5, 5]
    rest = {state.sample_chance(random.Random(k)).value for k in range(40)}
    assert rest == {1, 2, 3, 5}  # the public card from the four unseen


def project(tmp: Path, cls: str) -> Path:
    folder = tmp / cls.lower()
    made = cli.invoke(app, ["new", str(folder), "--game", "custom"])
    assert made.exit_code == 0, made.output
    (folder / "game.py").write_text(SOURCE, encoding="utf-8")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("game: game.py ", f"game: game.py:{cls} "))
    return folder


def check(folder: Path, *args: str) -> dict[str, Any]:
    result = cli.invoke(app, ["check", str(folder), "--jobs", "1", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_a_planted_chips_edge_is_a_seat_advantage_in_chips_by_default(tmp_path: Path) -> None:
    """EdgeLeduc: seat 0 holds the higher rank 2 deals in 3. The default check (greedy at
    every seat) names seat 0's advantage in chips a hand, in standard deviations."""
    report = check(project(tmp_path, "EdgeLeduc"))
    (found,) = [f for f in report["findings"] if f["code"] == "seat_advantage"]
    assert found["evidence"]["seat"] == 0 and found["message"].startswith("seat 0 gets +")
    assert "a game against the table's mean return" in found["message"] and "standard deviations" in found["message"]
    edge = report["playtest"]["return_edges"][0]
    assert edge["low"] > 0 and found["evidence"]["threshold_sd"] == pytest.approx(0.15)
    # greedy's edge is confirmed under random play of the same deals (verdict_random.py): still an error
    assert found["level"] == "error" and found["evidence"]["random_play"] == "confirmed"
    assert found["evidence"]["strategy"] == "greedy" and found["evidence"]["random"]["low"] > 0
    assert "Random play of the same deals shows it too" in found["message"]
    skill = report["playtest"]["skill"]
    assert skill["unit"] == "return" and skill["level"] in ("some", "much")  # greedy beats random, in chips


def test_leducs_split_pots_are_no_draws_problem(tmp_path: Path) -> None:
    """Equal ranks without a pair split the pot (about one showdown in five): shown as no
    winner, never a `draws` finding (the game says equal results are no draw). Under random
    play at every seat no seat is reported stronger."""
    report = check(project(tmp_path, "Leduc"), "--strategy", "random")
    play = report["playtest"]
    assert play["equal_results_draw"] is False and play["draws"]["share"] > 0.05
    assert not [f for f in report["findings"] if f["code"] in ("draws", "seat_advantage", "seat_disadvantage")]
