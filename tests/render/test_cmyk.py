"""``--color cmyk``: every colour CMYK, CMYK images without soft masks, a PDF/X output intent.

Each output test opens the written file, parses every content stream (pages and the
form XObjects they draw) and checks what PDF/X-1a:2001 asks of it (docs/images.md).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.colors import Color
from typer.testing import CliRunner

from generator.cli import app
from generator.deck.model import Deck
from generator.errors import ParameterError
from generator.images import plan_export
from generator.paths import icc_dir
from generator.render.cards import write_card_sheets
from generator.render.cmyk import (
    MASK_KEY,
    PROFILE,
    TOTAL_INK,
    cmyk_image,
    grey_to_k,
    limit_ink,
    tint,
    to_cmyk,
)
from generator.render.pdf import make_canvas
from generator.render.preflight import profile_description
from generator.render.sheet import SheetOptions

from .pdfx import OTHER_COLOUR_OPERATORS, OVERPRINT_KEYS, RGB_OPERATORS, read_inks

runner = CliRunner()


def assert_pdfx_1a(path: Path, standard: str = "PDF/X-1a:2001") -> None:
    """The PDF/X-1a:2001 (or :2003) checks that read the file (TrimBox/BleedBox: see the dtc test)."""
    data = path.read_bytes()
    assert data.startswith(b"%PDF-1.3")  # PDF/X-1a:2001 is PDF 1.3
    inks = read_inks(path)
    assert not RGB_OPERATORS & set(inks.operators), inks.operators
    assert not OTHER_COLOUR_OPERATORS & set(inks.operators), inks.operators  # no Gray, no ICC/Lab
    assert inks.operators[b"k"] > 0 and inks.operators[b"K"] > 0
    assert inks.max_ink <= TOTAL_INK + 1e-4  # DriveThruCards' 240 % total ink
    # no CA/ca, SMask, BM: the only graphics states are the dieline's overprint (issue 52)
    assert all(set(state) <= OVERPRINT_KEYS for state in inks.graphics_states), inks.graphics_states
    assert inks.operators[b"gs"] == 0 or inks.dielines
    assert inks.inline_images == 0
    for image in inks.images:
        assert image["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in image
    assert inks.fonts and all("/FontFile2" in f for f in inks.fonts)  # every font embedded
    reader = PdfReader(path)
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"]
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    assert profile.get_data() == (icc_dir() / PROFILE).read_bytes()
    assert profile.get_data()[16:20] == b"CMYK" and profile.get_data()[12:16] == b"prtr"
    info = reader.trailer["/Info"]
    if standard == "PDF/X-1a:2001":
        assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001"
        assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    else:  # PDF/X-1a:2003: the version names the conformance; the embedded SWOP-like profile is the
        # condition (Custom), never a registered identifier (CGATS TR 001) its profile was not made for
        assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and "/GTS_PDFXConformance" not in info
        assert intent["/OutputConditionIdentifier"] == "Custom"
        assert profile_description(profile.get_data()) == "Artifex CMYK SWOP Profile"
        assert "Artifex CMYK SWOP Profile" in str(intent["/OutputCondition"])
    assert info["/Trapped"] in ("/True", "/False") and info["/Title"]
    assert info["/CreationDate"] and info["/ModDate"]
    assert "/ID" in reader.trailer and "/Encrypt" not in reader.trailer


# --- the conversion ------------------------------------------------------------------------

def test_greys_go_to_black_ink_alone_darker_grey_more_ink() -> None:
    assert to_cmyk((0, 0, 0)) == (0, 0, 0, 1.0)
    assert to_cmyk((1, 1, 1)) == (0, 0, 0, 0.0)
    greys = [to_cmyk((v / 255,) * 3) for v in (230, 180, 128, 60, 26)]
    assert all(c[:3] == (0, 0, 0) for c in greys)
    ks = [c[3] for c in greys]
    assert ks == sorted(ks) and 0 < ks[0] < ks[-1] < 1
    assert 0.35 < grey_to_k(128) < 0.65  # mid grey: about half black ink


def test_colours_go_through_the_profile_to_the_inks_they_are_made_of() -> None:
    c, m, y, k = to_cmyk("#C62828")  # the layouts' red: magenta and yellow, little cyan
    assert m > 0.85 and y > 0.85 and c < 0.3 and k < 0.2
    c, m, y, k = to_cmyk("#1F5FA8")  # blue: cyan and magenta, little yellow
    assert c > 0.7 and m > 0.3 and y < 0.2
    assert to_cmyk((0.1, 0.2, 0.3, 0.4)) == (0.1, 0.2, 0.3, 0.4)  # CMYK passes through


def test_total_ink_is_capped_at_240_percent_keeping_black() -> None:
    # 330 %: K 90 % stays, C + M + Y (240 %) must fit into 150 %: each times 0.625
    assert limit_ink((0.9, 0.8, 0.7, 0.9)) == pytest.approx((0.5625, 0.5, 0.4375, 0.9))
    assert limit_ink((0.2, 0.3, 0.4, 0.5)) == (0.2, 0.3, 0.4, 0.5)  # 140 %: untouched
    rich = to_cmyk("#1A0000")  # near-black red: the profile asks for well over 240 %
    assert sum(rich) == pytest.approx(2.4) and rich[3] > 0.5
    dark, _ = cmyk_image(Image.new("RGB", (2, 2), (10, 0, 20)))
    assert all(sum(p) <= 612 for p in (dark.getpixel((x, y)) for x in range(2) for y in range(2)))


def test_translucent_colour_is_a_tint_over_paper() -> None:
    assert tint((0.2, 0.4, 0.6, 0.8), 0.5) == pytest.approx((0.1, 0.2, 0.3, 0.4))
    assert tint((0.2, 0.4, 0.6, 0.8), 1.0) == (0.2, 0.4, 0.6, 0.8)


def test_images_become_cmyk_with_a_colour_key_instead_of_alpha() -> None:
    im = Image.new("RGBA", (2, 2))
    im.putdata([(255, 0, 0, 0), (200, 30, 30, 255), (255, 255, 255, 255), (0, 0, 0, 140)])
    converted, mask = cmyk_image(im)
    assert converted.mode == "CMYK" and converted.size == (2, 2)
    assert mask == [1, 1, 0, 0, 0, 0, 0, 0]
    pixels = [converted.getpixel((x, y)) for y in range(2) for x in range(2)]
    assert pixels[0] == MASK_KEY  # the transparent pixel is the key colour ...
    assert all(p != MASK_KEY for p in pixels[1:])  # ... and only it
    assert pixels[2] == (0, 0, 0, 0)  # white is no ink
    opaque, none = cmyk_image(Image.new("RGB", (3, 3), (20, 120, 200)))
    assert none is None and opaque.mode == "CMYK"


def test_canvas_converts_every_way_a_drawer_sets_a_colour(tmp_path: Path) -> None:
    path = tmp_path / "c.pdf"
    c = make_canvas(path, color="cmyk")
    c.setFillColorRGB(0.8, 0.1, 0.1)
    c.rect(10, 10, 50, 50, fill=1, stroke=0)
    c.setStrokeGray(0.4)
    c.saveState()
    c.setStrokeAlpha(0.25)  # the placeholder's hatching
    assert c._cmyk_stroke[1] == 0.25
    c.line(0, 0, 100, 100)
    c.restoreState()
    assert c._cmyk_stroke[1] == 1.0  # alpha is part of the saved state
    c.setStrokeColor(Color(0, 0, 1, alpha=0.5))
    c.line(0, 100, 100, 0)
    text = c.beginText(20, 20)  # text objects keep their own colour operators
    text.setFillColor(Color(1, 0, 0, alpha=0.5))
    text.textLine("hello")
    c.drawText(text)
    c.showPage()
    c.save()
    assert_pdfx_1a(path)


# --- the outputs ---------------------------------------------------------------------------

def test_cards_cmyk_sheet_with_art_is_pdfx_1a(tmp_path: Path, tiny_weiji: Deck) -> None:
    art = tmp_path / "lamp.png"
    im = Image.new("RGBA", (40, 30), (200, 30, 30, 255))
    im.paste((0, 0, 0, 0), (0, 0, 20, 30))  # the left half is transparent
    im.save(art)
    photo = tmp_path / "photo.jpg"  # a JPEG would otherwise be embedded as it is, in RGB
    Image.new("RGB", (30, 20), (30, 160, 90)).save(photo)
    cards = (replace(tiny_weiji.cards[0], art=art), replace(tiny_weiji.cards[1], art=photo),
             *tiny_weiji.cards[2:])
    deck = replace(tiny_weiji, cards=cards)
    out = tmp_path / "cmyk.pdf"
    write_card_sheets(deck, out, SheetOptions(backs="duplex-long", proof=True, cut_lines=True,
                                              proof_label="tiny", color="cmyk"))
    assert_pdfx_1a(out)
    masks = sorted(str(image.get("/Mask")) for image in read_inks(out).images)
    assert masks == ["None", "[1, 1, 0, 0, 0, 0, 0, 0]"]  # the PNG's transparency: a colour key
    again = tmp_path / "again.pdf"
    write_card_sheets(deck, again, SheetOptions(backs="duplex-long", proof=True, cut_lines=True,
                                                proof_label="tiny", color="cmyk"))
    assert again.read_bytes() == out.read_bytes()  # deterministic, like the RGB output

    rgb = tmp_path / "rgb.pdf"
    write_card_sheets(deck, rgb, SheetOptions(backs="duplex-long"))
    inks = read_inks(rgb)
    assert inks.operators[b"rg"] > 0 and inks.operators[b"k"] == 0  # RGB stays RGB
    assert "/OutputIntents" not in PdfReader(rgb).trailer["/Root"]


def test_cli_cards_and_tiles_write_cmyk(tmp_path: Path) -> None:
    cards = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(cards), "--color", "cmyk",
                                 "--backs", "fold"])
    assert result.exit_code == 0, result.output
    assert_pdfx_1a(cards)
    tiles = tmp_path / "tiles.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(tiles), "--color", "cmyk",
                                 "--components", "tiles,coins,dice,pawns"])
    assert result.exit_code == 0, result.output
    assert_pdfx_1a(tiles)


def test_dtc_vendor_pdf_in_cmyk(tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", "viashi", "-o", str(tmp_path), "--preset", "dtc",
                                 "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    assert "CMYK, PDF/X-1a:2003 with a SWOP output intent" in result.output  # DriveThruCards' guide
    (path,) = tmp_path.glob("*-dtc.pdf")
    assert_pdfx_1a(path, "PDF/X-1a:2003")
    older = tmp_path / "older"
    result = runner.invoke(app, ["images", "viashi", "-o", str(older), "--preset", "dtc", "--color", "cmyk",
                                 "--pdfx", "2001"])
    assert result.exit_code == 0, result.output
    (path,) = older.glob("*-dtc.pdf")
    assert_pdfx_1a(path, "PDF/X-1a:2001")
    page = PdfReader(path).pages[0]
    w, h = (float(v) * 25.4 / 72 for v in page.mediabox.upper_right)
    assert (w, h) == (pytest.approx(63.5 + 2 * 3.175, abs=0.01), pytest.approx(88.9 + 2 * 3.175, abs=0.01))


def test_dtc_pages_have_trim_and_bleed_boxes(tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", "viashi", "-o", str(tmp_path), "--preset", "dtc",
                                 "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.glob("*-dtc.pdf")
    for page in PdfReader(path).pages:
        assert "/TrimBox" in page and "/BleedBox" in page  # PDF/X-1a: TrimBox or ArtBox on every page
        trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
        assert media.left <= bleed.left <= trim.left and trim.right <= bleed.right <= media.right


def test_cmyk_is_refused_where_it_does_not_apply(tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="--preset dtc"):
        plan_export("tgc", color="cmyk")
    with pytest.raises(ParameterError, match="--preset dtc"):
        plan_export(None, color="cmyk")
    with pytest.raises(ParameterError, match="rgb, cmyk"):
        plan_export("dtc", color="cmy")
    assert plan_export("dtc", color="cmyk").options.color == "cmyk"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(tmp_path / "x.pdf"), "--color", "lab"])
    assert result.exit_code == 2 and "rgb, cmyk" in result.output
    assert not (tmp_path / "x.pdf").exists()
