from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck import Deck, load_deck

DECKS = Path(__file__).parent / "decks"


@pytest.fixture
def deck_file() -> Path:
    return DECKS


def fixture_deck(name: str) -> Deck:
    return load_deck(DECKS / f"{name}.yaml")
