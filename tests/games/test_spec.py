"""Every per-game table derives from the registered GameSpecs."""

from __future__ import annotations

from typing import Any

import pytest

from generator.errors import ParameterError
from generator.games import registry
from generator.games.designer.loader import ensure
from generator.games.params import Params
from generator.games.params_doc import params_markdown
from generator.games.registry import make_params
from generator.games.spec import GameSpec
from generator.render.cards import default_layout


def test_the_builtin_games_are_registered_by_their_specs() -> None:
    # the registry's BUILTIN names each game by its package (generator.games.<name>.spec:SPEC), in order
    assert registry.builtin_names() == tuple(ref.split(".")[2] for ref in registry.BUILTIN)
    for name in registry.builtin_names():
        spec = registry.entry(name)
        assert spec.name == name and spec.source == f"generator.games.{name}.spec:SPEC"
        assert isinstance(make_params(name), spec.params)
        assert ensure(spec.source) is spec  # a worker finds the same spec by its source
        assert default_layout(name) == spec.layout  # render asks the spec
    assert registry.entry("war").default_strategy is None and registry.entry("war").fast


class TinyParams(Params):
    players: int = 2


def test_a_registered_spec_is_known_everywhere() -> None:
    spec = GameSpec(name="tiny-test", title="Tiny", params=TinyParams, players=(2, 2), make=lambda d, p: None,
                    strategies={"random": object}, default_strategy="random",
                    source="tests.games.test_spec:TINY")
    registry.register(spec)
    try:
        assert registry.entry("tiny-test") is spec and "tiny-test" in registry.GAMES
        assert make_params("tiny-test", ["players=2"]) == TinyParams()
        with pytest.raises(ParameterError, match="unknown rule parameter 'hand' for tiny-test"):
            make_params("tiny-test", ["hand=3"])
        assert registry.seat_strategies("tiny-test", None, 2) == ["random", "random"]
        with pytest.raises(ParameterError, match="takes no budget"):
            registry.seat_strategies("tiny-test", "random:5", 2)
        with pytest.raises(ParameterError, match="already registered"):
            registry.register(GameSpec(name="weiji", title="W", params=TinyParams, players=(2, 2),
                                       make=lambda d, p: None))
    finally:
        registry._SPECS.pop("tiny-test")
    assert "tiny-test" not in params_markdown()


def test_a_game_without_a_bundled_deck_says_so() -> None:
    spec: Any = GameSpec(name="nodeck-test", title="N", params=TinyParams, players=(2, 2), make=lambda d, p: None)
    registry.register(spec)
    try:
        with pytest.raises(ParameterError, match="no bundled deck"):
            registry.default_deck("nodeck-test")
    finally:
        registry._SPECS.pop("nodeck-test")
