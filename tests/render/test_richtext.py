"""Rich text on cards: markup, inline icons, the font fallback chain, bidi and shaping,
project fonts and icons, and the checks that name file:line, card and field."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.errors import RenderError
from generator.render.cards import card_pieces, render_piece_pdf
from generator.render.fonts import CJK, register_fonts
from generator.render.layout.richtext import Span, parse
from generator.render.layout.textfit import fit_rich, line_width
from generator.render.layout.textruns import make_seg, paragraphs
from generator.render.textcheck import text_problems

MIXED = "Café Ñandú 東京タワー 🚀 مرحبا"
LAYOUT = """\
size: [63.5, 88.9]
front:
  bg: {type: background, color: '#FFFFFF'}
  body: {type: text, text: '{{ card.text }}', x: 5, y: 5, w: 53.5, h: 40, size: 12, min_size: 6,
         font: FONT}
back:
  bg: {type: background, color: '#FFFFFF'}
"""


def _project(tmp: Path, cards: str, *, font: str = "Roboto", extra: str = "") -> Path:
    (tmp / "layouts").mkdir(exist_ok=True)
    (tmp / "layouts" / "rich.yaml").write_text(LAYOUT.replace("FONT", font), encoding="utf-8")
    (tmp / "deck.yaml").write_text(
        f"name: Rich\ngame: none\nlayout: rich\n{extra}cards:\n{cards}", encoding="utf-8")
    return tmp / "deck.yaml"


def _page(tmp: Path, deck_file: Path) -> pymupdf.Page:
    piece = card_pieces(load_deck(deck_file))[0]
    out = tmp / "card.pdf"
    render_piece_pdf(piece, out, 0)
    return pymupdf.open(out)[0]


def _spans(page: pymupdf.Page) -> list[dict]:
    return [s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]]


# -- markup -------------------------------------------------------------------------


def test_markup_parses_styles_icons_breaks_and_escapes() -> None:
    (line,) = parse("**Gain** 2 :coin:, then *draw*")
    assert line == (Span("Gain", bold=True), Span(" 2 "), Span("", icon="coin"), Span(", then "),
                    Span("draw", italic=True))
    assert parse("***both***") == ((Span("both", True, True),),)
    # stars that cannot open or close, and unmatched ones, are printed as they are
    assert parse("5 * 3 * 2") == ((Span("5 * 3 * 2"),),) and parse("Ace*") == ((Span("Ace*"),),)
    assert parse(r"\*\*x\*\* \:bolt\: a\\b") == ((Span(r"**x** :bolt: a\b"),),)
    assert parse("one\ntwo\\nthree\n\nfive") == ((Span("one"),), (Span("two"),), (Span("three"),), (),
                                                  (Span("five"),))
    assert parse("at 10:30:45, x:y") == ((Span("at 10:30:45, x:y"),),)  # names start with a letter


# -- drawing --------------------------------------------------------------------------


def test_bold_italic_and_icons_are_drawn_and_no_markup_reaches_the_pdf(tmp_path: Path) -> None:
    deck = _project(tmp_path, "  - {id: A, name: A, text: '**Gain** 2 :bolt:, then *draw* a card'}\n")
    page = _page(tmp_path, deck)
    text = page.get_text()
    assert "Gain" in text and "draw" in text
    assert "**" not in text and ":bolt:" not in text and "*" not in text
    fonts = {s["text"].strip(): s["font"] for s in _spans(page) if s["text"].strip()}
    assert "Roboto-Bold" in fonts["Gain"] and "Roboto-Italic" in fonts["draw"]
    assert not any("Bold" in f or "Italic" in f for t, f in fonts.items() if t not in ("Gain", "draw"))
    # the bolt: a filled path between the "2" and the comma, about the text's size, in its colour
    comma = page.search_for(",")[0]
    x2 = page.search_for("2")[0].x1
    bolts = [d for d in page.get_drawings() if d["fill"] is not None and x2 - 0.5 <= d["rect"].x0
             and d["rect"].x1 <= comma.x0 + 0.5]
    assert len(bolts) == 1
    assert 0.5 * 12 <= bolts[0]["rect"].height <= 0.9 * 12 and bolts[0]["fill"] == (0.0, 0.0, 0.0)


def test_escapes_print_stars_and_colons(tmp_path: Path) -> None:
    deck = _project(tmp_path, "  - {id: A, name: A, text: '\\*\\*not bold\\*\\* \\:bolt\\:'}\n")
    page = _page(tmp_path, deck)
    assert "**not bold** :bolt:" in page.get_text()
    assert not [d for d in page.get_drawings() if d["fill"] == (0.0, 0.0, 0.0)]  # no icon drawn


def test_icons_wrap_and_shrink_with_the_text() -> None:
    register_fonts()
    text = "Pay :sun: :sun: :moon: to gain :star: and :crown: then :bolt: :bolt: :bolt: again"
    one = fit_rich(text, "Roboto", (12, 10), (1000, 20))
    assert one.size == 12 and len(one.lines) == 1
    shrunk = fit_rich(text, "Roboto", (12, 4), (200, 14))
    assert 4 <= shrunk.size < 12 and len(shrunk.lines) == 1 and not shrunk.overflow
    wrapped = fit_rich(text, "Roboto", (12, 10), (120, 200))
    assert len(wrapped.lines) >= 3 and not wrapped.overflow
    assert all(line_width(line) * wrapped.size <= 120 + 1e-6 for line in wrapped.lines)
    icons = [s.icon for line in wrapped.lines for w in line for s in w.segs if s.icon]
    assert icons == ["sun", "sun", "moon", "star", "crown", "bolt", "bolt", "bolt"]
    # an icon too wide for the box even at the minimum size overflows, and says so
    assert fit_rich(":crown: " * 40, "Roboto", (12, 10), (30, 12)).overflow


def test_unknown_icon_is_an_error_naming_file_line_card_and_field(tmp_path: Path) -> None:
    deck = _project(tmp_path, "  - {id: A, name: A}\n  - id: B\n    name: B\n    text: 'Gain :coin:'\n")
    result = CliRunner().invoke(app, ["cards", str(deck), "-o", str(tmp_path / "o.pdf")])
    assert result.exit_code == 2
    assert "deck.yaml:8: card B, field 'text': unknown icon ':coin:'" in result.output
    assert not (tmp_path / "o.pdf").exists()


def test_a_layouts_own_unknown_icon_names_layout_card_and_element(tmp_path: Path) -> None:
    deck = _project(tmp_path, "  - {id: A, name: A, text: 'x'}\n")
    layout = tmp_path / "layouts" / "rich.yaml"
    layout.write_text(layout.read_text().replace("'{{ card.text }}'", "'{{ card.text }} :nope:'"))
    with pytest.raises(RenderError, match=r"card A.*element 'body'.*unknown icon ':nope:'"):
        card_pieces(load_deck(deck))


def test_project_icons_are_png_files_in_the_icons_folder(tmp_path: Path) -> None:
    (tmp_path / "icons").mkdir()
    Image.new("RGBA", (32, 32), (200, 150, 0, 255)).save(tmp_path / "icons" / "coin.png")
    deck = _project(tmp_path, "  - {id: A, name: A, text: 'Gain 2 :coin: now'}\n")
    page = _page(tmp_path, deck)
    (image,) = page.get_image_info()
    gain, now = page.search_for("Gain")[0], page.search_for("now")[0]
    assert gain.x1 < image["bbox"][0] < image["bbox"][2] < now.x0
    assert 0.6 * 12 <= image["bbox"][3] - image["bbox"][1] <= 0.9 * 12


def test_a_project_font_is_named_in_the_deck_used_by_the_layout_and_embedded(tmp_path: Path) -> None:
    from generator.paths import fonts_dir

    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "MyFace.ttf").write_bytes((fonts_dir() / "DejaVuSerif.ttf").read_bytes())
    deck = _project(tmp_path, "  - {id: A, name: A, text: 'Hello'}\n", font="MyFace",
                    extra="fonts: [fonts/MyFace.ttf]\n")
    page = _page(tmp_path, deck)  # MyFace.ttf is a copy of DejaVu Serif: the PDF names the face inside
    assert [s["font"] for s in _spans(page) if "Hello" in s["text"]] == ["DejaVuSerif"]
    reader = PdfReader(tmp_path / "card.pdf")
    fonts = reader.pages[0]["/Resources"]["/Font"]
    embedded = [f.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in f.get_object()
                else f.get_object()["/FontDescriptor"] for f in fonts.values()]
    assert any("DejaVuSerif" in str(d["/FontName"]) and "/FontFile2" in d for d in embedded)


def test_a_deck_font_outside_the_project_or_not_a_font_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    deck = _project(tmp_path, "  - {id: A, name: A}\n", extra="fonts: [../elsewhere.ttf, notes.txt]\n")
    result = CliRunner().invoke(app, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 2
    assert "field 'fonts[0]'" in result.output and "outside the deck's folder" in result.output
    assert "field 'fonts[1]'" in result.output and "not a TrueType or OpenType font" in result.output


# -- scripts ----------------------------------------------------------------------------


def test_arabic_is_shaped_and_joined_right_to_left() -> None:
    register_fonts()
    seg = make_seg("مرحبا", "DejaVuSans", 1)
    drawn = [unicodedata.name(ch) for ch in seg.drawn]
    # joined presentation forms in display (left-to-right) order: alef (final) first
    assert drawn[0].startswith("ARABIC LETTER ALEF FINAL") and drawn[-1].startswith("ARABIC LETTER MEEM INITIAL")
    assert not any("ISOLATED" in name for name in drawn)
    # in a left-to-right line the Arabic word comes after the Latin one, itself right-to-left
    (para,) = paragraphs("ok مرحبا", "Roboto")
    assert [s.level for w in para.words for s in w.segs] == [0, 1]


def test_the_mixed_script_name(tmp_path: Path) -> None:
    deck = _project(tmp_path, f"  - {{id: A, name: A, text: '{MIXED}'}}\n")
    page = _page(tmp_path, deck)
    spans = _spans(page)
    text = "".join(s["text"] for s in spans)
    assert "Café" in text and "Ñandú" in text
    cjk = [s for s in spans if any(ch in s["text"] for ch in "東京タワー")]
    assert cjk and all(CJK in s["font"] for s in cjk) and all(ch in text for ch in "東京タワー")
    arabic = [s for s in spans if any(0xFE70 <= ord(ch) <= 0xFEFF for ch in s["text"])]
    assert arabic and all("DejaVuSans" in s["font"] for s in arabic)  # shaped: presentation forms
    assert "🚀" not in text
    # drawn left to right: Latin, then CJK, then the Arabic
    x = {k: page.search_for(k)[0].x0 for k in ("Café", "東")}
    assert x["Café"] < x["東"] < min(s["bbox"][0] for s in arabic)

    runner = CliRunner()
    result = runner.invoke(app, ["cards", str(deck), "-o", str(tmp_path / "o.pdf")])
    assert result.exit_code == 0 and "card A:" in result.output and "U+1F680" in result.output
    strict = runner.invoke(app, ["cards", str(deck), "-o", str(tmp_path / "s.pdf"), "--strict"])
    assert strict.exit_code == 2 and not (tmp_path / "s.pdf").exists()
    assert "deck.yaml:5: card A, field 'text': no font can draw '🚀' (U+1F680)" in strict.output
    images = runner.invoke(app, ["images", str(deck), "-o", str(tmp_path / "img"), "--strict", "--jobs", "1"])
    assert images.exit_code == 2 and "U+1F680" in images.output


def test_check_reports_glyph_coverage_naming_file_line_card_and_field(tmp_path: Path) -> None:
    deck = _project(tmp_path, "  - {id: A, name: 'Ship 🛸'}\n  - id: B\n    text: 'Rocket 🚀'\n")
    result = CliRunner().invoke(app, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 1, result.output  # an error: it would print blank (issue 42; `cards --strict` refuses it)
    assert "card B, field 'text': no font can draw '🚀' (U+1F680)" in " ".join(result.output.split())
    assert "U+1F6F8" not in result.output  # card A's name: this layout never prints it
    report = json.loads(CliRunner().invoke(app, ["check", str(deck), "--games", "0", "--json"]).stdout)
    assert any("deck.yaml:7: card B, field 'text': no font can draw '🚀' (U+1F680)" in f["message"]
               and f["level"] == "error" for f in report["findings"]), report["findings"]
    strict = CliRunner().invoke(app, ["check", str(deck), "--games", "0", "--fail-on-warnings"])
    assert strict.exit_code == 1 and "U+1F680" in strict.output
    assert text_problems(load_deck(deck), glyphs=False) == []  # printing without --strict only warns


def test_a_project_icon_that_is_not_a_usable_image_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "coin.png").write_bytes(b"not a png at all")
    deck = _project(tmp_path, "  - {id: A, name: A, text: 'Gain :coin:'}\n")
    result = CliRunner().invoke(app, ["cards", str(deck), "-o", str(tmp_path / "o.pdf")])
    assert result.exit_code == 2 and "card A, field 'text': icon ':coin:' (icons/coin.png)" in result.output


def test_build_strict_fails_a_deck_whose_text_no_font_can_draw(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    deck = _project(tmp_path / "p", "  - {id: A, name: 'Rocket 🚀'}\n")
    result = CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp_path / "out"), "--strict",
                                      "--jobs", "1", "--balance-games", "0"])
    assert result.exit_code == 2 and "card A, field 'name': no font can draw '🚀'" in result.output
    assert not (tmp_path / "out" / "p" / "cards-a4.pdf").exists()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(list("ab *:\\\nxé東م1 שbolt") + ["**", ":star:", "\u202e", "🚀"]),
                max_size=40).map("".join) | st.text(max_size=30))
def test_any_text_fits_or_says_it_overflows(text: str) -> None:
    register_fonts()
    fitted = fit_rich(text, "Roboto", (10, 6), (80, 40))
    assert 6 <= fitted.size <= 10
    if not fitted.overflow:
        assert all(line_width(line) * fitted.size <= 80 + 1e-6 for line in fitted.lines)
