"""Rules files compiled on load (generator/games/rules/compiled.py): the simulator plays a
rules file through the plain Python the eject writer writes for it, the same games seed for
seed as the interpreter; DECKPRESS_RULES_INTERPRET=1 plays the interpreter; a designer's text
reaches that Python only as a literal; an error still names the rule and the step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import ParameterError
from generator.games.players import RandomStrategy
from generator.games.rules import gamespec
from generator.games.rules.compiled import SWITCH
from generator.games.rules.gamespec import spec_from_file
from generator.games.rules.registered import bundled, catalogue_names
from generator.games.rules.schema import RulesError
from generator.games.runner import game_rng, play

CATALOGUE = Path(gamespec.__file__).parent / "catalogue"
PLAIN = ["beggar-my-neighbour", "crazy-eights", "go-fish", "pass-or-take", "scopa", "twenty-one"]


def test_simulate_gives_the_same_json_compiled_and_on_the_interpreter(monkeypatch):
    made: list[bool] = []
    real = gamespec.compiled_class

    def spy(program):  # type: ignore[no-untyped-def]
        found = real(program)
        made.append(found is not None)
        return found
    monkeypatch.setattr(gamespec, "compiled_class", spy)
    args = ["simulate", "crazy-eights", "--seed", "3", "--games", "300", "--json", "--jobs", "1"]
    monkeypatch.delenv(SWITCH, raising=False)
    compiled = CliRunner().invoke(app, args)
    assert compiled.exit_code == 0, compiled.output
    assert made and all(made)  # the games were played compiled
    made.clear()
    monkeypatch.setenv(SWITCH, "1")
    interpreted = CliRunner().invoke(app, args)
    assert interpreted.exit_code == 0, interpreted.output
    assert made and not any(made)  # ... and here on the interpreter
    a, b = json.loads(compiled.output.splitlines()[-1]), json.loads(interpreted.output.splitlines()[-1])
    assert a == b and sum(a["wins"]) + a["draws"] == 300


def test_the_catalogue_games_the_writer_can_write_are_compiled_and_play_the_interpreters_games():
    compiled = []
    for name in catalogue_names():
        spec = bundled(name)
        low = spec.players[0]
        try:
            game = spec.make(None, spec.params(players=low))  # type: ignore[arg-type,call-arg]
        except ValueError:  # cards: deck (needs a deck): never compiled
            continue
        if getattr(game, "compiled", None) is None:
            continue
        compiled.append(name)
        other = spec.make(None, spec.params(players=low)).interpreted()  # type: ignore[arg-type,call-arg,attr-defined]
        assert type(game.new_state()).__name__ == "CompiledState" and type(other.new_state()).__name__ == "RulesState"
        for k in range(12):
            a = play(game, [RandomStrategy() for _ in range(low)], game_rng(5, k))
            b = play(other, [RandomStrategy() for _ in range(low)], game_rng(5, k))
            assert (a.winner, a.tricks, a.counts, a.scores) == (b.winner, b.tricks, b.counts, b.scores), (name, k)
    assert set(PLAIN) <= set(compiled)


def _file(tmp_path: Path, text: str, name: str = "twenty-one.yaml") -> tuple[Path, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path, text


def _game(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path, text = _file(tmp_path, text)
    spec = spec_from_file(path, text)
    return spec.make(None, spec.params())  # type: ignore[arg-type,call-arg]


BASE = (CATALOGUE / "twenty-one.yaml").read_text(encoding="utf-8")


def test_a_hostile_title_zone_word_or_action_ends_up_inert_in_a_literal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    title = 'x"""\n__import__("os").system("touch PWNED")\n"""\\'
    text = (BASE.replace("title: Twenty-one", "title: " + json.dumps(title))
            .replace("say: the deck}", "say: " + json.dumps("a \"\"\" b\n__import__('os')") + "}")
            .replace("action: decide", "action: " + json.dumps("d'\"\"\"\n__import__('os')")))
    game = _game(tmp_path, text)
    assert game.compiled is not None and game.compiled.title == title  # compiled, the title a string
    result = play(game, [RandomStrategy(), RandomStrategy()], game_rng(1, 0))
    assert not (tmp_path / "PWNED").exists() and result.tricks > 0
    legal = game.new_state()
    while legal.current() < 0:
        legal.apply(legal.sample_chance(game_rng(1, 1)))
    assert {a.kind for a in legal.legal_actions()} == {"d'\"\"\"\n__import__('os')"}


def test_a_hostile_name_is_refused_by_the_schema_or_left_to_the_interpreter(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    param = BASE.replace("variables:", "parameters:\n  \"x=__import__('os').system('touch PWNED')\": {default: 1}\n"
                                       "variables:")
    path, text = _file(tmp_path, param)
    with pytest.raises(RulesError, match="a name of letters"):
        spec_from_file(path, text)
    define = BASE.replace("define:", "define:\n  evil:\n    is: \"__import__('os').system('touch PWNED')\"")
    try:
        game = _game(tmp_path, define)
    except (RulesError, ParameterError):
        pass
    else:
        assert game.compiled is None  # the writer names no such function: the interpreter's game
    assert not (tmp_path / "PWNED").exists()


def _stuck(game) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(ParameterError) as caught:
        for k in range(20):
            play(game, [RandomStrategy(), RandomStrategy()], game_rng(2, k))
    return str(caught.value)


def test_a_compiled_game_that_raises_names_the_rule_and_step_as_the_interpreter_does(tmp_path):
    """A division by zero in the rules: the compiled game's error is the interpreter's (its
    game played again on the interpreter), naming the file, the line and the step."""
    text = BASE.replace("    - add: {decisions: 1}", "    - add: {decisions: \"1 // (decisions - decisions)\"}")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "1 // (decisions" in row)
    game = _game(tmp_path, text)
    assert game.compiled is not None
    compiled = _stuck(game)
    interpreted = _stuck(_game(tmp_path, text).interpreted())
    assert compiled == interpreted
    assert f"twenty-one.yaml:{line}" in compiled and "step" in compiled and "ZeroDivisionError" in compiled


def test_a_loop_that_never_ends_stops_compiled_and_is_named(tmp_path):
    text = BASE.replace("    - add: {decisions: 1}", "    - while: \"decisions >= 0\"\n      do:\n"
                                                    "        - add: {decisions: 1}\n    - add: {decisions: 1}")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "while:" in row)
    game = _game(tmp_path, text)
    assert game.compiled is not None
    compiled = _stuck(game)
    assert compiled == _stuck(_game(tmp_path, text).interpreted())
    assert f"twenty-one.yaml:{line}:" in compiled and "repeated 200,000 times without a decision" in compiled


@pytest.mark.parametrize("text", ['x"""\nimport os\n"""', 'ends in a quote"', "back\\slash \\N{BULLET} \\", "it's \"both\"",
                                  "nul \0 and \r"])
def test_a_designer_word_in_a_docstring_reads_back_as_itself(text):
    import ast

    from generator.games.rules.to_python import _doc

    written = '"""' + _doc(text) + '"""'
    tree = ast.parse(written)
    assert len(tree.body) == 1 and ast.literal_eval(written) == text  # one string, the same text
