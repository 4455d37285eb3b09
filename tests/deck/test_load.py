"""The deck loaders: every bundled deck loads; every broken input gets a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck import BUNDLED, load_deck, resolve_deck
from generator.errors import DeckError

HERE = Path(__file__).parent
BROKEN = HERE / "broken"


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_deck_loads(name: str) -> None:
    deck = resolve_deck(name)
    assert deck.key == name
    assert deck.cards
    assert len({c.id for c in deck.cards}) == len(deck.cards)


def test_bundled_counts_and_ids() -> None:
    for name in ("lighting", "cognitio", "eagle"):
        deck = resolve_deck(name)
        assert (deck.game, len(deck.cards), len(deck.attributes)) == ("weiji", 30, 5)
        assert any(a.better == "lower" for a in deck.attributes)
    eagle = resolve_deck("eagle")
    assert any(v is None for c in eagle.cards for v in c.values.values()), "Eagle has no-data fields"
    best_zoom = max(c.values["zoom"] or 0 for c in eagle.cards)
    assert sum(c.values["zoom"] == best_zoom for c in eagle.cards) >= 2, "Eagle ties for best zoom"
    piecepack = resolve_deck("piecepack")
    assert len(piecepack.cards) == 24 and piecepack.card("moons-ace").rank == "ace"
    viashi = resolve_deck("viashi")
    assert len(viashi.cards) == 54
    assert viashi.card("winds-1").name == "the Priestess"
    assert viashi.card("flames-7").name == "the Minstrel"
    assert viashi.card("gods-1").name == "the Lady"
    assert viashi.card("gods-9").name == "the Changeling"
    assert {s.rank8 for s in viashi.suits if not s.gods} == {"magician", "scholar"}
    standard = resolve_deck("standard52")
    assert len(standard.cards) == 52 and standard.card("10H").suit == "H"


def test_csv_rows_no_data_copies_and_custom_fields() -> None:
    deck = load_deck(HERE / "good" / "mini.yaml")
    small = deck.card("M1")
    assert small.values == {"weight": 1.5, "zoom": None}
    assert small.copies == 2 and small.fields["slogan"] == "Light as a feather"
    assert deck.card("M3").values["weight"] is None  # an empty cell is no data
    assert [c.id for c in deck.printed()] == ["M1", "M1", "M2", "M3"]
    assert deck.attribute("weight").beats(1.0, 2.0) and not deck.attribute("zoom").beats(1.0, 2.0)
    assert deck.attribute("zoom").format(None) == "no data"
    assert deck.attribute("weight").format(1.5) == "1.5 kg"


CASES = {
    "unknown_key.yaml": ["unknown_key.yaml:3", "field 'atributes'", "did you mean 'attributes'"],
    "unknown_card_field.yaml": ["unknown_card_field.yaml:7", "card X2", "field 'wieght'", "did you mean 'weight'"],
    "missing_id.yaml": ["missing_id.yaml:6", "field 'id'", "no id"],
    "duplicate_id.yaml": ["duplicate_id.yaml:7", "card X1", "duplicate id", "line 5"],
    "not_numeric.yaml": ["not_numeric.yaml:6", "card X2", "field 'weight'", "not a number: 'heavy'"],
    "bad_better.yaml": ["bad_better.yaml:3", "attributes[weight].better", "'higher' or 'lower'", "'smaller'"],
    "csv_column.yaml": ["csv_column.csv:1", "field 'colour'", "unknown column", "csv_column.csv:3", "card X2"],
    "missing_file.yaml": ["missing_file.yaml:4", "field 'cards'", "file not found: 'nowhere.csv'"],
    "invalid_yaml.yaml": ["invalid_yaml.yaml:4", "invalid YAML"],
    "missing_art.yaml": ["missing_art.yaml:3", "card X1", "field 'art'", "file not found"],
    "outside_folder.yaml": ["outside_folder.yaml:2", "outside the deck's folder"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_deck_error_names_file_line_card_and_field(name: str) -> None:
    with pytest.raises(DeckError) as info:
        load_deck(BROKEN / name)
    text = str(info.value)
    for expected in CASES[name]:
        assert expected in text, f"{expected!r} not in {text!r}"


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(DeckError) as info:
        load_deck(BROKEN / "csv_column.yaml")
    # the unknown column once, on the header line (not once per row), and X2's bad weight
    assert [(p.line, p.card, p.field) for p in info.value.problems] == [(1, None, "colour"), (3, "X2", "weight")]


def test_unknown_bundled_name_lists_the_bundled_decks() -> None:
    with pytest.raises(DeckError, match="bundled decks: lighting, cognitio"):
        resolve_deck("lightning")
