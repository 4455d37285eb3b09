"""Layout text is rendered once per distinct input: a template's result is remembered
by the values of the names it reads, and equal resolved elements are one object, so
the fit check and the drawing share them. Results stay exactly what a fresh render gives."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generator.deck import resolve_deck
from generator.errors import RenderError
from generator.render.layout import context
from generator.render.layout.context import Where, card_context, render, resolve, truthy
from generator.render.layout.loader import validate_element

WHERE = Where("test", None, "card", "el")


@pytest.fixture(autouse=True)
def _fresh_memo() -> None:
    context._memo.clear()
    context._resolved.clear()


def test_results_follow_the_values_read_not_the_card() -> None:
    deck = resolve_deck("viashi")
    by_suit: dict[str, str] = {}
    for card in deck.cards:
        ctx = card_context(deck, card)
        text = render("{{ suit.name }}/{{ card.name }}", ctx, WHERE)
        assert text == f"{deck.suit(card.suit or '').name}/{card.name}"
        by_suit.setdefault(card.suit or "", render("{{ suit.color | ink }}", ctx, WHERE))
        assert render("{{ suit.color | ink }}", ctx, WHERE) == by_suit[card.suit or ""]
    assert len(set(by_suit.values())) > 1


def test_a_changed_card_or_deck_value_renders_afresh() -> None:
    deck = resolve_deck("viashi")
    card = deck.cards[0]
    assert render("{{ card.name }}", card_context(deck, card), WHERE) == card.name
    renamed = replace(card, name="Someone else")
    assert render("{{ card.name }}", card_context(deck, renamed), WHERE) == "Someone else"
    recoloured = replace(deck, colors={**deck.colors, "primary": "#123456"})
    assert render("{{ colors.primary }}", card_context(recoloured, card), WHERE) == "#123456"
    assert render("{{ colors.primary }}", card_context(deck, card), WHERE) == deck.colors["primary"]


def test_plain_contexts_and_when_expressions() -> None:
    assert render("{{ a }}", {"a": 1}, WHERE) == "1"
    assert render("{{ a }}", {"a": 2}, WHERE) == "2"
    assert truthy("a > 1", {"a": 2}, WHERE) is True
    assert truthy("a > 1", {"a": 1}, WHERE) is False


def test_errors_are_never_remembered() -> None:
    for _ in range(2):
        with pytest.raises(RenderError, match="element 'el'"):
            render("{{ 1 / a }}", {"a": 0}, WHERE)
    assert render("{{ 1 / a }}", {"a": 1}, WHERE) == "1.0"


def test_equal_resolved_elements_are_one_object_and_distinct_ones_differ() -> None:
    deck = resolve_deck("viashi")
    element = validate_element({"type": "text", "text": "{{ suit.name }}", "x": 1, "y": 1, "w": 10, "h": 5},
                               layout="test", path=None, name="el")  # type: ignore[arg-type]
    same_suit = [c for c in deck.cards if c.suit == deck.cards[0].suit][:2]
    first, second = (resolve(element, card_context(deck, c), WHERE) for c in same_suit)
    assert first is second and first is not None and first.text == deck.suit(same_suit[0].suit or "").name  # type: ignore[attr-defined]
    other = next(c for c in deck.cards if c.suit != same_suit[0].suit)
    third = resolve(element, card_context(deck, other), WHERE)
    assert third is not first and third.text == deck.suit(other.suit or "").name  # type: ignore[union-attr]
    literal = element.model_copy(update={"text": "plain"})
    assert resolve(literal, card_context(deck, other), WHERE) is literal
