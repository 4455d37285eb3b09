"""The booklet markup: what each line kind becomes."""

from __future__ import annotations

import pytest
from reportlab.platypus import KeepTogether, ListFlowable, PageBreak, Paragraph, Spacer, Table

from generator.booklet.markup import inline, parse
from generator.booklet.style import BOOKLET
from generator.errors import RenderError

TEXT = """%title Game
%subtitle Sub

# Heading
first line
second line:

1. one
2. two
   - sub a
   - sub b
- bullet
  continued
| A | B |
| 1 | 2 |
> note
[figure f] A caption
---
"""


def test_each_line_kind() -> None:
    made: list[float] = []

    def figure(width: float) -> Spacer:
        made.append(width)
        return Spacer(10, 10)

    parsed = parse(TEXT, BOOKLET, 300.0, {"f": figure})
    assert parsed.title == [("title", "Game"), ("subtitle", "Sub")]
    kinds = [type(f).__name__ for f in parsed.body]
    assert kinds == ["KeepTogether", "KeepTogether", "KeepTogether", "Paragraph", "KeepTogether", "PageBreak"]
    kept, bullets, table, note, fig, brk = parsed.body
    # the heading and the paragraph ending in ":" stay with the list they introduce
    heading, para, numbered = kept._content
    bullets = bullets._content[0]
    assert isinstance(heading, Paragraph) and heading.style.name == "h1"
    assert isinstance(para, Paragraph) and para.text == "first line second line:"
    assert isinstance(numbered, ListFlowable) and len(numbered._flowables) == 2
    assert isinstance(bullets, ListFlowable) and len(bullets._flowables) == 1
    assert isinstance(table, KeepTogether) and isinstance(table._content[0], Table)
    assert isinstance(note, Paragraph) and note.style.name == "note"
    assert isinstance(fig, KeepTogether) and made == [300.0]
    assert isinstance(brk, PageBreak)


def test_inline_markup_and_escaping() -> None:
    assert inline("**b** and *i* <x> & `c`") == (
        '<b>b</b> and <i>i</i> &lt;x&gt; &amp; <font name="RobotoCondensed">c</font>')
    assert inline("2 * 3 * 4") == "2 * 3 * 4"


def test_unknown_figure_and_title_lines_fail_loudly() -> None:
    with pytest.raises(RenderError, match="unknown figure 'nope'"):
        parse("[figure nope]", BOOKLET, 300.0, {})
    with pytest.raises(RenderError, match="%cover"):
        parse("%cover X", BOOKLET, 300.0, {})
