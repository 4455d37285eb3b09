"""deckpress eject: a project's rules game written as game.py plays the same games."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def test_eject_writes_a_game_py_that_plays_the_same_games(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "eject-fish", "--from", "go-fish"]).exit_code == 0
    before = runner.invoke(app, ["simulate", "eject-fish", "--games", "40", "--players", "3", "--jobs", "1", "--json"])
    assert before.exit_code == 0, before.output
    result = runner.invoke(app, ["eject", "eject-fish"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "eject-fish").iterdir() if p.is_file()) == ["deck.yaml", "game.py"]
    assert "game: game.py" in (tmp_path / "eject-fish" / "deck.yaml").read_text(encoding="utf-8")
    after = runner.invoke(app, ["simulate", "eject-fish", "--games", "40", "--players", "3", "--jobs", "1", "--json"])
    assert after.exit_code == 0, after.output
    a, b = json.loads(before.output.splitlines()[-1]), json.loads(after.output.splitlines()[-1])
    assert (a["wins"], a["draws"], a["length"]) == (b["wins"], b["draws"], b["length"])
    again = runner.invoke(app, ["eject", "eject-fish"])
    assert again.exit_code == 2 and "not a rules file" in again.output


def test_eject_writes_crazy_eights_as_plain_python_playing_the_same_games(tmp_path, monkeypatch):
    """The ejected game.py imports nothing of the rules interpreter, and random play gives
    the same results as the rules game for the same seed (the same games, not a distribution)."""
    import ast

    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["--quiet", "new", "eject-eights", "--from", "crazy-eights"]).exit_code == 0
    sim = ["simulate", "eject-eights", "--games", "60", "--players", "3", "--jobs", "1", "--json"]
    before = runner.invoke(app, sim)
    assert before.exit_code == 0, before.output
    result = runner.invoke(app, ["eject", "eject-eights"])
    assert result.exit_code == 0, result.output
    assert "game.py is plain Python" in result.output
    source = (tmp_path / "eject-eights" / "game.py").read_text(encoding="utf-8")
    imported = {n.module for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom)} | \
        {a.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Import) for a in n.names}
    assert imported == {"__future__", "typing", "itertools", "pydantic", "generator.games.api", "generator.games.params"}
    assert "generator.games.rules" not in source and "class EjectEightsState(StateBase):" in source
    assert "def playable(self, card=None):" in source  # the file's definition, as a method
    after = runner.invoke(app, sim)
    assert after.exit_code == 0, after.output
    a, b = json.loads(before.output.splitlines()[-1]), json.loads(after.output.splitlines()[-1])
    assert (a["wins"], a["draws"], a["length"]) == (b["wins"], b["draws"], b["length"])


def test_a_rule_with_no_plain_python_names_its_line_and_embeds_the_rules(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["--quiet", "new", "goof", "--from", "goofspiel"]).exit_code == 0
    text = (tmp_path / "goof" / "game.yaml").read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.strip().startswith("- choose:"))
    result = runner.invoke(app, ["eject", "goof"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert f"game.yaml:{line}: choose: {{who: all}}" in said and "embeds the rules file" in said
    assert "from generator.games.rules.ejected import rules_class" in (tmp_path / "goof" / "game.py").read_text()


def test_every_plain_ejected_catalogue_game_plays_the_same_games():
    """Each catalogue game eject writes as plain Python: 30 random games at its fewest and most
    players, seed by seed, the same winner, length, cards left and scores as the rules file."""
    import importlib.util

    from generator.games.players import RandomStrategy
    from generator.games.rules.registered import bundled, catalogue_names
    from generator.games.rules.to_python import NotPlain, plain_python
    from generator.games.runner import game_rng, play

    plain = []
    for name in catalogue_names():
        spec = bundled(name)
        if spec.default_deck not in ("standard52",) and not spec.default_deck.endswith(".yaml"):
            continue  # cards: deck (war-rules, weiji-rules): not plain
        rules = spec.make(None, spec.params())  # type: ignore[arg-type]
        try:
            code = plain_python(rules.program, "G", f"{name}.yaml")
        except NotPlain:
            continue
        plain.append(name)
        path = Path(__file__).parent / f"_ejected_{name.replace('-', '_')}.py"
        module_spec = importlib.util.spec_from_loader(path.stem, loader=None)
        assert module_spec is not None
        module = importlib.util.module_from_spec(module_spec)
        exec(compile(code, str(path), "exec"), module.__dict__)  # noqa: S102 - the code eject writes, under test
        low, high = spec.players
        for n in sorted({low, high}):
            a = spec.make(None, spec.params(players=n))  # type: ignore[arg-type]
            b = module.G(None, module.GParams(players=n))
            for k in range(30):
                ra = play(a, [RandomStrategy() for _ in range(n)], game_rng(11, k))
                rb = play(b, [RandomStrategy() for _ in range(n)], game_rng(11, k))
                assert (ra.winner, ra.tricks, ra.counts, ra.scores) == (rb.winner, rb.tricks, rb.counts, rb.scores), \
                    (name, n, k)
    assert {"crazy-eights", "go-fish", "beggar-my-neighbour", "twenty-one"} <= set(plain)


def test_a_step_newer_than_the_writer_is_refused_never_skipped(monkeypatch):
    """A key of a step the plain-Python writer does not know (one the format gains later)
    makes eject fall back, naming the step's line: it is never dropped from the game."""
    import pytest

    from generator.games.rules import to_python
    from generator.games.rules.registered import bundled, catalogue_path

    rules = bundled("crazy-eights").make(None, bundled("crazy-eights").params())  # type: ignore[arg-type]
    monkeypatch.setitem(to_python._WRITES, "move", {"from", "to"})  # as if `card:` were new
    lines = catalogue_path("crazy-eights").read_text(encoding="utf-8").splitlines()
    line = next(i for i, row in enumerate(lines, 1) if "card: played}" in row and "move" in row)
    with pytest.raises(to_python.NotPlain) as info:
        to_python.plain_python(rules.program, "G", "crazy-eights.yaml")
    assert info.value.where == f"crazy-eights.yaml:{line}" and info.value.what.startswith("move:")
