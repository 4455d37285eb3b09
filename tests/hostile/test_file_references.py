"""Files a deck names — card rows, art, back images, layouts and the layouts they
extend, images a layout draws — must lie inside the deck's project folder or the
bundled folders. ``../`` escapes, absolute paths elsewhere and symlinks pointing
out are refused with a clear error; images are checked before use."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.errors import DeckError, RenderError
from generator.render.cards import card_pieces, write_card_sheets
from generator.render.layout import images as images_module
from generator.render.layout import load_layout
from generator.render.sheet import SheetOptions


@pytest.fixture()
def world(tmp_path: Path) -> tuple[Path, Path]:
    """A project folder and, beside it, an 'outside' folder with tempting files."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    Image.new("RGB", (20, 20), "red").save(outside / "secret.png")
    (outside / "secret.csv").write_text("id,name\nX,secret\n", encoding="utf-8")
    (outside / "evil.yaml").write_text("front:\n  t: {type: text, text: EVIL}\n", encoding="utf-8")
    Image.new("RGB", (20, 20), "blue").save(project / "ok.png")
    return project, outside


def _deck(project: Path, body: str) -> Path:
    path = project / "deck.yaml"
    path.write_text("name: Refs\n" + body, encoding="utf-8")
    return path


ESCAPES = {
    "csv_dotdot": "cards: ../outside/secret.csv\n",
    "csv_absolute": "cards: {abs}/secret.csv\n",
    "art_dotdot": "cards: [{{id: A, art: ../outside/secret.png}}]\n",
    "art_absolute": "cards: [{{id: A, art: '{abs}/secret.png'}}]\n",
    "art_deep_dotdot": "cards: [{{id: A, art: 'a/b/../../../outside/secret.png'}}]\n",
    "back_image": "back: {{image: ../outside/secret.png}}\ncards: [{{id: A}}]\n",
    "art_nul": "cards: [{{id: A, art: \"ok.png\\0.txt\"}}]\n",
}


@pytest.mark.parametrize("case", sorted(ESCAPES))
def test_deck_file_references_outside_the_project_are_refused(world: tuple[Path, Path], case: str) -> None:
    project, outside = world
    path = _deck(project, ESCAPES[case].format(abs=outside))
    with pytest.raises(DeckError) as info:
        load_deck(path)
    text = str(info.value)
    assert "deck.yaml" in text
    assert "outside the deck's folder" in text or "not a usable file name" in text


@pytest.mark.parametrize("target", ["secret.png", "secret.csv"])
def test_symlinks_pointing_out_of_the_project_are_refused(world: tuple[Path, Path], target: str) -> None:
    project, outside = world
    (project / f"link{Path(target).suffix}").symlink_to(outside / target)
    body = "cards: link.csv\n" if target.endswith("csv") else "cards: [{id: A, art: link.png}]\n"
    with pytest.raises(DeckError, match="outside the deck's folder"):
        load_deck(_deck(project, body))


def test_a_symlinked_folder_pointing_out_is_refused(world: tuple[Path, Path]) -> None:
    project, outside = world
    (project / "art").symlink_to(outside, target_is_directory=True)
    with pytest.raises(DeckError, match="outside the deck's folder"):
        load_deck(_deck(project, "cards: [{id: A, art: art/secret.png}]\n"))


def test_files_inside_the_project_and_bundled_files_are_fine(world: tuple[Path, Path]) -> None:
    project, _ = world
    (project / "art").mkdir()
    Image.new("RGB", (20, 20), "green").save(project / "art" / "a.png")
    (project / "inner.png").symlink_to(project / "art" / "a.png")  # a link that stays inside
    deck = load_deck(_deck(project, "cards: [{id: A, art: art/a.png}, {id: B, art: inner.png}]\n"))
    assert deck.cards[0].art == (project / "art" / "a.png").resolve()


def _layout(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


LAYOUT_ESCAPES = {
    "deck_layout_dotdot": ("layout: ../outside/evil.yaml\n", None),
    "deck_layout_name_dotdot": ("layout: ../../outside/evil\n", None),
    "deck_layout_absolute": ("layout: '{abs}/evil.yaml'\n", None),
    "extends_dotdot": ("layout: mine\n", "extends: ../../outside/evil.yaml\n"),
    "extends_absolute": ("layout: mine\n", "extends: '{abs}/evil.yaml'\n"),
    "extends_name_dotdot": ("layout: mine\n", "extends: ../../outside/evil\n"),
}


@pytest.mark.parametrize("case", sorted(LAYOUT_ESCAPES))
def test_layouts_outside_the_project_are_refused(world: tuple[Path, Path], case: str) -> None:
    project, outside = world
    deck_line, mine = LAYOUT_ESCAPES[case]
    if mine is not None:
        (project / "layouts").mkdir()
        _layout(project / "layouts", "mine", mine.format(abs=outside))
    deck = load_deck(_deck(project, deck_line.format(abs=outside) + "cards: [{id: A}]\n"))
    with pytest.raises(RenderError) as info:
        card_pieces(deck)
    assert "outside the allowed folders" in str(info.value) or "not found" in str(info.value)
    assert "EVIL" not in str(info.value)


def test_an_extends_symlink_pointing_out_is_refused(world: tuple[Path, Path]) -> None:
    project, outside = world
    (project / "layouts").mkdir()
    (project / "layouts" / "base.yaml").symlink_to(outside / "evil.yaml")
    _layout(project / "layouts", "mine", "extends: base\n")
    deck = load_deck(_deck(project, "layout: mine\ncards: [{id: A}]\n"))
    with pytest.raises(RenderError, match="outside the allowed folders"):
        card_pieces(deck)


def test_project_layouts_may_extend_each_other_and_the_bundled_ones(world: tuple[Path, Path]) -> None:
    project, _ = world
    (project / "layouts").mkdir()
    _layout(project / "layouts", "base", "extends: base\nfront:\n  t: {type: text, text: '{{ card.id }}'}\n")
    _layout(project / "layouts", "mine", "extends: sub/../base.yaml\n")
    (project / "layouts" / "sub").mkdir()
    deck = load_deck(_deck(project, "layout: mine\ncards: [{id: A}]\n"))
    assert len(card_pieces(deck)) == 1


def test_a_layout_given_on_the_command_line_is_trusted_but_its_parents_are_not(world: tuple[Path, Path],
                                                                                tmp_path: Path) -> None:
    _, outside = world
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    ok = _layout(elsewhere, "cli", "extends: base\n")
    assert load_layout(ok).path == ok
    bad = _layout(elsewhere, "cli2", f"extends: '{outside}/evil.yaml'\n")
    with pytest.raises(RenderError, match="outside the allowed folders"):
        load_layout(bad)


IMAGE_SRC = {
    "dotdot": "../outside/secret.png",
    "absolute": "{abs}/secret.png",
    "etc": "/etc/hostname",
}


@pytest.mark.parametrize("case", sorted(IMAGE_SRC))
def test_layout_images_outside_the_project_are_refused(world: tuple[Path, Path], case: str) -> None:
    project, outside = world
    (project / "layouts").mkdir()
    src = IMAGE_SRC[case].format(abs=outside)
    _layout(project / "layouts", "mine", f"front:\n  pic: {{type: image, src: '{src}'}}\n")
    deck = load_deck(_deck(project, "layout: mine\ncards: [{id: A}]\n"))
    with pytest.raises(RenderError) as info:
        card_pieces(deck)
    text = str(info.value)
    assert "card A" in text and "element 'pic'" in text
    assert "outside the deck's folder" in text or "not found" in text


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` (no real pixel data behind it)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + chunk(b"IEND", b"")


BAD_IMAGES = {
    "bomb.png": (lambda p: p.write_bytes(_png_header(100_000, 100_000)), "pixel"),
    "wide.png": (lambda p: p.write_bytes(_png_header(60_000, 1)), "per side"),
    "text.png": (lambda p: p.write_text("not an image", encoding="utf-8"), "not a readable image"),
    "truncated.png": (lambda p: p.write_bytes(_png_header(10, 10)[:30]), "not a readable image"),
    "pic.bmp": (lambda p: Image.new("RGB", (4, 4)).save(p, format="BMP"), "BMP images are not supported"),
    "pic.ppm": (lambda p: Image.new("RGB", (4, 4)).save(p, format="PPM"), "PPM images are not supported"),
}


@pytest.mark.parametrize("name", sorted(BAD_IMAGES))
def test_bad_images_are_clean_errors_naming_deck_line_card_and_field(world: tuple[Path, Path], name: str) -> None:
    project, _ = world
    make, message = BAD_IMAGES[name]
    make(project / name)
    deck = load_deck(_deck(project, f"cards: [{{id: A, art: {name}}}]\n"))
    with pytest.raises(RenderError) as info:
        card_pieces(deck, "weiji")
    text = str(info.value)
    assert message in text and "deck.yaml:2: card A, field 'art'" in text  # the card's own art: its line


def test_the_decompression_bomb_limit_is_pillows_and_is_an_error_not_a_warning(
    world: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    project, _ = world
    Image.new("RGB", (300, 300)).save(project / "big.png")
    deck = load_deck(_deck(project, "cards: [{id: A, art: big.png}]\n"))
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 50_000)  # 90,000 px: a warning in Pillow
    images_module._check.cache_clear()
    with pytest.raises(RenderError, match="decompression bomb"):
        card_pieces(deck, "weiji")
    images_module._check.cache_clear()


def test_good_art_inside_the_project_is_drawn(world: tuple[Path, Path], tmp_path: Path) -> None:
    project, _ = world
    deck = load_deck(_deck(project, "cards: [{id: A, art: ok.png}]\n"))
    report = write_card_sheets(deck, tmp_path / "ok.pdf", SheetOptions())
    assert report.pieces == 1


def test_the_cli_reports_an_escape_in_one_line_with_exit_2(world: tuple[Path, Path], tmp_path: Path) -> None:
    project, _ = world
    path = _deck(project, "cards: [{id: A, art: ../outside/secret.png}]\n")
    result = CliRunner().invoke(app, ["cards", str(path), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert "outside the deck's folder" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x.pdf").exists()
