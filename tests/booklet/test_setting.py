"""The booklet's text engine (generator/booklet/setting.py), piece by piece: markup runs,
bidi levels of a right-to-left paragraph with a number and a Latin name, words broken
where kinsoku allows, a too-long word cut to the line, which texts take the engine."""

from __future__ import annotations

from generator.booklet.setting import (
    LATIN,
    Script,
    display,
    line_width,
    needs_engine,
    spans,
    words,
    wrap,
)
from generator.render.fonts import CONDENSED, DEJAVU, SANS, register_fonts

register_fonts()


def test_the_inline_markup_becomes_runs() -> None:
    got = spans("a **b** *c* `d` x◆{name}")
    assert [(t, bold, italic, font) for t, bold, italic, font, _c, _s in got] == [
        ("a ", False, False, ""), ("b", True, False, ""), (" ", False, False, ""), ("c", False, True, ""),
        (" ", False, False, ""), ("d", False, False, CONDENSED), (" x", False, False, ""), ("◆", False, False, DEJAVU)]


def test_a_hebrew_sentence_keeps_its_number_and_latin_name_in_order() -> None:
    ws, base = words("החפיסה של Viashi כוללת 54 קלפים.", SANS, True)
    assert base == 1
    line = wrap(ws, 1000, 10)[0]
    shown = ["".join(p.seg.text for p in w.pieces) for w in line]
    assert shown == ["החפיסה", "של", "Viashi", "כוללת", "54", "קלפים."]  # logical order
    order = [p.seg.text for _n, p in display(line, base) if p.seg.text.strip()]
    # display order, left to right: the full stop, then the words from the last to the first,
    # the Latin name and the number reading left to right inside
    assert order == [".", "קלפים", "54", "כוללת", "Viashi", "של", "החפיסה"]


def test_japanese_breaks_where_kinsoku_allows() -> None:
    text = "「やかん」を、ひとつ。カードを配ります。"
    ws, _base = words(text, SANS, None)
    heads = ["".join(p.seg.text for p in w.pieces) for w in ws]
    assert "".join(heads) == text
    assert not any(h[0] in "、。」" for h in heads) and not any(h[-1] == "「" for h in heads)
    for width in (20, 30, 45, 60):  # however narrow the column
        for line in wrap(ws, width, 10):
            printed = "".join(p.seg.text for w in line for p in w.pieces)
            assert printed[:1] not in "、。」" and printed[-1:] != "「"


def test_a_word_wider_than_the_line_is_cut_to_it() -> None:
    ws, _base = words("نعم /very/long/path/to/some/project/folder/deck.yaml", SANS, True)
    lines = wrap(ws, 80, 9)
    assert len(lines) >= 3 and all(line_width(line, 9) <= 80 + 1e-6 for line in lines)
    assert "".join(p.seg.text for line in lines[1:] for w in line for p in w.pieces) == \
        "/very/long/path/to/some/project/folder/deck.yaml"


def test_only_text_that_needs_it_takes_the_engine() -> None:
    assert not needs_engine("Deal 5 cards. Zähle die Punkte; ещё раз")  # Latin, Cyrillic: ReportLab as before
    assert needs_engine("שלום") and needs_engine("مرحبا") and needs_engine("カード")
    assert not LATIN.wants("Shuffle") and Script("ar").wants("Shuffle") and Script("he-IL").rtl
