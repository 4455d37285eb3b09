"""Drawing of text boxes (shrink, then wrap) and attribute tables."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics

from ...deck.model import Attribute
from ...errors import RenderError
from ..fonts import project_fonts, resolve_font
from ..geometry import pt
from .attrtable import table_rows, table_size
from .frame import Ink, Rect
from .glyphs import describe
from .mirror import MIRRORED
from .model import Attributes, Text
from .oneline import draw_line
from .richdraw import draw_lines
from .richtext import plain
from .textfit import block_height, fit_rich


def _font(ink: Ink, name: str) -> str:
    try:
        return resolve_font(name)
    except RenderError as exc:  # re-raise naming layout, card and element
        raise ink.where.error(str(exc)) from None


def draw_text(ink: Ink, el: Text, rect: Rect) -> Rect | None:
    text = el.text.strip()
    c = ink.canvas
    if el.fill:
        fill = ink.color(el.fill, "fill")
        if fill is not None:
            c.saveState()
            c.setFillColor(fill)
            if el.radius > 0:
                c.roundRect(*rect, pt(el.radius), stroke=0, fill=1)
            else:
                c.rect(*rect, stroke=0, fill=1)
            c.restoreState()
    if not text:
        return None
    font = _font(ink, el.font)
    pad = pt(el.padding)
    x, y, w, h = rect[0] + pad, rect[1] + pad, rect[2] - 2 * pad, rect[3] - 2 * pad
    deck = ink.ctx["deck"]
    fitted = fit_rich(text, font, (el.size, el.min_size), (w, h), el.leading, el.wrap,
                      project_fonts(deck.fonts), deck.language or (deck.languages[:1] or ("",))[0])
    if fitted.missing:
        ink.warning(f"no font can draw {describe(fitted.missing)}; "
                    f"{'these characters were' if len(fitted.missing) > 1 else 'it was'} left out")
    if not any(fitted.lines):
        return None
    if fitted.overflow:
        ink.warning(f"text does not fit its box even at {fitted.size:g} pt and was cut: "
                    f"{plain(text)[:40]!r} ({max(fitted.excess, 0.01):.0%} too long)")
    size = fitted.size
    descent = -pdfmetrics.getDescent(font) * size / 1000.0
    block = block_height(len(fitted.lines), size, el.leading)
    if el.valign == "top":
        top = y + h
    elif el.valign == "bottom":
        top = y + block
    else:
        top = y + (h + block) / 2
    # baseline of the first line: the block is `size` high per line, 0.22 of it below
    first = top - size * 0.78
    x_min, x_max = draw_lines(c, fitted, x, w, first, el.align, ink.color(el.color), ink.folders)
    bottom = first - (len(fitted.lines) - 1) * fitted.leading - descent
    return x_min, bottom, max(0.0, x_max - x_min), top - bottom


def _triangle(ink: Ink, cx: float, cy: float, s: float, up: bool, color: object) -> None:
    c = ink.canvas
    p = c.beginPath()
    d = s / 2 if up else -s / 2
    p.moveTo(cx - s / 2, cy - d * 0.8)
    p.lineTo(cx + s / 2, cy - d * 0.8)
    p.lineTo(cx, cy + d * 0.9)
    p.close()
    c.saveState()
    c.setFillColor(color)
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def draw_attributes(ink: Ink, el: Attributes, rect: Rect) -> Rect | None:
    deck = ink.ctx["deck"]
    attrs: tuple[Attribute, ...] = deck.attributes
    if not attrs:
        return None
    fonts = (_font(ink, el.font), _font(ink, el.value_font), _font(ink, el.no_data_font))
    x, y, w, h = rect
    pad = pt(el.padding)
    row_h = h / len(attrs)
    # every label, unit and no-data word through the fallback chain of text boxes (oneline)
    table = table_rows(el, ink.ctx, ink.where, fonts, project_fonts(deck.fonts))
    lacking = "".join(dict.fromkeys("".join(r.label.missing + r.value.missing for r in table)))
    if lacking:
        ink.warning(f"no font can draw {describe(lacking)}; "
                    f"{'these characters were' if len(lacking) > 1 else 'it was'} left out")
    mark_w = row_h * 0.35 if el.marks else 0.0
    size, _tight = table_size(el, table, w, h)  # a row that overprints: reported once by the check
    rows = [(r.attr, r.raw, r.label, r.value) for r in table]
    mirrored = bool(ink.ctx.get(MIRRORED))  # a right-to-left deck on a mirrorable layout (mirror.py)
    c = ink.canvas
    stripe = ink.color(el.stripe, "stripe") if el.stripe else None
    line = ink.color(el.line_color, "line_color") if el.line_color else None
    ink_color, nodata_color = ink.color(el.color), ink.color(el.no_data_color, "no_data_color")
    mark_color = ink.color(el.mark_color, "mark_color")
    for i, (a, raw, label, value) in enumerate(rows):
        top = y + h - i * row_h
        base = top - row_h / 2 - size * 0.35
        c.saveState()
        if stripe is not None and i % 2 == 0:
            c.setFillColor(stripe)
            c.rect(x, top - row_h, w, row_h, stroke=0, fill=1)
        if line is not None and i > 0:
            c.setStrokeColor(line)
            c.setLineWidth(0.3)
            c.line(x, top, x + w, top)
        lx = x + pad
        right = x + w - pad
        if el.marks and mark_color is not None:
            if mirrored:  # right to left: the mark and the label on the right, the value on the left
                _triangle(ink, right - mark_w / 2, top - row_h / 2, mark_w, a.better == "higher", mark_color)
                right -= mark_w * 1.6
            else:
                _triangle(ink, lx + mark_w / 2, top - row_h / 2, mark_w, a.better == "higher", mark_color)
                lx += mark_w * 1.6
        if ink_color is not None:
            c.setFillColor(ink_color)
        draw_line(c, label, size, lx, base, max(0.0, right - lx), "right" if mirrored else "left")
        if raw is None:
            vw = value.width * size
            vx = lx if mirrored else right - vw
            if nodata_color is not None:
                c.setFillColor(nodata_color)
                c.setStrokeColor(nodata_color)
            draw_line(c, value, size, vx, base, vw)
            c.setDash(1, 1)
            c.setLineWidth(0.4)
            c.roundRect(vx - 2, base - size * 0.3, vw + 4, size * 1.2, 2, stroke=1, fill=0)
        else:
            draw_line(c, value, size, lx, base, max(0.0, right - lx), "left" if mirrored else "right")
        c.restoreState()
    return x, y, w, h
