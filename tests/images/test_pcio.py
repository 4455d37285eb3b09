"""The playingcards.io preset: ``<deck>.pcio``, a ZIP of ``widgets.json`` and ``userassets/``
images, in the structure of the room files the site exports (docs/images.md). Each test opens
the archive, follows every reference of the widgets and checks the images it finds."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.errors import ParameterError
from generator.images import pcio
from generator.images.rasterise import pixel_size

runner = CliRunner()
EXPORTED = json.loads((Path(__file__).parent / "data" / "pcio-exported-keys.json").read_text())


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return {str: "string", list: "array", dict: "object"}[type(value)]


def as_exported(kind: str, record: dict[str, Any]) -> None:
    """Every key of ``record`` occurs in the site's exported rooms for ``kind``, with that JSON type."""
    seen = EXPORTED[kind]
    for key, value in record.items():
        known = seen.get(key, seen.get("*"))
        assert known is not None, f"{kind}.{key} is not in any exported room"
        assert json_type(value) in known, f"{kind}.{key} is {json_type(value)}, exported rooms have {known}"


def images(*args: object) -> Any:
    return runner.invoke(app, ["images", *map(str, args)])


def room(path: Path) -> tuple[list[dict[str, Any]], zipfile.ZipFile]:
    archive = zipfile.ZipFile(path)
    assert archive.testzip() is None
    return json.loads(archive.read("widgets.json")), archive


def asset(archive: zipfile.ZipFile, ref: str) -> Image.Image:
    assert ref.startswith("package://userassets/"), ref
    name = ref[len("package://"):]
    assert name in archive.namelist(), f"{ref} is not in the archive"
    image = Image.open(io.BytesIO(archive.read(name)))
    image.load()
    return image


def check_room(widgets: list[dict[str, Any]], archive: zipfile.ZipFile) -> dict[str, list[dict[str, Any]]]:
    """Every widget has an id, a type and a place; every card points at a deck, a card type of
    that deck and a pile; every image a deck refers to is in the archive at the deck's aspect.
    Returns the cards by deck id."""
    by_id = {w["id"]: w for w in widgets}
    assert len(by_id) == len(widgets)  # ids are unique
    for w in widgets:
        assert {"id", "type", "x", "y", "z"} <= set(w), w
        as_exported(w["type"], w)
        if w["type"] == "cardDeck":
            for template in (w["faceTemplate"], w["backTemplate"]):
                as_exported("template", template)
                for obj in template["objects"]:
                    as_exported("templateObject", obj)
            for card_type in w["cardTypes"].values():
                as_exported("cardType", card_type)
    assert by_id["hand"]["type"] == "hand"
    cards: dict[str, list[dict[str, Any]]] = {}
    for card in (w for w in widgets if w["type"] == "card"):
        deck = by_id[card["deck"]]
        assert deck["type"] == "cardDeck" and card["cardType"] in deck["cardTypes"]
        assert by_id[card["parent"]]["type"] == "cardPile" and deck["parent"] == card["parent"]
        cards.setdefault(deck["id"], []).append(card)
    for deck in (w for w in widgets if w["type"] == "cardDeck"):
        w, h = deck["cardWidth"], deck["cardHeight"]
        (face,) = deck["faceTemplate"]["objects"]
        assert face == {**face, "type": "image", "valueType": "dynamic", "value": "face", "w": w, "h": h}
        (back,) = deck["backTemplate"]["objects"]
        assert back["type"] == "image" and (back["w"], back["h"]) == (w, h)
        refs = [t["face"] for t in deck["cardTypes"].values()]
        if back["valueType"] == "static":
            refs.append(back["value"])
        else:
            assert back["value"] == "back"
            refs += [t["back"] for t in deck["cardTypes"].values()]
        for ref in refs:
            image = asset(archive, ref)
            assert abs(image.width / image.height - w / h) < 0.01, ref  # the image fills the card
    return cards


def test_eagle_room_file(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--preset", "pcio", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "playingcards.io room file" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["eagle.pcio"]
    widgets, archive = room(tmp_path / "eagle.pcio")
    # the layout of the rooms the site exports: stored entries, a userassets/ folder, no schema entry
    assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())
    assert "userassets/" in archive.namelist() and "schemaVersion" not in archive.namelist()
    cards = check_room(widgets, archive)
    (deck,) = (w for w in widgets if w["type"] == "cardDeck")
    eagle = resolve_deck("eagle")
    assert len(cards[deck["id"]]) == sum(c.copies for c in eagle.cards)  # one card widget per copy
    labels = {t["label"] for t in deck["cardTypes"].values()}
    assert labels == {c.name for c in eagle.cards}
    assert deck["cardHeight"] == 160 and deck["cardWidth"] == pytest.approx(114.3, abs=0.01)
    face = asset(archive, next(iter(deck["cardTypes"].values()))["face"])
    assert face.size == pixel_size(63.5, 88.9, 150) == (375, 525)  # 150 dpi: the preset's default
    back = deck["backTemplate"]["objects"][0]
    assert back["valueType"] == "static" and asset(archive, back["value"]).size == (375, 525)  # one shared back
    assert all(not c["faceup"] for c in cards[deck["id"]])


def test_dpi_and_jpg(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--preset", "pcio", "--dpi", "60", "--format", "jpg")
    assert result.exit_code == 0, result.output
    widgets, archive = room(tmp_path / "eagle.pcio")
    check_room(widgets, archive)
    names = [n for n in archive.namelist() if n != "userassets/" and n.startswith("userassets/")]
    assert names and all(n.endswith(".jpg") for n in names)
    assert asset(archive, "package://" + names[0]).size == pixel_size(63.5, 88.9, 60)


def test_piecepack_room_file(tmp_path: Path) -> None:
    result = images("piecepack", "-o", tmp_path, "--preset", "pcio", "--dpi", "60")
    assert result.exit_code == 0, result.output
    widgets, archive = room(tmp_path / "piecepack.pcio")
    cards = check_room(widgets, archive)
    piles = {w["label"]: w for w in widgets if w["type"] == "cardPile"}
    assert {"tile", "coin", "die", "pawn"} <= set(piles), list(piles)
    decks = {w["parent"]: w for w in widgets if w["type"] == "cardDeck"}
    coin = decks[piles["coin"]["id"]]
    assert coin["faceTemplate"]["includeRadius"] is False
    image = asset(archive, next(iter(coin["cardTypes"].values()))["face"])
    assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0  # transparent around the disc
    die = decks[piles["die"]["id"]]
    for t in die["cardTypes"].values():
        assert t["back"] == t["face"]  # a one-sided net shows itself on both sides
    assert all(c["faceup"] for c in cards[die["id"]])
    assert len(cards[decks[piles["tile"]["id"]]["id"]]) == 24


def test_same_deck_same_bytes(tmp_path: Path) -> None:
    for out in ("a", "b"):
        assert images("eagle", "-o", tmp_path / out, "--preset", "pcio", "--dpi", "40").exit_code == 0
    assert (tmp_path / "a" / "eagle.pcio").read_bytes() == (tmp_path / "b" / "eagle.pcio").read_bytes()


def test_too_many_widgets_is_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pcio, "MAX_WIDGETS", 10)
    result = images("eagle", "-o", tmp_path, "--preset", "pcio", "--dpi", "40")
    assert result.exit_code == 0, result.output
    assert "at most 10" in result.output and "split the deck" in result.output


@pytest.mark.parametrize(("args", "words"), [
    (["--no-back-images"], "always includes the backs"),
    (["--bleed", "3"], "cut size"),
    (["--format", "webp"], "not valid"),
    (["--corner-radius", "3"], "does not take --corner-radius"),
])
def test_pcio_mistakes(tmp_path: Path, args: list[str], words: str) -> None:
    result = images("eagle", "-o", tmp_path, "--preset", "pcio", *args)
    assert result.exit_code == 2 and words in result.output, result.output
    assert not list(tmp_path.iterdir())


def test_build_vendors_accepts_pcio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "p"
    project.mkdir()
    (project / "deck.yaml").write_text(
        "name: Mini\ngame: none\nlayout: base\n"
        "build: {outputs: [vendors], vendors: [pcio]}\n"
        "cards:\n  - {id: A1, name: Ace}\n  - {id: B2, name: Bee, copies: 2}\n")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "p", "-o", "out"])
    assert result.exit_code == 0, result.output
    widgets, archive = room(tmp_path / "out" / "p" / "images-pcio" / "p.pcio")
    cards = check_room(widgets, archive)
    assert [len(v) for v in cards.values()] == [3]


def write_deck(folder: Path, cards: str, backs: str = "") -> Path:
    folder.mkdir()
    (folder / "deck.yaml").write_text("name: Odd\ngame: none\nlayout: base\n" + backs + "cards:\n" + cards)
    return folder


def test_a_card_called_back_keeps_its_own_image(tmp_path: Path) -> None:
    deck = write_deck(tmp_path / "d", "  - {id: back, name: Back}\n  - {id: A1, name: Ace}\n")
    result = images(deck, "-o", tmp_path / "out", "--preset", "pcio", "--dpi", "40")
    assert result.exit_code == 0, result.output
    widgets, archive = room(tmp_path / "out" / "d.pcio")
    check_room(widgets, archive)
    (deck_widget,) = (w for w in widgets if w["type"] == "cardDeck")
    assert deck_widget["cardTypes"]["type-back"]["face"] == "package://userassets/back.png"
    assert deck_widget["backTemplate"]["objects"][0]["value"] == "package://userassets/shared-back.png"


def test_two_images_for_one_file_name_is_an_error() -> None:
    assets: dict[str, Any] = {}
    pcio._add(assets, "A1-back.png", Image.new("RGB", (4, 4), "red"), "png", 72)
    pcio._add(assets, "A1-back.png", Image.new("RGB", (4, 4), "red"), "png", 72)  # the same image: fine
    with pytest.raises(ParameterError, match="userassets/A1-back.png"):
        pcio._add(assets, "A1-back.png", Image.new("RGB", (4, 4), "blue"), "png", 72)
