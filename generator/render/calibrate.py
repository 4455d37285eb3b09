"""The duplex registration test sheet (``deckpress calibrate``).

Page 1 (front) has five targets. Page 2 (back) has, exactly behind each target,
a millimetre scale across (through the target's centre) and one up (just to its
right, so the two never overlap). Hold the back side to the light: where the
front target's centre falls on the scales is the printer's ``--back-offset X,Y``
(a printer that needs none shows the target on 0, 0).
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from reportlab.pdfgen.canvas import Canvas

from .atomic import atomic_write
from .fonts import SANS, SANS_BOLD, register_fonts
from .geometry import Box, Flip, Slot, page_size, pt
from .marks import draw_registration_mark, draw_scale
from .pdf import make_canvas

POINTS = ((0.5, 0.5), (0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8))  # fractions of the page


def _text(c: Canvas, x: float, y: float, lines: list[str], size: float = 8) -> None:
    c.setFont(SANS_BOLD, size + 2)
    c.drawString(pt(x), pt(y), lines[0])
    c.setFont(SANS, size)
    for i, line in enumerate(lines[1:], 1):
        c.drawString(pt(x), pt(y - i * size * 0.45), line)


def target_points(page: str = "a4") -> list[tuple[float, float]]:
    w, h = page_size(page)
    return [(w * fx, h * fy) for fx, fy in POINTS]


def write_calibration(
    path: Path, page: str = "a4", backs: str = "duplex-long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> None:
    """Write the two-page registration sheet (targets, then scales behind them)."""
    register_fonts()
    w, h = page_size(page)
    flip = cast(Flip, backs.removeprefix("duplex-"))
    with atomic_write(path) as tmp:
        c = make_canvas(tmp, (pt(w), pt(h)), "deckpress duplex calibration")
        for x, y in target_points(page):
            draw_registration_mark(c, x, y)
        _text(c, 15, h - 15, [
            "deckpress duplex calibration - front",
            f"Print both pages double-sided ({backs}, actual size / 100 %), on {page.upper()} paper.",
            "Then turn the sheet over and follow the instructions on the back.",
        ])
        c.showPage()
        for x, y in target_points(page):
            slot = Slot(Box(x, y, 0, 0), (0, 0, 0, 0), 0, 0).mirrored(w, h, flip)
            bx, by = slot.cut.x + back_offset[0], slot.cut.y + back_offset[1]
            draw_scale(c, bx, by, horizontal=True)
            draw_scale(c, bx, by, horizontal=False)
        _text(c, 15, h - 15, [
            "deckpress duplex calibration - back",
            "Hold this side against a light. Read where the centre of each target printed on",
            "the other side falls on the scales (across = X, up = Y, in mm), and average them.",
            "Store it:  deckpress calibrate --printer NAME --back-offset X,Y",
            "Use it:    deckpress cards DECK -o cards.pdf --backs " + backs + " --printer NAME",
            f"This sheet was printed with --back-offset {back_offset[0]:g},{back_offset[1]:g}: "
            "add your reading to that.",
        ])
        c.showPage()
        c.save()
