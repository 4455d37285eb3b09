"""Every built-in game passes the public contract (generator.games.designer.contract.check_game),
and the contract catches the mistakes it names."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.deck import resolve_deck
from generator.games.designer import ContractError, check_game
from generator.games.registry import GAMES, builtin_names, entry, make_params


@pytest.mark.parametrize("name", builtin_names())
def test_builtin_games_pass_the_contract(name: str) -> None:
    assert check_game(GAMES[name], seeds=range(8)) == 8


def test_viashilym_and_human_pass_the_contract() -> None:
    spec = entry("viashi")
    assert check_game(spec, params=make_params("viashi", ["players=6"]), seeds=range(3)) == 3
    assert check_game(spec, params=make_params("viashi", ["variant=human", "hands=2"]), seeds=range(3)) == 3


def test_weiji_winner_first_passes_the_contract() -> None:
    assert check_game(entry("weiji"), params=make_params("weiji", ["pickup=winner-first", "players=3"]),
                      seeds=range(4)) == 4


def _leaky(spec_name: str) -> Any:
    spec = entry(spec_name)
    deck = resolve_deck(spec.default_deck or "")
    game = spec.make(deck, spec.params())
    state_type = type(game.new_state())
    return spec, deck, state_type


def _game_type(spec_name: str) -> Any:
    spec = entry(spec_name)
    return type(spec.make(resolve_deck(spec.default_deck or ""), spec.params()))


def test_a_view_that_shows_other_hands_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    spec, deck, state_type = _leaky("viashi")
    view = state_type.view

    def leaky(self: Any, seat: int) -> Any:
        return {**view(self, seat), "all_hands": [list(h) for h in self.hands]}
    monkeypatch.setattr(state_type, "view", leaky)
    with pytest.raises(ContractError, match="changed what seat"):
        check_game(spec, deck, seeds=range(3))


def test_a_clone_that_shares_its_stacks_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    spec, deck, state_type = _leaky("weiji")

    def shallow(self: Any) -> Any:
        import copy
        return copy.copy(self)
    monkeypatch.setattr(state_type, "clone", shallow)
    with pytest.raises(ContractError, match="clone"):
        check_game(spec, deck, seeds=range(3))


def test_a_resample_that_deals_seen_cards_again_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    spec, deck, _ = _leaky("viashi")
    game_type = _game_type("viashi")
    honest = game_type.resample

    def reckless(self: Any, view: Any, seat: int, rng: random.Random) -> Any:
        other = honest(self, view, seat, rng)
        other.hands[seat][:] = other.hands[(seat + 1) % 3][:len(other.hands[seat])] or other.hands[seat]
        return other
    monkeypatch.setattr(game_type, "resample", reckless)
    with pytest.raises(ContractError, match="resample"):
        check_game(spec, deck, seeds=range(3))


def test_a_view_that_carries_the_state_to_resample_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that smuggles the real state to resample (which then deals the true hidden
    cards) in an object equal to every other keeps every view equal, and is still caught."""
    spec, deck, state_type = _leaky("viashi")
    game_type = _game_type("viashi")
    view = state_type.view

    class Handle:
        def __init__(self, state: Any) -> None:
            self.state = state

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Handle)

        def __hash__(self) -> int:
            return 0

    monkeypatch.setattr(state_type, "view", lambda self, seat: {**view(self, seat), "_state": Handle(self)})
    monkeypatch.setattr(game_type, "resample", lambda self, v, seat, rng: v["_state"].state.clone())
    with pytest.raises(ContractError, match=r"view\(\d\)\['_state'\] \(Handle\) is not data"):
        check_game(spec, deck, seeds=range(3))


def test_a_resample_that_draws_from_elsewhere_than_its_rng_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    spec, deck, _ = _leaky("weiji")
    game_type = _game_type("weiji")
    honest = game_type.resample
    monkeypatch.setattr(game_type, "resample",
                        lambda self, v, seat, rng: honest(self, v, seat, random.Random(random.random())))
    with pytest.raises(ContractError, match="depends on more than the view"):
        check_game(spec, deck, seeds=range(3))


def test_resampled_weiji_keeps_the_seen_and_moves_the_unseen() -> None:
    spec = entry("weiji")
    game = spec.make(resolve_deck("lighting"), make_params("weiji"))
    state: Any = game.new_state()
    state.apply(state.sample_chance(random.Random(1)))
    other = game.resample(state.view(0), 0, random.Random(2))
    assert other.stacks[0][0] == state.stacks[0][0]  # my own top card: seen
    assert sorted(c for st in other.stacks for c in st) == sorted(c for st in state.stacks for c in st)
    assert [list(s) for s in other.stacks] != [list(s) for s in state.stacks]  # the rest dealt again
    assert other.view(0) == state.view(0)
    assert state.returns() == [0.0, 0.0]  # not over yet


def test_returns_share_a_draw() -> None:
    from generator.games.api import Result, returns_of
    assert returns_of(Result(winner=1, tricks=3, counts=[0, 5, 0]), 3) == [0.0, 1.0, 0.0]
    assert returns_of(Result(winner=None, tricks=3, counts=[2, 2]), 2) == [0.5, 0.5]
