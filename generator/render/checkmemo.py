"""What one pass over a deck's cards (``card_pieces``) has already checked.

Every card's elements are resolved and checked before anything is drawn, and most
of that work is the same for every card: a background's colour comes from the deck,
a title's font is the layout's, the back is the deck's back. A :class:`CheckMemo`
lives for one pass and remembers what passed — a resolved element's fonts, icons
and image file, the colours that parse, the text each element prints, the lines an
attribute table measures — so each card costs only what depends on the card
(issue 41: 100,000 rows of a ``deckpress new`` project took 117 s).

Only successes are remembered: a card whose element fails is checked the long way
and raises the very error it always did (file, line, card, field). Nothing outlives
the pass, so an image file deleted between two builds of ``watch`` is still found
missing. Every table is bounded (cleared when full), so memory does not grow with
the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .fonts import project_fonts, resolve_font
from .layout.checks import FONT_FIELDS, check_element, check_values
from .layout.context import PER_CARD, Where, _Same, cell_key, render, template_names, token
from .layout.frame import CardBox, Rect, box_of
from .layout.model import Attributes, Element, Icon, Image, Pips, Symbol, Text
from .layout.oneline import OneLine, one_line

LIMIT = 5_000  # entries per table; a table starts afresh when full
_CELL_NAMES = frozenset({"attr", "value", "text"})  # what an attribute table's row adds to the context
Slot = tuple[Element | None, Path | None, tuple[str, ...] | None]
UNCHECKED = object()  # what ``CheckMemo.passed`` says of an element it has not seen pass


def _bounded(table: dict[Any, Any]) -> dict[Any, Any]:
    if len(table) >= LIMIT:
        table.clear()
    return table


_COLOR_KEYS: dict[type, tuple[str, ...]] = {}


def _color_keys(kind: type[Element]) -> tuple[str, ...]:
    """The fields of ``kind`` that ``check_values`` parses as colours."""
    found = _COLOR_KEYS.get(kind)
    if found is None:
        found = _COLOR_KEYS[kind] = tuple(k for k in kind.model_fields if k.endswith("color"))
    return found


def _element_key(element: Element, folders: Sequence[Path]) -> tuple[Any, ...]:
    """Everything ``check_element`` reads of ``element``: its fonts, the icons of its text,
    its symbol, its image, and the folders they are looked up in."""
    fields = element.__dict__
    if isinstance(element, Text):
        what: Any = element.text
    elif isinstance(element, Symbol | Icon | Pips):
        what = element.name
    elif isinstance(element, Image):
        what = element.src
    else:
        what = None
    return (type(element), what, tuple(folders), *(fields.get(name) for name in FONT_FIELDS))


# What the up-front check reads of a resolved element (check_values, check_element,
# art_where, the art warning, printed_texts): a card-dependent field outside these is
# rendered for each card (its errors are the card's) but changes nothing checked.
_CHECKED = frozenset({"x", "y", "w", "h", "when", "text", "name", "src", "label", "rank", "fit", *FONT_FIELDS})


class Plan:
    """How one layout element depends on the card, worked out once a pass: the names its
    ``when`` and template fields read; ``base``: the names of everything that does not read
    the card itself (the deck, its colours, the suit, the back); ``own``: (field, source)
    of the fields that do, in the order ``resolve`` renders them; ``light``: those fields
    change nothing the check reads but a text (checked per card for icons and glyphs)."""

    __slots__ = ("card_when", "base", "own", "light", "parsed", "key")

    def __init__(self, element: Element) -> None:
        found = template_names(element)
        self.parsed = found is not None
        self.card_when = False
        self.base: tuple[str, ...] = ()
        self.own: tuple[tuple[str, str], ...] = ()
        self.light = False
        self.key: tuple[Any, ...] = (_Same(element),)  # the base key of an element that reads nothing
        if found is None:
            return
        when, fields = found
        base: set[str] = set()
        if when is not None:
            if PER_CARD & set(when):
                self.card_when = True
            else:
                base.update(when)
        own = []
        for field, source, names in fields:
            if PER_CARD & set(names):
                own.append((field, source))
            else:
                base.update(names)
        self.base = tuple(sorted(base))
        self.own = tuple(own)
        checked = {f for f, _s in own if f in _CHECKED or f.endswith("color")}
        self.light = not isinstance(element, Attributes) and (
            not checked or (isinstance(element, Text) and checked == {"text"}))


class CheckMemo:
    """The checks one ``card_pieces`` pass has seen pass (see the module's doc)."""

    def __init__(self) -> None:
        self._colors: set[str] = set()
        self._elements: dict[tuple[Any, ...], Path | None] = {}
        self._lines: dict[tuple[str, str, tuple[str, ...]], OneLine] = {}
        self._art: dict[tuple[Any, ...], str | None] = {}
        self._folders: dict[tuple[Path, ...], tuple[Path, ...]] = {}
        self._passed: dict[tuple[_Same, _Same], Path | None] = {}
        self._slots: dict[tuple[Any, ...], Slot] = {}
        self._cells: dict[tuple[Any, ...], tuple[str, str]] = {}
        self._boxes: dict[tuple[Any, ...], Rect] = {}
        self._plans: dict[_Same, Plan] = {}
        self._fonts: dict[tuple[_Same, _Same], tuple[tuple[str, str, str], tuple[str, ...]]] = {}
        self._sides: dict[tuple[_Same, str], tuple[tuple[str, Element, Plan], ...]] = {}
        self._bases: dict[tuple[Any, ...], tuple[Slot, tuple[str, ...]]] = {}

    def folders(self, folders: tuple[Path, ...]) -> tuple[Path, ...]:
        """One tuple object for equal folder lists, so keys compare them by identity."""
        return _bounded(self._folders).setdefault(folders, folders)

    def passed(self, element: Element, folders: tuple[Path, ...]) -> Path | None | object:
        """The image file of a resolved element every check passed for (:data:`UNCHECKED`:
        not checked yet); ``folders`` as :meth:`folders` returned it."""
        return self._passed.get((_Same(element), _Same(folders)), UNCHECKED)

    def remember(self, element: Element, folders: tuple[Path, ...], path: Path | None) -> None:
        _bounded(self._passed)[(_Same(element), _Same(folders))] = path

    def slot(self, key: tuple[Any, ...]) -> Slot | None:
        """What an element resolved to and was checked as for an earlier card, by
        ``context.resolve_key``: (the element or None, its image file, its printed texts)."""
        return self._slots.get(key)

    def remember_slot(self, key: tuple[Any, ...], slot: Slot) -> None:
        _bounded(self._slots)[key] = slot

    def side(self, layout: Any, side: str) -> tuple[tuple[str, Element, Plan], ...]:
        """(name, element, plan) of each element of a layout's side."""
        key = (_Same(layout), side)
        found = self._sides.get(key)
        if found is None:
            found = _bounded(self._sides)[key] = tuple((n, e, self.plan(e)) for n, e in layout.side(side))
        return found

    def plan(self, element: Element) -> Plan:
        key = _Same(element)
        found = self._plans.get(key)
        if found is None:
            found = _bounded(self._plans)[key] = Plan(element)
        return found

    def base_key(self, element: Element, plan: Plan, ctx: dict[str, Any]) -> tuple[Any, ...] | None:
        """``element`` and the values of the names of ``plan.base`` (None: one is missing)."""
        if not plan.base:
            return plan.key
        try:
            return (*plan.key, *[token(ctx[n]) for n in plan.base])
        except KeyError:
            return None

    def base(self, key: tuple[Any, ...]) -> tuple[Slot, tuple[str, ...]] | None:
        """An earlier card's element with the same ``base_key``: (its slot, its own fields' values)."""
        return self._bases.get(key)

    def remember_base(self, key: tuple[Any, ...], slot: Slot, own: tuple[str, ...]) -> None:
        _bounded(self._bases)[key] = (slot, own)

    def table_texts(self, el: Attributes, ctx: dict[str, Any], where: Where
                    ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[float | None, ...]]:
        """Each attribute's label and value as an attribute table prints them for the card
        of ``ctx`` (``printed_texts`` and ``table_rows`` render the same, in the same order),
        and its value; each distinct (attribute, value) rendered once a pass."""
        deck, card = ctx["deck"], ctx["card"]
        labels, values, raws = [], [], []
        base = cell_key(el, (el.label, el.value), _CELL_NAMES, ctx)
        given = card.values
        for a in deck.attributes:
            raw = given.get(a.key)
            key = None if base is None else (*base, a.key, type(raw), raw)  # (one deck a pass: its keys)
            found = self._cells.get(key) if key is not None else None
            if found is None:
                row = {**ctx, "attr": a, "value": raw, "text": a.format(raw, deck.no_data)}
                found = (render(el.label, row, where, "label"), render(el.value, row, where, "value"))
                if key is not None:
                    _bounded(self._cells)[key] = found
            labels.append(found[0])
            values.append(found[1])
            raws.append(raw)
        return tuple(labels), tuple(values), tuple(raws)

    def table_fonts(self, el: Attributes, deck: Any) -> tuple[tuple[str, str, str], tuple[str, ...]]:
        """An attribute table's label, value and no-data fonts (resolved) and the deck's own fonts."""
        key = (_Same(el), _Same(deck))
        found = self._fonts.get(key)
        if found is None:
            fonts = (resolve_font(el.font), resolve_font(el.value_font), resolve_font(el.no_data_font))
            found = _bounded(self._fonts)[key] = (fonts, project_fonts(deck.fonts))
        return found

    def box(self, el: Element, width: float, height: float, layout: Any) -> Rect:
        """``frame.box_of`` on a card of ``width`` x ``height`` mm drawn by ``layout``, once a pass."""
        key = (_Same(el), width, height, _Same(layout))
        found = self._boxes.get(key)
        if found is None:
            design_w, design_h = layout.size
            card = CardBox(width, height, 0.0, design_w, design_h, layout.safe_zone)
            found = _bounded(self._boxes)[key] = box_of(el, card)
        return found

    def check_values(self, element: Element, layout: Any, side: str, name: str, card: str) -> None:
        """``layout.checks.check_values``: the colours it parses, each parsed once a pass."""
        fields = element.__dict__
        values = [v for k in _color_keys(type(element)) if isinstance(v := fields[k], str)]
        if all(v in self._colors for v in values):
            return
        check_values(element, layout, side, name, card)
        if len(self._colors) >= LIMIT:
            self._colors.clear()
        self._colors.update(values)

    def check_element(self, element: Element, where: Where, folders: Sequence[Path]) -> Path | None:
        """``layout.checks.check_element``, once a pass per distinct fonts, text, symbol and image."""
        key = _element_key(element, folders)
        if key in self._elements:
            return self._elements[key]
        path = check_element(element, where, folders)
        _bounded(self._elements)[key] = path
        return path

    def one_line(self, text: str, font: str, project: tuple[str, ...]) -> OneLine:
        """``layout.oneline.one_line``, measured once a pass per text and font."""
        key = (text, font, project)
        found = self._lines.get(key)
        if found is None:
            found = _bounded(self._lines)[key] = one_line(text, font, project)
        return found

    def art_message(self, element: Element, path: Path, box: Any, measure: Any) -> str | None:
        """The art warning of image ``element`` drawn from ``path`` (``measure()`` works it
        out), once a pass per element, file and card box."""
        key = (_Same(element), path, box)
        if key not in self._art:
            _bounded(self._art)[key] = measure()
        return self._art[key]
