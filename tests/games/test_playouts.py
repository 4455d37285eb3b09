"""Generic contracts over every registered game and variant (after OpenSpiel's
random-playout test): random games through the State API always end, respect the
API, conserve cards, and are reproducible from their seed for any --jobs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.deck import resolve_deck
from generator.games.api import CHANCE, TERMINAL, Turn
from generator.games.registry import (
    GAMES,
    builtin_names,
    default_deck,
    make_game,
    make_params,
    make_strategy,
)
from generator.games.runner import simulate

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "weiji": [
        {"players": 2}, {"players": 3, "pickup": "winner-first"}, {"players": 5},
    ],
    "war": [
        {"players": 2}, {"players": 3, "packs": 2}, {"players": 4, "packs": 2, "pickup": "winner-first"},
        {"variant": "russian", "objective": 1, "tie_method": 1},
        {"variant": "russian", "objective": 2, "tie_method": 2, "packs": 2},
    ],
    "viashi": [
        {"players": 3}, {"players": 3, "variant": "human"}, {"players": 6},
    ],
}
DECKS = {"weiji": ["lighting", "cognitio", "eagle"], "war": ["piecepack", "standard52"], "viashi": ["viashi"]}


def cases() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for game in builtin_names():  # the rules-file games: tests/games/rules/test_contract.py
        for params in VARIANTS.get(game, [{}]):
            for deck in DECKS.get(game, [default_deck(game)]):
                out.append((game, deck, params))
    return out


def printed(game: str, deck_name: str, params: Any) -> int:
    deck = resolve_deck(deck_name)
    packs = getattr(params, "packs", 1)
    decks = 2 if game == "viashi" and params.players == 6 else 1
    return sum(c.copies for c in deck.cards) * packs * decks


@pytest.mark.parametrize(("game", "deck_name", "values"), cases(), ids=lambda v: str(v))
def test_random_playouts_end_and_respect_the_state_api(game: str, deck_name: str, values: dict[str, Any]) -> None:
    params = make_params(game, max_tricks=3000, **values)
    built = make_game(game, resolve_deck(deck_name), params)
    entry = GAMES[game]
    rng = random.Random(7)
    for _ in range(12):
        state = built.new_state()
        strategies = [make_strategy(game, "random") for _ in range(params.players)] if entry.default_strategy else []
        steps = 0
        while not state.is_over():
            seat = state.current()
            assert seat == CHANCE or 0 <= seat < params.players
            if seat == CHANCE:
                assert not state.legal_actions()
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                assert legal, f"seat {seat} must act but has no legal action"
                action = strategies[seat].choose(Turn.at(state, seat), rng)
                assert action in legal
            state.apply(action)
            steps += 1
            assert steps < 1_000_000
        assert state.current() == TERMINAL
        result = state.result()
        assert result.winner is None or 0 <= result.winner < params.players
        assert len(result.counts) == params.players
        if game in ("weiji", "war") and not result.unfinished:
            on_table = result.details.get("left_on_table", 0) + result.details.get("set_aside", 0)
            assert sum(result.counts) + on_table == printed(game, deck_name, params), "cards are conserved"
            if result.winner is not None:
                loser_holds_all = game == "war" and values.get("variant") == "russian" and values.get("objective") == 1
                # Russian objective 1: whoever ends with all the tiles loses
                expected = min(result.counts) if loser_holds_all else max(result.counts)
                assert result.counts[result.winner] == expected


@pytest.mark.parametrize("game", list(GAMES))
def test_same_seed_same_summary_and_any_jobs_gives_the_same(game: str) -> None:
    deck = resolve_deck(default_deck(game))
    params = make_params(game)
    one = simulate(game, deck, params, games=120, seed=11).to_json()
    assert simulate(game, deck, params, games=120, seed=11).to_json() == one
    assert simulate(game, deck, params, games=120, seed=11, jobs=3).to_json() == one
    assert simulate(game, deck, params, games=120, seed=12).to_json() != one
    assert one["games"] == 120
    assert sum(one["wins"]) + one["draws"] + one["unfinished"] == 120
