"""Booklet text in every script, set by the card path's text engine (issue 51).

ReportLab's own paragraphs draw letters one by one, left to right: Arabic unjoined,
Hebrew backwards, Japanese broken before ``、``. So a booklet text that needs more
than that — any text of a right-to-left booklet (``ar``, ``he``, ``fa``...), and any
text holding right-to-left, complex-script, Chinese or Japanese characters — is set
by :class:`SetText` with what the card sheets use (:mod:`generator.render.layout`):

- each character in the first font of the fallback chain that has it (``textruns``);
- the Unicode bidirectional algorithm (python-bidi) per paragraph, the paragraph's
  direction the booklet's (right to left in an RTL language, else its first strong
  character's), so numbers and Latin names inside Arabic or Hebrew stay in order;
- HarfBuzz shaping (uharfbuzz) of Arabic, Hebrew and the other complex scripts;
- line breaks where UAX #14 allows (uniseg): between Japanese or Chinese characters
  but never before ``、`` ``。`` ``」`` nor after ``「`` (kinsoku);
- each line's runs put in display order (rule L2), the paragraph aligned to the
  right in a right-to-left booklet.

Every other text (English, German...) is set by ReportLab's paragraphs as before, so
those booklets do not change by a byte. :class:`Script` says which path a booklet
takes, and collects the text that could not be shaped or ordered (``--strict``
refuses the booklet, :mod:`.build` names the ``.po`` or template line).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bidi.algorithm import (
    explicit_embed_and_overrides,
    get_base_level,
    get_embedding_levels,
    get_empty_storage,
    resolve_implicit_levels,
    resolve_neutral_types,
    resolve_weak_types,
)
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..render.fonts import CONDENSED, DEJAVU, HANGUL, ensure_font, is_hangul
from ..render.layout.glyphs import _invisible
from ..render.layout.linebreak import opportunities
from ..render.layout.mirror import right_to_left
from ..render.layout.textruns import (
    _RTL,
    Seg,
    _chain,
    _cjk,
    _complex,
    _hangul_first,
    _has,
    _neutral,
    make_seg,
)
from .ours import MARK, TOKEN

SLANT = 0.2126  # tan(12°): an italic imitated for a font without an italic face
MARKER_SIZE = 7.0  # points: the marker of a rule of ours (as markup.MARKER_TAG)
_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def needs_engine(text: str) -> bool:
    """Does ``text`` hold characters ReportLab's paragraphs cannot set: right-to-left,
    complex-script (joined), Chinese or Japanese ones?"""
    if text.isascii():
        return False
    return any(unicodedata.bidirectional(ch) in _RTL or _complex(ch) or _cjk(ch) for ch in text if ord(ch) >= 0x0590)


@dataclass(frozen=True)
class Unset:
    """Text that could not be set for its script: the text and why."""

    text: str
    why: str


@dataclass
class Script:
    """How a booklet in ``lang`` sets its text, and what could not be set (``unset``)."""

    lang: str = ""
    unset: list[Unset] = field(default_factory=list)

    @property
    def rtl(self) -> bool:
        return right_to_left(self.lang)

    def wants(self, text: str) -> bool:
        """Is ``text`` set by the engine (:class:`SetText`) rather than ReportLab's paragraph?"""
        return self.rtl or needs_engine(text)

    def record(self, text: str, ws: Sequence[Word], base: int) -> None:
        """Note ``text`` (set as ``ws``) where it could not be ordered or shaped for its script."""
        if self.rtl and base % 2 == 0:
            self.unset.append(Unset(text, "was not ordered right to left"))
        left = _unshaped(ws)
        if left:
            self.unset.append(Unset(left, "could not be shaped (its letters would print unjoined)"))

    def examine(self, text: str, font: str) -> None:
        """:meth:`record` for a line drawn outside the story (the pages' footer)."""
        if self.wants(text):
            ensure_font(font)
            self.record(text, *words(text, font, True if self.rtl else None, markup=False))


LATIN = Script()  # a booklet in a left-to-right language: the engine only for text that needs it


@dataclass(frozen=True)
class Piece:
    """A run of one font, colour and bidi level: a measured (shaped) segment."""

    seg: Seg
    color: Any = None  # None: the paragraph's colour
    size: float | None = None  # None: the paragraph's size

    def width(self, size: float) -> float:
        return self.seg.width * (self.size or size)


@dataclass(frozen=True)
class Word:
    pieces: tuple[Piece, ...]
    glue: bool  # no space before it (between CJK characters)
    space: Seg | None  # the space before it (its font and level)

    def width(self, size: float) -> float:
        return sum(p.width(size) for p in self.pieces)


# (text, bold, italic, font or "", colour or None, size or None) of a run of the booklet's inline markup
Span = tuple[str, bool, bool, str, Any, float | None]


def spans(text: str, accent: Any = None) -> list[Span]:
    """The booklet's inline markup (:mod:`.markup`): ``**bold**``, ``*italic*``, ```code```
    (the condensed face) and ``◆{id}`` (the marker, in DejaVu Sans and the accent colour)."""
    text = TOKEN.sub(MARK, text)
    out: list[Span] = []
    for i, part in enumerate(_CODE.split(text)):
        if i % 2:
            out.append((part, False, False, CONDENSED, None, None))
            continue
        for j, bold_part in enumerate(_BOLD.split(part)):
            for k, piece in enumerate(_ITALIC.split(bold_part)):
                for m, plain in enumerate(piece.split(MARK)):
                    if m:
                        out.append((MARK, False, False, DEJAVU, accent, MARKER_SIZE))
                    if plain:
                        out.append((plain, bool(j % 2), bool(k % 2), "", None, None))
    return out


def levels(text: str, rtl: bool | None) -> list[int]:
    """Bidi embedding levels of ``text`` (one paragraph); its direction right to left,
    left to right, or (None) its first strong character's (rules P2, P3)."""
    if not text:
        return []
    if rtl is None and not any(unicodedata.bidirectional(ch) in _RTL for ch in text):
        return [0] * len(text)
    storage = get_empty_storage()
    base = get_base_level(text) if rtl is None else int(rtl)
    storage["base_level"], storage["base_dir"] = base, ("L", "R")[base]
    get_embedding_levels(text, storage)
    explicit_embed_and_overrides(storage)
    resolve_weak_types(storage)
    resolve_neutral_types(storage, False)
    resolve_implicit_levels(storage, False)
    return [int(c["level"]) for c in storage["chars"]]


Atom = tuple[str, tuple[str, bool, bool], int, Any, float | None]  # character, face, level, colour, size


def _atoms(runs: Sequence[Span], font: str, rtl: bool | None) -> tuple[list[Atom], int]:
    chars = [(ch, run) for run in runs for ch in run[0] if not _invisible(ch)]
    found = levels("".join(ch for ch, _ in chars), rtl)
    base = int(rtl) if rtl is not None else (min(found) if found else 0)
    atoms: list[Atom] = []
    prev: tuple[str, bool, bool] | None = None
    for (ch, (_, bold, italic, own, color, size)), level in zip(chars, found, strict=True):
        chain = _chain(own or font, bold, italic, ())
        if is_hangul(ch) and any(f[0] == HANGUL for f in chain):
            chain = _hangul_first(chain)
        if prev is not None and not own and _neutral(ch) and _has(prev[0], ch):
            face = prev
        else:
            face = next((f for f in chain if _has(f[0], ch)), chain[0])  # none: glyphcheck reports it
        if not ch.isspace():
            prev = face
        atoms.append((ch, face, level, color, size))
    return atoms, base


def _pieces(atoms: Sequence[Atom]) -> tuple[Piece, ...]:
    out: list[Piece] = []
    run: list[str] = []
    key: tuple[tuple[str, bool, bool], int, Any, float | None, bool] | None = None

    def flush() -> None:
        if run and key is not None:
            (font, fb, fi), level, color, size, _punct = key
            out.append(Piece(make_seg("".join(run), font, level, fb, fi), color, size))
        run.clear()

    for ch, face, level, color, size in atoms:
        # punctuation is a run of its own: a right-to-left word's full stop is then written after
        # the word (logical order), not inside its shaped glyphs (display order), for text readers;
        punct = unicodedata.category(ch)[0] == "P"  # each mark its own run: none drawn reversed
        if punct or (face, level, color, size, punct) != key:
            flush()
            key = (face, level, color, size, punct)
        run.append(ch)
    flush()
    return tuple(out)


def words(text: str, font: str, rtl: bool | None, accent: Any = None, markup: bool = True
          ) -> tuple[tuple[Word, ...], int]:
    """``text`` (one paragraph of inline markup; plain text without ``markup``) as measured
    words, and its base level.
    Words break at spaces and, next to Chinese or Japanese characters, where UAX #14
    allows (so never before ``、`` ``。`` ``」`` nor after ``「``)."""
    runs = spans(text, accent) if markup else [(text, False, False, "", None, None)]
    atoms, base = _atoms(runs, font, rtl)
    chars = "".join(a[0] for a in atoms)
    breaks = opportunities(chars) if any(_cjk(ch) for ch in chars) else frozenset()
    out: list[Word] = []
    cur: list[Atom] = []
    space: Seg | None = None
    glue = False

    def close() -> None:
        if cur:
            out.append(Word(_pieces(cur), glue, space))
            cur.clear()

    pending: Seg | None = None
    for i, atom in enumerate(atoms):
        ch, face, level = atom[0], atom[1], atom[2]
        if ch.isspace():
            close()
            pending = make_seg(" ", face[0], level)
            continue
        if cur and i in breaks and (_cjk(ch) or _cjk(chars[i - 1])):
            close()
            space, glue = None, True
        if not cur:
            if pending is not None or not out:
                space, glue = pending, False
            pending = None
        cur.append(atom)
    close()
    return tuple(out), base


def _reorder(items: list[tuple[int, Any]]) -> list[Any]:
    """Rule L2: items (level, thing) of one line, logical order -> display order."""
    if not items:
        return []
    top = max(level for level, _ in items)
    low = min((level for level, _ in items if level % 2), default=top + 1)
    out = list(items)
    for level in range(top, low - 1, -1):
        i = 0
        while i < len(out):
            if out[i][0] >= level:
                j = i
                while j < len(out) and out[j][0] >= level:
                    j += 1
                out[i:j] = out[i:j][::-1]
                i = j
            else:
                i += 1
    return [thing for _, thing in out]


Line = tuple[Word, ...]


def _split(w: Word, width: float, size: float) -> tuple[Word, Word] | None:
    """A word wider than a whole line (a long path in a table cell) cut between two
    characters of a plain, unshaped run, as much as fits on the line first; None where it
    cannot be cut there (a shaped run, or not one character fits)."""
    used = 0.0
    for k, p in enumerate(w.pieces):
        at = p.size or size
        if used + p.seg.width * at <= width:
            used += p.seg.width * at
            continue
        if p.seg.drawn != p.seg.text or p.seg.level % 2 or len(p.seg.text) < 2:
            return None
        cut = 0
        while cut + 1 < len(p.seg.text) and used + pdfmetrics.stringWidth(p.seg.text[:cut + 1], p.seg.font, at) <= width:
            cut += 1
        if cut == 0 and k == 0:
            return None
        seg = p.seg
        head = [*w.pieces[:k], *([Piece(make_seg(seg.text[:cut], seg.font, seg.level, seg.fake_bold, seg.fake_italic),
                                        p.color, p.size)] if cut else [])]
        tail = [Piece(make_seg(seg.text[cut:], seg.font, seg.level, seg.fake_bold, seg.fake_italic), p.color, p.size),
                *w.pieces[k + 1:]]
        return Word(tuple(head), w.glue, w.space), Word(tuple(tail), True, None)
    return None


def wrap(ws: Sequence[Word], width: float, size: float) -> list[Line]:
    """Greedy lines of at most ``width`` points; a word wider than a line is cut between
    characters where it can be (:func:`_split`), else has a line of its own."""
    lines: list[Line] = []
    line: list[Word] = []
    used = 0.0
    queue = list(reversed(ws))
    while queue:
        w = queue.pop()
        gap = 0.0 if not line or w.glue or w.space is None else w.space.width * size
        if line and used + gap + w.width(size) > width + 1e-6:
            lines.append(tuple(line))
            line, used, gap = [], 0.0, 0.0
        if not line and w.width(size) > width + 1e-6 and (parts := _split(w, width, size)) is not None:
            w, rest = parts
            queue.append(rest)
            lines.append((w,))
            continue
        line.append(w)
        used += gap + w.width(size)
    if line or not lines:
        lines.append(tuple(line))
    return lines


def display(line: Line, base: int) -> list[tuple[int, Piece]]:
    """The line's pieces (spaces between words included) in display order, each with its
    place in logical order."""
    items: list[tuple[int, Any]] = []
    for i, w in enumerate(line):
        if i and not w.glue and w.space is not None:
            items.append((w.space.level, Piece(w.space)))
        items += [(p.seg.level, p) for p in w.pieces]
    numbered = [(level, (n, piece)) for n, (level, piece) in enumerate(items)]
    if base == 0 and not any(level for level, _ in items):
        return [thing for _, thing in numbered]
    return _reorder(numbered)


def line_width(line: Line, size: float) -> float:
    return sum(w.width(size) + (w.space.width * size if i and not w.glue and w.space is not None else 0.0)
               for i, w in enumerate(line))


def draw_pieces(canvas: Canvas, pieces: Sequence[tuple[int, Piece]], x: float, y: float, size: float,
                color: Any) -> None:
    """Pieces in display order from ``x`` on the baseline ``y``. Each is placed where the
    display order puts it, but written into the PDF in logical order (as PDF/UA asks),
    so a reader that extracts text in content order (``pdftotext -raw``, PyMuPDF,
    copy and paste) gets the sentence as it is read."""
    placed: list[tuple[int, Piece, float]] = []
    for n, p in pieces:
        placed.append((n, p, x))
        x += p.seg.width * (p.size or size)
    t = canvas.beginText()
    for _n, p, x in sorted(placed, key=lambda item: item[0]):
        at = p.size or size
        if p.seg.text:  # spaces too: a reader extracting the text finds the words apart
            if p.seg.fake_italic:
                t.setTextTransform(1, 0, SLANT, 1, x, y)
            else:
                t.setTextOrigin(x, y)
            t.setFont(p.seg.font, at)
            t.setFillColor(p.color if p.color is not None else color)
            t.setTextRenderMode(2 if p.seg.fake_bold else 0)
            t.textOut(p.seg.drawn)
    canvas.drawText(t)


def _unshaped(ws: Sequence[Word]) -> str:
    """The runs of complex-script letters HarfBuzz did not shape (drawn as separate letters)."""
    return " ".join(p.seg.text for w in ws for p in w.pieces
                    if type(p.seg.drawn) is str and any(_complex(ch) for ch in p.seg.text)
                    and getattr(pdfmetrics.getFont(p.seg.font), "shapable", False))


class SetText(Flowable):
    """A paragraph of booklet markup set by the text engine, in a ParagraphStyle's font,
    size, leading, colour, spacing, indents, background and alignment (a right-to-left
    paragraph is aligned right)."""

    def __init__(self, text: str, style: ParagraphStyle, script: Script, accent: Any = None) -> None:
        super().__init__()
        self.text = text
        self.style = style
        self.script = script
        for font in {style.fontName, DEJAVU, CONDENSED}:
            ensure_font(font)
        self.words, self.base = words(text, style.fontName, True if script.rtl else None, accent)
        script.record(text, self.words, self.base)
        self.lines: list[Line] = []
        self._width = 0.0

    def _inner(self, avail: float) -> float:
        return avail - self.style.leftIndent - self.style.rightIndent

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._width = availWidth
        self.lines = wrap(self.words, self._inner(availWidth), self.style.fontSize)
        self.width, self.height = availWidth, len(self.lines) * self.style.leading
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        lines = wrap(self.words, self._inner(availWidth), self.style.fontSize)
        fit = int(availHeight // self.style.leading)
        if fit < 1 or fit >= len(lines):
            return []
        head, tail = (_Lines(self, tuple(part)) for part in (lines[:fit], lines[fit:]))
        head.style = tail.style = self.style
        return [head, tail]

    def draw(self) -> None:
        _draw(self, self.lines)


class _Lines(Flowable):
    """Part of a :class:`SetText` split across pages: its lines, set as they were wrapped."""

    def __init__(self, whole: SetText, lines: tuple[Line, ...]) -> None:
        super().__init__()
        self.whole, self.lines = whole, lines
        self.base, self.text = whole.base, whole.text

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = availWidth, len(self.lines) * self.whole.style.leading
        return self.width, self.height

    def draw(self) -> None:
        _draw(self, list(self.lines))


def _draw(f: Any, lines: Sequence[Line]) -> None:
    style: ParagraphStyle = f.style
    canvas: Canvas = f.canv
    size, leading = style.fontSize, style.leading
    left, inner = style.leftIndent, f.width - style.leftIndent - style.rightIndent
    if style.backColor is not None:
        top, right, bottom, lft = _padding(style.borderPadding)
        canvas.saveState()
        canvas.setFillColor(style.backColor)
        canvas.rect(left - lft, -bottom, inner + lft + right, f.height + top + bottom, stroke=0, fill=1)
        canvas.restoreState()
    color = style.textColor or colors.black
    canvas.saveState()
    canvas.setLineWidth(size * 0.035)  # the outline of an imitated bold
    canvas.setStrokeColor(color)
    for n, line in enumerate(lines):
        width = line_width(line, size)
        if style.alignment == TA_CENTER:
            x = left + (inner - width) / 2
        elif f.base % 2 or style.alignment == 2:  # right to left, or TA_RIGHT
            x = left + inner - width
        else:
            x = left
        y = f.height - size - n * leading
        draw_pieces(canvas, display(line, f.base), x, y, size, color)
    canvas.restoreState()


def _padding(pad: Any) -> tuple[float, float, float, float]:
    """(top, right, bottom, left) of a ParagraphStyle's borderPadding."""
    if isinstance(pad, (int, float)):
        return (float(pad),) * 4  # type: ignore[return-value]
    parts = [float(p) for p in pad]
    while len(parts) < 4:
        parts.append(parts[len(parts) - 2] if len(parts) >= 2 else parts[0])
    return parts[0], parts[1], parts[2], parts[3]


def draw_centred(canvas: Canvas, text: str, font: str, size: float, x: float, y: float, color: Any,
                 script: Script = LATIN) -> None:
    """One line of plain text centred on ``x`` (a page footer, a figure's label), set by the engine."""
    ensure_font(font)
    line, base = words(text, font, True if script.rtl else None, markup=False)
    draw_pieces(canvas, display(line, base), x - line_width(line, size) / 2, y, size, color)

