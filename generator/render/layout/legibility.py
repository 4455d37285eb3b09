"""Text that cannot be read: a text element whose colour is too close to what lies under it.

While a card's elements are drawn (:func:`generator.render.layout.draw.draw_elements`), a
:class:`Underlay` keeps what each drawn element leaves on the card where it is opaque and
its colour is known: a background's colour, a frame's or a text box's fill (translucent
colours flattened over what was under them); an image's colours are not known, so text
on an image is not judged. Each text element is then compared with its own fill, or with
the topmost of those under the middle of its box, or with the paper (white): a contrast
under :data:`MIN_CONTRAST` (WCAG's ratio, 1 = the same colour, 21 = black on white; 3:1 is
the least WCAG allows even for large text) is a warning naming the layout's element and the
card, with both colours and the ratio.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .colors import ColorError, contrast_ratio, flatten, parse_color
from .frame import Rect
from .model import Background, Element, Frame, Image, Text

MIN_CONTRAST = 3.0
PAPER = "#FFFFFF"


def _opaque(colour: str | None, under: str) -> str | None:
    """``colour`` flattened over ``under`` (None: no colour, nothing painted)."""
    if colour is None:
        return None
    try:
        if parse_color(colour) is None:
            return None
    except ColorError:
        return None
    return flatten(colour, under)


def _holds(rect: Rect, x: float, y: float) -> bool:
    return rect[0] <= x <= rect[0] + rect[2] and rect[1] <= y <= rect[1] + rect[3]


@dataclass
class Underlay:
    """What the card shows so far: (box, colour) of opaque areas, the latest last (None: unknown)."""

    areas: list[tuple[Rect, str | None]] = field(default_factory=list)

    def at(self, rect: Rect) -> str | None:
        """The colour under the middle of ``rect`` (the paper where nothing is; None: an image)."""
        x, y = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
        for area, colour in reversed(self.areas):
            if _holds(area, x, y):
                return colour
        return PAPER

    def check(self, el: Element, rect: Rect) -> str | None:
        """A warning when ``el`` is text too close to its background; records what ``el`` paints."""
        if isinstance(el, Image):
            self.areas.append((rect, None))
            return None
        if isinstance(el, Background) and not el.rotate:
            under = self.at(rect)
            colour = _opaque(el.color, under or PAPER)
            if colour is not None:
                self.areas.append((rect, colour if under is not None or colour == el.color else None))
            return None
        if isinstance(el, Frame) and el.fill and not el.rotate:
            under = self.at(rect)
            colour = _opaque(el.fill, under or PAPER)
            if colour is not None:
                self.areas.append((rect, colour if under is not None or colour == el.fill else None))
            return None
        if not isinstance(el, Text) or not el.text.strip():
            return None
        under = self.at(rect)
        background = _opaque(el.fill, under or PAPER) if el.fill else under
        if el.fill and background is not None and not el.rotate:
            self.areas.append((rect, background))
        if background is None:
            return None
        ink = _opaque(el.color, background)
        if ink is None:
            return None
        ratio = contrast_ratio(ink, background)
        if ratio >= MIN_CONTRAST:
            return None
        return (f"text colour {el.color} is too close to its background {background} (contrast {ratio:.1f}:1, "
                f"at least {MIN_CONTRAST:g}:1 to be read): change the colour or the background")
