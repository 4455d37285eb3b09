"""The vendor names a project's ``build: vendors:`` accepts are exactly the presets of
``deckpress images --preset`` (the deck layer cannot import the presets, so the names
are written twice; this test keeps them the same)."""

from __future__ import annotations

from typing import get_args

from generator.cli.commands import COMMANDS
from generator.deck.settings import BuildIn
from generator.images.presets import PRESETS


def test_build_vendors_are_the_image_presets() -> None:
    (listed,) = get_args(BuildIn.model_fields["vendors"].annotation)
    assert set(get_args(listed)) == set(PRESETS)


def test_the_images_help_names_every_preset() -> None:
    helped = next(text for name, _, text in COMMANDS if name == "images")
    assert all(name in helped for name in PRESETS), helped
