"""A rules file's one Python function: it runs (the usual note says so), changes zones and
variables, and an error in it names its own file and line."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from generator.errors import DeckpressError
from generator.games.api import random_step
from generator.games.rules.gamespec import spec_from_file

from .helpers import hand, stacked

RULES = """\
name: tiny-py
players: 2
cards: {numbered: [1, 10]}
python: rules.py:swap
zones:
  stock: hidden
  hand: {owner: each, visible: owner}
  pile: public
variables: {swaps: 0}
winner: {highest: "sum(c.rank for c in hand(p))"}
phases:
  setup:
    - shuffle: stock
    - deal: {from: stock, to: hand, count: 3}
    - python: swap hands
  play:
    - choose: {card: hand, action: play, as: played}
    - move: {from: hand, to: pile, card: played}
    - if: count(hand) == 0
      then:
        - end: true
    - set: {player: next(player)}
    - goto: play
"""


def project(tmp_path: Path, code: str) -> Path:
    (tmp_path / "game.yaml").write_text(RULES, encoding="utf-8")
    (tmp_path / "rules.py").write_text(textwrap.dedent(code), encoding="utf-8")
    return tmp_path / "game.yaml"


def test_the_python_function_runs_and_swaps_the_hands(tmp_path, capsys):
    path = project(tmp_path, """\
        def swap(table, what):
            assert what == "swap hands"
            a, b = table.zone("hand", 0), table.zone("hand", 1)
            a[:], b[:] = list(b), list(a)
            table.variables["swaps"] += 1
        """)
    spec = spec_from_file(path, "test")
    g = spec.make(None, spec.params())  # type: ignore[arg-type]
    s = g.new_state()
    s.apply(stacked(s, ["1", "2", "3", "4", "5", "6"]))  # dealt one at a time: seat 0 gets 1, 3, 5
    assert sorted(hand(s, "hand", 0), key=int) == ["2", "4", "6"]  # swapped by the function
    assert sorted(hand(s, "hand", 1), key=int) == ["1", "3", "5"]
    assert s.v["swaps"] == 1
    assert "running the project's own Python code" in capsys.readouterr().err


def test_an_error_in_the_python_function_names_its_file_and_line(tmp_path):
    path = project(tmp_path, """\
        def swap(table, what):
            return 1 / 0
        """)
    spec = spec_from_file(path, "test")
    g = spec.make(None, spec.params())  # type: ignore[arg-type]
    s = g.new_state()
    with pytest.raises(DeckpressError) as info:
        random_step(s, random.Random(0))
    assert "rules.py:2: ZeroDivisionError" in str(info.value)


def test_a_python_step_without_a_function_is_refused(tmp_path):
    path = project(tmp_path, "def other(table, what): pass\n")
    with pytest.raises(DeckpressError) as info:
        spec_from_file(path, "test")
    assert "defines no function 'swap'" in str(info.value)
