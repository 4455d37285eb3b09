"""Korean text is drawn in the bundled Hangul fallback font, embedded, and reads back from
the PDF (issue 24, item 5)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.paths import fonts_dir
from generator.render.fonts import _LAZY, CJK, HANGUL, register_fonts
from generator.render.layout.textruns import paragraphs
from generator.render.textcheck import text_problems

KOREAN = "한국어"  # "Korean language": 3 syllables, only the fallback font has all of them
LAYOUT = """\
size: [63.5, 88.9]
front:
  bg: {type: background, color: '#FFFFFF'}
  body: {type: text, text: '{{ card.text }}', x: 5, y: 5, w: 53.5, h: 40, size: 14, min_size: 6,
         font: Roboto}
"""


def _deck(tmp: Path, text: str) -> Path:
    (tmp / "layouts").mkdir()
    (tmp / "layouts" / "k.yaml").write_text(LAYOUT, encoding="utf-8")
    (tmp / "deck.yaml").write_text(
        f"name: Hangul\ngame: none\nlayout: k\ncards:\n  - {{id: A, name: A, text: '{text}'}}\n",
        encoding="utf-8")
    return tmp / "deck.yaml"


def test_the_hangul_font_is_bundled_with_its_licence() -> None:
    font = fonts_dir() / _LAZY[HANGUL]
    assert font.read_bytes()[:4] == b"\x00\x01\x00\x00"  # TrueType outlines (not CFF: 'OTTO')
    assert font.stat().st_size < 1_000_000
    assert "SIL OPEN FONT LICENSE" in (fonts_dir() / "LICENSE-Nanum.txt").read_text(encoding="utf-8")


def test_hangul_words_stay_in_one_font_chinese_stays_in_droid() -> None:
    register_fonts()
    (para,) = paragraphs(f"{KOREAN} 가 中文", "Roboto")
    fonts = {s.text: s.font for w in para.words for s in w.segs}
    # 가 is one of the 3 syllables Droid Sans Fallback has: still drawn in the Korean font
    assert {fonts[ch] for ch in KOREAN + "가"} == {HANGUL} and not para.missing
    assert fonts["中"] == fonts["文"] == CJK


def test_cards_render_korean_and_it_reads_back(tmp_path: Path) -> None:
    deck = _deck(tmp_path, KOREAN)
    assert text_problems(load_deck(deck)) == []  # check: no "no font can draw"
    out = tmp_path / "k.pdf"
    result = CliRunner().invoke(app, ["cards", str(deck), "-o", str(out), "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    page = pymupdf.open(out)[0]
    assert KOREAN in page.get_text()
    spans = [s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]
             if KOREAN in s["text"]]
    assert spans and all(HANGUL in s["font"] for s in spans)
    fonts = [f.get_object() for f in PdfReader(str(out)).pages[0]["/Resources"]["/Font"].values()]
    nanum = [f for f in fonts if HANGUL in str(f["/BaseFont"])]
    assert nanum and all("/FontFile2" in f["/FontDescriptor"] for f in nanum)  # embedded (subset)


def test_the_cjk_and_korean_fallbacks_are_parsed_only_when_a_text_needs_them() -> None:
    """Checking a deck's text for undrawable characters parses the 4 MB CJK fallback
    and the Korean font only for a character the other fonts lack (issue 37: they were
    parsed at every start of a command that validates a deck)."""
    import subprocess
    import sys

    probe = ("from generator.render import fonts, textcheck\n"
             "assert textcheck.undrawable('Ace of Spades ♠ é') == ''\n"
             "print(sorted(set(fonts.ON_DEMAND) & fonts._registered))\n"
             "assert textcheck.undrawable('한글 漢字') == ''\n"
             "print(sorted(set(fonts.ON_DEMAND) & fonts._registered))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]"
    assert out[1] == str(sorted(["DroidSansFallback", "NanumSquare"]))
