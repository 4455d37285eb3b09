"""Jinja2 text for layouts: a sandboxed environment with StrictUndefined.

Every text field of an element may be a template over the card and the deck.
An unknown field (``{{ card.nme }}``) is an error naming layout, card and element.
Templates are untrusted: they run in :class:`.sandbox.CardSandbox` (no Python
internals, no file system, bounded work), and any failure in one — a sandbox
refusal, ``1/0``, ``'a' + 1`` — is a RenderError naming layout, card and element.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from dataclasses import field as _field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from jinja2 import TemplateError, Undefined, meta, nodes
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


_NOTHING: Mapping[Any, Any] = MappingProxyType({})


def _nothing() -> Mapping[Any, Any]:
    return _NOTHING


@dataclass(frozen=True)
class Where:
    """Which layout, card and element a problem is in, and where it is written: the
    file and line of the element (or, after ``at(key)``, of the key the problem is in)."""

    layout: str
    path: Path | None
    card: str
    element: str
    line: int | None = None  # the element's line in ``path`` (or its key's, after ``at``)
    field: str | None = None  # the element's key the problem is in (``text``, ``when``)
    side: str = "front"
    # (side, element, key) -> the file and line that wrote it (the layout's ``origins``)
    origins: Mapping[tuple[str, ...], tuple[Path, int | None]] = _field(default_factory=_nothing, compare=False, repr=False)
    # element key -> (file, line, card field) where the card's own field sets it (``title.text``)
    card_keys: Mapping[str, tuple[Path | None, int | None, str]] = _field(default_factory=_nothing, compare=False,
                                                                         repr=False)

    @classmethod
    def of(cls, layout: Any, side: str, card: str, element: str,
           card_keys: Mapping[str, tuple[Path | None, int | None, str]] = _NOTHING) -> Where:
        """``element`` of ``layout`` (a loaded Layout) on ``side``: the file and line that
        wrote it (a project layout that ``extends: weiji`` names the project's file for what
        it changed, weiji's for the rest)."""
        file, line = layout.origin(side, element)
        label = layout.name if file == layout.path else file.stem
        return cls(label, file, card, element, line, None, side, layout.origins, card_keys)

    def at(self, key: str | None) -> Where:
        """This place narrowed to the element's ``key``: its own file and line where known
        (the card field that set it, or the layout line that wrote it)."""
        if key is None:
            return self
        own = self.card_keys.get(key)
        if own is not None:
            return replace(self, path=own[0], line=own[1], field=own[2], origins=_NOTHING, card_keys=_NOTHING)
        file, line = self.origins.get((self.side, self.element, key), (self.path, self.line))
        label = self.layout if file == self.path or file is None else Path(file).stem
        return replace(self, layout=label, path=file, line=line, field=key)

    def error(self, message: str) -> RenderError:
        return RenderError(Problem(f"layout {self.layout}, element '{self.element}': {message}",
                                   self.path, self.line, self.card, self.field))

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
    if kind == "text" and not _PER_CARD.isdisjoint(names):  # reads the card: key on what it reads of it
        if _simple(source) is not None:
            return None  # rendered directly (see render): nothing worth remembering
        paths = _paths(source)
        if paths is not None:
            try:
                return ("paths", source, *(_token(ctx[n]) for n in names if n not in _PER_CARD),
                        *(_path_token(_ENV.getattr(ctx[n], a)) for n, a in paths))
            except Exception:  # the render says what is wrong
                return None
    return (kind, source, *(_token(ctx[n]) for n in names))


_UNDEFINED = ("undefined",)


def _path_token(value: Any) -> Any:
    """``_token`` of a value a template reads of the card; every undefined one alike (a
    template that prints one fails, and is not remembered; ``default`` and ``is defined``
    see no difference between them)."""
    return _UNDEFINED if isinstance(value, Undefined) else _token(value)


@lru_cache(maxsize=4096)
def _paths(source: str) -> tuple[tuple[str, str], ...] | None:
    """(name, attribute) of every ``card.x`` / ``fields.x`` a template reads, when it reads
    the card and its fields only that way (None otherwise): its result depends on those
    values alone, so cards with equal values share one render (``fields.icon | default('bolt')``)."""
    try:
        tree = _ENV.parse(source)
    except Exception:
        return None
    inside: set[int] = set()
    paths: dict[tuple[str, str], None] = {}
    for node in tree.find_all(nodes.Getattr):
        if isinstance(node.node, nodes.Name) and node.node.name in _PER_CARD and node.node.ctx == "load":
            inside.add(id(node.node))
            paths[(node.node.name, node.attr)] = None
    for name in tree.find_all(nodes.Name):
        if name.name in _PER_CARD and id(name) not in inside:
            return None  # the card itself handed on (a filter, a call, a loop): no key
    return tuple(paths)


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


def render(source: str, ctx: Mapping[str, Any], where: Where, prop: str | None = None) -> str:
    """Render one template string; RenderError naming layout, card and element on failure
    (and the element's key ``prop`` the template is, with its file and line, when given)."""
    if not is_template(source):
        return source
    key = _memo_key("text", source, ctx)
    if key is not None and key in _memo:
        return _memo[key]  # type: ignore[no-any-return]
    try:
        simple = _simple(source)
        if simple is not None and simple[0] in ctx:  # "{{ card.name }}": what its compiled code does
            with Budget():
                value = ctx[simple[0]]
                if simple[1] is not None:
                    value = _ENV.getattr(value, simple[1])
                finalize: Any = _ENV.finalize  # (the sandbox's _finalize: Paths become text, output counted)
                return _remember(key, str(finalize(value)))  # type: ignore[no-any-return]
        template = _template(source)
        with Budget():  # shared: ctx already holds the sandbox's globals (card_context)
            text = str(_ENV.concat(template.root_render_func(template.new_context(ctx, shared=True))))
    except Exception as exc:  # a user template may fail in any way; never a traceback
        raise where.at(prop).error(f"in {_shown(source)}: {_why(exc)}") from None
    if len(text) > DRAWN_TEXT:  # more than any box can show: refused here, so check refuses it too
        raise where.at(prop).error(f"in {_shown(source)}: the text comes to {len(text):,} characters, more than "
                          f"a box can show (at most {DRAWN_TEXT:,})")
    return _remember(key, text)  # type: ignore[no-any-return]


_SIMPLE = re.compile(r"\{\{ *([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))? *\}\}")
_KEYWORDS = frozenset({"true", "false", "none", "True", "False", "None", "and", "or", "not", "in", "is", "if",
                       "else", "elif", "endif", "for", "endfor", "recursive", "with", "without", "import",
                       "include", "set", "block", "extends", "macro", "call", "filter", "raw", "pluck"})


@lru_cache(maxsize=4096)
def _simple(source: str) -> tuple[str, str | None] | None:
    """(name, attribute) of a template that is only ``{{ name }}`` or ``{{ name.attribute }}``
    (most card text: ``{{ card.name }}``), rendered without building a template context;
    None for anything else."""
    found = _SIMPLE.fullmatch(source)
    if found is None or found[1] in _KEYWORDS or found[2] in _KEYWORDS:
        return None
    return found[1], found[2]


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
        raise where.at("when").error(f"in when {_shown(source)}: {_why(exc)}") from None


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
    key = resolve_key(element, ctx)
    if key is not None:
        found = _by_names.get(key, _UNKNOWN)
        if found is not _UNKNOWN:
            return found  # type: ignore[return-value]
    resolved = _resolve(element, ctx, where)
    if key is not None:
        if len(_by_names) >= RESOLVED_SIZE:
            _by_names.clear()
        _by_names[key] = resolved
    return resolved


def _resolve(element: Element, ctx: Mapping[str, Any], where: Where) -> Element | None:
    if element.when is not None and not truthy(element.when, ctx, where):
        return None
    fields = _template_fields(element)
    if not fields:
        return element
    update = {name: render(value, ctx, where, name) for name, value in fields}
    key = (_Same(element), *update.values())
    found = _resolved.get(key)
    if found is None:
        found = _resolved_element(element, update, where)
        if len(_resolved) >= RESOLVED_SIZE:
            _resolved.clear()
        _resolved[key] = found
    return found


RESOLVED_SIZE = 5_000  # resolved elements (a few per card of a large deck) and contexts remembered
_UNKNOWN = object()
_PER_CARD = frozenset({"card", "fields"})  # names whose value differs on every card: not worth a key
_by_names: dict[tuple[Any, ...], Element | None] = {}
_element_names: dict[_Same, tuple[str, ...] | None] = {}


def resolve_key(element: Element, ctx: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What ``resolve`` depends on for ``element``: the element and the values of the names
    its ``when`` and template fields read, as the memo compares them (None: ask each time).
    An element that reads only the deck, its colours, the suit or the back resolves to one
    object for a whole deck, found here without rendering its templates again."""
    key = _Same(element)
    if key in _element_names:
        names = _element_names[key]
    else:
        if len(_element_names) >= RESOLVED_SIZE:
            _element_names.clear()
        names = _element_names[key] = _read_names(element)
    if names is None or any(n not in ctx for n in names):
        return None
    return (key, *(_token(ctx[n]) for n in names))


def _read_names(element: Element) -> tuple[str, ...] | None:
    """The names ``element``'s ``when`` and template fields read (None: one of them reads
    the card itself, or cannot be parsed)."""
    found: set[str] = set()
    if element.when is not None:
        expr = element.when.strip()
        if expr.startswith("{{") and expr.endswith("}}"):
            expr = expr[2:-2]
        names = _names(expr, True)
        if names is None:
            return None
        found.update(names)
    for _name, source in _template_fields(element):
        names = _names(source, False)
        if names is None:
            return None
        found.update(names)
    return None if found & _PER_CARD else tuple(sorted(found))


def template_names(element: Element) -> tuple[tuple[str, ...] | None, tuple[tuple[str, str, tuple[str, ...]], ...]] | None:
    """What ``resolve`` renders of ``element``: the names its ``when`` reads (None: no
    ``when``) and (field, source, names read) of each template field, in the order
    ``resolve`` renders them; None where one cannot be parsed."""
    when: tuple[str, ...] | None = None
    if element.when is not None:
        expr = element.when.strip()
        if expr.startswith("{{") and expr.endswith("}}"):
            expr = expr[2:-2]
        when = _names(expr, True)
        if when is None:
            return None
    fields = []
    for name, source in _template_fields(element):
        names = _names(source, False)
        if names is None:
            return None
        fields.append((name, source, names))
    return when, tuple(fields)


def token(value: Any) -> Any:
    """A value as the memo compares it (by value, or by identity)."""
    return _token(value)


PER_CARD = _PER_CARD


def cell_key(element: Element, sources: tuple[str, ...], local: frozenset[str], ctx: Mapping[str, Any]
             ) -> tuple[Any, ...] | None:
    """A key for what ``sources`` (templates of ``element``) render to in ``ctx`` extended by
    the names ``local`` (the caller keys on those itself); None where they read the card."""
    found: set[str] = set()
    for source in sources:
        names = _names(source, False) if is_template(source) else ()
        if names is None:
            return None
        found.update(names)
    found -= local
    if found & _PER_CARD or any(n not in ctx for n in found):
        return None
    return (_Same(element), *(_token(ctx[n]) for n in sorted(found)))
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
            errors = exc.errors()
            key = str(errors[0]["loc"][0]) if errors and errors[0]["loc"] else None
            raise where.at(key).error("; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                                                for e in errors)) from None
    return element.model_copy(update=update)


_GEOMETRY = frozenset({"x", "y", "w", "h"})
