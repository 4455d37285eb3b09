"""Jinja2 text for layouts: a sandboxed environment with StrictUndefined.

Every text field of an element may be a template over the card and the deck.
An unknown field (``{{ card.nme }}``) is an error naming layout, card and element.
Templates are untrusted: they run in :class:`.sandbox.CardSandbox` (no Python
internals, no file system, bounded work), and any failure in one — a sandbox
refusal, ``1/0``, ``'a' + 1`` — is a RenderError naming layout, card and element.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import TemplateError, meta
from pydantic import ValidationError

from ...deck.limits import DRAWN_TEXT
from ...deck.model import Attribute, Card, Deck, Rank, Suit
from ...errors import Problem, RenderError
from .colors import contrast, ink, legible, mix
from .model import Element
from .sandbox import Budget, CardSandbox

_ENV = CardSandbox()
_ENV.filters["contrast"] = contrast
_ENV.filters["mix"] = mix
_ENV.filters["ink"] = ink
_ENV.filters["legible"] = legible


@dataclass(frozen=True)
class Where:
    """Which layout, card and element a problem is in."""

    layout: str
    path: Path | None
    card: str
    element: str

    def error(self, message: str) -> RenderError:
        return RenderError(Problem(f"layout {self.layout}, element '{self.element}': {message}",
                                   self.path, None, self.card))

    def warning(self, message: str) -> str:
        return f"card {self.card}: layout {self.layout}, element '{self.element}': {message}"


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text


@lru_cache(maxsize=4096)
def _template(source: str) -> Any:
    return _ENV.from_string(source)


@lru_cache(maxsize=1024)
def _expression(source: str) -> Any:
    return _ENV.compile_expression(source, undefined_to_none=False)


# -- memo: a template's result depends only on the values of the names it uses --
# Most layout text depends on the suit, the rank or the deck alone ("{{ suit.color | ink }}"),
# so a 540-card deck renders each such string a handful of times, not once per card and
# again when drawn. Keys hold the values themselves (hashable ones, compared by value) or
# the object itself compared by identity (a card, a deck, a per-card dict), which keeps it
# alive, so an identity can never be reused by another object while its entry exists.
MEMO_SIZE = 50_000  # entries; the memo starts afresh when full


class _Same:
    """A key part that compares an unhashable (or costly to hash) value by identity."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.value is self.value


_BY_VALUE = (str, int, float, bool, type(None))
_memo: dict[tuple[Any, ...], Any] = {}


@lru_cache(maxsize=4096)
def _names(source: str, expression: bool) -> tuple[str, ...] | None:
    """The context names ``source`` reads (None if it cannot be parsed: no memo)."""
    try:
        text = "{{ " + source + " }}" if expression else source
        return tuple(sorted(meta.find_undeclared_variables(_ENV.parse(text))))
    except Exception:  # a syntax error is reported by the render itself
        return None


def _token(value: Any) -> Any:
    if isinstance(value, _BY_VALUE):
        return value
    if isinstance(value, (Suit, Rank, Attribute)):  # small frozen data: equal ones render alike
        try:
            hash(value)
            return value
        except TypeError:
            pass
    return _Same(value)


def _memo_key(kind: str, source: str, ctx: Mapping[str, Any]) -> tuple[Any, ...] | None:
    names = _names(source, kind == "when")
    if names is None or any(n not in ctx for n in names):
        return None
    return (kind, source, *(_token(ctx[n]) for n in names))


def _remember(key: tuple[Any, ...] | None, value: Any) -> Any:
    if key is not None:
        if len(_memo) >= MEMO_SIZE:
            _memo.clear()
        _memo[key] = value
    return value


def _why(exc: Exception) -> str:
    if isinstance(exc, TemplateError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"  # 1/0, 'a' + 1, int('x'), too deep ...


def _shown(source: str) -> str:
    return repr(source if len(source) <= 80 else source[:77] + "...")


def render(source: str, ctx: Mapping[str, Any], where: Where) -> str:
    """Render one template string; RenderError naming layout, card and element on failure."""
    if not is_template(source):
        return source
    key = _memo_key("text", source, ctx)
    if key is not None and key in _memo:
        return _memo[key]  # type: ignore[no-any-return]
    try:
        template = _template(source)
        with Budget():  # shared: ctx already holds the sandbox's globals (card_context)
            text = str(_ENV.concat(template.root_render_func(template.new_context(ctx, shared=True))))
    except Exception as exc:  # a user template may fail in any way; never a traceback
        raise where.error(f"in {_shown(source)}: {_why(exc)}") from None
    if len(text) > DRAWN_TEXT:  # more than any box can show: refused here, so check refuses it too
        raise where.error(f"in {_shown(source)}: the text comes to {len(text):,} characters, more than "
                          f"a box can show (at most {DRAWN_TEXT:,})")
    return _remember(key, text)  # type: ignore[no-any-return]


def truthy(source: str, ctx: Mapping[str, Any], where: Where) -> bool:
    """Evaluate a ``when:`` expression (with or without {{ }})."""
    expr = source.strip()
    if expr.startswith("{{") and expr.endswith("}}"):
        expr = expr[2:-2]
    key = _memo_key("when", expr, ctx)
    if key is not None and key in _memo:
        return _memo[key]  # type: ignore[no-any-return]
    try:
        with Budget():
            return _remember(key, bool(_expression(expr)(**ctx)))  # type: ignore[no-any-return]
    except Exception as exc:  # as in render()
        raise where.error(f"in when {_shown(source)}: {_why(exc)}") from None


def card_context(deck: Deck, card: Card) -> dict[str, Any]:
    """What a layout's templates can see for ``card`` (the same dict each time: a card's
    fit check and drawing, and every card's ``colors``, share values, and so the memo)."""
    key = (_Same(deck), _Same(card))
    found = _contexts.get(key)
    if found is None:
        if len(_contexts) >= RESOLVED_SIZE:
            _contexts.clear()
        found = _contexts[key] = _card_context(deck, card)
    return found


def _card_context(deck: Deck, card: Card) -> dict[str, Any]:
    colors = _contexts.get((_Same(deck),))
    if colors is None:
        colors = _contexts[(_Same(deck),)] = {"colors": dict(deck.colors)}
    suit = next((s for s in deck.suits if s.key == card.suit), None)
    rank = next((r for r in deck.ranks if r.key == card.rank), None)
    return {
        **_ENV.globals,
        "card": card,
        "deck": deck,
        "suit": suit,
        "rank": rank,
        "attrs": deck.attributes,
        "colors": colors["colors"],
        "fields": dict(card.fields),
        "back_text": card.back if card.back else deck.back.text,
        "back_color": deck.back.color or deck.colors.get("primary", "#333333"),
        "has_own_back": bool(card.back),
        "back_image": _back_image(deck, card),
    }


def _back_image(deck: Deck, card: Card) -> str:
    """The back's image file: the card's ``back_image`` field, else the deck's ``back.image``."""
    own = card.fields.get("back_image", "").strip()
    if own:
        return own
    return str(deck.back.image) if deck.back.image is not None else ""


def resolve(element: Element, ctx: Mapping[str, Any], where: Where) -> Element | None:
    """The element with every template field rendered; None when its ``when`` is false.

    Equal results are one object: a card's fit check and its drawing share the element
    resolved once, and so do all the cards of a suit (see ``RESOLVED_SIZE``)."""
    if element.when is not None and not truthy(element.when, ctx, where):
        return None
    fields = _template_fields(element)
    if not fields:
        return element
    update = {name: render(value, ctx, where) for name, value in fields}
    key = (_Same(element), *update.values())
    found = _resolved.get(key)
    if found is None:
        found = _resolved_element(element, update, where)
        if len(_resolved) >= RESOLVED_SIZE:
            _resolved.clear()
        _resolved[key] = found
    return found


RESOLVED_SIZE = 5_000  # resolved elements (a few per card of a large deck) and contexts remembered
_resolved: dict[tuple[Any, ...], Element] = {}
_contexts: dict[tuple[Any, ...], dict[str, Any]] = {}
_fields: dict[_Same, tuple[tuple[str, str], ...]] = {}


def _template_fields(element: Element) -> tuple[tuple[str, str], ...]:
    """(name, source) of each template field of ``element``, worked out once per element."""
    key = _Same(element)
    found = _fields.get(key)
    if found is None:
        found = tuple(
            (name, value) for name in type(element).model_fields
            if name != "when" and name not in element.LATE
            and isinstance(value := getattr(element, name), str) and is_template(value)
        )
        if len(_fields) >= RESOLVED_SIZE:
            _fields.clear()
        _fields[key] = found
    return found


def _resolved_element(element: Element, update: dict[str, Any], where: Where) -> Element:
    if update.keys() & _GEOMETRY:  # a rendered position must still be a number or "NN%"
        try:
            return type(element).model_validate({**element.model_dump(), **update})
        except ValidationError as exc:
            raise where.error("; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                                        for e in exc.errors())) from None
    return element.model_copy(update=update)


_GEOMETRY = frozenset({"x", "y", "w", "h"})
