"""The quick path of ``deckpress watch``: which edits count as "a few cards", and
redrawing those cards' images leaves every other output alone and the build's
manifest up to date."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PIL import Image

from generator.deck import Back, resolve_deck
from generator.project import build
from generator.project.cache import read_manifest
from generator.project.gallery import read_record
from generator.project.quick import changed_cards, quick_images
from generator.project.scaffold import scaffold


def test_changed_cards_names_the_edited_cards_and_refuses_broader_edits(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    scaffold(project)
    old = resolve_deck(project)
    assert changed_cards(old, old) == []
    csv = project / "cards.csv"
    text = csv.read_text()
    csv.write_text(text.replace("Skylark", "Lark").replace("A04,Nomad,140", "A04,Nomad,141"))
    assert changed_cards(old, resolve_deck(project)) == ["A01", "A04"]

    csv.write_text("\n".join(text.splitlines()[:-1]) + "\n")  # a card removed
    assert changed_cards(old, resolve_deck(project)) is None
    assert changed_cards(old, dataclasses.replace(old, colors={"primary": "#000000"})) is None
    assert changed_cards(old, dataclasses.replace(old, back=Back(text="other"))) is None
    own_back = dataclasses.replace(old.cards[1], back="a back of its own")
    assert changed_cards(old, dataclasses.replace(old, cards=(old.cards[0], own_back, *old.cards[2:]))) is None

    art = tmp_path / "art.png"
    Image.new("RGB", (20, 30), "red").save(art)
    with_art = dataclasses.replace(old, cards=(dataclasses.replace(old.cards[0], art=art), *old.cards[1:]))
    assert changed_cards(with_art, with_art, [art]) == ["A01"]  # same path, new pixels
    assert changed_cards(with_art, with_art, [tmp_path / "other.png"]) == []


@pytest.mark.slow
def test_quick_images_redraws_only_the_edited_card(tmp_path: Path) -> None:
    project, out = tmp_path / "proj", tmp_path / "out"
    scaffold(project)
    assert build((str(project),), out, workers=1, balance_games=0).ok
    images = out / "proj" / "images"
    before = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in images.iterdir()}
    old = resolve_deck(project)
    csv = project / "cards.csv"
    csv.write_text(csv.read_text().replace("Skylark", "Skylark Mk II"))
    new = resolve_deck(project)

    written = quick_images(str(project), old, new, out, ["A01"], balance_games=0)
    assert [p.name for p in written] == ["A01.png"]
    after = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in images.iterdir()}
    assert after.keys() == before.keys()
    assert [name for name in after if after[name] != before[name]] == ["A01.png"]
    assert ["A01", "A01", "Skylark Mk II"] in read_record(out / "proj")["cards"]

    again = build((str(project),), out, workers=1, balance_games=0)
    assert "proj/images" in {r.job.id for r in again.skipped}, "the images job was not brought up to date"
    assert {"proj/cards-a4", "proj/cards-letter"} <= {r.job.id for r in again.built}
    assert after == {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in images.iterdir()}
    assert read_manifest(out)["proj/images"]["key"]


def test_quick_images_leaves_images_that_were_not_up_to_date_to_the_build(tmp_path: Path) -> None:
    project, out = tmp_path / "proj", tmp_path / "out"
    scaffold(project)
    deck = resolve_deck(project)
    assert quick_images(str(project), deck, deck, out, ["A01"], balance_games=0) == []
    assert not out.exists() or not any(out.rglob("*.png"))
