"""Art is never quietly changed: WebP and 16-bit PNG print as drawn, `check`
rejects what `cards` would (naming the deck line, card and field), soft art
warns and oversized art is downsampled when embedded."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.errors import RenderError
from generator.render.cards import card_pieces, check_cards
from generator.render.layout.art import MAX_PPI, effective_ppi, embed_size, printable
from generator.render.sheet import SheetOptions, write_sheets

MM = 72 / 25.4
# One image filling the whole card, so the rendered pixel at the centre is the art's.
FULL = "front:\n  art: {type: image, fit: stretch}\nback: {}\n"


def _deck(folder: Path, art: str, rows: str | None = None) -> Path:
    (folder / "full.yaml").write_text(FULL, encoding="utf-8")
    (folder / "cards.csv").write_text(rows or f"id,name,art\nA,Alpha,{art}\nB,Beta,\n", encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text("name: Art\nlayout: full.yaml\ncards: cards.csv\n", encoding="utf-8")
    return path


def _centre_pixel(pdf_path: Path) -> tuple[int, ...]:
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        page = pdf[0]
        image = page.render(scale=1).to_pil().convert("RGB")
        return image.getpixel((image.width // 2, image.height // 2))
    finally:
        pdf.close()


def _render_one(deck_path: Path, out: Path) -> Path:
    from generator.render.cards import render_piece_pdf

    piece = card_pieces(load_deck(deck_path))[0]
    render_piece_pdf(piece, out, 0.0)
    return out


def test_webp_art_passes_check_and_prints(tmp_path: Path) -> None:
    Image.new("RGB", (600, 840), (0, 160, 0)).save(tmp_path / "green.webp")
    path = _deck(tmp_path, "green.webp")
    result = CliRunner().invoke(app, ["check", str(path), "--games", "0"])
    assert result.exit_code == 0, result.output
    r, g, b = _centre_pixel(_render_one(path, tmp_path / "card.pdf"))
    assert r < 20 and 140 < g < 180 and b < 20


def test_a_16_bit_grey_png_prints_grey_not_white(tmp_path: Path) -> None:
    grey = Image.new("I;16", (600, 840), 32768)  # half of 65535: mid grey
    grey.save(tmp_path / "grey16.png")
    assert Image.open(tmp_path / "grey16.png").mode.startswith("I")
    path = _deck(tmp_path, "grey16.png")
    r, g, b = _centre_pixel(_render_one(path, tmp_path / "card.pdf"))
    assert 118 <= r <= 138 and r == g == b


def test_sixteen_bit_modes_scale_to_eight_bits() -> None:
    for mode in ("I;16", "I;16B", "I"):
        im = Image.new(mode, (2, 1))
        im.putpixel((0, 0), 65535)
        im.putpixel((1, 0), 257 * 64)
        out = printable(im)
        assert out.mode == "L" and out.getpixel((0, 0)) == 255 and out.getpixel((1, 0)) == 64


def test_check_rejects_art_cards_would_reject_naming_the_csv_line_card_and_field(tmp_path: Path) -> None:
    (tmp_path / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")
    path = _deck(tmp_path, "", rows="id,name,art\nA,Alpha,\nB,Beta,broken.png\n")
    result = CliRunner().invoke(app, ["check", str(path), "--games", "0"])
    assert result.exit_code == 2, result.output
    assert "cards.csv:3: card B, field 'art': image 'broken.png': not a readable image" in result.output
    assert "full.yaml" not in result.output  # the data is at fault, not the layout
    with pytest.raises(RenderError, match="cards.csv:3: card B, field 'art'"):
        card_pieces(load_deck(path))


def test_an_unsupported_format_names_the_supported_ones(tmp_path: Path) -> None:
    Image.new("RGB", (60, 84)).save(tmp_path / "art.bmp")
    path = _deck(tmp_path, "art.bmp")
    with pytest.raises(RenderError, match=r"card A, field 'art': image 'art.bmp': BMP images are not "
                                          r"supported; use PNG, JPEG, GIF, WEBP, TIFF"):
        check_cards(load_deck(path))


def test_soft_art_warns_per_card_naming_card_and_field(tmp_path: Path) -> None:
    # a poker card is 2.5 x 3.5 in: 250 x 350 px is 100 ppi
    Image.new("RGB", (250, 350), (200, 0, 0)).save(tmp_path / "small.png")
    path = _deck(tmp_path, "small.png")
    (warning,) = check_cards(load_deck(path))
    assert "cards.csv:2: card A, field 'art': art prints at 100 ppi" in warning
    assert "use at least 500 x 700 px" in warning
    result = CliRunner().invoke(app, ["check", str(path), "--games", "0"])
    assert result.exit_code == 0 and "art prints at 100 ppi" in result.output
    assert CliRunner().invoke(app, ["check", str(path), "--games", "0", "--fail-on-warnings"]).exit_code == 1


def test_art_far_above_the_output_resolution_is_downsampled_when_embedded(tmp_path: Path) -> None:
    Image.new("RGB", (4000, 5600), (0, 0, 200)).save(tmp_path / "huge.jpg", quality=70)  # 1600 ppi
    path = _deck(tmp_path, "huge.jpg")
    out = tmp_path / "sheet.pdf"
    write_sheets(card_pieces(load_deck(path)), out, SheetOptions(bleed=0))
    sizes = [(int(x["/Width"]), int(x["/Height"])) for page in PdfReader(out).pages
             for x in (page["/Resources"]["/XObject"].get_object().values())
             if x.get_object().get("/Subtype") == "/Image"]
    assert sizes == [(1500, 2100)]  # 600 ppi over 2.5 x 3.5 in
    first = out.read_bytes()
    write_sheets(card_pieces(load_deck(path)), out, SheetOptions(bleed=0))
    assert out.read_bytes() == first  # the same pixels every build


def test_effective_resolution_follows_the_fit() -> None:
    box = (2 * 72.0, 1 * 72.0)  # 2 x 1 in
    assert effective_ppi((400, 400), box, "cover") == 200  # cropped top and bottom
    assert effective_ppi((400, 400), box, "contain") == 400
    assert effective_ppi((400, 400), box, "stretch") == 200
    assert embed_size((4000, 2000), box, "contain") == (int(4000 * MAX_PPI / 2000), int(2000 * MAX_PPI / 2000))
    assert embed_size((400, 200), box, "contain") == (400, 200)


GREEN_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="63.5mm" height="88.9mm" viewBox="0 0 635 889">'
             '<rect width="635" height="889" fill="#00A000"/></svg>')


def _images_in(pdf: Path) -> int:
    return sum(1 for page in PdfReader(pdf).pages
               for x in page["/Resources"].get("/XObject", {}).values()
               if x.get_object().get("/Subtype") == "/Image")


def test_svg_art_is_drawn_as_vectors(tmp_path: Path) -> None:
    (tmp_path / "green.svg").write_text(GREEN_SVG, encoding="utf-8")
    path = _deck(tmp_path, "green.svg")
    assert check_cards(load_deck(path)) == []  # no resolution warning for vectors
    out = _render_one(path, tmp_path / "card.pdf")
    r, g, b = _centre_pixel(out)
    assert r < 20 and 140 < g < 180 and b < 20
    assert _images_in(out) == 0  # a filled path, not a raster image


def test_a_broken_svg_is_an_error_at_the_cards_line(tmp_path: Path) -> None:
    (tmp_path / "bad.svg").write_text("hello, not SVG", encoding="utf-8")
    path = _deck(tmp_path, "bad.svg")
    with pytest.raises(RenderError, match=r"cards.csv:2: card A, field 'art': image 'bad.svg': not a readable SVG"):
        check_cards(load_deck(path))
    (tmp_path / "bad.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    with pytest.raises(RenderError, match=r"field 'art': image 'bad.svg': an SVG of 0 x 0 points cannot be placed"):
        check_cards(load_deck(path))


def test_an_svg_cannot_pull_in_files_from_outside_its_folder(tmp_path: Path) -> None:
    Image.new("RGB", (10, 10), (255, 0, 0)).save(tmp_path / "secret.png")
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "sneaky.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" '
        'height="140"><image xlink:href="../secret.png" width="100" height="140"/></svg>', encoding="utf-8")
    path = _deck(folder, "sneaky.svg")
    out = _render_one(path, tmp_path / "card.pdf")
    assert _images_in(out) == 0 and _centre_pixel(out) != (255, 0, 0)
