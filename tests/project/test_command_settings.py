"""Every command reads the project's ``build:`` settings, and a flag overrides them:
one precedence rule (flag, then the deck file's ``build:``, then the command's default).
Each test opens what the command wrote (pypdf for page sizes and counts, Pillow for
pixel sizes) rather than trusting its summary line."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.paths import deck_data_dir

runner = CliRunner()

A4 = [595, 842]
LETTER = [612, 792]
MM = 72 / 25.4


def project(tmp_path: Path, build: str, deck: str = "eagle") -> Path:
    """A project folder: a bundled deck (and its card file) with ``build`` appended."""
    folder = tmp_path / "proj"
    folder.mkdir(parents=True)
    (folder / "deck.yaml").write_text((deck_data_dir() / f"{deck}.yaml").read_text() + build)
    if deck == "eagle":
        shutil.copy(deck_data_dir() / "eagle-cards.csv", folder)
    return folder


def invoke(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def size(pdf: Path, page: int = 0) -> list[int]:
    box = PdfReader(pdf).pages[page].mediabox
    return sorted(round(float(v)) for v in (box.width, box.height))


def pages(pdf: Path) -> int:
    return len(PdfReader(pdf).pages)


def width(png: Path) -> int:
    with Image.open(png) as im:
        return im.width


# -- cards ------------------------------------------------------------------------------
SHEETS = "build:\n  sheets: {page: letter, backs: duplex-long, bleed: 3}\n"


def test_cards_print_as_the_project_says_and_flags_win(tmp_path: Path) -> None:
    folder = project(tmp_path, SHEETS)
    code, out = invoke("cards", folder, "-o", tmp_path / "project.pdf")
    assert code == 0, out
    assert size(tmp_path / "project.pdf") == LETTER
    assert pages(tmp_path / "project.pdf") % 2 == 0  # duplex: every front page has its back page
    code, out = invoke("cards", folder, "-o", tmp_path / "flags.pdf", "--page", "a4", "--backs", "none")
    assert code == 0, out
    assert size(tmp_path / "flags.pdf") == A4
    assert pages(tmp_path / "flags.pdf") == pages(tmp_path / "project.pdf") // 2 - 1  # A4 fits 8, Letter 6: 4 v 5
    # without a build: section: today's defaults (A4, no backs)
    plain = project(tmp_path / "plain", "")
    assert invoke("cards", plain, "-o", tmp_path / "plain.pdf")[0] == 0
    assert size(tmp_path / "plain.pdf") == A4 and pages(tmp_path / "plain.pdf") == 4


def test_a_projects_bleed_margin_and_crop_marks_reach_the_sheet(tmp_path: Path) -> None:
    folder = project(tmp_path, "build:\n  sheets: {bleed: 0, crop_marks: false, cut_lines: true}\n")
    code, out = invoke("cards", folder, "-o", tmp_path / "c.pdf")
    assert code == 0 and "touching" in out, out  # bleed 0: auto butts the cards together
    box = PdfReader(tmp_path / "c.pdf").pages[0]
    assert float(box.bleedbox.width) == pytest.approx(float(box.trimbox.width), abs=0.01)  # no bleed
    code, out = invoke("cards", folder, "-o", tmp_path / "f.pdf", "--bleed", "3")
    assert code == 0 and "gap" in out, out
    box = PdfReader(tmp_path / "f.pdf").pages[0]
    assert float(box.bleedbox.width) - float(box.trimbox.width) >= 2 * 3 * MM - 0.01  # the flag's 3 mm bleed


# -- tiles ------------------------------------------------------------------------------
def test_tiles_print_as_the_project_says_and_flags_win(tmp_path: Path) -> None:
    folder = project(tmp_path, "build:\n  sheets: {pages: [letter, a4], backs: none}\n", deck="piecepack")
    code, out = invoke("tiles", folder, "-o", tmp_path / "t.pdf", "--components", "tiles")
    assert code == 0, out
    assert size(tmp_path / "t.pdf") == LETTER  # the first of pages:
    no_backs = pages(tmp_path / "t.pdf")
    code, out = invoke("tiles", folder, "-o", tmp_path / "f.pdf", "--components", "tiles", "--page", "a4",
                       "--backs", "duplex-long")
    assert code == 0, out
    assert size(tmp_path / "f.pdf") == A4 and pages(tmp_path / "f.pdf") > no_backs


# -- images -----------------------------------------------------------------------------
POKER_W = 63.5  # mm: Eagle's cards


def px(mm: float, dpi: float) -> int:
    return round(mm / 25.4 * dpi)


def test_images_as_the_project_says_and_flags_win(tmp_path: Path) -> None:
    folder = project(tmp_path, "build:\n  images: {dpi: 60, format: jpg, back_images: false, bleed: 3.175}\n")
    code, out = invoke("images", folder, "-o", tmp_path / "p", "--jobs", "1")
    assert code == 0, out
    made = sorted((tmp_path / "p").iterdir())
    assert made and all(p.suffix == ".jpg" for p in made) and not any("back" in p.name for p in made)
    assert width(made[0]) == px(POKER_W + 2 * 3.175, 60)  # the project's dpi and bleed
    code, out = invoke("images", folder, "-o", tmp_path / "f", "--jobs", "1", "--dpi", "30", "--format", "png",
                       "--back-images", "--bleed", "0")
    assert code == 0, out
    made = sorted((tmp_path / "f").iterdir())
    assert any(p.name == "back.png" for p in made) and all(p.suffix == ".png" for p in made)
    assert width(made[0]) == px(POKER_W, 30)


def test_a_vendor_preset_keeps_its_own_settings_over_the_projects(tmp_path: Path) -> None:
    folder = project(tmp_path, "build:\n  images: {dpi: 60, format: jpg}\n")
    code, out = invoke("images", folder, "-o", tmp_path / "mpc", "--preset", "mpc", "--jobs", "1")
    assert code == 0, out  # MPC's 300 dpi PNGs, not the project's 60 dpi JPEGs
    front = next(p for p in (tmp_path / "mpc").iterdir() if p.suffix == ".png")
    assert width(front) > px(POKER_W, 250)


def test_showcase_as_the_project_says_and_flags_win(tmp_path: Path) -> None:
    folder = project(tmp_path, "build:\n  showcase: {cards: [E01, E02], background: white, width: 400}\n")
    assert invoke("images", folder, "-o", tmp_path / "s", "--showcase")[0] == 0
    with Image.open(tmp_path / "s" / "showcase-spread.png") as im:
        assert im.width == 400 and im.getpixel((1, 1)) == (255, 255, 255, 255)
    assert invoke("images", folder, "-o", tmp_path / "f", "--showcase", "--showcase-width", "300",
                  "--background", "transparent")[0] == 0
    with Image.open(tmp_path / "f" / "showcase-spread.png") as im:
        assert im.width == 300 and im.getpixel((1, 1))[3] == 0


# -- rules ------------------------------------------------------------------------------
def test_rules_as_the_project_says_and_flags_win(tmp_path: Path) -> None:
    folder = project(tmp_path, "build:\n  booklets: {page: letter, imposition: sheet}\n")
    code, out = invoke("rules", folder, "-o", tmp_path / "sheet.pdf")
    assert code == 0 and "pages" in out and "booklet" not in out, out
    assert size(tmp_path / "sheet.pdf") == LETTER
    box = PdfReader(tmp_path / "sheet.pdf").pages[0].mediabox
    assert float(box.height) > float(box.width)  # plain portrait pages
    code, out = invoke("rules", folder, "-o", tmp_path / "booklet.pdf", "--imposition", "booklet", "--page", "a4")
    assert code == 0 and "booklet" in out, out
    box = PdfReader(tmp_path / "booklet.pdf").pages[0].mediabox
    assert float(box.width) > float(box.height) and size(tmp_path / "booklet.pdf") == A4  # two-up, landscape A4


# -- check ------------------------------------------------------------------------------
def test_check_plays_the_projects_number_of_games_and_the_flag_wins(tmp_path: Path) -> None:
    folder = project(tmp_path, "build:\n  balance: {games: 40}\n")
    code, out = invoke("check", folder, "--json", "--jobs", "1")
    assert code in (0, 1), out
    assert json.loads(out[out.index("{"):])["playtest"]["games"] == 40
    code, out = invoke("check", folder, "--json", "--jobs", "1", "--games", "20")
    assert json.loads(out[out.index("{"):])["playtest"]["games"] == 20


# -- a bad setting: named with its file and line ---------------------------------------
@pytest.mark.parametrize("command,build,field", [
    (["cards", "-o", "c.pdf"], "build:\n  sheets: {page: a9x}\n", "build.sheets.pages"),  # the renderer's check
    (["tiles", "-o", "c.pdf"], "build:\n  sheets:\n    pages: [a9x]\n", "build.sheets.pages"),
    (["cards", "-o", "c.pdf"], "build:\n  sheets: {backs: duplex}\n", "build.sheets.backs"),  # the schema's
    (["images", "-o", "i"], "build:\n  images: {format: gif}\n", "build.images.format"),
    (["rules", "-o", "r.pdf"], "build:\n  booklets: {page: a9x}\n", "build.booklets.page"),
    (["rules", "-o", "r.pdf"], "build:\n  booklets: {imposition: zine}\n", "build.booklets.imposition"),
    (["check"], "build:\n  balance: {games: -1}\n", "build.balance.games"),
])
def test_a_bad_setting_names_the_deck_file_and_line(tmp_path: Path, command: list[str], build: str,
                                                     field: str) -> None:
    deck = "piecepack" if command[0] == "tiles" else "eagle"
    folder = project(tmp_path, build, deck)
    lines = (folder / "deck.yaml").read_text().splitlines()
    key = field.rsplit(".", 1)[1]
    line = max(i for i, text in enumerate(lines, 1) if re.search(rf"\b{key.rstrip('s')}", text))
    args = [command[0], str(folder), *(str(tmp_path / a) if a.endswith((".pdf", "i")) else a for a in command[1:])]
    code, out = invoke(*args)
    assert code == 2, out
    assert f"deck.yaml:{line}:" in out and field in out, out
    assert not list(tmp_path.glob("*.pdf"))
