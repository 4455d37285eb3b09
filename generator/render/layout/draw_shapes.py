"""Drawing of background, frame, rule and image elements."""

from __future__ import annotations

import math

from ..geometry import pt
from .art import art_reader, embed_size
from .borders import STYLES, draw_border
from .checks import has_image, locate_image
from .colors import flatten
from .frame import Ink, Rect, into_bleed
from .images import ImageProblem, check_image
from .model import Background, Frame, Image, Rule
from .svg import draw_svg, is_svg
from .symbol_art import draw_found, find_symbol


def _fill_rect(ink: Ink, rect: Rect, color: str, radius: float = 0.0) -> None:
    fill = ink.color(color)
    if fill is None:
        return
    c = ink.canvas
    c.saveState()
    c.setFillColor(fill)
    if radius > 0:
        c.roundRect(*rect, pt(radius), stroke=0, fill=1)
    else:
        c.rect(*rect, stroke=0, fill=1)
    c.restoreState()


def _pattern(ink: Ink, el: Background, rect: Rect) -> None:
    # over an opaque background a translucent pattern is flattened to the opaque mix
    color = ink.color(flatten(el.pattern_color, el.color), "pattern_color")
    if color is None or el.pattern == "none":
        return
    c = ink.canvas
    x, y, w, h = rect
    step = pt(el.spacing)
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeColor(color)
    c.setFillColor(color)
    c.setLineWidth(step * 0.18)
    p = c.beginPath()
    n = int((w + h) / step) + 2
    if el.pattern in ("stripes", "diamonds"):
        for i in range(n):
            p.moveTo(x + i * step, y)
            p.lineTo(x + i * step - h, y + h)
            if el.pattern == "diamonds":
                p.moveTo(x + i * step - h, y)
                p.lineTo(x + i * step, y + h)
        c.drawPath(p, stroke=1, fill=0)
    elif el.pattern == "grid":
        for i in range(int(w / step) + 2):
            p.moveTo(x + i * step, y)
            p.lineTo(x + i * step, y + h)
        for j in range(int(h / step) + 2):
            p.moveTo(x, y + j * step)
            p.lineTo(x + w, y + j * step)
        c.drawPath(p, stroke=1, fill=0)
    elif el.pattern == "dots":
        for i in range(int(w / step) + 2):
            for j in range(int(h / step) + 2):
                p.circle(x + i * step + (step / 2 if j % 2 else 0), y + j * step, step * 0.14)
        c.drawPath(p, stroke=0, fill=1)
    elif el.pattern == "rays":
        cx, cy, r = x + w / 2, y + h / 2, (w + h)

        for i in range(36):
            a0, a1 = math.radians(i * 10), math.radians(i * 10 + 4)
            p.moveTo(cx, cy)
            p.lineTo(cx + r * math.cos(a0), cy + r * math.sin(a0))
            p.lineTo(cx + r * math.cos(a1), cy + r * math.sin(a1))
            p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def _circle_box(rect: Rect) -> Rect:
    """The square of side min(w, h) centred in ``rect``: a circle stays a circle on any card."""
    x, y, w, h = rect
    d = min(w, h)
    return x + (w - d) / 2, y + (h - d) / 2, d, d


def _disc(ink: Ink, rect: Rect, color: str) -> None:
    fill = ink.color(color)
    if fill is None:
        return
    x, y, d, _ = rect
    c = ink.canvas
    c.saveState()
    c.setFillColor(fill)
    c.circle(x + d / 2, y + d / 2, d / 2, stroke=0, fill=1)
    c.restoreState()


def draw_background(ink: Ink, el: Background, rect: Rect) -> Rect | None:
    if el.shape == "circle":  # never into the bleed: a disc, not a card-wide fill
        disc = _circle_box(rect)
        _disc(ink, disc, el.color)
        if el.pattern != "none":
            c = ink.canvas
            c.saveState()
            clip = c.beginPath()
            clip.circle(disc[0] + disc[2] / 2, disc[1] + disc[2] / 2, disc[2] / 2)
            c.clipPath(clip, stroke=0, fill=0)
            _pattern(ink, el, disc)
            c.restoreState()
        return None
    full = into_bleed(rect, ink.card)
    _fill_rect(ink, full, el.color, el.radius if full == rect else 0.0)
    _pattern(ink, el, full)
    return None


def draw_frame(ink: Ink, el: Frame, rect: Rect) -> Rect | None:
    if el.x == 0 and el.y == 0 and el.w is None and el.h is None:
        d = pt(el.inset)
        rect = (d, d, ink.card.w - 2 * d, ink.card.h - 2 * d)
    if el.style not in STYLES:
        raise ink.where.at("style").error(f"unknown frame style {el.style!r}; valid: {', '.join(STYLES)}")
    if el.shape == "circle":
        rect = _circle_box(rect)
        if el.fill:
            _disc(ink, rect, el.fill)
        draw_border(ink.canvas, el.style, rect, rect[2] / 2, el.width, ink.color(el.color))
        return None
    if el.fill:
        _fill_rect(ink, rect, el.fill, el.radius)
    draw_border(ink.canvas, el.style, rect, pt(el.radius), el.width, ink.color(el.color))
    return None


def draw_rule(ink: Ink, el: Rule, rect: Rect) -> Rect | None:
    x, y, w, h = rect
    c = ink.canvas
    c.saveState()
    color = ink.color(el.color)
    if color is not None:
        c.setStrokeColor(color)
    c.setLineWidth(el.width)
    if el.dash:
        c.setDash(*el.dash)
    horizontal = el.h is None or w >= h
    if horizontal:
        c.line(x, y + h, x + w, y + h) if el.h is None else c.line(x, y + h / 2, x + w, y + h / 2)
    else:
        c.line(x + w / 2, y, x + w / 2, y + h)
    c.restoreState()
    return None


def _placeholder(ink: Ink, el: Image, rect: Rect) -> None:
    _fill_rect(ink, rect, el.placeholder_color, el.radius)
    color = ink.color(el.placeholder_ink, "placeholder_ink")
    c = ink.canvas
    x, y, w, h = rect
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    if color is not None:
        c.setStrokeColor(color)
        c.setStrokeAlpha(0.25)
        c.setLineWidth(0.6)
        step = pt(3.0)
        p = c.beginPath()
        for i in range(int((w + h) / step) + 2):
            p.moveTo(x + i * step, y)
            p.lineTo(x + i * step - h, y + h)
        c.drawPath(p, stroke=1, fill=0)
    c.restoreState()
    try:
        found = find_symbol(el.placeholder_icon, ink.folders)
    except ImageProblem:
        found = None  # a placeholder is a hint, not the card: an unusable icon leaves it plain
    if found is not None:
        size = min(w, h) * 0.42
        draw_found(c, found, x + (w - size) / 2, y + (h - size) / 2, size, size, color)


def draw_image(ink: Ink, el: Image, rect: Rect) -> Rect | None:
    full = into_bleed(rect, ink.card)
    if not has_image(el):
        if el.placeholder:
            _placeholder(ink, el, full)
        return None
    path = locate_image(el.src.strip(), ink.folders, ink.where)
    x, y, w, h = full
    reader, (iw, ih) = None, (1, 1)
    if not is_svg(path):  # SVG is drawn as vectors, raster art as an image
        try:
            iw, ih = check_image(path)  # placed by its own size: a downsampled copy lands where it would
            reader = art_reader(path, embed_size((iw, ih), (w, h), el.fit))  # no more pixels than print
        except Exception as exc:  # checked by check_image, but a file may still fail to decode
            raise ink.where.at("src").error(f"image {el.src.strip()!r} cannot be read: {exc}") from None
    c = ink.canvas
    c.saveState()
    clip = c.beginPath()
    if el.radius > 0:
        clip.roundRect(x, y, w, h, pt(el.radius))
    else:
        clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    try:
        if reader is None:
            draw_svg(c, path, full, el.fit)
        elif el.fit == "stretch":
            c.drawImage(reader, x, y, w, h, mask="auto")
        else:
            scale = (max if el.fit == "cover" else min)(w / iw, h / ih)
            dw, dh = iw * scale, ih * scale
            c.drawImage(reader, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, mask="auto")
    except Exception as exc:  # a truncated or corrupt file found only while decoding
        raise ink.where.at("src").error(f"image {el.src.strip()!r} cannot be drawn: {exc}") from None
    c.restoreState()
    return None
