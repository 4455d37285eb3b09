"""Rich text as measured words: each character in the first font that has it, right-to-left
scripts shaped and ordered, icons as square glyphs.

A line of :class:`.richtext.Span` becomes :class:`Word` s (broken at spaces, and
between CJK characters, which need none) made of :class:`Seg` ments: a run of
characters in one font, style and bidi level, or one icon. Widths are at 1 pt
(they scale with the size), so the fitter can try sizes without measuring again.

- **Fonts.** A character is drawn in the text's own face (the bold or italic
  face of its font for ``**`` / ``*`` text), else the first bundled fallback that
  has it (DejaVu Sans, DejaVu Serif, Roboto, Droid Sans Fallback for Chinese and
  Japanese, NanumSquare for Korean: tried before Droid for Hangul), else
  the first project font that does. Spaces and punctuation stay in the font of
  the text around them. A character no font has is left out and reported.
- **Bidi and shaping.** Levels come from the Unicode bidi algorithm (python-bidi);
  runs of Arabic, Hebrew and other complex scripts are shaped by HarfBuzz
  (uharfbuzz, through ReportLab's shaped strings) so letters join, and
  :func:`visual` puts a line's segments in display order.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from bidi.algorithm import (
    explicit_embed_and_overrides,
    get_base_level,
    get_embedding_levels,
    get_empty_storage,
    resolve_implicit_levels,
    resolve_neutral_types,
    resolve_weak_types,
)
from bidi.mirror import MIRRORED
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import shapeStr

from ..fonts import CJK, FALLBACKS, HANGUL, ensure_font, is_hangul, variant
from .glyphs import _cmap, _invisible
from .linebreak import OBJECT, opportunities
from .richtext import Span, parse

ICON_EM = 1.0  # an icon's advance, in ems: a 0.84 em square with a little space each side
_RTL = frozenset(("R", "AL", "AN", "RLE", "RLO", "RLI"))
# scripts whose letters change shape with their neighbours: shaped by HarfBuzz
_COMPLEX = ((0x0590, 0x08FF), (0x0900, 0x0DFF), (0x0E00, 0x0FFF), (0x1000, 0x109F),
            (0x1780, 0x17FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))


@dataclass(frozen=True)
class Seg:
    text: str  # logical order ("" for an icon)
    font: str
    level: int  # bidi embedding level: odd is right-to-left
    width: float  # at 1 pt
    drawn: str  # what is drawn: the text, reversed (RTL, unshaped) or a ReportLab ShapedStr
    fake_bold: bool = False
    fake_italic: bool = False
    icon: str | None = None


@dataclass(frozen=True)
class Word:
    segs: tuple[Seg, ...]
    width: float  # at 1 pt
    glue: bool = False  # no space before it (between CJK characters)
    space: float = 0.0  # width at 1 pt of the space before it
    space_font: str = ""
    space_level: int = 0


@dataclass(frozen=True)
class Paragraph:
    words: tuple[Word, ...]
    missing: str  # characters no font could draw (left out)

    @property
    def width(self) -> float:
        """On one line, at 1 pt."""
        return sum(w.width + (0.0 if i == 0 or w.glue else w.space) for i, w in enumerate(self.words))


def _complex(ch: str) -> bool:
    o = ord(ch)
    return any(a <= o <= b for a, b in _COMPLEX)


def _has(font: str, ch: str) -> bool:
    return ensure_font(font) and ord(ch) in _cmap(font)


def _neutral(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch)[0] in "PZM"


@lru_cache(maxsize=256)
def _chain(font: str, bold: bool, italic: bool, project: tuple[str, ...]) -> tuple[tuple[str, bool, bool], ...]:
    """(font, fake bold, fake italic) to try, in order, for text of this style."""
    return tuple(dict.fromkeys(variant(f, bold, italic) for f in (font, *FALLBACKS, *project)))


@lru_cache(maxsize=256)
def _hangul_first(chain: tuple[tuple[str, bool, bool], ...]) -> tuple[tuple[str, bool, bool], ...]:
    """``chain`` with the Korean fallback moved before the CJK one (for Hangul characters)."""
    korean = tuple(f for f in chain if f[0] == HANGUL)
    rest = tuple(f for f in chain if f[0] != HANGUL)
    at = next((i for i, f in enumerate(rest) if f[0] == CJK), len(rest))
    return rest[:at] + korean + rest[at:]


def _levels(text: str) -> list[int]:
    if not any(unicodedata.bidirectional(ch) in _RTL for ch in text):
        return [0] * len(text)
    storage = get_empty_storage()
    base = get_base_level(text)
    storage["base_level"], storage["base_dir"] = base, ("L", "R")[base]
    get_embedding_levels(text, storage)
    explicit_embed_and_overrides(storage)
    resolve_weak_types(storage)
    resolve_neutral_types(storage, False)
    resolve_implicit_levels(storage, False)
    return [int(c["level"]) for c in storage["chars"]]


@lru_cache(maxsize=8192)
def make_seg(text: str, font: str, level: int, fake_bold: bool = False, fake_italic: bool = False) -> Seg:
    drawn: str = text
    width = pdfmetrics.stringWidth(text, font, 1.0)
    if any(_complex(ch) for ch in text) and getattr(pdfmetrics.getFont(font), "shapable", False):
        try:
            shaped = shapeStr(text, font, 1000.0)
        except Exception:  # a font HarfBuzz cannot read: drawn unshaped rather than not at all
            shaped = text
        data = getattr(shaped, "__shapeData__", None)
        if data is not None:
            drawn, width = shaped, sum(d.x_advance for d in data) / 1000.0
    elif level % 2:
        drawn = "".join(MIRRORED.get(ch, ch) for ch in reversed(text))
    return Seg(text, font, level, float(width), drawn, fake_bold, fake_italic)


def icon_seg(name: str, level: int) -> Seg:
    return Seg("", "", level, ICON_EM, "", icon=name)


Atom = tuple[str, tuple[str, bool, bool], int]  # character ("" for an icon), face, level


def _atoms(spans: tuple[Span, ...], font: str, project: tuple[str, ...]) -> tuple[list[Atom], list[str | None], str]:
    chars: list[tuple[str, Span]] = []
    for span in spans:
        if span.icon is not None:
            chars.append(("\ufffc", span))
        else:
            chars += [(ch, span) for ch in span.text if not _invisible(ch)]
    levels = _levels("".join(ch for ch, _ in chars))
    atoms: list[Atom] = []
    icons: list[str | None] = []
    missing: dict[str, None] = {}
    prev: tuple[str, bool, bool] | None = None
    for (ch, span), level in zip(chars, levels, strict=True):
        if span.icon is not None:
            atoms.append(("", ("", False, False), level))
            icons.append(span.icon)
            continue
        chain = _chain(font, span.bold, span.italic, project)
        if is_hangul(ch):
            chain = _hangul_first(chain)
        if prev is not None and _neutral(ch) and _has(prev[0], ch):
            face = prev
        else:
            found = next((f for f in chain if _has(f[0], ch)), None)
            if found is None:
                if not ch.isspace():
                    missing[ch] = None
                continue
            face = found
        if not ch.isspace():
            prev = face
        atoms.append((ch, face, level))
        icons.append(None)
    return atoms, icons, "".join(missing)


def _segs(atoms: list[Atom], icons: list[str | None]) -> tuple[Seg, ...]:
    out: list[Seg] = []
    run: list[str] = []
    key: tuple[tuple[str, bool, bool], int] | None = None
    for (ch, face, level), icon in zip(atoms, icons, strict=True):
        if icon is not None or (face, level) != key:
            if run and key is not None:
                out.append(make_seg("".join(run), key[0][0], key[1], key[0][1], key[0][2]))
            run, key = [], None
        if icon is not None:
            out.append(icon_seg(icon, level))
            continue
        run.append(ch)
        key = (face, level)
    if run and key is not None:
        out.append(make_seg("".join(run), key[0][0], key[1], key[0][1], key[0][2]))
    return tuple(out)


def word(segs: tuple[Seg, ...], like: Word | None = None, glue: bool = False) -> Word:
    base = like or Word((), 0.0)
    return Word(segs, sum(s.width for s in segs), glue, base.space, base.space_font, base.space_level)


def _cjk(ch: str) -> bool:
    """Full-width (Chinese, Japanese, Korean) characters, punctuation included."""
    return bool(ch) and unicodedata.east_asian_width(ch) in ("W", "F")


def _words(atoms: list[Atom], icons: list[str | None], font: str) -> tuple[Word, ...]:
    """Words of a line: broken at spaces, and next to CJK characters where UAX #14 allows
    (glued: no space), so never before ``、`` ``。`` ``」`` nor after ``「`` (:mod:`.linebreak`)."""
    space_w = pdfmetrics.stringWidth(" ", font, 1.0)
    words: list[Word] = []
    cur: list[int] = []
    glue = False
    spaced = True  # a space since the last word: the next one is not glued to it
    space_level = 0
    chars = [ch for ch, _, _ in atoms]
    breaks = (opportunities("".join(ch or OBJECT for ch in chars)) if any(_cjk(ch) for ch in chars)
              else frozenset())

    def close() -> None:
        if cur:
            segs = _segs([atoms[i] for i in cur], [icons[i] for i in cur])
            words.append(Word(segs, sum(s.width for s in segs), glue, space_w, font, space_level))
            cur.clear()

    for i, (ch, _, level) in enumerate(atoms):
        if ch.isspace():
            close()
            spaced, space_level = True, level
            continue
        if cur and i in breaks and (_cjk(ch) or _cjk(chars[i - 1])):
            close()
        if not cur:
            glue = not spaced and bool(words)
        cur.append(i)
        spaced = False
    close()
    return tuple(words)


def _simple(spans: tuple[Span, ...], font: str, project: tuple[str, ...]) -> Paragraph | None:
    """The common case quickly: one style, no icon, left-to-right text the face has in full."""
    if len(spans) != 1 or spans[0].icon is not None:
        return None
    span = spans[0]
    face, fake_bold, fake_italic = _chain(font, span.bold, span.italic, project)[0]
    if not ensure_font(face):
        return None
    have = _cmap(face)
    if not all(ord(ch) < 0x0590 and ch.isprintable() and (ch == " " or ord(ch) in have) for ch in span.text):
        return None
    space_w = pdfmetrics.stringWidth(" ", font, 1.0)
    words = []
    for part in span.text.split(" "):
        if part:
            seg = make_seg(part, face, 0, fake_bold, fake_italic)
            words.append(Word((seg,), seg.width, False, space_w, font, 0))
    return Paragraph(tuple(words), "")


@lru_cache(maxsize=4096)
def paragraphs(text: str, font: str, project: tuple[str, ...] = ()) -> tuple[Paragraph, ...]:
    """The text's lines (markup parsed) as words of measured segments."""
    out = []
    for spans in parse(text):
        simple = _simple(spans, font, project)
        if simple is None:
            atoms, icons, missing = _atoms(spans, font, project)
            simple = Paragraph(_words(atoms, icons, font), missing)
        out.append(simple)
    return tuple(out)


def visual(segs: list[Seg]) -> list[Seg]:
    """A line's segments (logical order) in display order (Unicode bidi rule L2)."""
    if not segs:
        return segs
    top = max(s.level for s in segs)
    low = min((s.level for s in segs if s.level % 2), default=top + 1)
    out = list(segs)
    for level in range(top, low - 1, -1):
        i = 0
        while i < len(out):
            if out[i].level >= level:
                j = i
                while j < len(out) and out[j].level >= level:
                    j += 1
                out[i:j] = out[i:j][::-1]
                i = j
            else:
                i += 1
    return out
