"""The help texts name the games from the registry: a game registered before the
command loads is listed by ``play``, ``rules`` and ``simulate`` with no edit there."""

from __future__ import annotations

import subprocess
import sys

from generator.games.registry import builtin_names, game_names

CODE = """
from dataclasses import replace
from generator.games.registry import entry, register
register(replace(entry("war"), name="skirmish", source=None))  # a fourth game, registered first
from typer.testing import CliRunner
from generator.cli import app
for command in ("play", "rules", "simulate"):
    out = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "300"}).output
    print(command, "skirmish" in out, "war" in out)
"""


def test_a_registered_game_appears_in_the_help_of_every_command_taking_a_game() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:3] == ["play True True", "rules True True", "simulate True True"], out


def test_the_games_listed_are_the_registered_ones_in_order() -> None:
    assert game_names().startswith(", ".join(builtin_names()))
    assert game_names().split(", ")[:3] == list(builtin_names())
