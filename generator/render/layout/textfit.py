"""Fit text into a box: shrink down to a minimum size, then wrap.

The text is rich (``textruns``: measured words of mixed fonts and icons). A line
that still does not fit at the minimum size is wrapped between words; a word too
wide for a line on its own is broken between characters; text that does not fit
even then is cut with an ellipsis and reported as overflowing (the caller warns,
naming card and element: nothing is clipped silently).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

from .linebreak import break_points
from .textruns import Paragraph, Seg, Word, make_seg, paragraphs, word

Line = tuple[Word, ...]
STEP = 0.25  # points between the sizes tried while wrapping


def block_height(lines: int, size: float, leading: float) -> float:
    """Height of ``lines`` lines set at ``size`` with ``leading`` (a factor)."""
    return size * (1.0 + (lines - 1) * leading) if lines else 0.0


@dataclass(frozen=True)
class RichFitted:
    size: float
    lines: tuple[Line, ...]
    leading: float  # points between baselines
    overflow: bool
    missing: str  # characters no font could draw (left out)
    excess: float = 0.0  # overflowing text: how much more room it needs at the minimum size (0.25: 25 %)


def line_width(line: Line) -> float:
    """At 1 pt."""
    return sum(w.width + (0.0 if i == 0 or w.glue else w.space) for i, w in enumerate(line))


def _cut_at(w: Word, k: int, hyphen: bool) -> tuple[Word, Word] | None:
    """``w`` cut before its ``k``-th character (a hyphen added to the head), or None where
    that falls inside a shaped or right-to-left run."""
    pos = 0
    for idx, seg in enumerate(w.segs):
        n = len(seg.text)
        if k == pos and idx > 0:
            head, tail = list(w.segs[:idx]), list(w.segs[idx:])
            break
        if pos < k < pos + n:
            if seg.icon is not None or seg.drawn != seg.text or seg.level % 2:
                return None
            cut = k - pos
            a = make_seg(seg.text[:cut], seg.font, seg.level, seg.fake_bold, seg.fake_italic)
            b = make_seg(seg.text[cut:], seg.font, seg.level, seg.fake_bold, seg.fake_italic)
            head, tail = [*w.segs[:idx], a], [b, *w.segs[idx + 1:]]
            break
        pos += n
    else:
        return None
    last = head[-1]
    if hyphen and last.icon is None:
        head.append(make_seg("-", last.font, last.level, last.fake_bold, last.fake_italic))
    return word(tuple(head), w), word(tuple(tail), glue=True)


def _split(w: Word, room: float, lang: str | None = None) -> tuple[Word, Word | None]:
    """The longest head of ``w`` (at least one character or icon) within ``room`` (1 pt units):
    with ``lang`` (not None) cut first where UAX #14 or ``lang``'s hyphenation allows
    (:mod:`.linebreak`), else between any two characters."""
    if lang is not None and len(w.segs) < 64 and sum(len(s.text) for s in w.segs) <= 256:  # bounded: a long word breaks between letters
        best: tuple[Word, Word] | None = None
        for k, hyphen in break_points("".join(s.text for s in w.segs), lang):
            parts = _cut_at(w, k, hyphen)
            if parts is None or parts[0].width > room:
                continue
            if not hyphen and parts[0].width >= room / 2:  # at a hyphen or space the word has: preferred
                return parts
            best = best or parts
        if best is not None:
            return best
    head: list[Seg] = []
    used = 0.0
    for k, seg in enumerate(w.segs):
        if used + seg.width <= room:
            head.append(seg)
            used += seg.width
            continue
        if _splittable(seg):
            cut = _longest_head(seg, room - used)
            if used + make_seg(seg.text[:cut], seg.font, seg.level).width <= room or not head:
                a = _piece(seg, seg.text[:cut])
                b = _piece(seg, seg.text[cut:], seg.width - a.width)
                return word((*head, a), w), word((b, *w.segs[k + 1:]), glue=True)
        if not head:
            head, k = [seg], k + 1
        rest = w.segs[k:]
        return word(tuple(head), w), (word(tuple(rest), glue=True) if rest else None)
    return w, None


def _splittable(seg: Seg) -> bool:
    """Can ``seg`` be broken between characters (plain text, not shaped, not an icon)?"""
    return seg.icon is None and seg.drawn == seg.text and len(seg.text) > 1


def _char_widths(seg: Seg) -> list[float]:
    """The widths at 1 pt of the distinct characters of ``seg``."""
    return [pdfmetrics.stringWidth(ch, seg.font, 1.0) for ch in set(seg.text)]


def _piece(seg: Seg, text: str, width: float | None = None) -> Seg:
    """Part of a splittable ``seg`` as its own segment. Plain left-to-right text is what
    ``make_seg`` would make, without scanning it for scripts to shape again; the rest of
    a word (``width`` given: the word's less its head, widths add up in plain text) is
    not measured again, so a word broken into many lines is not re-read once per line."""
    if seg.level % 2 == 0 and type(seg.drawn) is str:
        if width is None:
            width = pdfmetrics.stringWidth(text, seg.font, 1.0)
        return Seg(text, seg.font, seg.level, float(width), text, seg.fake_bold, seg.fake_italic)
    return make_seg(text, seg.font, seg.level, seg.fake_bold, seg.fake_italic)


def _longest_head(seg: Seg, room: float) -> int:
    """The most characters of ``seg`` (1 to len - 1) whose width fits ``room`` (1 if
    none does). Widths grow with the characters: gallop (1, 2, 4, 8 ...) to the first
    head that does not fit, then bisect. That measures about log(line) heads no longer
    than twice a line, not every head of the whole word, so breaking a 5,000-character
    word costs milliseconds."""
    def fits(k: int) -> bool:
        return make_seg(seg.text[:k], seg.font, seg.level).width <= room

    last = len(seg.text) - 1
    low, high = 1, min(2, last)
    while high < last and fits(high):
        low, high = high, min(last, high * 2)
    if high > low and fits(high):
        return high  # only when high == last: every head fits
    high -= 1  # the answer lies in [low, high]
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


def wrap(paras: tuple[Paragraph, ...], width: float, lang: str = "") -> list[Line]:
    """Greedy wrap of every paragraph at ``width`` (1 pt units: the box width / size); a
    word too wide for a line is broken where ``lang`` allows first (see ``_split``)."""
    lines: list[Line] = []
    for para in paras:
        line: list[Word] = []
        used = 0.0
        queue = deque(para.words)
        while queue:
            w = queue.popleft()
            gap = 0.0 if not line or w.glue else w.space
            if used + gap + w.width <= width + 1e-9:
                line.append(w)
                used += gap + w.width
                continue
            if line:
                lines.append(tuple(line))
                line, used = [], 0.0
                queue.appendleft(w)
                continue
            head, tail = _split(w, width, lang)
            lines.append((head,))
            if tail is not None:
                queue.appendleft(tail)
        lines.append(tuple(line))
    return lines


def _ellipsis(line: Line, font: str, width: float) -> Line:
    dots = make_seg("…", font, 0)
    words = list(line)
    while words and line_width(tuple(words)) + dots.width > width:
        last = words.pop()
        if len(last.segs) > 1 or (last.segs and len(last.segs[0].text) > 1):
            head, _ = _split(last, max(0.0, width - line_width(tuple(words)) - dots.width - 1e-6))
            if line_width((*words, head)) + dots.width <= width and head.segs != last.segs:
                words.append(head)
                break
    end = word((dots,), words[-1] if words else None, glue=True)
    return (*words, end)


def _fewest_lines(paras: tuple[Paragraph, ...]) -> Callable[[float], int]:
    """A lower bound of ``len(wrap(paras, room))`` for any ``room``: every paragraph takes
    a line, and a line holds at most ``room`` of the words' widths — or one piece that
    cannot be broken (a character, an icon, a shaped run), when that is wider. So sizes
    that cannot fit are skipped without wrapping: a long text is wrapped a few times,
    not once per size step, and the result is the same."""
    ink = sum(w.width for p in paras for w in p.words)
    widest = max((max(_char_widths(seg)) if _splittable(seg) else seg.width
                  for p in paras for w in p.words for seg in w.segs), default=0.0)

    def fewest(room: float) -> int:
        per_line = max(room, widest)
        if per_line <= 0:
            return len(paras)
        return max(len(paras), math.ceil(ink / per_line * (1 - 1e-7) - 1e-9))  # wrap's own tolerance

    return fewest


@lru_cache(maxsize=8192)
def fit_rich(
    text: str, font: str, sizes: tuple[float, float], box: tuple[float, float],
    leading: float = 1.2, wrap_lines: bool = True, project: tuple[str, ...] = (), lang: str = "",
) -> RichFitted:
    """The largest size (<= ``size``, >= ``min_size``: ``sizes``) at which ``text`` fits
    ``box`` (width x height points)."""
    (size, min_size), (width, height) = sizes, box
    paras = paragraphs(text, font, project)
    missing = "".join(dict.fromkeys("".join(p.missing for p in paras)))
    min_size = min(min_size, size)
    one = [p.words for p in paras]
    widest = max((p.width for p in paras), default=0.0) or 1e-9
    one_line = min(size, width / widest, height / block_height(len(paras), 1.0, leading))
    if one_line >= min_size - 1e-9:
        return RichFitted(one_line, tuple(one), one_line * leading, False, missing)
    if not wrap_lines:
        need = max(widest * min_size / max(width, 1e-9), block_height(len(paras), min_size, leading) / max(height, 1e-9))
        return RichFitted(min_size, tuple(one), min_size * leading, True, missing, max(0.0, need - 1.0))
    fewest = _fewest_lines(paras)
    current = size
    while current >= min_size - 1e-9:
        if block_height(fewest(width / current), current, leading) > height + 1e-6:
            current -= STEP  # cannot fit at this size however it wraps: no need to wrap it
            continue
        lines = wrap(paras, width / current, lang)
        if block_height(len(lines), current, leading) <= height + 1e-6:
            return RichFitted(current, tuple(lines), current * leading, False, missing)
        current -= STEP
    lines = wrap(paras, width / min_size, lang)
    excess = max(0.0, block_height(len(lines), min_size, leading) / max(height, 1e-9) - 1.0)
    room = max(1, int((height / min_size - 1.0) / leading + 1.0 + 1e-9))
    kept = lines[:room]
    kept[-1] = _ellipsis(kept[-1], font, width / min_size)
    return RichFitted(min_size, tuple(kept), min_size * leading, True, missing, excess)
