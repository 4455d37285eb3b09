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

from jinja2 import TemplateError
from pydantic import ValidationError

from ...deck.model import Card, Deck
from ...errors import Problem, RenderError
from .colors import contrast, ink, mix
from .model import Element
from .sandbox import Budget, CardSandbox

_ENV = CardSandbox()
_ENV.filters["contrast"] = contrast
_ENV.filters["mix"] = mix
_ENV.filters["ink"] = ink


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
    try:
        template = _template(source)
        with Budget():  # shared: ctx already holds the sandbox's globals (card_context)
            return str(_ENV.concat(template.root_render_func(template.new_context(ctx, shared=True))))
    except Exception as exc:  # a user template may fail in any way; never a traceback
        raise where.error(f"in {_shown(source)}: {_why(exc)}") from None


def truthy(source: str, ctx: Mapping[str, Any], where: Where) -> bool:
    """Evaluate a ``when:`` expression (with or without {{ }})."""
    expr = source.strip()
    if expr.startswith("{{") and expr.endswith("}}"):
        expr = expr[2:-2]
    try:
        with Budget():
            return bool(_expression(expr)(**ctx))
    except Exception as exc:  # as in render()
        raise where.error(f"in when {_shown(source)}: {_why(exc)}") from None


def card_context(deck: Deck, card: Card) -> dict[str, Any]:
    """What a layout's templates can see for ``card``."""
    suit = next((s for s in deck.suits if s.key == card.suit), None)
    rank = next((r for r in deck.ranks if r.key == card.rank), None)
    return {
        **_ENV.globals,
        "card": card,
        "deck": deck,
        "suit": suit,
        "rank": rank,
        "attrs": deck.attributes,
        "colors": dict(deck.colors),
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
    """The element with every template field rendered; None when its ``when`` is false."""
    if element.when is not None and not truthy(element.when, ctx, where):
        return None
    update: dict[str, Any] = {}
    for name in type(element).model_fields:
        if name == "when" or name in element.LATE:
            continue
        value = getattr(element, name)
        if isinstance(value, str) and is_template(value):
            update[name] = render(value, ctx, where)
    if not update:
        return element
    if update.keys() & _GEOMETRY:  # a rendered position must still be a number or "NN%"
        try:
            return type(element).model_validate({**element.model_dump(), **update})
        except ValidationError as exc:
            raise where.error("; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                                        for e in exc.errors())) from None
    return element.model_copy(update=update)


_GEOMETRY = frozenset({"x", "y", "w", "h"})
