"""Layout and template errors as good as deck errors: the key's own line, "did you
mean", the layout that writes the element, and no Python class names."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck.model import Deck
from generator.errors import RenderError
from generator.render.cards import card_pieces
from generator.render.layout import load_layout

PARENT = """front:
  ok: {type: rule}
  title:
    type: text
    text: hi
    size: 9
"""


def test_a_misspelt_layout_key_names_its_own_line_and_says_did_you_mean(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(PARENT.replace("size: 9", "szie: 9"), encoding="utf-8")
    with pytest.raises(RenderError) as info:
        load_layout(path)
    (problem,) = info.value.problems
    assert str(problem) == f"{path}:6: layout mine, element 'title': unknown key 'szie'; did you mean 'size'?"
    assert "Extra inputs" not in str(problem)


def test_an_element_of_a_child_layout_is_reported_under_the_child(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text(PARENT, encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: parent\nfront:\n  tagline:\n    type: text\n    text: x\n    colour: red\n",
                     encoding="utf-8")
    with pytest.raises(RenderError) as info:
        load_layout(child)
    assert str(info.value.problems[0]) == (
        f"{child}:6: layout child, element 'tagline': unknown key 'colour'; did you mean 'color'?")


def test_a_bad_key_in_the_parent_is_reported_at_the_parents_line(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text(PARENT.replace("size: 9", "size: 0"), encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: parent\nfront:\n  title: {text: changed}\n", encoding="utf-8")
    with pytest.raises(RenderError) as info:
        load_layout(child)
    problem = info.value.problems[0]
    assert (Path(problem.file).name, problem.line) == ("parent.yaml", 6)
    assert "layout parent, element 'title': size:" in problem.message


def test_a_template_typo_says_which_field_and_suggests_the_right_one(tmp_path: Path, tiny_weiji: Deck) -> None:
    path = tmp_path / "t.yaml"
    path.write_text("front:\n  title: {type: text, text: '{{ card.nmae }}'}\n", encoding="utf-8")
    with pytest.raises(RenderError) as info:
        card_pieces(tiny_weiji, path)
    problem = info.value.problems[0]
    assert problem.card == "P1"
    assert problem.message == ("layout t, element 'title': in '{{ card.nmae }}': "
                               "card has no field 'nmae'; did you mean 'name'?")
    assert "generator" not in problem.message and "object" not in problem.message


def test_check_reports_the_template_typo_too(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text("front:\n  title: {type: text, text: '{{ card.nmae }}'}\n", encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: T\nlayout: t.yaml\ncards:\n  - {id: A, name: Alpha}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 2, result.output
    assert "t.yaml:2: card A, field 'text': layout t, element 'title': in '{{ card.nmae }}': card has no " \
           "field 'nmae'; did you mean 'name'?" in result.output


def test_a_misspelt_top_level_key_is_found_in_the_parent_that_writes_it(tmp_path: Path) -> None:
    (tmp_path / "top.yaml").write_text("size: [63.5, 88.9]\nsafe_zon: 3\n", encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("extends: top\n", encoding="utf-8")
    with pytest.raises(RenderError) as info:
        load_layout(child)
    assert str(info.value.problems[0]) == (
        f"{tmp_path / 'top.yaml'}:2: layout top: unknown key 'safe_zon'; did you mean 'safe_zone'?")


def test_a_misspelt_layout_name_in_the_deck_names_the_deck_field_and_suggests(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: T\nlayout: weiij\ncards:\n  - {id: A}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 2
    assert f"{deck}:2: field 'layout': layout 'weiij' not found; did you mean 'weiji'?" in result.output
