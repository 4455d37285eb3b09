"""The deck model pickles as it is, so every process pool (and a cluster worker)
can ship a deck; and the README's vendor examples run with several workers."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import BUNDLED, resolve_deck


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_deck_round_trips(name: str) -> None:
    deck = resolve_deck(name)
    back = pickle.loads(pickle.dumps(deck))
    assert back == deck
    assert [c.source.lines for c in back.cards] == [c.source.lines for c in deck.cards]
    assert dict(back.colors) == dict(deck.colors) and back.path == deck.path
    with pytest.raises(TypeError):
        back.cards[0].values["x"] = 1  # type: ignore[index]  # still read-only


def test_images_with_two_workers_on_a_54_card_deck(tmp_path: Path) -> None:
    # viashi has 54 cards: more than the one-process threshold, so the pool really runs
    result = CliRunner().invoke(app, ["images", "viashi", "-o", str(tmp_path), "--jobs", "2", "--dpi", "60", "--back-images"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    faces = [p for p in tmp_path.glob("*.png") if "back" not in p.stem]
    assert len(faces) == 54
    with Image.open(faces[0]) as im:
        im.load()
        assert im.size == (150, 210)  # 63.5 x 88.9 mm at 60 dpi
