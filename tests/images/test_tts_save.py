"""The Tabletop Simulator saved object beside the TTS sheets: TTS's own structure (a
fixture of the keys and types TTS writes), every card once per copy with its name,
CardIDs that point at the right slot of an image that exists, the sheet limits, the
piecepack as one object per piece kind, and --base-url for hosted images."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck

FIXTURE = json.loads((Path(__file__).parent / "data" / "tts-saved-object.json").read_text())
runner = CliRunner()


def images(*args: object) -> Any:
    return runner.invoke(app, ["images", *map(str, args)])


def same_shape(ours: Any, theirs: Any, where: str = "") -> None:
    """Every key TTS writes is in ours, with the same JSON type (recursively, lists by their first item)."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict), where
        for key, value in theirs.items():
            if key.startswith("_") or key == "CustomDeck":
                continue
            assert key in ours, f"{where}.{key} missing"
            same_shape(ours[key], value, f"{where}.{key}")
    elif isinstance(theirs, list):
        assert isinstance(ours, list), where
        if theirs and ours:
            same_shape(ours[0], theirs[0], where + "[0]")
    elif isinstance(theirs, bool):
        assert isinstance(ours, bool), where
    elif isinstance(theirs, int | float):
        assert isinstance(ours, int | float) and not isinstance(ours, bool), where
    else:
        assert isinstance(ours, type(theirs)), where


def local(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file", url
    return Path(url2pathname(parts.path))


def check_object(obj: dict[str, Any], folder: Path) -> list[int]:
    """The object's custom decks point at images of the right grid; each card's ID at a slot
    that is neither past the grid nor the hidden slot. Returns the card IDs."""
    cards = obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]
    if obj["Name"] == "DeckCustom":
        assert obj["DeckIDs"] == [c["CardID"] for c in cards]
    for card in cards:
        ((number, custom),) = card["CustomDeck"].items()
        assert card["CardID"] // 100 == int(number)
        assert obj.get("CustomDeck", card["CustomDeck"])[number] == custom
        assert 1 <= custom["NumWidth"] <= 10 and 1 <= custom["NumHeight"] <= 7
        slot = card["CardID"] % 100
        assert slot < custom["NumWidth"] * custom["NumHeight"] - 1  # the last slot is the hidden card
        face = local(custom["FaceURL"])
        with Image.open(face) as im:
            assert im.width <= 4096 and im.height <= 4096
            assert im.width % custom["NumWidth"] == 0 and im.height % custom["NumHeight"] == 0
        assert local(custom["BackURL"]).is_file()
    return [c["CardID"] for c in cards]


def test_eagle_saved_object(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--preset", "tts", "--jobs", "1")
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "eagle.json").read_text())
    same_shape(saved, FIXTURE)
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Eagle"
    eagle = resolve_deck("eagle")
    names = [c.name for c in eagle.cards for _ in range(c.copies)]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == names  # every copy, in deck order
    assert deck["ContainedObjects"][0]["Nickname"] == "Eagle Dome 2" and deck["ContainedObjects"][0]["GMNotes"] == "E01"
    ids = check_object(deck, tmp_path)
    assert ids[:3] == [100, 101, 102]
    assert deck["CustomDeck"]["1"]["Type"] == 0 and deck["CustomDeck"]["1"]["BackIsHidden"] is True
    assert deck["Transform"]["scaleX"] == 1.0  # a poker card is TTS's own size


def test_many_cards_make_many_sheets(tmp_path: Path) -> None:
    folder = tmp_path / "big"
    folder.mkdir()
    rows = "\n".join(f"C{i:03d},Card {i}" for i in range(150))
    (folder / "cards.csv").write_text("id,name\n" + rows + "\n")
    (folder / "deck.yaml").write_text("name: Big\ngame: none\nlayout: base\ncards: cards.csv\n")
    result = images(folder, "-o", tmp_path / "out", "--preset", "tts", "--dpi", "60")
    assert result.exit_code == 0, result.output
    (deck,) = json.loads((tmp_path / "out" / "big.json").read_text())["ObjectStates"]
    assert sorted(deck["CustomDeck"]) == ["1", "2", "3"]  # 69 + 69 + 12 cards
    ids = check_object(deck, tmp_path / "out")
    assert len(ids) == 150 and ids[69] == 200 and ids[-1] == 311


def test_piecepack_objects_per_kind(tmp_path: Path) -> None:
    result = images("piecepack", "-o", tmp_path, "--preset", "tts", "--dpi", "60")
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "piecepack.json").read_text())
    objects = saved["ObjectStates"]
    kinds = {o["Nickname"].rsplit("(", 1)[-1].rstrip(")"): o for o in objects}
    assert {"tile", "coin"} <= set(kinds), list(kinds)
    assert kinds["coin"]["CustomDeck"]["1" if "1" in kinds["coin"]["CustomDeck"] else
                                       next(iter(kinds["coin"]["CustomDeck"]))]["Type"] == 4  # round
    assert len(kinds["tile"]["ContainedObjects"]) == 24 and len(kinds["coin"]["ContainedObjects"]) == 24
    numbers = [n for o in objects for n in o.get("CustomDeck", {})]
    assert len(numbers) == len(set(numbers))  # one numbering over the whole save
    for obj in objects:
        if obj["Name"] != "Custom_Dice":  # the dice: test_tts_dice.py
            check_object(obj, tmp_path)
    assert kinds["tile"]["Transform"]["scaleX"] == pytest.approx(50.8 / 63.5, abs=1e-3)


def test_base_url(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--preset", "tts", "--base-url", "https://example.com/eagle")
    assert result.exit_code == 0, result.output
    (deck,) = json.loads((tmp_path / "eagle.json").read_text())["ObjectStates"]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.com/eagle/sheet-1.png"
    assert deck["CustomDeck"]["1"]["BackURL"] == "https://example.com/eagle/back.png"


@pytest.mark.parametrize(("args", "words"), [
    (["--base-url", "https://example.com/"], "goes with --preset tts"),
    (["--preset", "tts", "--base-url", "ftp://x/"], "give the web address"),
])
def test_base_url_mistakes(tmp_path: Path, args: list[str], words: str) -> None:
    result = images("eagle", "-o", tmp_path, *args)
    assert result.exit_code == 2 and words in result.output, result.output
