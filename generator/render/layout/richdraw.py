"""Draw fitted rich text: each segment in its font (bold, italic, fallback, shaped), inline
icons at the text's size and colour, every line in bidi display order.

Inline icons are the bundled vector icons (``symbols.SHAPES``: star, bolt, sun,
crown, ...) or a project's own PNG files, ``icons/NAME.png`` in the deck's
folder (or a layout's), drawn as ``:NAME:`` in their own colours.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...deck.suits import project_icon
from .images import ImageProblem, check_image
from .symbols import SHAPES, draw_symbol
from .textfit import Line, RichFitted, line_width
from .textruns import Seg, make_seg, visual

SLANT = math.tan(math.radians(12))  # an italic imitated for a font without an italic face
ICON_SIDE = 0.84  # the icon's square, in ems
ICON_DROP = 0.1  # how far it reaches below the baseline, in ems


@lru_cache(maxsize=1024)
def _png(name: str, folders: tuple[Path, ...]) -> Path | None:
    for folder in folders:
        found = project_icon(name, folder, (".png",))
        if found is not None:
            return found
    return None


def find_icon(name: str, folders: Sequence[Path]) -> str | Path | None:
    """A bundled icon's name, a project's PNG file, or None when there is no such icon.

    A PNG (inside its project folder, symlinks followed) must be a usable image:
    ImageProblem otherwise (the caller names card and field).
    """
    if name in SHAPES:
        return name
    found = _png(name, tuple(folders))
    if found is not None:
        check_image(found)
    return found


def icon_problem(name: str, folders: Sequence[Path]) -> str | None:
    """Why ``:name:`` cannot be drawn, or None."""
    try:
        if find_icon(name, folders) is not None:
            return None
    except ImageProblem as exc:
        return f"icon ':{name}:' (icons/{name}.png): {exc}"
    return f"unknown icon ':{name}:' (write \\: for a literal colon); icons: {icon_choices(folders)}"


def icon_choices(folders: Sequence[Path]) -> str:
    own = sorted({p.stem for f in folders for p in (f / "icons").glob("*.png")}) if folders else []
    return ", ".join(sorted(SHAPES)) + (f"; this project's icons/: {', '.join(own)}" if own else "")


def _segments(line: Line) -> list[Seg]:
    """The line's segments in display order, neighbours in one font drawn as one string
    (so a PDF's text reads back in words and lines, as before rich text)."""
    segs: list[Seg] = []
    for i, w in enumerate(line):
        if i and not w.glue:
            segs.append(make_seg(" ", w.space_font, w.space_level))
        segs.extend(w.segs)
    if any(seg.level for seg in segs):
        segs = visual(segs)
    out: list[Seg] = []
    run: list[Seg] = []

    def flush() -> None:
        if len(run) > 1:
            first = run[0]
            out.append(replace(first, text="".join(r.text for r in run), drawn="".join(r.drawn for r in run),
                               width=sum(r.width for r in run)))
        else:
            out.extend(run)
        run.clear()

    for seg in segs:
        if not (run and seg.icon is None and run[-1].icon is None and type(seg.drawn) is str
                and type(run[-1].drawn) is str and (seg.font, seg.fake_bold, seg.fake_italic)
                == (run[-1].font, run[-1].fake_bold, run[-1].fake_italic)):
            flush()
        run.append(seg)
    flush()
    return out


def _text(t: Any, seg: Seg, x: float, y: float, size: float) -> None:
    """One segment into the line's text object."""
    if seg.fake_italic:
        t.setTextTransform(1, 0, SLANT, 1, x, y)
    else:
        t.setTextOrigin(x, y)
    t.setFont(seg.font, size)
    t.setTextRenderMode(2 if seg.fake_bold else 0)
    t.textOut(seg.drawn)


def _icon(canvas: Canvas, seg: Seg, x: float, y: float, size: float, color: Any,
          folders: Sequence[Path]) -> None:
    side = size * ICON_SIDE
    left = x + (seg.width * size - side) / 2
    bottom = y - size * ICON_DROP
    found = find_icon(seg.icon or "", folders)
    if isinstance(found, Path):
        canvas.drawImage(str(found), left, bottom, side, side, mask="auto", preserveAspectRatio=True,
                         anchor="c")
    elif found is not None:
        draw_symbol(canvas, found, left, bottom, side, side, color)


def draw_lines(canvas: Canvas, fitted: RichFitted, x: float, w: float, first: float, align: str,
               color: Any, folders: Sequence[Path]) -> tuple[float, float]:
    """Draw every line (baselines from ``first`` down); the ink's left and right x."""
    size = fitted.size
    x_min, x_max = x + w, x
    canvas.saveState()
    if color is not None:
        canvas.setFillColor(color)
        canvas.setStrokeColor(color)
    canvas.setLineWidth(size * 0.035)  # the outline of an imitated bold
    for i, line in enumerate(fitted.lines):
        width = line_width(line) * size
        lx = x + (w - width) / 2 if align == "center" else x + w - width if align == "right" else x
        base = first - i * fitted.leading
        cx = lx
        t = canvas.beginText()
        for seg in _segments(line):
            if seg.icon is not None:
                _icon(canvas, seg, cx, base, size, color, folders)
            elif seg.text.strip():
                _text(t, seg, cx, base, size)
            cx += seg.width * size
        canvas.drawText(t)
        if line:
            x_min, x_max = min(x_min, lx), max(x_max, lx + width)
    canvas.restoreState()
    return x_min, x_max
