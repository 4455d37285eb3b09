"""``deckpress new NAME``: a project named as people name folders (``yes``, ``#1-game``,
``a: b``, ``it's mine``) checks as made, with every starter and with ``--from`` a rules
game. The folder's name reached deck.yaml as bare YAML, so ``yes`` became the boolean
true ("field 'back.text': Input should be a valid string"), ``#1-game`` a comment and
``a: b`` a mapping: deckpress refused the deck it had just written. The commands the
new files show must paste into a shell as they are (``deckpress check 'my game'``)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app

NAMES = ["yes", "#1-game", "a: b", "it's mine"]


def run(*args: str | Path) -> Any:
    return CliRunner().invoke(app, ["--quiet", *(str(a) for a in args)])


@pytest.mark.parametrize("game", ["weiji", "viashi", "war", "piecepack", "custom"])
def test_every_starter_checks_under_any_folder_name(game: str, tmp_path: Path) -> None:
    for name in NAMES:
        folder = tmp_path / game / name
        made = run("new", folder, "--game", game)
        assert made.exit_code == 0, made.output
        checked = run("check", folder, "--games", "0")
        assert checked.exit_code == 0, f"{name!r}: {checked.output}"
        assert "verdict: no" in checked.output
        text = (folder / "deck.yaml").read_text(encoding="utf-8")
        deck = yaml.safe_load(text)
        title = name.replace("-", " ").title()
        assert deck["name"] == title, deck["name"]
        if "back" in deck and "text" in deck["back"]:
            assert deck["back"]["text"] == title
        shown = [line for line in text.splitlines() if line.startswith("#") and "deckpress check" in line]
        assert shown, text[:300]
        words = shlex.split(shown[0].lstrip("#"))  # the comment's command, as a shell reads it
        assert words[:3] == ["deckpress", "check", str(folder)], words


@pytest.mark.parametrize("source", ["crazy-eights", "goofspiel"])
def test_a_rules_game_copied_under_any_folder_name_checks(source: str, tmp_path: Path) -> None:
    for name in ["yes", "null", "#1-game"]:
        folder = tmp_path / source / name
        made = run("new", folder, "--from", source)
        assert made.exit_code == 0, made.output
        checked = run("check", folder, "--games", "0")
        assert checked.exit_code == 0, f"{name!r}: {checked.output}"
        rules = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
        assert isinstance(rules["name"], str) and rules["name"].strip("-"), rules["name"]


def test_a_starter_and_a_copy_at_once_is_refused(tmp_path: Path) -> None:
    """``--from`` copies a deck or rules game with its own game: ``--game`` beside it was
    silently ignored (``new x --from eagle --game war`` wrote a Weiji deck)."""
    folder = tmp_path / "both"
    result = run("new", folder, "--from", "eagle", "--game", "war")
    assert result.exit_code == 2, result.output
    assert "--game war and --from eagle: give one" in result.output
    assert not folder.exists()
    made = run("new", folder, "--from", "eagle")
    assert made.exit_code == 0, made.output
    assert yaml.safe_load((folder / "deck.yaml").read_text(encoding="utf-8"))["game"] == "weiji"
