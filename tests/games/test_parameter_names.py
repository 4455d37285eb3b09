"""A rule parameter whose name Python, pydantic or the rules language already uses
(``__class__``, ``model_dump``, ``describe``, ``if``, ``count``, a zone's name) is
refused by deckpress itself, naming the file, the line and the field: never pydantic's
own error, an "internal error", or a parameter that silently reads as something else
(``true`` as a literal, ``deck`` as the zone). Both ways a designer declares
parameters: a rules file's ``parameters:`` and an own game's ``Params`` model, each
run as the designer types it (``deckpress new``, edit, ``deckpress check``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.params import parameter_name_problem


def run(*args: str | Path) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


def line_of(path: Path, needle: str) -> int:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return n
    raise AssertionError(needle)


def new_project(factory: pytest.TempPathFactory, name: str, *how: str) -> Path:
    """``deckpress new NAME ...`` in a fresh folder, as a designer starts."""
    folder = factory.mktemp(name) / name
    made = run("new", folder, *how)
    assert made.exit_code == 0, made.output
    return folder


@pytest.fixture(scope="module")
def rules_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_project(tmp_path_factory, "pot", "--from", "pass-or-take")


@pytest.fixture(scope="module")
def own_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_project(tmp_path_factory, "crowns", "--game", "custom")


RULES_NAMES = {  # name -> words of the reason
    "__class__": "starts with _",
    "_hidden": "starts with _",
    "model_dump": "uses itself",
    "model_config": "uses itself",
    "describe": "uses itself",
    "copy": "uses itself",
    "class": "a word of Python",
    "None": "a word of Python",
    "count": "already give a meaning",  # a function of the expressions
    "seats": "already give a meaning",  # the list of seats: read as the parameter, it broke the game at run time
    "nobody": "already give a meaning",
    "deck": "also a name in zones",     # the zone of pass-or-take: read as the parameter, the game failed at run time
    "pot": "also a name in variables",
    "chips": "also a name in per_player",
    "players": "given by players:",
}


@pytest.mark.parametrize("name", list(RULES_NAMES))
def test_a_rules_file_parameter_with_a_taken_name_is_refused_at_its_line(rules_project: Path, tmp_path: Path,
                                                                          name: str) -> None:
    game = tmp_path / "game.yaml"
    source = (rules_project / "game.yaml").read_text(encoding="utf-8")
    assert "\n  unseen:\n" in source
    text = source.replace("\n  unseen:\n", f"\n  {name}:\n")
    game.write_text(text, encoding="utf-8")
    line = text[:text.index(f"\n  {name}:\n") + 1].count("\n") + 1  # the parameter's line (deck: is a zone's too)
    (tmp_path / "deck.yaml").write_text((rules_project / "deck.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    result = run("check", tmp_path, "--games", "0")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert "pydantic" not in result.output.lower() or "keep such names" in result.output
    expected = f"game.yaml:{line}: field '{name}': parameter '{name}'"
    assert expected in result.output, result.output
    assert RULES_NAMES[name] in result.output, result.output


def test_the_rules_file_as_copied_still_checks(rules_project: Path) -> None:
    result = run("check", rules_project, "--games", "0")
    assert result.exit_code == 0, result.output


OWN_NAMES = {
    "__class__": "starts with _",
    "_hidden": "starts with _",        # with Field(): pydantic's "must not use names with leading underscores"
    "model_config": "uses itself",     # was "TypeError: 'FieldInfo' object is not iterable"
    "model_dump": "uses itself",       # was pydantic's "conflicts with member ... of protected namespace"
    "describe": "uses itself",         # was a warning, then deckpress's "internal error ... 'int' object is not callable"
    "json": "uses itself",             # was accepted, shadowing pydantic's method
}


@pytest.mark.parametrize("name", list(OWN_NAMES))
def test_an_own_game_parameter_with_a_taken_name_is_refused_at_its_line(own_project: Path, tmp_path: Path,
                                                                         name: str) -> None:
    folder = tmp_path / "crowns"
    folder.mkdir()
    for file in ("deck.yaml", "cards.csv"):
        (folder / file).write_bytes((own_project / file).read_bytes())
    for sub in ("layouts", "rules"):
        (folder / sub).mkdir()
        for f in (own_project / sub).iterdir():
            (folder / sub / f.name).write_bytes(f.read_bytes())
    source = (own_project / "game.py").read_text(encoding="utf-8")
    anchor = '    hand: int = Field(default=9, ge=1, le=18, description="cards dealt to each player")\n'
    assert anchor in source
    declared = f'    {name}: int = Field(default=1, description="a parameter")\n'
    (folder / "game.py").write_text(source.replace(anchor, anchor + declared), encoding="utf-8")
    result = run("check", folder, "--games", "0")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert "PydanticUserError" not in result.output and "TypeError" not in result.output
    expected = f"game.py:{line_of(folder / 'game.py', declared.strip())}: field '{name}': CrownParams: parameter '{name}'"
    assert expected in result.output, result.output
    assert OWN_NAMES[name] in result.output, result.output


def test_names_a_params_model_may_keep() -> None:
    """Plain names pass; pydantic's own settings and private attributes are not parameters."""
    from pydantic import ConfigDict, Field, PrivateAttr

    from generator.errors import ParameterError
    from generator.games.params import Params

    assert parameter_name_problem("hand") is None and parameter_name_problem("start_chips") is None

    class Fine(Params):
        model_config = ConfigDict(extra="forbid", frozen=True)
        hand: int = Field(default=3)
        _cache: dict[str, int] = PrivateAttr(default_factory=dict)

    assert Fine(hand=4).describe() == {"max_tricks": 10_000, "hand": 4}
    with pytest.raises(ParameterError) as info:
        class Broken(Params):
            schema_json: int = 1  # type: ignore[assignment]

    problem = info.value.problems[0]
    assert (problem.field, problem.line) == ("schema_json", line_of(Path(__file__), "schema_json: int = 1"))
    assert str(problem.file) == __file__
