"""Text a font cannot draw is reported per card, never printed as empty boxes.

(Text elements go further: ``textruns`` draws each character in the first font of a
fallback chain that has it. The one-font strings here are attribute tables, symbol
labels and court-card letters.)

Before a string is drawn its characters are looked up in the font's character
map (ReportLab's ``TTFont.face.charToGlyph``). Characters the font lacks are:

- drawn in the bundled fallback font (DejaVu Sans, which covers Greek, Cyrillic,
  Hebrew, Arabic letters, many symbols) when it has them all — with a warning
  naming card, element, font and characters;
- otherwise left out, with a warning naming the characters that could not be drawn.

Invisible format characters (bidi controls, zero-width joiners, a stray BOM) and
control characters other than the line break are dropped silently: they have no
ink to draw.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

from ..fonts import DEJAVU, DEJAVU_BOLD

SHOWN = 12  # characters listed in one warning


@lru_cache(maxsize=64)
def _cmap(font: str) -> frozenset[int]:
    face = getattr(pdfmetrics.getFont(font), "face", None)
    mapping = getattr(face, "charToGlyph", None)
    return frozenset(mapping) if mapping else frozenset()


def _invisible(ch: str) -> bool:
    return ch != "\n" and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")


def missing(text: str, font: str) -> str:
    """The distinct visible characters of ``text`` that ``font`` has no glyph for, in order."""
    have = _cmap(font)
    if not have:  # not a TrueType font we can inspect: nothing to report
        return ""
    out: dict[str, None] = {}
    for ch in text:
        if ord(ch) not in have and not ch.isspace() and not _invisible(ch):
            out[ch] = None
    return "".join(out)


def describe(chars: str) -> str:
    shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in chars[:SHOWN])
    more = len(chars) - SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def _fallback(font: str) -> str:
    return DEJAVU_BOLD if "bold" in font.lower() else DEJAVU


def drawable(text: str, font: str, warn: Callable[[str], None], *, switch: bool = True
             ) -> tuple[str, str]:
    """(text, font) to draw: invisible characters dropped, missing glyphs handled and reported.

    With ``switch`` the whole string may move to the fallback font; without (a table
    that must keep one font), characters the font lacks are left out.
    """
    clean = "".join(ch for ch in text if not (_invisible(ch) and ord(ch) not in _cmap(font)))
    lacking = missing(clean, font)
    if not lacking:
        return clean, font
    fallback = _fallback(font)
    if switch and fallback != font and not missing(clean, fallback):
        warn(f"font {font} has no glyph for {describe(lacking)}; drawn in {fallback} instead")
        return clean, fallback
    gone = set(lacking)
    warn(f"font {font} has no glyph for {describe(lacking)}; "
         f"{'these characters were' if len(lacking) > 1 else 'it was'} left out")
    return "".join(ch for ch in clean if ch not in gone), font
