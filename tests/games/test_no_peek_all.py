"""No strategy peeks: at a decision, a state the deciding seat cannot tell from the
real one (``resample``: everything it has not seen dealt again) gets the same choice
from the same random stream, for every strategy of every built-in game."""

from __future__ import annotations

import random

import pytest

from generator.deck import resolve_deck
from generator.games.api import CHANCE
from generator.games.registry import builtin_names, entry, make_params, make_strategy

CASES = [(g, s) for g in builtin_names() for s in entry(g).strategies if s != "fixed"]


@pytest.mark.parametrize(("game", "strategy"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_a_strategy_decides_the_same_in_states_it_cannot_tell_apart(game: str, strategy: str) -> None:
    spec = entry(game)
    built = spec.make(resolve_deck(spec.default_deck or ""), make_params(game))
    name = f"{strategy}:8" if strategy == "mcts" else strategy
    rng = random.Random(5)
    checked = 0
    for _ in range(3):
        state = built.new_state()
        steps = 0
        while not state.is_over() and steps < 60:
            seat = state.current()
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            other = state.resample(seat, random.Random(rng.random()))
            assert other.view(seat) == state.view(seat)
            real = make_strategy(game, name).choose(state, seat, random.Random(steps))
            seen = make_strategy(game, name).choose(other, seat, random.Random(steps))
            assert real == seen, f"{strategy} chose {real} in the real state but {seen} in one seat {seat} cannot tell apart"
            checked += 1
            state.apply(rng.choice(list(state.legal_actions())))
            steps += 1
    assert checked > 10
