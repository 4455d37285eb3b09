"""Text too close to its background warns, naming the layout element and the card (issue 52):
measured against its own fill, the background or frame fill under it, or the paper; text on an
image is not judged (its colours are not known)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck.model import Deck
from generator.render.cards import card_pieces
from generator.render.layout.colors import contrast_ratio
from generator.render.layout.legibility import MIN_CONTRAST, Underlay
from generator.render.layout.model import Background, Frame, Image, Text
from generator.render.sheet import SheetOptions, write_sheets


def _layout(folder: Path, text: str) -> Path:
    path = folder / "layout.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_near_white_text_on_white_warns_naming_card_and_element(tmp_path: Path, tiny_weiji: Deck) -> None:
    # standard52's tuck box had #F4F1EA on #FFFFFF: contrast 1.1:1
    path = _layout(tmp_path, "front:\n  bg: {type: background, color: '#FFFFFF'}\n"
                             "  title: {type: text, text: '{{ card.name }}', color: '#F4F1EA', x: 5, y: 5, w: 50, h: 8}\n"
                             "  body: {type: text, text: fine, color: '#1B3A6B', x: 5, y: 20, w: 50, h: 8}\n")
    report = write_sheets(card_pieces(tiny_weiji, path), tmp_path / "o.pdf", SheetOptions())
    close = [w for w in report.warnings if "too close to its background" in w]
    assert close and all("'title'" in w for w in close), report.warnings
    assert any("card P1" in w and "text colour #F4F1EA is too close to its background #FFFFFF (contrast 1.1:1"
               in w for w in close), close
    assert len(close) == len(tiny_weiji.cards)  # one per card, the readable 'body' never


def test_the_underlay_judges_fills_frames_paper_and_skips_images() -> None:
    whole = (0.0, 0.0, 180.0, 252.0)
    box = (20.0, 20.0, 60.0, 20.0)

    def text(colour: str, fill: str | None = None) -> Text:
        return Text(type="text", text="Deck", color=colour, fill=fill)

    under = Underlay()
    assert under.check(text("#EEEEEE"), box) is not None  # on the paper
    assert under.check(Background(type="background", color="#1B3A6B"), whole) is None
    assert under.check(text("#F4F1EA"), box) is None  # light on navy: readable
    assert under.check(text("#22335A"), box) is not None  # navy on navy
    assert under.check(text("#22335A", fill="#FFFFFF"), box) is None  # its own fill
    assert under.check(Frame(type="frame", fill="#FFFF0080"), box) is None  # half-transparent yellow on navy
    flattened = under.at(box)
    assert flattened not in (None, "#FFFF0080") and contrast_ratio(flattened, "#1B3A6B") > 1
    under.check(Image(type="image", src="art.png"), box)
    assert under.check(text("#22335A"), box) is None  # on an image: not judged
    assert MIN_CONTRAST == 3.0


@pytest.mark.parametrize("deck", ["lighting", "cognitio", "eagle", "viashi", "standard52"])
def test_no_bundled_layout_has_unreadable_text(tmp_path: Path, deck: str) -> None:
    from generator.deck import resolve_deck

    report = write_sheets(card_pieces(resolve_deck(deck)), tmp_path / "s.pdf", SheetOptions())
    assert not [w for w in report.warnings if "too close to its background" in w]
