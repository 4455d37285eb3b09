"""The help text's list of games (``registry.game_names``) is built when a command loads,
so it reads no rules file: it lists the bundled rules games by their file names, exactly
as the specs list them once read (issue 48: the start-up of ``simulate``)."""

from __future__ import annotations

import subprocess
import sys

from generator.games import registry
from generator.games.rules import registered


def test_the_names_are_the_specs_names_in_their_order() -> None:
    names = registry.game_names().split(", ")
    assert names == [spec.name for spec in registry.specs()]
    assert names[:3] == ["weiji", "war", "viashi"]
    assert set(registered.catalogue_names()) <= set(names)


def test_every_bundled_rules_game_is_named_as_its_file() -> None:
    assert [spec.name for spec in registered.catalogue_specs()] == registered.catalogue_names()


def test_listing_the_names_reads_no_rules_file() -> None:
    probe = ("from generator.games import registry\nimport generator.games.rules.registered as r\n"
             "registry.game_names()\nprint(r.bundled.cache_info().currsize)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "0"
