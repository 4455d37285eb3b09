"""The facts a template sees, computed from the deck and the parameters (worked out by hand)."""

from __future__ import annotations

import pytest

from generator.booklet.content import booklet_context
from generator.errors import ParameterError
from generator.games.registry import make_params
from generator.games.rulebook import deal

from .conftest import viashi_deck, war_deck, weiji_deck


def test_deal_sizes() -> None:
    assert deal(30, 4) == {"total": 30, "players": 4, "base": 7, "extra": 2}
    assert deal(30, 2) == {"total": 30, "players": 2, "base": 15, "extra": 0}


def test_weiji_names_attributes_with_direction_and_deal() -> None:
    ctx = booklet_context("weiji", make_params("weiji", ["players=3"]), weiji_deck(7))
    assert [(a["label"], a["wins"]) for a in ctx["attributes"]] == [("Speed", "highest"), ("Weight", "lowest")]
    assert ctx["cards"] == {"total": 7, "players": 3, "base": 2, "extra": 1}
    assert ctx["first_attribute"]["label"] == "Speed" and ctx["has_no_data"]
    assert ("Cards", "7 (1 player gets 3 cards, 2 get 2)") in ctx["chosen"]


def test_weiji_examples_prefer_a_lower_is_better_attribute_and_find_the_tie() -> None:
    ex = booklet_context("weiji", make_params("weiji"), weiji_deck())["examples"]
    # T0 weighs 2 kg, T1 3 kg: lower wins, so T0
    assert ex["compare"]["attr"]["key"] == "weight"
    assert (ex["compare"]["winner"]["id"], ex["compare"]["loser"]["id"]) == ("T0", "T1")
    assert ex["compare"]["winner"]["value"] == "2 kg"
    # T0 and T1 both show 5 km/h
    assert ex["tie"]["attr"]["key"] == "speed" and [c["id"] for c in ex["tie"]["cards"]] == ["T0", "T1"]
    assert not ex["tie"]["no_data"]


def test_weiji_too_many_players_for_the_deck() -> None:
    # the deck is checked against the game first, with the message `deckpress simulate` gives
    with pytest.raises(ParameterError, match="5 cards cannot be dealt to 8 players"):
        booklet_context("weiji", make_params("weiji", ["players=8"]), weiji_deck(5))


def test_a_deck_the_game_cannot_use_is_the_simulators_error() -> None:
    with pytest.raises(ParameterError, match="needs one suit of gods"):
        booklet_context("viashi", make_params("viashi"), war_deck())
    with pytest.raises(ParameterError, match="no attributes"):
        booklet_context("weiji", make_params("weiji"), viashi_deck())


def test_war_counts_tiles_per_pack_and_player() -> None:
    ctx = booklet_context("war", make_params("war", ["players=3", "packs=2"]), war_deck())
    assert ctx["tiles"] == {"total": 48, "players": 3, "base": 16, "extra": 0}
    assert ctx["order"] == ["Five", "Four", "Three", "Two", "Ace", "Null"]
    assert ctx["examples"]["compare"]["names"] == ["Four", "Two"]
    assert ("Piecepacks", "2 (48 tiles)") in ctx["chosen"]
    assert not any(label == "Objective" for label, _ in ctx["chosen"])


def test_war_russian_reverses_the_order_and_states_only_its_choices() -> None:
    ctx = booklet_context("war", make_params("war", ["variant=russian", "objective=2", "tie_method=1"]), war_deck())
    assert ctx["order"] == ["Null", "Ace", "Two", "Three", "Four", "Five"]
    assert ctx["examples"]["compare"]["names"] == ["Five", "Null"]  # a five beats a null
    chosen = dict(ctx["chosen"])
    assert chosen["Objective"] == "2: do not run out of tiles"
    assert chosen["Tie method"] == "1: one new tile face up"
    assert "--set objective=2 --set tie_method=1" in ctx["command"]


def test_viashi_three_players() -> None:
    ctx = booklet_context("viashi", make_params("viashi"), viashi_deck())
    assert ctx["cards"] == {"total": 54, "per_player": 18, "table": 9, "hand": 9, "tricks": 18, "trick_size": 3}
    assert ctx["captives"] == 36 and ctx["points_total"] == 20 and ctx["rank8_count"] == 5
    assert ctx["order"][:2] == ["Queen", "King"] and ctx["top"] == "Queen" and ctx["fool"] == "Fool"
    assert ctx["gods"][0] == "the Lady" and ctx["gods"][-1] == "the Changeling"
    assert ctx["direction"] == "counterclockwise"
    assert ctx["examples"]["fool"]["cards"] == ["winds-1", "winds-9", "winds-5"]


def test_viashi_human_puts_the_king_on_top_and_goes_clockwise() -> None:
    ctx = booklet_context("viashi", make_params("viashi", ["variant=human"]), viashi_deck())
    assert ctx["order"][:3] == ["King", "Queen", "Prince"] and ctx["top"] == "King"
    assert ctx["direction"] == "clockwise"
    assert ctx["examples"]["fool"]["cards"][0] == "winds-2"


def test_viashilym_uses_two_decks() -> None:
    ctx = booklet_context("viashi", make_params("viashi", ["players=6"]), viashi_deck())
    assert ctx["decks"] == 2 and ctx["teams"]
    assert ctx["cards"]["total"] == 108 and ctx["cards"]["per_player"] == 18 and ctx["cards"]["tricks"] == 18
    assert ctx["captives"] == 90 and ctx["rank8_count"] == 10


def test_params_of_another_game_are_refused() -> None:
    with pytest.raises(ParameterError, match="WarParams"):
        booklet_context("war", make_params("weiji"), war_deck())
