"""Where a line may break: the Unicode line-breaking algorithm (UAX #14), then hyphenation.

- **UAX #14** (through uniseg): between Chinese or Japanese characters a line may
  break anywhere *except* before closing punctuation and small kana (``、`` ``。``
  ``」`` ``ー``) and after opening punctuation (``「`` ``（``), the rules of
  kinsoku shori; in other scripts after a space, a hyphen or a slash.
- **Hyphenation** (through pyphen's dictionaries, the ones LibreOffice uses) in the
  languages pyphen knows (``fr``, ``de``, ``es``, ``pt-BR``…): a word too wide for a
  line on its own is broken at a hyphenation point with a hyphen added, rather
  than between two arbitrary letters.

Text fitting (:mod:`.textfit`) wraps at spaces and, in Chinese and Japanese, at the
UAX #14 opportunities next to ideographs (:mod:`.textruns`); the other
opportunities (after ``-`` or ``/``) and hyphenation points are used only for a word
that does not fit a line by itself, so text that fits breaks as it always did.
"""

from __future__ import annotations

from functools import lru_cache

import pyphen
from uniseg.linebreak import line_break_boundaries

OBJECT = "\ufffc"  # what an inline icon is, to the algorithm (class CB: a break around it)


@lru_cache(maxsize=4096)
def opportunities(text: str) -> frozenset[int]:
    """Offsets ``i`` (0 < i < len) where a line may break before ``text[i]`` (UAX #14)."""
    if len(text) < 2:
        return frozenset()
    return frozenset(b for b in line_break_boundaries(text) if 0 < b < len(text))


@lru_cache(maxsize=32)
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    found = pyphen.language_fallback(lang.replace("-", "_")) if lang else None
    return pyphen.Pyphen(lang=found) if found else None


def knows(lang: str) -> bool:
    """Can words in ``lang`` be hyphenated?"""
    return _dictionary(lang) is not None


@lru_cache(maxsize=4096)
def hyphenation_points(word: str, lang: str) -> tuple[int, ...]:
    """Offsets in ``word`` where it may be hyphenated in ``lang`` (a hyphen added); none
    for a language pyphen does not know. Runs of letters are hyphenated one by one."""
    dic = _dictionary(lang)
    if dic is None:
        return ()
    out: list[int] = []
    start = None
    for i, ch in enumerate(word + " "):
        if ch.isalpha():
            start = i if start is None else start
            continue
        if start is not None and i - start >= 5:
            out += [start + p for p in dic.positions(word[start:i])]
        start = None
    return tuple(out)


def break_points(text: str, lang: str) -> tuple[tuple[int, bool], ...]:
    """Where a word too wide for its line may break, last first: (offset, add a hyphen)."""
    points = {i: False for i in opportunities(text)}
    for i in hyphenation_points(text, lang):
        points.setdefault(i, text[i - 1] not in "-\u2010\u00ad/")
    return tuple(sorted(points.items(), reverse=True))
