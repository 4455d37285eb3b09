"""Hostile layout files (shared like decks): every generated layout ends in a drawn
card or a clean RenderError naming layout and element — never a traceback or a
hang (NaN, infinity, 1e300 pt fonts, zero spacing, odd types)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.deck import resolve_deck
from generator.deck.model import Deck
from generator.errors import DeckpressError
from generator.render.cards import card_pieces
from generator.render.layout.model import ELEMENT_CLASSES
from generator.render.sheet import SheetOptions, write_sheets

numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.integers(-(10**20), 10**20),
    st.sampled_from([0, -1, 1e-9, 1e300, 0.5, 3, 12, 60]),
)
values = st.one_of(
    numbers, st.none(), st.booleans(), st.text(max_size=12),
    st.sampled_from(["50%", "1e400%", "abc%", "{{ card.name }}", "{{ 1/0 }}", "#FF000080", "red", "stripes", "dots"]),
    st.lists(numbers, max_size=3),
)
entry = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from(sorted(ELEMENT_CLASSES)),
    st.dictionaries(st.sampled_from(["x", "y", "w", "h", "size", "min_size", "leading", "spacing", "pattern",
                                     "width", "radius", "inset", "pip", "dash", "rotate", "layer", "text",
                                     "padding", "color", "fill", "name", "rank", "label", "src", "fit"]),
                    values, max_size=5),
)
layout = st.fixed_dictionaries(
    {"front": st.dictionaries(st.sampled_from(["a", "b", "c"]), entry, min_size=1, max_size=3)},
    optional={"size": st.lists(numbers, min_size=2, max_size=2), "safe_zone": numbers,
              "defaults": st.dictionaries(st.sampled_from(["size", "font", "x"]), values, max_size=2)},
)


@pytest.fixture(scope="module")
def deck() -> Deck:
    full = resolve_deck("standard52")
    return replace(full, cards=full.cards[:1])


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(layout)
def test_generated_layouts_draw_or_fail_cleanly(tmp_path: Path, deck: Deck, data: dict) -> None:
    path = tmp_path / "fuzz.yaml"
    try:
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    except (yaml.YAMLError, UnicodeEncodeError):
        return
    try:
        write_sheets(card_pieces(deck, path), tmp_path / "f.pdf", SheetOptions())
    except DeckpressError as exc:
        assert exc.problems and all(str(p) for p in exc.problems)
