"""Per-language art is an input of its language (issue 42): replacing an ``art@fr`` file
in place (same name, new picture) makes ``build`` redraw the French outputs, and only
those; the French sheet then shows the new picture."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pymupdf
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app

DATA = Path(__file__).parent / "data"
runner = CliRunner()
WIDE = {"COLUMNS": "250"}


def _built(output: str) -> list[str]:
    """The jobs a build table says it built."""
    return re.findall(r"│ (\S+)\s+│ built", output)


def _art_colour(pdf: Path) -> tuple[int, ...]:
    with pymupdf.open(pdf) as doc:
        xref = doc[0].get_images()[0][0]
        pixmap = pymupdf.Pixmap(doc, xref)
        return tuple(pixmap.pixel(pixmap.width // 2, pixmap.height // 2))[:3]


def test_replacing_an_art_at_fr_file_rebuilds_the_french_outputs_only(tmp_path: Path) -> None:
    world = tmp_path / "world"
    shutil.copytree(DATA / "world", world)
    deck = world / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8")
                    .replace("no_data: no data", "no_data: no data\nlanguages: [en, fr]\nbuild: {outputs: [sheets], sheets: {pages: [a4]}}")
                    .replace("languages: [en, fr, ja, ar, de]\n", "")
                    .replace("{id: W1, name: Kettle,", "{id: W1, name: Kettle, art@fr: bouilloire.png,"),
                    encoding="utf-8")
    art = world / "bouilloire.png"
    Image.new("RGB", (300, 200), (200, 30, 30)).save(art)
    out = tmp_path / "out"

    first = runner.invoke(app, ["build", str(world), "-o", str(out), "--jobs", "1"], env=WIDE)
    assert first.exit_code == 0, first.output
    assert "world/cards-a4" in _built(first.output) and "world/fr/cards-a4" in _built(first.output), first.output
    french = out / "world" / "fr" / "cards-a4.pdf"
    red = _art_colour(french)
    assert red[0] > 150 and red[2] < 80, red

    Image.new("RGB", (300, 200), (30, 30, 200)).save(art)  # the same file, a new picture
    second = runner.invoke(app, ["build", str(world), "-o", str(out), "--jobs", "1"], env=WIDE)
    assert second.exit_code == 0, second.output
    built = _built(second.output)
    assert "world/fr/cards-a4" in built, second.output
    assert all(job.startswith("world/fr/") for job in built), built  # the English sheets are up to date
    blue = _art_colour(french)
    assert blue[2] > 150 and blue[0] < 80, blue

    third = runner.invoke(app, ["build", str(world), "-o", str(out), "--jobs", "1"], env=WIDE)
    assert third.exit_code == 0 and _built(third.output) == [], third.output
