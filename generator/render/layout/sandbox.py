"""The Jinja2 sandbox that user templates (untrusted, shared on forums) run in:
layout text and a project's own rule booklet templates.

On top of Jinja2's :class:`ImmutableSandboxedEnvironment` (no ``_``/dunder
attributes, no mutation of lists and dicts) it closes what that sandbox leaves open:

- **No file system.** ``Path`` values (``card.art``, ``deck.path``) reach a template
  as plain text, so ``deck.path.read_text()`` or ``.write_text()`` do not exist;
  only methods of plain data (text, numbers, lists, dicts) and a short list of
  deck-model methods can be called; modules are never reachable. Template files
  load only from the given folders (a symlink out is refused).
- **No Python internals.** ``lipsum``, ``cycler``, ``joiner`` and ``namespace`` are
  gone; ``include``/``import``/``extends``/``macro``/``call``/recursive loops are
  refused when the template is parsed.
- **Bounded work.** Every loop iteration and call spends a step of a per-render
  budget (:data:`MAX_STEPS`); ``range`` is capped (:data:`MAX_RANGE`); text and
  lists built by ``*``, ``+``, ``~``, ``%``, ``join``, ``replace``, ``center``,
  ``format`` and printed output are capped (:data:`MAX_TEXT`); numbers by ``**`` and
  ``*`` are capped (:data:`MAX_BITS`); one render may run :data:`MAX_SECONDS`
  (checked at every loop step and call). Exceeding a limit is a
  :class:`~jinja2.exceptions.SecurityError`, which the caller reports naming
  layout, card and element.
"""

from __future__ import annotations

import gc
import math
import operator
import re
import string
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import fields, is_dataclass
from difflib import get_close_matches
from pathlib import Path, PurePath
from types import MappingProxyType, ModuleType
from typing import Any

from jinja2 import FileSystemLoader, StrictUndefined, nodes, pass_context, pass_environment
from jinja2.compiler import CodeGenerator, Frame
from jinja2.defaults import DEFAULT_FILTERS
from jinja2.exceptions import SecurityError, TemplateSyntaxError
from jinja2.runtime import LoopContext, Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import missing

from ...deck.limits import RULES_TEXT
from ...deck.model import Attribute, Card, Deck, FrozenMap, Rank, Suit
from ...grammar import Forms

MAX_SOURCE = 10_000  # characters in one layout template string (a rule booklet's: RULES_TEXT)
MAX_STEPS = 20_000  # loop iterations plus calls in one render
MAX_RANGE = 10_000  # items in range()
MAX_TEXT = 100_000  # characters (or items) of one built value, and of one render's output
MAX_BITS = 4_096  # size of an integer built by ** or *
MAX_SECONDS = 2.0  # wall time of one render, checked at every loop step and call

_LOOP = "dp_loop_guard"
_FORMATTER = string.Formatter()
_WIDTH = re.compile(r"\d{5,}|\*")  # a format width/precision of 10,000 or more, or '*'
# the same in a %-format (gettext's new style): "%(a)99999s", "%(a).*s"
_PERCENT_WIDTH = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d{5,}|\d*\.(?:\*|\d{5,}))")

# Methods of the deck model a template may call (everything else on them is data).
_MODEL_METHODS: Mapping[type, frozenset[str]] = MappingProxyType({
    Card: frozenset({"value"}),
    Deck: frozenset({"card", "attribute", "suit", "rank", "short_hash"}),
    Attribute: frozenset({"beats", "format"}),
    FrozenMap: frozenset({"items", "keys", "values", "get"}),  # the model's read-only mappings
})
_PLAIN = (str, int, float, bool, tuple, list, dict, MappingProxyType, type(None))

# Filters that cannot build anything large from small input (or are guarded below).
_FILTERS = (
    "abs", "attr", "capitalize", "count", "d", "default", "dictsort", "e", "escape",
    "first", "float", "int", "items", "last", "length", "list", "lower", "map", "max",
    "min", "reject", "rejectattr", "round", "select", "selectattr", "sort", "string",
    "sum", "title", "trim", "unique", "upper", "wordcount", "truncate",
)

# [steps, printed, max steps, max printed, deadline, seconds]
_budget: ContextVar[list[Any] | None] = ContextVar("deckpress_template_budget", default=None)
_gc_seconds = [0.0, 0.0]  # seconds spent in the garbage collector, when the current pass began


def _gc_clock(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _gc_seconds[1] = time.monotonic()
    elif _gc_seconds[1]:
        _gc_seconds[0] += time.monotonic() - _gc_seconds[1]
        _gc_seconds[1] = 0.0


gc.callbacks.append(_gc_clock)


def _clock() -> float:
    """Elapsed time less garbage collection: a full collection of a large deck's objects
    (seconds, with 100,000 cards loaded) does not count against one card's template."""
    return time.monotonic() - _gc_seconds[0]


def _spend(steps: int = 1, text: int = 0) -> None:
    budget = _budget.get()
    if budget is None:
        return
    budget[0] += steps
    budget[1] += text
    if _clock() > budget[4]:
        raise SecurityError(f"the template runs too long (over {budget[5]:g} s)")
    if budget[0] > budget[2]:
        raise SecurityError(f"the template does too much work (more than {budget[2]} loop steps and calls)")
    if budget[1] > budget[3]:
        raise SecurityError(f"the template prints more than {budget[3]} characters")


class Budget:
    """``with Budget():`` gives one render its own step, output and time budget."""

    def __init__(self, steps: int = MAX_STEPS, text: int = MAX_TEXT, seconds: float = MAX_SECONDS) -> None:
        self.steps, self.text, self.seconds = steps, text, seconds

    def __enter__(self) -> Budget:
        deadline = _clock() + self.seconds
        self._token = _budget.set([0, 0, self.steps, self.text, deadline, self.seconds])
        return self

    def __exit__(self, *exc: object) -> None:
        _budget.reset(self._token)


def _size(value: Any) -> int:
    return len(value) if isinstance(value, str | list | tuple) else 0


def _check_size(value: Any, what: str) -> Any:
    if _size(value) > MAX_TEXT:
        raise SecurityError(f"{what} would build a value longer than {MAX_TEXT}")
    return value


def _check_number(value: Any) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_BITS:
        raise SecurityError(f"a number larger than 2^{MAX_BITS}")


def _check_format(template: Any) -> None:
    if isinstance(template, str) and _WIDTH.search(template):
        raise SecurityError("a format width or precision of 10,000 or more (or '*') is not allowed")


def _nested_spec(template: Any) -> bool:
    """Whether a ``str.format`` template takes a width or precision from its arguments (a
    field inside a format spec: ``'{:>{}}'``), so that a large number among them is a huge
    width; in any other template a number is only a value (``'{:,}'.format(44420)``).
    A template that does not parse counts as nested (refused as before)."""
    if not isinstance(template, str):
        return True
    try:
        return any(spec and "{" in spec for _, _, spec, _ in _FORMATTER.parse(template))
    except ValueError:
        return True


def _formatted(template: Any, variables: Mapping[str, Any]) -> Any:
    """``template % variables`` (gettext's new style), refused where the result would be
    larger than MAX_TEXT or a width/precision is huge: ``_("%(a)s" * 2000, a=big)``."""
    if not isinstance(template, str):
        return template
    if _PERCENT_WIDTH.search(template):
        raise SecurityError("a format width or precision of 10,000 or more (or '*') is not allowed")
    size = len(template) + sum((template.count(f"%({k})") + template.count(f"%({k}.")) * (len(str(v)) + 8)
                               for k, v in variables.items())
    if size > MAX_TEXT:
        raise SecurityError(f"a translated sentence would build a value longer than {MAX_TEXT}")
    return template % Forms(variables)  # %(fool.acc)s: the word with its article, in a case (grammar)


def _loop_guard(iterable: Any) -> Iterator[Any]:
    for item in iterable:
        _spend()
        yield item


def _range(*args: int) -> range:
    result = range(*args)
    if len(result) > MAX_RANGE:
        raise SecurityError(f"range() of more than {MAX_RANGE} numbers")
    return result


@pass_environment
def _join(env: Any, value: Iterable[Any], d: str = "", attribute: Any = None) -> str:
    items = list(value)
    if attribute is not None:
        items = [env.getattr(i, str(attribute)) for i in items]
    return _joined(items, d)


def _joined(items: Iterable[Any], d: Any = "") -> str:
    parts = [str(i) for i in items]
    if sum(map(len, parts)) + len(str(d)) * max(0, len(parts) - 1) > MAX_TEXT:
        raise SecurityError(f"join would build text longer than {MAX_TEXT}")
    return str(d).join(parts)


def _replace(s: Any, old: Any, new: Any, count: int | None = None) -> str:
    s, old, new = str(s), str(old), str(new)
    hits = s.count(old) if old else len(s) + 1
    if count is not None and count >= 0:
        hits = min(hits, count)
    if len(s) + hits * max(0, len(new) - len(old)) > MAX_TEXT:
        raise SecurityError(f"replace would build text longer than {MAX_TEXT}")
    return s.replace(old, new, -1 if count is None else count)


def _center(s: Any, width: int = 80) -> str:
    if width > MAX_TEXT:
        raise SecurityError(f"center width over {MAX_TEXT}")
    return str(s).center(width)


def _format(value: Any, *args: Any, **kwargs: Any) -> str:
    _check_format(value)
    if args and kwargs:
        raise SecurityError("format takes positional or keyword arguments, not both")
    return _check_size(str(value) % (kwargs or args), "format")


@pass_environment
def _sum(env: Any, iterable: Any, attribute: Any = None, start: Any = 0) -> Any:
    if not isinstance(start, int | float):  # sum(start=[]) concatenates lists quadratically
        raise SecurityError("sum() adds numbers only")
    return DEFAULT_FILTERS["sum"](env, iterable, attribute, start)


@pass_environment
def _truncate(env: Any, s: Any, length: int = 255, killwords: bool = False, end: str = "...",
              leeway: Any = None) -> str:
    return str(DEFAULT_FILTERS["truncate"](env, s, min(int(length), MAX_TEXT), killwords, end, leeway))


def _power(a: Any, b: Any) -> Any:
    if isinstance(a, int) and isinstance(b, int) and abs(a) > 1 and b > 0:
        if b * math.log2(abs(a)) > MAX_BITS:
            raise SecurityError(f"a number larger than 2^{MAX_BITS}")
    if isinstance(a, float) or isinstance(b, float):
        try:
            return math.pow(a, b)
        except (OverflowError, ValueError) as exc:
            raise SecurityError(f"{a!r} ** {b!r}: {exc}") from None
    return a**b


def _multiply(a: Any, b: Any) -> Any:
    if isinstance(a, int) and isinstance(b, int):
        if a.bit_length() + b.bit_length() > MAX_BITS:
            raise SecurityError(f"a number larger than 2^{MAX_BITS}")
    elif _size(a) or _size(b):
        count = b if _size(a) else a
        if isinstance(count, int) and max(_size(a), _size(b)) * max(0, count) > MAX_TEXT:
            raise SecurityError(f"repeating would build a value longer than {MAX_TEXT}")
    return a * b


def _add(a: Any, b: Any) -> Any:
    if _size(a) + _size(b) > MAX_TEXT:
        raise SecurityError(f"joining would build a value longer than {MAX_TEXT}")
    result = a + b
    _check_number(result)
    return result


def _modulo(a: Any, b: Any) -> Any:
    if isinstance(a, str):
        _check_format(a)
        return _check_size(a % b, "'%' formatting")
    return a % b


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "**": _power, "*": _multiply, "+": _add, "%": _modulo, "//": operator.floordiv,
}


def _concat(parts: tuple[Any, ...]) -> str:
    text = "".join(str(p) for p in parts)
    return _check_size(text, "'~'")


def _finalize(value: Any) -> Any:
    if isinstance(value, PurePath):
        value = str(value)
    _spend(0, len(value) if isinstance(value, str) else 0)
    return value


class _Guarded(CodeGenerator):
    """Compiles ``a ~ b`` through the environment's size check."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.checked_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


_REFUSED = (nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport, nodes.Macro, nodes.CallBlock)


class ConfinedLoader(FileSystemLoader):
    """A FileSystemLoader that also refuses files whose real path (symlinks followed)
    lies outside its search folders."""

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        real = Path(filename).resolve()
        roots = [Path(p).resolve() for p in self.searchpath]
        if not any(real.is_relative_to(root) for root in roots):
            raise SecurityError(f"template {template!r} is a link to a file outside its folder")
        return source, filename, uptodate


_NAMES: tuple[tuple[type, str], ...] = (
    (Card, "card"), (Deck, "deck"), (Suit, "suit"), (Rank, "rank"), (Attribute, "attribute"),
)


class FieldUndefined(StrictUndefined):
    """StrictUndefined that says what a designer can fix: ``{{ card.nmae }}`` fails with
    "card has no field 'nmae'; did you mean 'name'?", never a Python class name."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        obj, name = self._undefined_obj, self._undefined_name
        if self._undefined_hint or obj is missing or not isinstance(name, str):
            return str(super()._undefined_message)
        label = next((word for kind, word in _NAMES if isinstance(obj, kind)), None)
        if is_dataclass(obj) and not isinstance(obj, type):
            options = [f.name for f in fields(obj) if f.name not in ("source", "path", "digest")]
            what, word = label or "this value", "field"
        elif isinstance(obj, Mapping):
            options = [str(k) for k in obj]
            what, word = "the mapping", "key"
        elif obj is None:
            return f"there is no {name!r} here: the value before '.{name}' is empty (none)"
        else:
            return f"a {_kind(obj)} has no field {name!r}"
        close = get_close_matches(name, options, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else (f"; it has: {', '.join(options)}" if options else " (it is empty)")
        return f"{what} has no {word} {name!r}{hint}"


def _kind(value: Any) -> str:
    return {str: "text", int: "number", float: "number", bool: "yes/no value", list: "list",
            tuple: "list"}.get(type(value), "value")


class CardSandbox(ImmutableSandboxedEnvironment):
    """The environment every user template is compiled in.

    ``CardSandbox()`` is for layout text (strings, no statements that reach other
    templates). ``CardSandbox(folders)`` loads whole template files (rule booklets)
    from ``folders`` only, and allows ``include``/``import``/``extends``/``macro``
    among them.
    """

    code_generator_class = _Guarded
    intercepted_binops = frozenset(_BINOPS)

    def __init__(self, folders: Sequence[Path] = (), **options: Any) -> None:
        options.setdefault("undefined", FieldUndefined)
        options.setdefault("autoescape", False)
        loader = ConfinedLoader([str(f) for f in folders]) if folders else None
        super().__init__(loader=loader, finalize=_finalize, **options)
        self._statements = bool(folders)
        self.filters = {name: DEFAULT_FILTERS[name] for name in _FILTERS}
        self.filters.update(join=_join, replace=_replace, center=_center, format=_format, truncate=_truncate,
                            sum=_sum)
        self.globals = {"range": _range, "dict": dict, _LOOP: _loop_guard}
        self._allowed_functions = {id(f) for f in (_range, dict, _loop_guard, *self.filters.values())}

    def speak(self, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> None:
        """Let templates call ``_("...")`` / ``gettext`` / ``ngettext`` (Jinja2's i18n
        extension, new style: ``_("%(n)s cards", n=3)``) with these translation functions;
        the formatting is guarded like ``format`` (no value larger than MAX_TEXT)."""

        @pass_context
        def translated(__context: Any, __string: str, **variables: Any) -> str:  # noqa: N807
            return _formatted(gettext(__string), variables)

        @pass_context
        def translated_n(__context: Any, __singular: str, __plural: str, __num: int,  # noqa: N807
                         **variables: Any) -> str:
            variables.setdefault("num", __num)
            return _formatted(ngettext(__singular, __plural, __num), variables)

        self.add_extension("jinja2.ext.i18n")
        self.newstyle_gettext = True  # {% trans %} hands its variables to gettext, which formats them
        self.globals.update(gettext=translated, ngettext=translated_n)
        self._allowed_functions |= {id(self.globals[name]) for name in ("_", "gettext", "ngettext")}

    def checked_concat(self, parts: tuple[Any, ...]) -> str:
        return _concat(parts)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        limit = RULES_TEXT if self._statements else MAX_SOURCE  # a rule booklet's: as long as its text may be
        if len(source) > limit:
            raise TemplateSyntaxError(f"a template longer than {limit:,} characters", 1, name, filename)
        tree = super()._parse(source, name, filename)
        for node in tree.find_all(_REFUSED if not self._statements else ()):
            raise TemplateSyntaxError(
                f"'{type(node).__name__.lower()}' is not allowed in card templates", node.lineno, name, filename
            )
        for loop in tree.find_all(nodes.For):
            if loop.recursive:
                raise TemplateSyntaxError("recursive loops are not allowed in card templates",
                                          loop.lineno, name, filename)
            loop.iter = nodes.Call(nodes.Name(_LOOP, "load", lineno=loop.lineno), [loop.iter], [], None, None,
                                   lineno=loop.lineno)
        return tree

    # -- attribute access: Paths become text, only data and listed methods ----
    def _expose(self, value: Any) -> Any:
        return str(value) if isinstance(value, PurePath) else value

    def getattr(self, obj: Any, attribute: str) -> Any:
        return self._expose(super().getattr(obj, attribute))

    def getitem(self, obj: Any, argument: Any) -> Any:
        return self._expose(super().getitem(obj, argument))

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if not super().is_safe_attribute(obj, attr, value):
            return False
        return not isinstance(obj, ModuleType) and not isinstance(value, ModuleType)

    def is_safe_callable(self, obj: Any) -> bool:
        if not super().is_safe_callable(obj):
            return False
        if id(obj) in self._allowed_functions:
            return True
        if isinstance(obj, Macro) and self._statements:
            return True
        owner = getattr(obj, "__self__", None)
        name = getattr(obj, "__name__", "")
        if isinstance(owner, (*_PLAIN, LoopContext)) and not isinstance(owner, type):
            return True
        for kind, names in _MODEL_METHODS.items():
            if isinstance(owner, kind) and name in names:
                return True
        # str.format comes back wrapped by the sandbox (its formatter blocks attribute access)
        return name in ("format", "format_map") and hasattr(obj, "__wrapped__")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        _spend()
        name = getattr(__obj, "__name__", "")
        if not __self.is_safe_callable(__obj):
            raise SecurityError(f"{name or type(__obj).__name__}() may not be called from a card template")
        owner = getattr(getattr(__obj, "__wrapped__", __obj), "__self__", None)
        if isinstance(owner, str) and name == "join" and args:
            args = (list(args[0]), *args[1:])
        if isinstance(owner, str) or name in ("format", "format_map"):
            _check_str_call(owner, name, args, kwargs)
        result = super().call(__context, __obj, *args, **kwargs)
        _check_size(result, f"{name or 'a call'}()")
        return result

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        return _BINOPS[operator](left, right)


_WIDTH_METHODS = ("center", "ljust", "rjust", "zfill", "expandtabs")


def _check_str_call(owner: Any, name: str, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    values = [*args, *kwargs.values()]
    values += [v for m in values if isinstance(m, Mapping) for v in m.values()]
    numbers = [v for v in values if isinstance(v, int)]
    if name in _WIDTH_METHODS and any(n > MAX_TEXT for n in numbers):
        raise SecurityError(f"str.{name} wider than {MAX_TEXT}")
    if name in ("format", "format_map"):
        _check_format(owner)
        if _nested_spec(owner) and any(abs(n) >= 10_000 for n in numbers):
            raise SecurityError("a format width or precision of 10,000 or more is not allowed")
    if name == "replace" and len(args) >= 2:
        _replace(owner, args[0], args[1], args[2] if len(args) > 2 else None)
    if name == "join" and args:
        _joined(args[0], owner)
