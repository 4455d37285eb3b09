"""Number ranges written so a minus sign is never read as a dash.

``span(2, 5)`` is "2-5" (as every report has always written a range of positive
numbers); a range with a negative (or signed) end is written with "to": ``span(-0.24, -0.07, ".2f")``
is "-0.24 to -0.07" and ``span(-2, 1)`` "-2 to 1", never "-0.24--0.07" or "-2-1".
"""

from __future__ import annotations

__all__ = ["span"]


def span(low: float, high: float, spec: str = "g", unit: str = "") -> str:
    """``low``-``high`` formatted with ``spec`` (and ``unit`` after each number)."""
    a, b = f"{low:{spec}}{unit}", f"{high:{spec}}{unit}"
    return f"{a} to {b}" if a[:1] in "+-" or b[:1] in "+-" else f"{a}-{b}"
