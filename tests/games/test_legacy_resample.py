"""A designer's game written for the first version of the API (``State.resample(seat,
rng)``, no ``Game.resample(view, seat, rng)``) still plays with the search players and
passes the contract, with a DeprecationWarning; a game with decisions and no resample
at all is refused by the search players with a clear word, not a traceback."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.errors import ParameterError
from generator.games.api import Turn
from generator.games.designer import check_game
from generator.games.designer.loader import as_spec
from generator.games.players import GreedyPlayer, MctsPlayer
from generator.games.runner import game_rng, play

from .installed_game import InstalledCrowns


def _classes() -> tuple[type, type]:
    class OldCrowns(InstalledCrowns):  # type: ignore[misc,valid-type]
        """The old API: the state resamples itself."""

        name = "old-crowns"
        resample = None  # no Game.resample

        def new_state(self, observer: Any = None) -> Any:
            state = super().new_state(observer)
            state.__class__ = _old_state(type(state))
            return state

    class NoResample(InstalledCrowns):  # type: ignore[misc,valid-type]
        name = "no-resample"
        resample = None

    return OldCrowns, NoResample


_OLD: dict[type, type] = {}


def _old_state(base: type) -> type:
    if base not in _OLD:
        def resample(self: Any, seat: int, rng: random.Random) -> Any:  # the old signature, on the state
            other = InstalledCrowns.resample(self.game, self.view(seat), seat, rng)
            other.__class__ = type(self)
            return other
        _OLD[base] = type("OldCrownState", (base,), {"resample": resample})
    return _OLD[base]


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("legacy") / "crowns"
    assert CliRunner().invoke(app, ["new", str(folder), "--game", "custom"]).exit_code == 0
    return resolve_deck(folder)


def test_an_old_api_game_plays_and_passes_the_contract_with_a_warning(deck: Any) -> None:
    old, _ = _classes()
    spec = as_spec(old, "tests.games.test_legacy_resample:OldCrowns")
    game = spec.make(deck, spec.params(players=2, hand=5))
    with pytest.warns(DeprecationWarning, match="State.resample\\(seat, rng\\) is the old API"):
        result = play(game, [MctsPlayer(20), GreedyPlayer()], game_rng(1, 0))
    assert result.winner in (0, 1, None) and result.tricks == 5
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert check_game(spec, deck, spec.params(players=2, hand=5), seeds=range(4)) == 4


def test_search_players_refuse_a_game_without_resample(deck: Any) -> None:
    _, bare = _classes()
    spec = as_spec(bare, "tests.games.test_legacy_resample:NoResample")
    game = spec.make(deck, spec.params(players=2, hand=3))
    state = game.new_state()
    state.apply(state.sample_chance(random.Random(0)))
    with pytest.raises(ParameterError, match="no resample\\(view, seat, rng\\)"):
        MctsPlayer(5).choose(Turn.at(state, 0), random.Random(0))
