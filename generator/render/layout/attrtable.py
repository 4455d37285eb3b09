"""An attribute table's rows and the one text size they share, for drawing and checking.

The table prints every attribute's label and value on one line each at one size: the
largest at which every row fits its width. Where even the minimum size is too small
the label and the value overprint: that is a problem of the label (usually a long
translation), reported once per deck by ``check`` and every render command, naming
the deck string (``attributes.speed.label``) and the file and line it was read from
(the translation file's, for a translated label).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...deck.model import Attribute, Deck
from ...errors import Problem
from ..geometry import pt
from .context import Where, render
from .model import Attributes
from .oneline import OneLine, one_line


@dataclass(frozen=True)
class Row:
    attr: Attribute
    raw: float | None
    label: OneLine
    value: OneLine


def table_rows(el: Attributes, ctx: dict[str, Any], where: Where, fonts: tuple[str, str, str],
               project: tuple[str, ...]) -> list[Row]:
    """Each attribute's label and value (templates rendered) as measured lines;
    ``fonts``: label, value and no-data fonts (resolved)."""
    deck, card = ctx["deck"], ctx["card"]
    rows = []
    for a in deck.attributes:
        raw = card.values.get(a.key)
        row = {**ctx, "attr": a, "value": raw, "text": a.format(raw, deck.no_data)}
        label = one_line(render(el.label, row, where), fonts[0], project)
        value = one_line(render(el.value, row, where), fonts[2] if raw is None else fonts[1], project)
        rows.append(Row(a, raw, label, value))
    return rows


def room(el: Attributes, w: float, h: float, count: int) -> tuple[float, float]:
    """(the width a row's label and value share, the largest size a row's height allows)."""
    row_h = h / max(1, count)
    mark_w = row_h * 0.35 if el.marks else 0.0
    return w - 2 * pt(el.padding) - mark_w * 1.6 - pt(1.5), min(el.size, row_h * 0.62)


def table_size(el: Attributes, rows: list[Row], w: float, h: float) -> tuple[float, list[tuple[Row, float]]]:
    """The size every row fits at (never below ``min_size``), and the rows that do not fit
    even at ``min_size`` with how much too long they are (0.25: 25 %)."""
    width, size = room(el, w, h, len(rows))
    for r in rows:
        need = r.label.width + r.value.width
        if need > 0:
            size = min(size, width / need)
    tight = [(r, (r.label.width + r.value.width) * el.min_size / max(width, 1e-9) - 1.0) for r in rows
             if (r.label.width + r.value.width) * el.min_size > width + 1e-9]
    return max(size, el.min_size), tight


def overprint_problems(deck: Deck, tight: list[tuple[Row, float]], min_size: float) -> list[Problem]:
    """One problem per label that overprints its value, at the deck string's file and line."""
    out = []
    for r, _excess in tight:
        name = f"attributes.{r.attr.key}.label"
        file, line = deck.strings_at.get(name, (deck.path, None))
        # (how much too long differs per card with the value: the message names no figure, so it is said once)
        out.append(Problem(f"attribute label {r.attr.label!r} and its value overprint: the row does not fit its "
                           f"width even at {min_size:g} pt; shorten the label", file, line, None, name))
    return out
