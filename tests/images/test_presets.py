"""Pixel sizes and DPI metadata for plain exports and every preset."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from generator.deck.model import Deck
from generator.images import export_images, export_pieces, plan_export
from generator.images.files import read_dpi
from generator.images.presets import MPC_BLEED_MM
from generator.images.rasterise import pixel_size

from .conftest import colour_pieces


def _size_and_dpi(path: Path) -> tuple[tuple[int, int], float | None]:
    with Image.open(path) as image:
        return image.size, read_dpi(path)


@pytest.mark.parametrize("fmt", ["png", "jpg", "webp"])
def test_plain_images_have_the_exact_size_and_record_the_dpi(tmp_path: Path, fmt: str) -> None:
    pieces = colour_pieces(2)
    plan = plan_export(dpi=100, format=fmt, backs=True)
    report = export_pieces(pieces, tmp_path, plan)
    # 63.5 x 88.9 mm at 100 dpi = 250 x 350 px; both backs alike: one back file
    assert sorted(p.name for p in report.files) == sorted([f"c0.{fmt}", f"c1.{fmt}", f"back.{fmt}"])
    for path in report.files:
        size, dpi = _size_and_dpi(path)
        assert size == (250, 350)
        assert dpi == pytest.approx(100, abs=0.05)
    assert not list(tmp_path.glob("*.partial*"))


def test_bleed_adds_an_eighth_of_an_inch_on_every_side(tmp_path: Path) -> None:
    report = export_pieces(colour_pieces(1), tmp_path, plan_export(dpi=200, bleed=True))
    assert _size_and_dpi(report.files[0])[0] == (550, 750)  # 2.75 x 3.75 in at 200 dpi


def test_tgc_and_mpc_images_match_the_vendor_templates(tmp_path: Path) -> None:
    pieces = colour_pieces(1)
    for preset, size in (("tgc", (825, 1125)), ("mpc", (822, 1122))):
        report = export_pieces(pieces, tmp_path / preset, plan_export(preset))
        names = sorted(p.name for p in report.files)
        # one card: its own back file; the upload kit beside it (tests/images/test_kits_showcase.py)
        assert names == ["UPLOAD.md", "c0-back.png", "c0.png", "quantities.csv"]
        for path in (p for p in report.files if p.suffix == ".png"):
            assert _size_and_dpi(path) == (size, pytest.approx(300, abs=0.05))
    assert pixel_size(63.5, 88.9, 300, MPC_BLEED_MM) == (822, 1122)


def test_tts_sheet_size_dpi_and_manifest(tmp_path: Path) -> None:
    pieces = colour_pieces(12)
    report = export_pieces(pieces, tmp_path, plan_export("tts", dpi=120))
    manifest = json.loads((tmp_path / "tts.json").read_text())
    deck = manifest["decks"][0]
    assert (deck["width"], deck["height"], deck["number"]) == (7, 2, 12)
    assert deck["card_px"] == [300, 420]  # 2.5 x 3.5 in at 120 dpi: under the 4096 px limit
    size, dpi = _size_and_dpi(tmp_path / "sheet-1.png")
    assert size == (2100, 840) and dpi == pytest.approx(120, abs=0.05)
    assert _size_and_dpi(tmp_path / "back.png") == ((300, 420), pytest.approx(120, abs=0.05))
    assert {p.name for p in report.files} == {"sheet-1.png", "back.png", "tts.json", "sheet-1.ttp.json", "deck.json"}


def test_tts_reduces_the_cells_to_stay_within_4096_px(tmp_path: Path) -> None:
    export_pieces(colour_pieces(69), tmp_path, plan_export("tts", dpi=300))
    deck = json.loads((tmp_path / "tts.json").read_text())["decks"][0]
    (w, h), dpi = _size_and_dpi(tmp_path / "sheet-1.png")
    assert (deck["width"], deck["height"]) == (10, 7)
    assert w <= 4096 and h <= 4096 and w == 10 * deck["card_px"][0] and h == 7 * deck["card_px"][1]
    assert dpi == pytest.approx(deck["dpi"], abs=0.05) and dpi < 300


def test_dtc_pdf_pages_are_card_plus_bleed_alternating_back_and_front(tmp_path: Path,
                                                                      tiny_deck: Deck) -> None:
    report = export_images(tiny_deck, tmp_path, preset="dtc")
    path = tmp_path / "tinyv-dtc.pdf"
    assert report.files == [path, tmp_path / "quantities.csv", tmp_path / "UPLOAD.md"]
    pdf = pdfium.PdfDocument(str(path))
    try:
        assert len(pdf) == 2 * 5  # four cards, one printed twice; two pages each
        for index in range(len(pdf)):
            w, h = pdf[index].get_size()
            assert w * 25.4 / 72 == pytest.approx(63.5 + 2 * 3.175, abs=0.01)
            assert h * 25.4 / 72 == pytest.approx(88.9 + 2 * 3.175, abs=0.01)
        texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()
    assert all("Viashi" in t for t in texts[0::2])  # backs first ...
    faces = ["Queen of Winds", "King of Winds", "Queen of Flames", "King of Flames", "King of Flames"]
    assert [f for f, t in zip(faces, texts[1::2], strict=True) if f in t] == faces  # ... then faces
    data = path.read_bytes()
    assert b"/FontFile2" in data and b"/Helvetica" not in data  # fonts embedded, no base-14
    mm = 72 / 25.4  # every page: TrimBox = the card, BleedBox = card + 3.175 mm = MediaBox
    b, w, h = 3.175 * mm, 63.5 * mm, 88.9 * mm
    for page in PdfReader(path).pages:
        assert [float(v) for v in page.trimbox] == pytest.approx([b, b, b + w, b + h], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox], abs=0.01)


def test_piecepack_exports_every_piece(tmp_path: Path) -> None:
    pytest.importorskip("generator.render.piecepack")
    from generator.deck import resolve_deck
    from generator.images.export import deck_pieces

    deck = resolve_deck("piecepack")
    pieces = deck_pieces(deck)
    report = export_images(deck, tmp_path, dpi=40, backs=True)
    kinds = {getattr(p, "kind", "") for p in pieces}
    assert {"tile", "coin"} <= kinds
    for piece in pieces:
        path = tmp_path / f"{piece.id}.png"
        with Image.open(path) as image:
            assert image.size == pixel_size(piece.width, piece.height, 40)
    assert (tmp_path / "tile-back.png").exists()  # every tile back is alike
    coin = next(p for p in pieces if getattr(p, "kind", "") == "coin")
    with Image.open(tmp_path / f"{coin.id}.png") as image:
        assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0  # round: transparent corner
    assert len(report.files) == len(set(report.files))
    export_images(deck, tmp_path / "tts", preset="tts", dpi=30)
    for name in ("tile-sheet-1.png", "tile-back.png", "coin-sheet-1.png", "coin-back-sheet-1.png"):
        assert (tmp_path / "tts" / name).exists(), name
