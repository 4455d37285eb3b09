"""`deckpress images` through the real CLI: output, and clear errors for bad options."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.images.files import read_dpi

runner = CliRunner()


def test_images_writes_one_file_per_card_and_one_back(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["images", "standard52", "-o", str(out), "--dpi", "40", "--back-images",
                                 "--format", "jpg", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.iterdir())
    assert len(files) == 53 and "AS.jpg" in files and "back.jpg" in files
    with Image.open(out / "AS.jpg") as image:
        assert image.size == (100, 140)
    assert read_dpi(out / "AS.jpg") == 40
    assert "53 image files" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--preset", "vistaprint"], "valid: tgc, mpc, dtc, tts"),
    (["--format", "gif"], "valid: png, jpg, webp"),
    (["--dpi", "5000"], "between 30 and 1200"),
    (["--dpi", "10"], "between 30 and 1200"),
    (["--preset", "tgc", "--dpi", "150"], "tgc (The Game Crafter) is 300 dpi"),
    (["--preset", "mpc", "--bleed", "0"], "needs its bleed"),
    (["--preset", "tts", "--bleed", "3"], "cut size"),
    (["--preset", "tts", "--format", "webp"], "valid: png, jpg"),
    (["--preset", "dtc", "--format", "png"], "writes a PDF"),
    (["--corner-radius", "3", "--format", "jpg"], "png, webp"),
    (["--corner-radius", "3", "--bleed", "2"], "--bleed 0"),
    (["--jobs", "-1"], "--jobs"),
])
def test_bad_options_exit_2_naming_the_valid_values(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["images", "standard52", "-o", str(out), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not out.exists()


def test_unknown_deck_is_an_input_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", "no-such-deck", "-o", str(tmp_path / "o")])
    assert result.exit_code == 2
