"""Line breaking by the Unicode algorithm (UAX #14) with hyphenation (issue 42, item 3):
Japanese lines never start with 、。」 nor end with 「; a long French name breaks at its
hyphens, a long French word at a hyphenation point; text that fits wraps as before.
Checked on fitted lines and on a scaffolded project's PDF in French, Japanese, Arabic
and German, read back line by line."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pymupdf
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.render.fonts import register_fonts
from generator.render.layout.linebreak import break_points, hyphenation_points, opportunities
from generator.render.layout.textfit import fit_rich

runner = CliRunner()
OPENING = "「（『"
CLOSING = "、。」）』！？"
JAPANESE = "「毎朝」、家族みんなのためにお湯を沸かします。とても便利な道具です。"


def lines_of(text: str, width: float, lang: str = "") -> list[str]:
    register_fonts()
    fitted = fit_rich(text, "Roboto", (10, 10), (width, 1000), lang=lang)
    return ["".join(("" if i == 0 or w.glue else " ") + "".join(s.text for s in w.segs) for i, w in enumerate(line))
            for line in fitted.lines]


@pytest.mark.parametrize("width", [40, 47, 52, 60, 71, 90])
def test_japanese_never_breaks_before_closing_or_after_opening_punctuation(width: float) -> None:
    lines = lines_of(JAPANESE, width)
    assert "".join(lines) == JAPANESE and len(lines) > 1
    for line in lines[1:]:
        assert line[0] not in CLOSING, lines
    for line in lines[:-1]:
        assert line[-1] not in OPENING, lines


def test_a_hyphenated_french_name_breaks_at_a_hyphen() -> None:
    assert lines_of("Saint-Rémy-de-Provence", 70, "fr") == ["Saint-Rémy-de-", "Provence"]


def test_a_long_word_is_hyphenated_in_a_language_pyphen_knows() -> None:
    assert lines_of("Extraordinairement", 50, "fr") == ["Extraordi-", "nairement"]
    assert lines_of("Donaudampfschifffahrt", 60, "de")[0].endswith("-")
    assert lines_of("Extraordinairement", 50, "") == ["Extraordin", "airement"]  # no language: no hyphen


def test_text_that_fits_wraps_at_spaces_as_before() -> None:
    assert lines_of("a two-player game for everyone", 85, "en") == ["a two-player game", "for everyone"]


def test_the_opportunities_are_uax14() -> None:
    text = "「大きい」、都市。"
    found = opportunities(text)
    assert 1 not in found and text.index("」") not in found and text.index("、") not in found
    assert text.index("都") in found
    assert hyphenation_points("Wasserkocher", "de") and not hyphenation_points("Wasserkocher", "ja")
    assert (14, False) in break_points("Saint-Rémy-de-Provence", "fr")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    result = runner.invoke(app, ["new", str(folder)])
    assert result.exit_code == 0, result.output
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("card_size: poker", "card_size: poker\nlanguages: [en, fr, ja, ar, de]"),
                    encoding="utf-8")
    (folder / "translations").mkdir()
    rows = {
        "fr": ("Alouette", "Saint-Rémy-de-Provence-sur-Durance-et-Villeneuve-lès-Avignon-Montfavet-Châteaurenard"),
        "ja": ("ひばり", JAPANESE),
        "ar": ("القبرة", "خفيفة وسريعة جداً في كل الأحوال"),
        "de": ("Lerche", "Außergewöhnlich leicht und unvergleichlich schnell"),
    }
    for lang, (name, tagline) in rows.items():
        (folder / "translations" / f"{lang}.csv").write_text(
            f"id,field,text\nA01,name,{name}\nA01,tagline,{tagline}\n", encoding="utf-8")
    return folder


def _lines(pdf: Path) -> list[str]:
    """The first card's text lines (spans on one baseline joined), top to bottom."""
    with pymupdf.open(pdf) as doc:
        page = doc[0]
        rows: dict[float, list[tuple[float, str]]] = {}
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", ()):
                for span in line["spans"]:
                    if span["bbox"][2] < page.rect.width / 4.2 and span["bbox"][1] < page.rect.height / 2:
                        key = round(span["origin"][1], 1)
                        rows.setdefault(key, []).append((span["origin"][0], span["text"]))
    return [unicodedata.normalize("NFKC", "".join(t for _x, t in sorted(parts))) for _y, parts in sorted(rows.items())]


@pytest.mark.parametrize("lang", ["ja", "fr", "ar", "de"])
def test_a_scaffolded_project_prints_every_text_correctly_broken(project: Path, tmp_path: Path, lang: str) -> None:
    out = tmp_path / f"{lang}.pdf"
    result = runner.invoke(app, ["cards", str(project), "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "no font can draw" not in result.output and "was cut" not in result.output
    lines = _lines(out)
    assert lines, lang
    if lang == "ja":
        joined = "".join(lines)
        assert "ひばり" in joined and "家族" in joined and "速" not in joined.replace("速度", "")
        for line in lines[1:]:
            assert line[:1] not in CLOSING, lines
        for line in lines[:-1]:
            assert line[-1:] not in OPENING, lines
    if lang == "fr":  # the tagline, too long for one line even at its smallest size: broken at a hyphen
        start = next(i for i, line in enumerate(lines) if line.startswith("Saint-"))
        assert lines[start].endswith("-") and "".join(lines[start:start + 2]).startswith(
            "Saint-Rémy-de-Provence-sur-Durance-et-Villeneuve-lès-Avignon-Montfavet-Châteaurenard"), lines
