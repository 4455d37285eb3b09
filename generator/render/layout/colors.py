"""Colours in layouts: "#RRGGBB", "#RRGGBBAA" (with alpha), a few names, or "none"."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # ReportLab loads with the first colour parsed (the deck validation needs none)
    from reportlab.lib.colors import Color

_HEX = re.compile(r"^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$")
NAMES = {"white": "#FFFFFF", "black": "#000000", "gold": "#C9A227", "grey": "#808080",
         "gray": "#808080", "red": "#C62828", "blue": "#1F5FA8", "green": "#2E7D32"}


class ColorError(ValueError):
    pass


@lru_cache(maxsize=1024)
def parse_color(text: str) -> Color | None:
    """A ReportLab colour, or None for "none"/"transparent"/""."""
    value = text.strip()
    if value.lower() in ("", "none", "transparent"):
        return None
    value = NAMES.get(value.lower(), value)
    m = _HEX.match(value)
    if not m:
        raise ColorError(f"not a colour: {text!r} (use #RRGGBB, #RRGGBBAA or a name)")
    rgb = m.group(1)
    alpha = int(m.group(2), 16) / 255 if m.group(2) else 1.0
    r, g, b = (int(rgb[i : i + 2], 16) / 255 for i in (0, 2, 4))
    from reportlab.lib.colors import Color

    return Color(r, g, b, alpha=alpha)


def luminance(text: str) -> float:
    c = parse_color(text)
    if c is None:
        return 1.0
    return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue


def contrast(text: str, dark: str = "#1A1A1A", light: str = "#FFFFFF") -> str:
    """The ink colour readable on background ``text``."""
    return dark if luminance(text) > 0.55 else light


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG contrast ratio of two opaque colours (1 = the same, 21 = black on white)."""
    def rel(text: str) -> float:
        c = parse_color(text)
        if c is None:
            return 1.0
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (c.red, c.green, c.blue)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((rel(a), rel(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def legible(text: str, background: str, ratio: float = 3.0) -> str:
    """``text`` if it reads on ``background`` (contrast ``ratio``, 3 for large marks),
    else ``text`` mixed towards white (on a dark background) or black until it does:
    the designer's hue, lighter or darker, never a colour of our own."""
    if parse_color(text) is None or parse_color(background) is None or contrast_ratio(text, background) >= ratio:
        return text
    toward = "#FFFFFF" if luminance(background) < 0.5 else "#000000"
    for step in range(1, 11):
        candidate = mix(text, toward, step / 10)
        if contrast_ratio(candidate, background) >= ratio:
            return candidate
    return toward


def mix(a: str, b: str, t: float = 0.5) -> str:
    """``a`` blended towards ``b`` by ``t`` (0..1), as #RRGGBB."""
    ca, cb = parse_color(a), parse_color(b)
    if ca is None or cb is None:
        return a
    parts = (ca.red + (cb.red - ca.red) * t, ca.green + (cb.green - ca.green) * t,
             ca.blue + (cb.blue - ca.blue) * t)
    return "#" + "".join(f"{round(p * 255):02X}" for p in parts)


def ink(text: str, amount: float = 0.6) -> str:
    """``text`` if it reads on a light background, else a darker shade of it."""
    return mix(text, "#000000", amount) if luminance(text) > 0.55 else text


def is_translucent(text: str) -> bool:
    try:
        c = parse_color(text)
    except ColorError:
        return False  # reported where the colour is drawn
    return c is not None and c.alpha < 1.0


def flatten(top: str, under: str) -> str:
    """``top`` (maybe translucent) composited over the opaque ``under``, as #RRGGBB."""
    c = parse_color(top)
    if c is None or c.alpha >= 1.0 or is_translucent(under) or parse_color(under) is None:
        return top
    return mix(under, "#" + top.lstrip("#")[:6], c.alpha)
