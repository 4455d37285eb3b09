"""Fit text into a box: shrink down to a minimum size, then wrap.

The text is rich (``textruns``: measured words of mixed fonts and icons). A line
that still does not fit at the minimum size is wrapped between words; a word too
wide for a line on its own is broken between characters; text that does not fit
even then is cut with an ellipsis and reported as overflowing (the caller warns,
naming card and element: nothing is clipped silently).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

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
    if lang is not None and len(w.segs) < 64:
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
        if seg.icon is None and seg.drawn == seg.text and len(seg.text) > 1:
            cut = len(seg.text) - 1
            while cut > 1 and used + make_seg(seg.text[:cut], seg.font, seg.level).width > room:
                cut -= 1
            if used + make_seg(seg.text[:cut], seg.font, seg.level).width <= room or not head:
                a = make_seg(seg.text[:cut], seg.font, seg.level, seg.fake_bold, seg.fake_italic)
                b = make_seg(seg.text[cut:], seg.font, seg.level, seg.fake_bold, seg.fake_italic)
                return word((*head, a), w), word((b, *w.segs[k + 1:]), glue=True)
        if not head:
            head, k = [seg], k + 1
        rest = w.segs[k:]
        return word(tuple(head), w), (word(tuple(rest), glue=True) if rest else None)
    return w, None


def wrap(paras: tuple[Paragraph, ...], width: float, lang: str = "") -> list[Line]:
    """Greedy wrap of every paragraph at ``width`` (1 pt units: the box width / size); a
    word too wide for a line is broken where ``lang`` allows first (see ``_split``)."""
    lines: list[Line] = []
    for para in paras:
        line: list[Word] = []
        used = 0.0
        queue = list(para.words)
        while queue:
            w = queue.pop(0)
            gap = 0.0 if not line or w.glue else w.space
            if used + gap + w.width <= width + 1e-9:
                line.append(w)
                used += gap + w.width
                continue
            if line:
                lines.append(tuple(line))
                line, used = [], 0.0
                queue.insert(0, w)
                continue
            head, tail = _split(w, width, lang)
            lines.append((head,))
            if tail is not None:
                queue.insert(0, tail)
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


@lru_cache(maxsize=8192)
def fit_rich(
    text: str, font: str, size: float, min_size: float, width: float, height: float,
    leading: float = 1.2, wrap_lines: bool = True, project: tuple[str, ...] = (), lang: str = "",
) -> RichFitted:
    """The largest size (<= ``size``) at which ``text`` fits ``width`` x ``height`` points."""
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
    current = size
    while current >= min_size - 1e-9:
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
