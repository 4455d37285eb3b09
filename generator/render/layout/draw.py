"""Draw a side of a card: every resolved element in order, with safe-zone checks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from .colors import flatten, is_translucent
from .context import Where
from .draw_shapes import draw_background, draw_frame, draw_image, draw_rule
from .draw_symbols import draw_icon, draw_pips, draw_symbol_el
from .draw_text import draw_attributes, draw_text
from .frame import CardBox, Ink, Rect, box_of, crosses, safe_rect
from .legibility import Underlay
from .loader import Layout
from .mirror import MIRRORED, mirror_element, right_to_left
from .model import Element

Drawer = Callable[[Ink, Any, Rect], Rect | None]
DRAWERS: dict[str, Drawer] = {
    "background": draw_background,
    "frame": draw_frame,
    "text": draw_text,
    "attributes": draw_attributes,
    "image": draw_image,
    "symbol": draw_symbol_el,
    "icon": draw_icon,
    "rule": draw_rule,
    "pips": draw_pips,
}


def _turned(rect: Rect, angle: int) -> Rect:
    """The box to draw into after rotating the canvas by ``angle`` about ``rect``'s centre."""
    x, y, w, h = rect
    if angle in (90, 270):
        cx, cy = x + w / 2, y + h / 2
        return cx - h / 2, cy - w / 2, h, w
    return rect


def _unturned(ink: Rect, rect: Rect, angle: int) -> Rect:
    """An ink box drawn in the rotated frame, back in card coordinates."""
    if angle == 180:
        x, y, w, h = rect
        ix, iy, iw, ih = ink
        return 2 * x + w - ix - iw, 2 * y + h - iy - ih, iw, ih
    if angle in (90, 270):
        return rect
    return ink


# Element types whose drawing depends only on their resolved fields and the card box:
# drawn once per PDF as a form XObject and reused (suit borders, backs, pips...).
REUSABLE = frozenset({"background", "frame", "rule", "icon", "symbol", "pips"})
_FORMS = "_deckpress_forms"


def _paint(ink: Ink, el: Element, kind: str, rect: Rect) -> Rect | None:
    canvas = ink.canvas
    if not el.rotate:
        return DRAWERS[kind](ink, el, rect)
    canvas.saveState()
    cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
    canvas.translate(cx, cy)
    canvas.rotate(el.rotate)
    canvas.translate(-cx, -cy)
    drawn = DRAWERS[kind](ink, el, _turned(rect, el.rotate))
    canvas.restoreState()
    return _unturned(drawn, rect, el.rotate) if drawn else None


def _translucent(el: Element) -> bool:
    """Does ``el`` use transparency (forms cannot carry it: ReportLab drops their ExtGState)?"""
    for name in type(el).model_fields:
        value = getattr(el, name)
        if name == "pattern_color" and isinstance(value, str):
            value = flatten(value, getattr(el, "color", "none"))
        if isinstance(value, str) and value.startswith("#") and len(value) == 9:
            if is_translucent(value):
                return True
    return False


def _reused(ink: Ink, el: Element, kind: str, rect: Rect) -> Rect | None:
    """Draw ``el`` through a form XObject shared by every card that draws it the same way."""
    canvas, card = ink.canvas, ink.card
    forms: dict[tuple[object, ...], tuple[str, Rect | None]] = canvas.__dict__.setdefault(_FORMS, {})
    key = (el, card)
    if key not in forms:
        name = f"dp{len(forms)}"
        b = card.bleed
        canvas.beginForm(name, -b, -b, card.w + b, card.h + b)
        drawn = _paint(ink, el, kind, rect)
        canvas.endForm()
        forms[key] = (name, drawn)
    name, drawn = forms[key]
    canvas.doForm(name)
    return drawn


def draw_elements(
    canvas: Canvas,
    elements: Sequence[tuple[str, Element]],
    card: CardBox,
    layout: Layout,
    card_id: str,
    ctx: dict[str, Any],
    folders: tuple[Path, ...],
    side: str = "front",
) -> list[str]:
    """Draw resolved elements; returns warnings (overflow, safe zone, text too close to its background)."""
    warnings: list[str] = []
    safe = safe_rect(card)
    mirrored = layout.mirror and right_to_left(getattr(ctx.get("deck"), "language", ""))
    if mirrored:
        ctx = {**ctx, MIRRORED: True}
    underlay = Underlay()  # what lies under each text: its colour is judged against it
    for name, el in elements:
        where = Where.of(layout, side, card_id, name)  # its file and line (the extends: chain's)
        ink = Ink(canvas, card, where, ctx, folders)
        rect = box_of(el, card)
        if mirrored:  # right to left: each box at the mirror place, text aligned to the other side
            rect = (card.w - rect[0] - rect[2], rect[1], rect[2], rect[3])
            el = mirror_element(el)
        unreadable = underlay.check(el, rect)
        if unreadable:
            warnings.append(where.warning(unreadable))
        kind: str = el.type  # type: ignore[attr-defined]
        if kind in REUSABLE and not _translucent(el):
            drawn = _reused(ink, el, kind, rect)
        else:
            drawn = _paint(ink, el, kind, rect)
        warnings += ink.warnings
        if el.safe and drawn is not None and crosses(drawn, safe):
            warnings.append(where.warning(
                f"crosses the safe zone ({card.safe_zone:g} mm inside the cut)"))
    return warnings
