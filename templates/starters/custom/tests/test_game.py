"""Tests of this project's game: run them with `pytest tests/` in the project folder."""

from __future__ import annotations

from pathlib import Path

from generator.deck import resolve_deck
from generator.games.api import Action
from generator.games.designer import check_game
from generator.games.designer.find import game_of

PROJECT = Path(__file__).resolve().parents[1]


def test_the_game_keeps_the_public_contract() -> None:
    deck = resolve_deck(PROJECT)
    spec = game_of(deck)
    assert spec is not None
    assert check_game(spec, deck, seeds=range(30)) == 30


def test_the_highest_card_of_the_suit_led_takes_the_crowns() -> None:
    deck = resolve_deck(PROJECT)
    spec = game_of(deck)
    assert spec is not None
    state = spec.make(deck, spec.params(players=2, hand=2)).new_state()
    state.apply(Action("deal", (("9S", "2H"), ("1S", "8H"))))
    state.apply(Action("play", "9S"))  # seat 0 leads the Nine of Spades (3 crowns)
    assert [a.value for a in state.legal_actions()] == ["1S"]  # seat 1 must follow spades
    state.apply(Action("play", "1S"))  # (1 crown): seat 0 takes 4 crowns and leads
    assert state.view(0)["crowns"] == [4, 0] and state.current() == 0
    state.apply(Action("play", "2H"))
    state.apply(Action("play", "8H"))  # (2 crowns): seat 1 takes the trick
    result = state.result()
    assert state.is_over() and result.scores == [4.0, 2.0] and result.winner == 0
    assert state.returns() == [1.0, 0.0]
