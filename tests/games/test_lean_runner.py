"""The runner builds a seat's view only for a strategy that reads it: ``random``
declares ``uses_view = False`` and gets an empty mapping, the game's ``view`` is
never called for it, and the games are the same move for move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.deck import resolve_deck
from generator.games import runner
from generator.games.api import Turn
from generator.games.designer.find import game_of
from generator.games.registry import make_params, make_strategy
from generator.games.strategies import RandomStrategy

MARKET = Path(__file__).resolve().parents[2] / "benchmarks" / "games" / "market"


class _Reading(RandomStrategy):
    """``random``'s choice, made by a strategy that reads the view (so one is built): a
    subclass of ``random``, so its seat draws from a ``random`` seat's stream, but not
    ``random`` itself, so the runner's loop asks its ``choose`` with a Turn."""

    name = "reading"
    uses_view = True

    def __init__(self, seen: list[int]) -> None:
        self.seen = seen

    def choose(self, turn: Turn, rng: Any) -> Any:
        self.seen.append(len(turn.view))
        return super().choose(turn, rng)


@pytest.fixture(scope="module")
def market() -> Any:
    deck = resolve_deck(MARKET)
    spec = game_of(deck)
    assert spec is not None
    return spec.make(deck, make_params(spec, []))


def test_random_gets_no_view_and_plays_the_same_games(market: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    state_type = type(market.new_state())
    calls: list[int] = []
    original = state_type.view

    def counting(self: Any, seat: int) -> Any:
        calls.append(seat)
        return original(self, seat)

    monkeypatch.setattr(state_type, "view", counting)
    lean = [runner.play(market, [make_strategy("market", "random")] * 3, runner.game_rng(1, i)) for i in range(20)]
    assert calls == []
    seen: list[int] = []
    full = [runner.play(market, [_Reading(seen) for _ in range(3)], runner.game_rng(1, i)) for i in range(20)]
    assert len(calls) == len(seen) == 20 * 4 * 6 and all(seen)  # 4 rounds of 6 picks, a view each
    assert lean == full


def test_the_view_a_non_reader_gets_is_empty_and_read_only(market: Any) -> None:
    assert runner._viewers([make_strategy("market", "random"), make_strategy("market", "greedy")]) == [False, True]
    assert dict(runner.NO_VIEW) == {}
    with pytest.raises(TypeError):
        runner.NO_VIEW["hand"] = ()  # type: ignore[index]
