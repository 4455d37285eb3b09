"""The virtual-table presets besides TTS: Screentop.gg (card grid images with their
counts) and Tabletopia (one image per side, 10 px per mm, at most 4000 px), from the
CLI and from a project's build: vendors:."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.images import screentop

runner = CliRunner()


def images(*args: object):
    return runner.invoke(app, ["images", *map(str, args)])


def test_screentop_grids() -> None:
    assert screentop.grids(30) == [(10, 3, 30)]
    assert screentop.grids(12) == [(6, 2, 12)]
    assert screentop.grids(1) == [(1, 1, 1)]
    assert screentop.grids(150) == [(10, 10, 100), (10, 5, 50)]


def test_screentop_eagle(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--preset", "screentop", "--dpi", "100")
    assert result.exit_code == 0, result.output
    assert "Screentop.gg files" in result.output
    (sheet,) = json.loads((tmp_path / "screentop.json").read_text())["sheets"]
    deck = resolve_deck("eagle")
    ids = [c.id for c in deck.cards for _ in range(c.copies)]
    assert sheet["cards"] == ids and sheet["count"] == len(ids)
    assert sheet["columns"] * sheet["rows"] >= sheet["count"] > (sheet["rows"] - 1) * sheet["columns"]
    with Image.open(tmp_path / sheet["face"]) as im:
        assert im.size == (sheet["columns"] * sheet["card_px"][0], sheet["rows"] * sheet["card_px"][1])
        assert max(im.size) <= 4096
    assert sheet["card_px"] == [250, 350]  # a poker card at 100 dpi
    assert (tmp_path / sheet["back"]).is_file()


def test_screentop_large_deck_is_cut_to_4096(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--preset", "screentop", "--dpi", "600")
    assert result.exit_code == 0, result.output
    (sheet,) = json.loads((tmp_path / "screentop.json").read_text())["sheets"]
    with Image.open(tmp_path / sheet["face"]) as im:
        assert max(im.size) <= 4096
    assert sheet["dpi"] < 600 and "would pass 4096 px" in result.output


def test_tabletopia_ten_pixels_a_millimetre(tmp_path: Path) -> None:
    result = images("eagle", "-o", tmp_path, "--preset", "tabletopia")
    assert result.exit_code == 0, result.output
    faces = sorted(p for p in tmp_path.glob("*.png") if not p.stem.endswith("-back") and p.stem != "back")
    backs = [p for p in tmp_path.glob("*.png") if p not in faces]
    assert faces and backs  # one image per side
    sizes = set()
    for path in faces + backs:
        with Image.open(path) as im:
            sizes.add(im.size)
    assert sizes == {(635, 889)}  # 63.5 x 88.9 mm, equal sizes, cut size


@pytest.mark.parametrize(("args", "words"), [
    (["--preset", "tabletopia", "--dpi", "300"], "254 dpi"),
    (["--preset", "tabletopia", "--bleed", "3"], "cut size"),
    (["--preset", "screentop", "--no-back-images"], "always includes the backs"),
])
def test_preset_mistakes(tmp_path: Path, args: list[str], words: str) -> None:
    result = images("eagle", "-o", tmp_path, *args)
    assert result.exit_code == 2 and words in result.output, result.output


def test_tabletopia_refuses_a_piece_over_4000_px(tmp_path: Path) -> None:
    folder = tmp_path / "board"
    folder.mkdir()
    (folder / "deck.yaml").write_text("name: Board\ngame: none\nlayout: base\ncard_size: {width: 420, height: 300}\n"
                                      "cards:\n  - {id: B1, name: Board}\n")
    result = images(folder, "-o", tmp_path / "out", "--preset", "tabletopia")
    assert result.exit_code == 2 and "4200 x 3000 px" in result.output and "at most 4000 px" in result.output


def test_build_vendors_accepts_the_new_presets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "p"
    project.mkdir()
    (project / "deck.yaml").write_text(
        "name: Mini\ngame: none\nlayout: base\n"
        "build: {outputs: [vendors], vendors: [screentop, tabletopia, tts]}\n"
        "cards:\n  - {id: A1, name: Ace}\n  - {id: B2, name: Bee, copies: 2}\n")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "p", "-o", "out"])
    assert result.exit_code == 0, result.output
    out = tmp_path / "out" / "p"
    assert json.loads((out / "images-screentop" / "screentop.json").read_text())["sheets"][0]["count"] == 3
    assert (out / "images-tabletopia" / "A1.png").is_file()
    assert json.loads((out / "images-tts" / "p.json").read_text())["ObjectStates"][0]["Name"] == "DeckCustom"
