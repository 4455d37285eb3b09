"""Every bundled rules game passes the game API's contract (views and resample
from visibility: no hidden card leaks), at its fewest and most players."""

from __future__ import annotations

import pytest

from generator.games.designer.contract import check_game
from generator.games.registry import GAMES
from generator.games.rules.registered import bundled, catalogue_names


@pytest.mark.parametrize("name", catalogue_names())
def test_every_bundled_rules_game_keeps_the_contract(name):
    spec = bundled(name)
    assert GAMES[name] is spec  # registered under its name, as war is
    low, high = spec.players
    for players, seeds in sorted({low: 2, high: 1}.items()):  # the most players: one game (a long one)
        assert check_game(spec, None, spec.params(players=players), seeds=range(seeds)) == seeds


def test_the_catalogue_holds_the_reference_games():
    assert {"goofspiel", "crazy-eights", "go-fish", "pass-or-take"} <= set(catalogue_names())


def test_the_catalogue_holds_all_sixteen_games():
    """Every game of ../shared/rules-catalogue.md, under the name given there."""
    assert catalogue_names() == sorted([
        "war-rules", "weiji-rules", "viashi-rules",  # the seed games
        "goofspiel", "crazy-eights", "go-fish", "pass-or-take",  # the reference games
        "hearts", "oh-hell", "euchre", "scopa", "sushi-draft", "beggar-my-neighbour", "knockout-whist",
        "gin-rummy", "twenty-one",  # the classics
    ])
