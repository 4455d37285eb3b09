"""A project remembers how it is printed: the deck file's ``build:`` section
decides what ``deckpress build`` makes, with which options; defaults are today's
build; bad settings are errors naming the key."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck.load import load_deck
from generator.deck.resolve import resolve
from generator.deck.settings import BuildIn, CardSheetsIn
from generator.errors import DeckError
from generator.paths import deck_data_dir
from generator.project.jobs import plan_deck
from generator.render.sheet_options import SheetOptions

runner = CliRunner()

SETTINGS = """
build:
  outputs: [sheets, vendors, showcase, balance]
  sheets: {pages: [letter], backs: fold, color: cmyk}
  vendors: [mpc]
  showcase: {cards: [E01, E02, E03], background: white, width: 600}
  balance: {games: 60}
"""


def project(tmp_path: Path, extra: str = "") -> Path:
    folder = tmp_path / "proj"
    folder.mkdir()
    (folder / "deck.yaml").write_text((deck_data_dir() / "eagle.yaml").read_text() + extra)
    shutil.copy(deck_data_dir() / "eagle-cards.csv", folder)
    return folder


def test_default_build_is_unchanged(tmp_path: Path) -> None:
    deck = load_deck(project(tmp_path) / "deck.yaml")
    jobs = {j.id.split("/")[1]: j.options for j in plan_deck("proj", deck, tmp_path / "out")}
    sheet = {"bleed": 3, "margin": 5, "backs": "duplex-long", "arrangement": "auto", "gap": 2, "crop_marks": True,
             "cut_lines": False, "color": "rgb"}  # every value the model's default, each SheetOptions' own too
    assert SheetOptions(page="a4", **sheet) == SheetOptions(page="a4", backs="duplex-long")
    assert jobs == {"cards-a4": {"page": "a4", **sheet},
                    "cards-letter": {"page": "letter", **sheet},
                    "images": {"dpi": 150, "backs": True},
                    "rules": {"game": "weiji", "sets": [], "format": "booklet", "page": "a4"},  # the project's booklet
                    "balance": {"games": 2000}}


def test_build_makes_exactly_what_the_project_names(tmp_path: Path) -> None:
    folder = project(tmp_path, SETTINGS)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "-o", str(out), "--jobs", "1"], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output  # 1: Eagle's balance warnings are findings, not failures
    made = sorted(p.name for p in (out / "proj").iterdir() if not p.name.startswith("."))
    assert made == ["balance-charts", "balance.json", "balance.pdf", "cards-letter.pdf", "images-mpc", "showcase"]
    # sheets: letter only, CMYK (an output intent), fold backs
    pdf = PdfReader(out / "proj" / "cards-letter.pdf")
    assert "/OutputIntents" in pdf.trailer["/Root"]
    box = pdf.pages[0].mediabox
    assert sorted(round(float(v)) for v in (box.width, box.height)) == [612, 792]  # Letter (fold: landscape)
    # vendors: MPC images with the upload kit; counts from copies:
    with (out / "proj" / "images-mpc" / "quantities.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 30 and all((out / "proj" / "images-mpc" / r["front"]).is_file() for r in rows)
    # showcase: three cards on white, 600 px wide; shown at the top of the deck in the gallery
    from PIL import Image

    with Image.open(out / "proj" / "showcase" / "showcase-spread.png") as im:
        assert im.width == 600 and im.getpixel((1, 1)) == (255, 255, 255, 255)
    page = (out / "index.html").read_text()
    assert 'class="showcase"' in page and "proj/showcase/showcase-fan.png" in page
    assert json.loads((out / "proj" / "balance.json").read_text())["playtest"]["games"] == 60


def test_balance_games_flag_wins_over_the_project(tmp_path: Path) -> None:
    deck = load_deck(project(tmp_path, SETTINGS) / "deck.yaml")
    [balance] = [j for j in plan_deck("p", deck, tmp_path, balance_games=7) if j.kind == "balance"]
    assert balance.options == {"games": 7}
    [balance] = [j for j in plan_deck("p", deck, tmp_path) if j.kind == "balance"]
    assert balance.options == {"games": 60}


@pytest.mark.parametrize("extra,words", [
    ("build:\n  sheet: {pages: [a4]}\n", "sheets"),           # did you mean
    ("build:\n  sheets: {backs: duplex}\n", "duplex-long"),   # the valid values
    ("build:\n  outputs: [sheets, pdf]\n", "showcase"),
    ("build:\n  images: {dpi: 5}\n", "30"),
])
def test_bad_settings_name_the_key(tmp_path: Path, extra: str, words: str) -> None:
    path = project(tmp_path, extra) / "deck.yaml"
    with pytest.raises(DeckError) as info:
        load_deck(path)
    message = str(info.value)
    assert "build" in message and words in message and "deck.yaml" in message


def test_a_bad_page_size_fails_the_build_plan_naming_the_setting(tmp_path: Path) -> None:
    folder = project(tmp_path, "build:\n  sheets: {pages: [a9x]}\n")
    result = runner.invoke(app, ["build", str(folder), "-o", str(tmp_path / "out")], catch_exceptions=False)
    assert result.exit_code == 2 and "build.sheets" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out" / "proj" / "cards-a4.pdf").exists()


def test_one_precedence_rule() -> None:
    explicit = BuildIn.model_validate({"sheets": {"backs": "fold"}})
    assert resolve(explicit, "sheets", CardSheetsIn, {"backs": "none"}).values.backs == "none"  # the flag
    assert resolve(explicit, "sheets", CardSheetsIn, {"backs": None}).values.backs == "fold"  # the project
    assert resolve(BuildIn(), "sheets", CardSheetsIn).values.backs == "none"  # the command's model's default
    assert resolve(explicit, "sheets", CardSheetsIn).values.color == "rgb"  # not set in the project
