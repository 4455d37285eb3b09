"""A piecepack's dice in the Tabletop Simulator saved object: ``Custom_Dice`` objects with
TTS's keys (tests/images/data/tts-custom-dice.json), each textured with an image in TTS's
d6 template layout (3 x 3 cells, top row unused; 2 4 5 over 1 3 6, the 1 and 6 upside
down), whose cells hold the net's faces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from PIL import Image, ImageChops, ImageStat
from typer.testing import CliRunner

from generator.cli import app
from generator.images import tts_dice
from generator.render.piecepack.dice import FACES

from .test_tts_save import same_shape

FIXTURE = json.loads((Path(__file__).parent / "data" / "tts-custom-dice.json").read_text())
runner = CliRunner()
FACE = 40  # pixels a face in the synthetic nets below
COLOURS = [(200, 0, 0), (0, 160, 0), (0, 0, 200), (200, 200, 0), (0, 200, 200), (200, 0, 200)]  # by rank


def net() -> Image.Image:
    """A die net as the piecepack draws it (FACES, rank order null, ace, 2..5), each face its own
    colour with a black mark in its top-left corner, and a glue-tab strip at the bottom."""
    image = Image.new("RGB", (3 * FACE, 4 * FACE + 12), "white")
    for (col, row), colour in zip(FACES, COLOURS, strict=True):
        image.paste(colour, (col * FACE, row * FACE, (col + 1) * FACE, (row + 1) * FACE))
        image.paste((0, 0, 0), (col * FACE + 2, row * FACE + 2, col * FACE + 8, row * FACE + 8))
    return image


def cell(texture: Image.Image, col: int, row: int) -> Image.Image:
    size = texture.width // 3
    return texture.crop((col * size, row * size, (col + 1) * size, (row + 1) * size))


def test_texture_puts_each_face_in_its_template_cell() -> None:
    texture = tts_dice.texture(net())
    assert texture.size == (3 * FACE, 3 * FACE)
    # TTS value v shows the rank v-1 (null=1 ... 5=6): opposite faces stay opposite
    expected = {1: (0, 2), 2: (0, 1), 3: (1, 2), 4: (1, 1), 5: (2, 1), 6: (2, 2)}
    for value, (col, row) in expected.items():
        piece = cell(texture, col, row)
        assert piece.getpixel((FACE // 2, FACE // 2)) == COLOURS[value - 1], value
        turned = value in (1, 6)  # the template draws the 1 and the 6 upside down
        mark = (FACE - 5, FACE - 5) if turned else (4, 4)
        assert piece.getpixel(mark) == (0, 0, 0), value
    for col in range(3):  # the top row is not on the die
        assert ImageStat.Stat(cell(texture, col, 0)).extrema == [(255, 255)] * 3


def local(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file", url
    return Path(url2pathname(parts.path))


def test_piecepack_dice_are_custom_dice(tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", "piecepack", "-o", str(tmp_path), "--preset", "tts", "--dpi", "60"])
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "piecepack.json").read_text())
    dice = [o for o in saved["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert len(dice) == 4  # one per suit
    assert not [o for o in saved["ObjectStates"] if "(die)" in o.get("Nickname", "")]  # no deck of nets
    index = json.loads((tmp_path / "tts.json").read_text())
    assert sorted(d["die"] for d in index["dice"]) == sorted(d["GMNotes"] for d in dice)
    for die in dice:
        same_shape(die, {k: v for k, v in FIXTURE.items() if not k.startswith("_")})
        assert die["CustomImage"]["CustomDice"] == {"Type": 1}  # six-sided
        assert die["Description"].startswith("TTS values: 1 = ")
        path = local(die["CustomImage"]["ImageURL"])
        with Image.open(path) as texture:
            texture = texture.convert("RGB")
        assert texture.size == (3 * tts_dice.FACE_PX, 3 * tts_dice.FACE_PX)
        for col in range(3):
            assert ImageStat.Stat(cell(texture, col, 0)).extrema == [(255, 255)] * 3  # unused
        drawn = {v: ImageChops.difference(cell(texture, c, r), Image.new("RGB", (tts_dice.FACE_PX,) * 2, "white"))
                 for v, (c, r, _) in tts_dice.CELLS.items()}
        ink = {v: sum(ImageStat.Stat(d).sum) for v, d in drawn.items()}
        # value 1 is the null face (blank but for its background); 2..6 carry the ace and 2-5
        assert all(ink[v] > ink[1] for v in range(2, 7)), ink
    numbers = [n for o in saved["ObjectStates"] for n in o.get("CustomDeck", {})]
    assert len(numbers) == len(set(numbers))


def test_base_url_reaches_the_textures(tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", "piecepack", "-o", str(tmp_path), "--preset", "tts", "--dpi", "40",
                                 "--base-url", "https://example.com/pp/"])
    assert result.exit_code == 0, result.output
    saved: dict[str, Any] = json.loads((tmp_path / "piecepack.json").read_text())
    urls = [o["CustomImage"]["ImageURL"] for o in saved["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert urls and all(u.startswith("https://example.com/pp/die-") and u.endswith("-texture.png") for u in urls)
    for url in urls:
        assert (tmp_path / url.rsplit("/", 1)[1]).is_file()
