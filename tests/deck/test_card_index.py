"""``Deck.card(id)``: a dict lookup (issue #53: 100,000 rows through ``check`` on the
viashi starter called it once per duplicate and scanned the deck each time), and still
right after the deck is replaced, copied, pickled or has its cards changed underneath."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from generator.deck.model import Card, Deck


def _deck(*ids: str) -> Deck:
    return Deck(name="D", game="none", cards=tuple(Card(id=i, name=f"name {n}") for n, i in enumerate(ids)))


def test_card_finds_each_id_and_the_first_of_repeated_ids() -> None:
    deck = _deck("a", "b", "a", "c")
    assert deck.card("b").name == "name 1"
    assert deck.card("a").name == "name 0"  # the first "a", as the scan it replaces gave
    assert deck.card("c").name == "name 3"
    with pytest.raises(KeyError):
        deck.card("d")
    with pytest.raises(KeyError):
        deck.card(["unhashable"])  # type: ignore[arg-type]


def test_the_index_follows_the_cards_through_replace_copy_and_a_change_underneath() -> None:
    deck = _deck("a", "b")
    assert deck.card("a").name == "name 0"  # the index is built now
    other = dataclasses.replace(deck, cards=(Card(id="a", name="new a"), Card(id="z", name="z")))
    assert other.card("a").name == "new a" and other.card("z").name == "z"
    with pytest.raises(KeyError):
        other.card("b")
    copied = copy.copy(deck)
    object.__setattr__(copied, "cards", (Card(id="q", name="q"),))  # changed underneath
    assert copied.card("q").name == "q"
    with pytest.raises(KeyError):
        copied.card("a")
    assert deck.card("b").name == "name 1"  # the original kept its own


def test_a_pickled_deck_carries_no_index_and_still_finds_its_cards() -> None:
    deck = _deck(*(f"id{i}" for i in range(100)))
    deck.card("id5")
    data = pickle.dumps(deck)
    assert b"_card_index" not in data
    back = pickle.loads(data)
    assert back == deck and back.card("id99").name == "name 99"
    assert deck.short_hash() == _deck(*(f"id{i}" for i in range(100))).short_hash()  # the index is no field
