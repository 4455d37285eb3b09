"""A rules file that cannot be played is refused before any game, naming the file,
the line and what to change; a game stuck at run time names the rule and the step;
the expression language runs no Python."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.errors import DeckpressError
from generator.games.rules.expr import ExprError, Scope, compile_expr
from generator.games.rules.gamespec import spec_from_file

GOOD = """\
name: tiny
players: 2
cards: {numbered: [1, 10]}
zones:
  stock: hidden
  hand: {owner: each, visible: owner}
  pile: public
variables: {turns: 0}
winner: {highest: "sum(c.rank for c in hand(p))"}
phases:
  setup:
    - shuffle: stock
    - deal: {from: stock, to: hand, count: 3}
  play:
    - choose: {card: hand, action: play, as: played}
    - move: {from: hand, to: pile, card: played}
    - add: {turns: 1}
    - if: count(hand) == 0
      then:
        - end: true
    - set: {player: next(player)}
    - goto: play
"""


def load(tmp_path: Path, text: str) -> object:
    path = tmp_path / "game.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return spec_from_file(path, "test")


def refused(tmp_path: Path, text: str) -> str:
    with pytest.raises(DeckpressError) as info:
        load(tmp_path, text)
    return str(info.value)


def test_a_good_file_loads_and_plays(tmp_path):
    spec = load(tmp_path, GOOD)
    assert spec.players == (2, 2) and spec.default_strategy == "random"


def test_an_unknown_key_names_file_line_and_the_nearest(tmp_path):
    text = GOOD.replace("    - move: {from: hand, to: pile, card: played}", "    - move: {form: hand, to: pile, card: played}")
    message = refused(tmp_path, text)
    assert "game.yaml:16:" in message and "unknown key 'form'" in message and "did you mean 'from'?" in message


def test_an_unknown_step_suggests_the_nearest(tmp_path):
    message = refused(tmp_path, GOOD.replace("- shuffle: stock", "- shufle: stock"))
    assert "game.yaml:12:" in message and "unknown step 'shufle'" in message and "'shuffle'" in message


def test_a_zone_read_before_it_is_filled(tmp_path):
    text = GOOD.replace("    - add: {turns: 1}", "    - add: {turns: \"top(pile).rank\"}").replace(
        "    - move: {from: hand, to: pile, card: played}\n", "")
    message = refused(tmp_path, text)
    assert "reads the zone 'pile' before any step puts a card in it" in message and "game.yaml:" in message


def test_a_phase_with_no_way_out(tmp_path):
    text = GOOD.replace("      then:\n        - end: true\n", "      then:\n        - goto: play\n")
    message = refused(tmp_path, text)
    assert "has no way out" in message and "game.yaml:" in message


def test_a_deal_larger_than_the_deck(tmp_path):
    message = refused(tmp_path, GOOD.replace("count: 3}", "count: 6}"))
    assert "6 cards to each of 2 players is 12 cards, more than the 10 of the game" in message
    assert "game.yaml:13:" in message


def test_a_winner_rule_naming_no_one(tmp_path):
    message = refused(tmp_path, GOOD.replace('"sum(c.rank for c in hand(p))"', "turns"))
    assert "names no one" in message and "game.yaml:9:" in message


def test_a_condition_on_an_unknown_field(tmp_path):
    message = refused(tmp_path, GOOD.replace("if: count(hand) == 0", "if: top(pile).colour == 'red'"))
    assert "cards have no field 'colour'" in message and "game.yaml:18:" in message


def test_an_unknown_name_suggests_the_nearest(tmp_path):
    message = refused(tmp_path, GOOD.replace("count(hand) == 0", "count(hadn) == 0"))
    assert "unknown name 'hadn'" in message and "did you mean 'hand'?" in message


def test_a_stuck_game_names_the_rule_and_the_step(tmp_path):
    text = GOOD.replace("    - goto: play\n", "    - move: {from: stock, to: pile, count: 5}\n    - goto: play\n")
    spec = load(tmp_path, text)
    g = spec.make(None, spec.params())
    import random

    from generator.games.api import random_step

    s = g.new_state()
    with pytest.raises(DeckpressError) as info:
        for _ in range(100):
            random_step(s, random.Random(0))
    message = str(info.value)
    assert "game.yaml:22:" in message and "stuck at move (phase play), step 2" in message and "stock is empty" in message


@pytest.mark.parametrize("text", ["__import__('os').system('true')", "().__class__", "(lambda: 1)()",
                                  "open('x')", "2 ** 99999999", "card.__class__", "[1] * 99999999999", "eval('1')"])
def test_the_expression_language_runs_no_python(text):
    scope = Scope(players=2, params={}, globals_=set(), per_player=set(), zones={}, owned={},
                  fields={"rank": [1, 2]}, locals_=frozenset({"card"}))
    try:
        fn = compile_expr(text, scope)
    except ExprError:
        return
    with pytest.raises(ExprError):
        fn(None, {"card": 0})


def test_copies_of_the_deck_must_name_a_number_or_a_parameter(tmp_path):
    text = GOOD.replace("cards: {numbered: [1, 10]}", "cards: {deck: true, copies: pakcs}")
    message = refused(tmp_path, text)
    assert "game.yaml:3:" in message
    assert "copies: N" in message and "parameters: none" in message
