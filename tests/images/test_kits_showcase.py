"""Vendor upload kits (quantities.csv, UPLOAD.md), showcase images (fan and
spread) and the Tabletop Playground templates beside the TTS export."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.images.export import export_pieces
from generator.images.presets import plan_export

from .conftest import ColourPiece

runner = CliRunner()


def images(*args: object):
    return runner.invoke(app, ["images", *map(str, args)], catch_exceptions=False)


def quantities(folder: Path) -> list[dict[str, str]]:
    with (folder / "quantities.csv").open(newline="") as f:
        return list(csv.DictReader(f))


def test_mpc_kit_counts_every_card_and_names_files_that_exist(tmp_path: Path) -> None:
    pieces = [ColourPiece("A1", (230, 25, 75), copies=3), ColourPiece("B2", (0, 130, 200)),
              ColourPiece("C3", (60, 180, 75), copies=2)]
    export_pieces(pieces, tmp_path, plan_export("mpc"), name="mini", title="Mini")
    rows = quantities(tmp_path)
    assert [(r["card"], r["count"]) for r in rows] == [("A1", "3"), ("B2", "1"), ("C3", "2")]
    assert sum(int(r["count"]) for r in rows) == 6  # the deck as printed
    for r in rows:
        assert (tmp_path / r["front"]).is_file() and (tmp_path / r["back"]).is_file()
    assert {r["back"] for r in rows} == {"back.png"}  # all backs alike: one shared file
    upload = (tmp_path / "UPLOAD.md").read_text()
    assert "MakePlayingCards" in upload and "3 different cards, 6 cards in all" in upload
    # MPC's template: a poker card with 36 px bleed at 300 dpi is 822 x 1122 px
    assert "822 x 1122 px at 300 dpi" in upload
    with Image.open(tmp_path / "A1.png") as im:
        assert im.size == (822, 1122)


def test_tgc_kit_with_own_backs(tmp_path: Path) -> None:
    pieces = [ColourPiece("A1", (230, 25, 75), back=(10, 10, 10)), ColourPiece("B2", (0, 130, 200), back=(200, 200, 0))]
    export_pieces(pieces, tmp_path, plan_export("tgc"), name="mini", title="Mini")
    rows = quantities(tmp_path)
    assert [r["back"] for r in rows] == ["A1-back.png", "B2-back.png"]
    assert "825 x 1125 px at 300 dpi" in (tmp_path / "UPLOAD.md").read_text()  # TGC's poker template


def test_dtc_kit_names_the_pdf(tmp_path: Path) -> None:
    pieces = [ColourPiece("A1", (230, 25, 75), copies=2), ColourPiece("B2", (0, 130, 200))]
    report = export_pieces(pieces, tmp_path, plan_export("dtc"), name="mini", title="Mini")
    rows = quantities(tmp_path)
    pdf = next(p for p in report.files if p.suffix == ".pdf")
    assert [(r["card"], r["front"], r["count"]) for r in rows] == [("A1", pdf.name, "2"), ("B2", pdf.name, "1")]
    assert "pages 69.85 x 95.25 mm with 3.175 mm bleed" in (tmp_path / "UPLOAD.md").read_text()


def test_plain_images_write_no_kit(tmp_path: Path) -> None:
    export_pieces([ColourPiece("A1", (230, 25, 75))], tmp_path, plan_export(None), name="mini")
    assert not (tmp_path / "quantities.csv").exists() and not (tmp_path / "UPLOAD.md").exists()


def test_showcase_fan_and_spread(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--showcase", "--cards", "E01,E05,E09", "--showcase-width", "900")
    assert result.exit_code == 0, result.output
    assert "showcase-fan.png" in result.output and "showcase-spread.png" in result.output
    for name in ("showcase-fan.png", "showcase-spread.png"):
        with Image.open(tmp_path / name) as im:
            assert im.width == 900 and im.mode == "RGBA"
            assert im.getpixel((0, 0))[3] == 0  # transparent background
            alpha = im.getchannel("A")
            assert alpha.getextrema() == (0, 255)  # opaque cards on it
            # the soft shadow: partly transparent pixels exist (not just 0 and 255)
            assert 0 < sum(alpha.histogram()[1:200])
    with Image.open(tmp_path / "showcase-spread.png") as im:
        # three cards side by side, in the middle row: opaque, gap, opaque ...
        row = [im.getpixel((x, im.height // 2))[3] >= 250 for x in range(im.width)]
        runs = sum(1 for a, b in zip(row, row[1:], strict=False) if b and not a)
        assert runs == 3
    assert not list(tmp_path.glob("E0*.png"))  # --showcase draws the showcase only


def test_showcase_background_colour_and_errors(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--showcase", "--background", "#2b2d42")
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "showcase-spread.png") as im:
        assert im.getpixel((1, 1)) == (0x2B, 0x2D, 0x42, 255)
    for args, words in ((["--showcase", "--cards", "E01x"], "did you mean 'E01'"),
                        (["--showcase", "--background", "sparkly"], "not a colour"),
                        (["--showcase", "--showcase-width", "50"], "between 200 and 8000"),
                        (["--cards", "E01"], "go with --showcase")):
        result = images("eagle", "-o", tmp_path / "x", *args)
        assert result.exit_code == 2 and words in result.output, (args, result.output)


@pytest.mark.parametrize("deck,count", [("eagle", 30)])
def test_tts_export_has_tabletop_playground_templates(tmp_path: Path, deck: str, count: int) -> None:
    result = images(deck, "-o", tmp_path, "--preset", "tts", "--jobs", "1")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "tts.json").read_text())["decks"]
    templates = sorted(tmp_path.glob("*.ttp.json"))
    assert len(templates) == len(manifest) == 1
    t = json.loads(templates[0].read_text())
    entry = manifest[0]
    assert t["Type"] == "Card" and len(t["GUID"]) == 32
    assert t["FrontTexture"] == entry["face"] and t["BackTexture"] == entry["back"] == "back.png"
    assert t["BackIndex"] == -2  # one back image for every card
    assert (t["NumHorizontal"], t["NumVertical"]) == (entry["width"], entry["height"])
    assert t["Indices"] == list(range(count)) and len(t["CardNames"]) == count
    assert t["CardNames"]["0"] == "Eagle Dome 2" and t["CardMetadata"]["0"] == "E01"
    assert (t["Width"], t["Height"]) == (6.35, 8.89)  # a poker card in cm
    assert (tmp_path / t["FrontTexture"]).is_file() and (tmp_path / t["BackTexture"]).is_file()
