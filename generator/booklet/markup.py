"""Template output -> platypus flowables.

The rule templates (templates/rules/*.md.j2) render to a small line-based markup:

==================  ==========================================================
``%title T``        title page: title (``%subtitle``, ``%tagline`` likewise);
                    the title page ends at the first other line
``# H`` / ``## H``  heading / subheading
``1. text``         numbered step (any number; steps are renumbered 1, 2, ...)
``- text``          bullet point
``   more``         a line indented by 2+ spaces continues the list item above;
``   - sub``        indented ``- `` lines are sub-bullets of that item
``| a | b |``       table row; the first row of a table is its header
``[figure N] cap``  an illustrated example (``figures[N](width)``), captioned
``> text``          a shaded note
``---``             page break
text                paragraph (consecutive lines join; a blank line ends it)
==================  ==========================================================

Inline: ``**bold**``, ``*italic*``, ``` `code` ``` (condensed face), ``◆{id}``
(a rule or name of ours, :mod:`.ours`: drawn as a small diamond in DejaVu Sans,
the booklet face Roboto has no such glyph). Everything else is escaped, so deck
data cannot inject ReportLab markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from ..errors import RenderError
from ..render.fonts import CONDENSED, DEJAVU, SANS, SANS_BOLD
from .ours import MARK, TOKEN
from .scripts import with_fallbacks
from .setting import LATIN, Script, SetText
from .style import BOOKLET, BookletStyle

FigureMaker = Callable[[float], Flowable]
SHORT_LIST = 6  # lists this short are not split across pages
SHORT_TABLE = 12  # nor tables this short

_NUMBERED = re.compile(r"^\d+[.)]\s+(.*)$")
_FIGURE = re.compile(r"^\[figure\s+([\w-]+)\]\s*(.*)$")


def inline(text: str) -> str:
    """Escape ``text`` and turn the inline markup into ReportLab paragraph tags."""
    out = with_fallbacks(text)  # escaped; runs the booklet's font lacks (Japanese...) in a fallback font
    out = re.sub(r"`([^`]+)`", rf'<font name="{CONDENSED}">\1</font>', out)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)
    return TOKEN.sub(MARK, out).replace(MARK, MARKER_TAG)


# the marker of a rule or name of ours: the accent colour, a little smaller than the text
MARKER_TAG = f'<font name="{DEJAVU}" color="{BOOKLET.accent}" size="7">{MARK}</font>'



@dataclass
class _Block:
    kind: str  # para | numbered | bullet | table | note
    lines: list[str] = field(default_factory=list)
    subs: dict[int, list[str]] = field(default_factory=dict)  # list item -> its sub-bullets


@dataclass
class Parsed:
    title: list[tuple[str, str]]  # (style name, text) of the title page
    body: list[Flowable]


def set_text(text: str, sheet: str, style: BookletStyle, script: Script = LATIN) -> Flowable:
    """One paragraph of markup in the style ``sheet``: ReportLab's paragraph, or the text
    engine's (:mod:`.setting`) for a right-to-left booklet and for text in a script that
    needs it (Arabic, Hebrew, Japanese...)."""
    if script.wants(text):
        return SetText(text, style.sheets[sheet], script, colors.HexColor(style.accent))
    return Paragraph(inline(text), style.sheets[sheet])


class _Builder:
    def __init__(self, style: BookletStyle, width: float, figures: Mapping[str, FigureMaker],
                 script: Script = LATIN) -> None:
        self.style = style
        self.sheets = style.sheets
        self.width = width
        self.figures = figures
        self.script = script
        self.out: list[Flowable] = []
        self.block: _Block | None = None

    def para(self, text: str, sheet: str) -> Flowable:
        return set_text(text, sheet, self.style, self.script)

    def _sides(self, indent: float) -> dict[str, object]:
        """A list's indent and bullet side: on the right in a right-to-left booklet."""
        if self.script.rtl:
            return {"leftIndent": 0, "rightIndent": indent, "bulletDir": "rtl"}
        return {"leftIndent": indent}

    def flush(self) -> None:
        block, self.block = self.block, None
        if block is None:
            return
        if block.kind == "para":
            text = " ".join(block.lines)
            para = self.para(text, "body")
            para.keepWithNext = text.endswith(":")  # an introduction stays with what it introduces
            self.out.append(para)
        elif block.kind == "note":
            self.out.append(self.para(" ".join(block.lines), "note"))
        elif block.kind in ("numbered", "bullet"):
            made = self._list(block)
            if len(block.lines) <= SHORT_LIST:
                self.keep([made])
            else:
                self.out.append(made)
        elif block.kind == "table":
            table = self._table(block.lines)
            if len(block.lines) <= SHORT_TABLE:
                self.keep([table, Spacer(1, 6)])
            else:
                self.out.append(table)

    def keep(self, parts: list[Flowable]) -> None:
        """Append ``parts`` as one unsplittable block, with the headings and introductions
        just before it (ReportLab's keepWithNext does not reach into a KeepTogether)."""
        lead: list[Flowable] = []
        while self.out and not isinstance(self.out[-1], KeepTogether) and self.out[-1].getKeepWithNext():
            lead.insert(0, self.out.pop())
        self.out.append(KeepTogether(lead + parts))

    def _list(self, block: _Block) -> Flowable:
        items = []
        for i, text in enumerate(block.lines):
            para = self.para(text, "item")
            if i in block.subs:
                items.append(ListItem([para, self._bullets(block.subs[i], space=0)]))
            else:
                items.append(ListItem(para))
        if block.kind == "numbered":
            return ListFlowable(items, bulletType="1", bulletFontName=SANS_BOLD,
                                bulletFontSize=self.style.body_size, **self._sides(16),
                                bulletColor=colors.HexColor(self.style.accent), spaceAfter=4)
        return ListFlowable(items, bulletType="bullet", start="•", **self._sides(12), bulletFontName=SANS,
                            bulletFontSize=self.style.body_size,
                            bulletColor=colors.HexColor(self.style.accent), spaceAfter=4)

    def _bullets(self, texts: list[str], space: float) -> Flowable:
        return ListFlowable([ListItem(self.para(t, "item")) for t in texts],
                            bulletType="bullet", start="–", **self._sides(10), bulletFontName=SANS,
                            bulletFontSize=self.style.body_size,
                            bulletColor=colors.HexColor(self.style.accent), spaceAfter=space)

    def _table(self, rows: list[str]) -> Table:
        cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
        ncols = max(len(r) for r in cells)
        data: list[list[Flowable]] = [[self.para(c, "head" if i == 0 else "cell") for c in r]
                                      + [Paragraph("", self.sheets["cell"])] * (ncols - len(r))
                                      for i, r in enumerate(cells)]
        if self.script.rtl:  # right to left: the first column on the right
            data = [row[::-1] for row in data]
        table = Table(data, colWidths=[self.width / ncols] * ncols, repeatRows=1,
                      hAlign="RIGHT" if self.script.rtl else "LEFT")
        commands: list[tuple] = [
            ("FONTNAME", (0, 0), (-1, -1), SANS),  # ReportLab's default would be Helvetica, not embedded
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(self.style.table_head_fill)),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.HexColor(self.style.accent)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ]
        for r in range(2, len(data), 2):
            commands.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor(self.style.table_stripe)))
        table.setStyle(TableStyle(commands))
        return table

    def add(self, kind: str, text: str) -> None:
        if self.block is None or self.block.kind != kind:
            self.flush()
            self.block = _Block(kind)
        self.block.lines.append(text)

    def line(self, raw: str) -> None:
        text = raw.strip()
        if not text:
            self.flush()
        elif raw.startswith("  ") and self.block is not None and self.block.kind in ("numbered", "bullet"):
            last = len(self.block.lines) - 1
            if text.startswith("- "):
                self.block.subs.setdefault(last, []).append(text[2:])
            elif last in self.block.subs:
                self.block.subs[last][-1] += " " + text
            else:
                self.block.lines[-1] += " " + text
        elif text == "---":
            self.flush()
            self.out.append(PageBreak())
        elif text.startswith("## "):
            self.flush()
            self.out.append(self.para(text[3:], "h2"))
        elif text.startswith("# "):
            self.flush()
            self.out.append(self.para(text[2:], "h1"))
        elif (m := _FIGURE.match(text)) is not None:
            self.flush()
            self.keep(self._figure(m.group(1), m.group(2)))
        elif (m := _NUMBERED.match(text)) is not None:
            self.add("numbered", m.group(1))
        elif text.startswith("- "):
            self.add("bullet", text[2:])
        elif text.startswith("|"):
            self.add("table", text)
        elif text.startswith("> "):
            self.add("note", text[2:])
        else:
            self.add("para", text)

    def _figure(self, name: str, caption: str) -> list[Flowable]:
        if name not in self.figures:
            raise RenderError(f"rule template names an unknown figure {name!r}; "
                              f"figures: {', '.join(sorted(self.figures)) or 'none'}")
        parts = [Spacer(1, 4), self.figures[name](self.width)]
        if caption:
            parts.append(self.para(caption, "caption"))
        return parts


def parse(text: str, style: BookletStyle, width: float,
          figures: Mapping[str, FigureMaker] | None = None, script: Script = LATIN) -> Parsed:
    """Split ``text`` into the title page lines and the body flowables (``width`` in points);
    ``script``: how the booklet's language sets its text (:mod:`.setting`)."""
    builder = _Builder(style, width, figures or {}, script)
    title: list[tuple[str, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines) and (lines[i].startswith("%") or not lines[i].strip()):
        key, _, value = lines[i][1:].partition(" ")
        if lines[i].strip():
            if key not in ("title", "subtitle", "tagline"):
                raise RenderError(f"rule template: unknown title line %{key}; use %title, %subtitle or %tagline")
            title.append((key, value.strip()))
        i += 1
    for raw in lines[i:]:
        builder.line(raw)
    builder.flush()
    return Parsed(title, builder.out)


def title_flowables(title: list[tuple[str, str]], style: BookletStyle, height: float,
                    cover: Flowable | None = None, script: Script = LATIN) -> list[Flowable]:
    """The title page: the lines a fifth of the way down ``height`` (points), then ``cover``."""
    out: list[Flowable] = [Spacer(1, height * 0.2)]
    for kind, text in title:
        out.append(set_text(text, kind, style, script))
    if cover is not None:
        out += [Spacer(1, height * 0.06), cover]
    out.append(PageBreak())
    return out
