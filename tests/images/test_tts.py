"""Tabletop Simulator sheets: grid, order, copies, the hidden last slot, unique backs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from generator.images import export_pieces, plan_export
from generator.images.tts import SheetGrid, cell_size, sheet_grids

from .conftest import PALETTE, ColourPiece, colour_pieces

GREY = (90, 90, 90)


def _cell_colour(sheet: Image.Image, grid: tuple[int, int], slot: int) -> tuple[int, ...]:
    columns, rows = grid
    cw, ch = sheet.width // columns, sheet.height // rows
    x = (slot % columns) * cw + cw // 2
    y = (slot // columns) * ch + ch // 2
    return sheet.convert("RGB").getpixel((x, y))  # type: ignore[return-value]


def _close(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(x - y) <= 2 for x, y in zip(a, b, strict=True))


def test_grids_leave_the_last_slot_for_the_hidden_card() -> None:
    assert sheet_grids(1) == [SheetGrid(2, 2, 1)]
    assert sheet_grids(9) == [SheetGrid(5, 2, 9)]  # nine cards and the hidden slot
    assert sheet_grids(54) == [SheetGrid(10, 6, 54)]
    assert sheet_grids(69) == [SheetGrid(10, 7, 69)]
    assert sheet_grids(70) == [SheetGrid(10, 7, 69), SheetGrid(2, 2, 1)]
    assert sheet_grids(150) == [SheetGrid(10, 7, 69), SheetGrid(10, 7, 69), SheetGrid(7, 2, 12)]


def test_cells_shrink_only_when_the_sheet_would_pass_4096_px() -> None:
    assert cell_size(63.5, 88.9, 100, SheetGrid(10, 7, 69)) == (100, (250, 350))
    dpi, (w, h) = cell_size(63.5, 88.9, 300, SheetGrid(10, 7, 69))
    assert 10 * w <= 4096 and 7 * h <= 4096 and 10 * w > 4000 and dpi < 300


def test_sheet_order_copies_and_hidden_slot(tmp_path: Path) -> None:
    pieces = colour_pieces(5)
    pieces[1].copies = 3  # printed three times: three slots
    pieces[4].copies = 0  # not printed: no slot
    export_pieces(pieces, tmp_path, plan_export("tts", dpi=40))
    deck = json.loads((tmp_path / "tts.json").read_text())["decks"][0]
    assert deck["cards"] == ["c0", "c1", "c1", "c1", "c2", "c3"]
    assert (deck["width"], deck["height"], deck["number"]) == (4, 2, 6)
    with Image.open(tmp_path / "sheet-1.png") as sheet:
        expected = [PALETTE[0], PALETTE[1], PALETTE[1], PALETTE[1], PALETTE[2], PALETTE[3]]
        for slot, colour in enumerate(expected):
            assert _close(_cell_colour(sheet, (4, 2), slot), colour), slot
        assert _close(_cell_colour(sheet, (4, 2), 7), GREY)  # last slot: the back
        assert _close(_cell_colour(sheet, (4, 2), 6), (255, 255, 255))  # unused: white
    with Image.open(tmp_path / "back.png") as back:
        assert _close(back.convert("RGB").getpixel((5, 5)), GREY)


def test_many_cards_make_several_sheets(tmp_path: Path) -> None:
    pieces = colour_pieces(71)
    export_pieces(pieces, tmp_path, plan_export("tts", dpi=30))
    decks = json.loads((tmp_path / "tts.json").read_text())["decks"]
    assert [(d["face"], d["width"], d["height"], d["number"]) for d in decks] == [
        ("sheet-1.png", 10, 7, 69), ("sheet-2.png", 2, 2, 2)]
    assert decks[1]["cards"] == ["c69", "c70"]
    with Image.open(tmp_path / "sheet-2.png") as sheet:
        assert _close(_cell_colour(sheet, (2, 2), 0), PALETTE[69 % len(PALETTE)])


def test_backs_that_differ_make_back_sheets_with_the_same_grid(tmp_path: Path) -> None:
    pieces = [ColourPiece("a", PALETTE[0], back=(0, 0, 0)), ColourPiece("b", PALETTE[1], back=(255, 0, 0)),
              ColourPiece("c", PALETTE[2], back=(0, 0, 255))]
    report = export_pieces(pieces, tmp_path, plan_export("tts", dpi=30))
    deck = json.loads((tmp_path / "tts.json").read_text())["decks"][0]
    assert deck["unique_backs"] is True and deck["back"] == "back-sheet-1.png"
    assert {p.name for p in report.files} == {"sheet-1.png", "back-sheet-1.png", "tts.json", "sheet-1.ttp.json", "deck.json"}
    ttp = json.loads((tmp_path / "sheet-1.ttp.json").read_text())  # Tabletop Playground: a back sheet, same grid
    assert (ttp["BackTexture"], ttp["BackIndex"], ttp["Indices"]) == ("back-sheet-1.png", -3, [0, 1, 2])
    with Image.open(tmp_path / "back-sheet-1.png") as backs:
        assert [_close(_cell_colour(backs, (2, 2), i), c)
                for i, c in enumerate([(0, 0, 0), (255, 0, 0), (0, 0, 255)])] == [True] * 3


def test_pieces_of_different_sizes_get_their_own_sheets(tmp_path: Path) -> None:
    pieces = [*colour_pieces(2), ColourPiece("t", PALETTE[3], width=50.8, height=50.8)]
    export_pieces(pieces, tmp_path, plan_export("tts", dpi=30))
    faces = [d["face"] for d in json.loads((tmp_path / "tts.json").read_text())["decks"]]
    assert faces == ["63.5x88.9mm-sheet-1.png", "50.8x50.8mm-sheet-1.png"]


@pytest.mark.parametrize("fmt", ["jpg"])
def test_tts_takes_jpg_but_not_webp(tmp_path: Path, fmt: str) -> None:
    export_pieces(colour_pieces(2), tmp_path, plan_export("tts", dpi=30, format=fmt))
    assert (tmp_path / "sheet-1.jpg").exists()
    from generator.errors import ParameterError

    with pytest.raises(ParameterError, match="png, jpg"):
        plan_export("tts", format="webp")


def test_one_sided_pieces_get_no_back_image(tmp_path: Path) -> None:
    """Dice nets and pawns (``double_sided = False``): no blank ``*-back.png``, no back in tts.json."""
    pieces = [*colour_pieces(3), *(ColourPiece(f"d{i}", PALETTE[i], width=50.8, height=50.8,
                                               double_sided=False) for i in range(2))]
    report = export_pieces(pieces, tmp_path, plan_export("tts", dpi=30))
    decks = json.loads((tmp_path / "tts.json").read_text())["decks"]
    assert [d["back"] for d in decks] == ["63.5x88.9mm-back.png", None]
    names = {p.name for p in report.files}
    assert "63.5x88.9mm-back.png" in names and "50.8x50.8mm-sheet-1.png" in names
    assert not any(n.startswith("50.8x50.8mm-back") for n in names)
    assert not any(p.name.startswith("50.8x50.8mm-back") for p in tmp_path.iterdir())
    with Image.open(tmp_path / "50.8x50.8mm-sheet-1.png") as sheet:  # hidden slot: white
        assert _close(_cell_colour(sheet, (2, 2), 3), (255, 255, 255))
