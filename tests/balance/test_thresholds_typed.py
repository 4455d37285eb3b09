"""The thresholds in force are one typed record (issue 47): every key a deck file or
``--threshold`` accepts is a field with the table's default; unknown keys are still
refused with their suggestion; a designer's ``findings`` hook still gets a mapping."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

import pytest

from generator.balance.thresholds import parse_thresholds, resolve_thresholds
from generator.deck.model import Deck
from generator.deck.thresholds import THRESHOLDS, Thresholds
from generator.errors import DeckError, ParameterError


def test_every_accepted_key_is_a_field_with_its_default() -> None:
    fields = {f.name: f.default for f in dataclasses.fields(Thresholds)}
    assert list(fields) == list(THRESHOLDS)  # the same keys, in the table's (and the report's) order
    assert fields == {k: t.default for k, t in THRESHOLDS.items()}
    assert Thresholds().draws_max == 0.05 and Thresholds().length_p95_max == 1000


def test_a_key_parsed_from_the_command_line_lands_in_its_field() -> None:
    t = Thresholds.of(parse_thresholds(["card_win_max=0.8", "confidence=0.9"]))
    assert (t.card_win_max, t.confidence, t.card_win_min) == (0.8, 0.9, 0.10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.confidence = 0.5  # type: ignore[misc]


def test_an_unknown_key_is_refused_with_its_suggestion() -> None:
    with pytest.raises(ParameterError, match=r"unknown threshold 'draw_max' \(did you mean 'draws_max'\?\)"):
        parse_thresholds(["draw_max=0.1"])
    with pytest.raises(ValueError, match=r"draw_max: unknown threshold 'draw_max' \(did you mean 'draws_max'\?\)"):
        Thresholds.of({"draw_max": 0.1})
    with pytest.raises(ValueError, match=r"confidence: must be at least 0.5 and below 1, got 1"):
        Thresholds.of({"confidence": 1.0})


def test_resolve_layers_defaults_deck_and_command_line() -> None:
    deck = Deck(name="d", game="weiji", cards=(), path=Path("deck.yaml"), thresholds={"draws_max": 0.2, "card_win_max": 0.7})
    t = resolve_thresholds(deck, {"draws_max": 0.3})
    assert isinstance(t, Thresholds)
    assert (t.draws_max, t.card_win_max, t.strength_max) == (0.3, 0.7, 0.80)
    bad = Deck(name="d", game="weiji", cards=(), path=Path("deck.yaml"), thresholds={"draw_max": 0.2})
    with pytest.raises(DeckError, match="did you mean 'draws_max'"):
        resolve_thresholds(bad)


def test_the_designer_hook_gets_a_read_only_mapping() -> None:
    view = Thresholds(draws_max=0.2).mapping()
    assert isinstance(view, Mapping) and view["draws_max"] == 0.2 and list(view) == list(THRESHOLDS)
    with pytest.raises(TypeError):
        view["draws_max"] = 0.5  # type: ignore[index]
