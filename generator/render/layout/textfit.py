"""Fit text into a box: shrink down to a minimum size, then wrap.

A line that still does not fit at the minimum size is wrapped; text that does
not fit even then is cut with an ellipsis and reported as overflowing (the
caller warns, naming card and element: nothing is clipped silently).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

STEP = 0.25  # points between the sizes tried while wrapping


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[str, ...]
    leading: float  # points between baselines
    overflow: bool


def _width(text: str, font: str, size: float) -> float:
    return float(pdfmetrics.stringWidth(text, font, size))


def block_height(lines: int, size: float, leading: float) -> float:
    """Height of ``lines`` lines set at ``size`` with ``leading`` (a factor)."""
    return size * (1.0 + (lines - 1) * leading) if lines else 0.0


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy word wrap; words longer than the line are broken."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if _width(candidate, font, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while _width(line, font, size) > width and len(line) > 1:
                cut = len(line) - 1
                while cut > 1 and _width(line[:cut], font, size) > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


@lru_cache(maxsize=8192)
def fit_text(
    text: str, font: str, size: float, min_size: float, width: float, height: float,
    leading: float = 1.2, wrap_lines: bool = True,
) -> Fitted:
    """The largest size (<= ``size``) at which ``text`` fits ``width`` x ``height`` points."""
    paragraphs = text.split("\n")
    min_size = min(min_size, size)
    # 1. shrink: every paragraph on one line
    widest = max(_width(p, font, 1.0) for p in paragraphs) or 1e-9
    by_width = width / widest
    by_height = height / block_height(len(paragraphs), 1.0, leading)
    one_line = min(size, by_width, by_height)
    if one_line >= min_size - 1e-9:
        return Fitted(one_line, tuple(paragraphs), one_line * leading, False)
    if not wrap_lines:
        return Fitted(min_size, tuple(paragraphs), min_size * leading, True)
    # 2. wrap, at the largest size that fits
    current = size
    while current >= min_size - 1e-9:
        lines = wrap(text, font, current, width)
        if block_height(len(lines), current, leading) <= height + 1e-6:
            return Fitted(current, tuple(lines), current * leading, False)
        current -= STEP
    # 3. overflow: keep what fits, end with an ellipsis
    lines = wrap(text, font, min_size, width)
    room = max(1, int((height / min_size - 1.0) / leading + 1.0 + 1e-9))
    kept = lines[:room]
    last = kept[-1]
    while last and _width(last + "…", font, min_size) > width:
        last = last[:-1]
    kept[-1] = last + "…"
    return Fitted(min_size, tuple(kept), min_size * leading, True)
