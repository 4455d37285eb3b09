"""Where elements go on a card: mm (top-left origin, design size) to points."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ..geometry import pt
from .colors import ColorError, parse_color
from .context import Where
from .model import Element, Length


@dataclass(frozen=True)
class CardBox:
    """The card being drawn: cut size in mm, bleed in points, scale from the design size."""

    w_mm: float
    h_mm: float
    bleed: float  # points
    design_w: float = 63.5  # the layout's design size, mm
    design_h: float = 88.9
    safe_zone: float = 3.0  # mm

    @property
    def w(self) -> float:
        return pt(self.w_mm)

    @property
    def h(self) -> float:
        return pt(self.h_mm)


@dataclass
class Ink:
    """Everything one element drawing needs besides the element itself."""

    canvas: Canvas
    card: CardBox
    where: Where
    ctx: dict[str, Any]
    folders: tuple[Path, ...]  # where relative image paths are looked up
    warnings: list[str] = field(default_factory=list)
    warn: Callable[[str], None] | None = None

    def color(self, text: str | None, what: str = "color") -> Any:
        if text is None:
            return None
        try:
            return parse_color(text)
        except ColorError as exc:
            raise self.where.at(what).error(f"{what}: {exc}") from None

    def warning(self, message: str) -> None:
        self.warnings.append(self.where.warning(message))


Rect = tuple[float, float, float, float]  # x, y (bottom-left), w, h in points


def _to_card(v: float, design: float, actual: float, safe: float) -> float:
    """Design mm to card mm: the safe-zone bands keep their width, the inside scales.

    So art on the cut edge stays on the edge and text inside the safe zone stays
    inside it on any card size.
    """
    if design == actual:
        return v
    if v <= safe:
        return v
    if v >= design - safe:
        return actual - (design - v)
    return safe + (v - safe) * (actual - 2 * safe) / (design - 2 * safe)


def _span(start: Length, size: Length | None, design: float, actual: float, safe: float
          ) -> tuple[float, float]:
    """Start and length in card mm of an element along one axis."""
    def pct(v: Length) -> float | None:
        if isinstance(v, str) and v.strip().endswith("%"):
            return actual * float(v.strip()[:-1]) / 100.0
        return None

    a_pct = pct(start)
    a = a_pct if a_pct is not None else _to_card(float(start), design, actual, safe)
    if size is None:
        return a, actual - a
    b_pct = pct(size)
    if b_pct is not None:
        return a, b_pct
    end = float(start) + float(size) if a_pct is None else None
    if end is None:  # a percentage start with a length in mm: scale the length
        return a, float(size) * actual / design
    return a, _to_card(end, design, actual, safe) - a


def box_of(el: Element, card: CardBox) -> Rect:
    """The element's box in points, origin at the card's lower-left cut corner."""
    s = card.safe_zone
    x, w = _span(el.x, el.w, card.design_w, card.w_mm, s)
    y, h = _span(el.y, el.h, card.design_h, card.h_mm, s)
    return pt(x), pt(card.h_mm - y - h), pt(w), pt(h)


def into_bleed(rect: Rect, card: CardBox) -> Rect:
    """Extend the sides of ``rect`` that lie on the cut edge out into the bleed."""
    x, y, w, h = rect
    tol = 0.05
    x0, y0, x1, y1 = x, y, x + w, y + h
    if x0 <= tol:
        x0 = -card.bleed
    if y0 <= tol:
        y0 = -card.bleed
    if x1 >= card.w - tol:
        x1 = card.w + card.bleed
    if y1 >= card.h - tol:
        y1 = card.h + card.bleed
    return x0, y0, x1 - x0, y1 - y0


def safe_rect(card: CardBox) -> Rect:
    s = pt(card.safe_zone)
    return s, s, card.w - 2 * s, card.h - 2 * s


def crosses(ink: Rect, safe: Rect, tol: float = 0.3) -> bool:
    x, y, w, h = ink
    sx, sy, sw, sh = safe
    return x < sx - tol or y < sy - tol or x + w > sx + sw + tol or y + h > sy + sh + tol
