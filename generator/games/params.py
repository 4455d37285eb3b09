"""Rule parameters: one validated object per game, shared by the simulator and
the rule booklets (``deckpress simulate --set k=v`` and ``deckpress rules --set k=v``
take exactly these keys). :class:`Params` is what every game's own model extends
(each in its package: ``games/<g>/params.py``, named by its spec's ``params``);
the helpers here parse and explain ``--set`` values for any of them.
"""

from __future__ import annotations

import ast
import functools
import keyword
import linecache
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

from ..errors import ParameterError, Problem
from ..i18n import N_

if TYPE_CHECKING:  # the type checker reads pydantic's own name for it
    from pydantic._internal._model_construction import ModelMetaclass
else:
    ModelMetaclass = type(BaseModel)  # the metaclass every model has (pydantic gives it no public name)


class ParameterNameError(ParameterError):
    """A rule parameter's name that cannot be one (``__class__``, ``model_dump``, ``if``),
    already located at its file, line and field (the loader passes it on as it is)."""


def parameter_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a rule parameter (own games' ``Params`` fields and rules
    files' ``parameters:``), or None: it must be a plain name that Python, pydantic and
    the parameters object do not already use, so ``--set name=...`` reaches it."""
    if not name.isidentifier():
        return f"parameter {name!r} is not a name of letters, digits and _ (not starting with a digit)"
    if name.startswith("_"):
        return (f"parameter {name!r} starts with _: Python and pydantic keep such names (__class__, _private)"
                " for themselves; give it a plain name")
    if keyword.iskeyword(name):
        return f"parameter {name!r} is a word of Python (True, None, if, class, ...); give it another name"
    if name.startswith("model_") or name in _taken():
        return (f"parameter {name!r} is a name the parameters object uses itself (model_dump, copy, describe, ...);"
                " give it another name")
    return None


class _ParamsMeta(ModelMetaclass):
    """Refuses a parameter whose name pydantic or Python already uses (the designer's file,
    line and field, before pydantic fails on it with a message of its own)."""

    def __new__(mcs, cls_name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> type:
        annotations = namespace.get("__annotations__") or {}
        for name in [] if cls_name == "Params" and namespace.get("__module__") == __name__ else [*annotations, *(k for k, v in namespace.items() if isinstance(v, FieldInfo))]:
            if name == "model_config" and isinstance(namespace.get(name), dict) or "ClassVar" in str(annotations.get(name, "")):
                continue
            if name.startswith("_") and not name.startswith("__") and not isinstance(namespace.get(name), FieldInfo):
                continue  # pydantic's private attribute (_cache: dict = PrivateAttr()), not a parameter
            why = parameter_name_problem(name)
            if why is not None:
                file, line = _declared_at(cls_name, name)
                raise ParameterNameError(Problem(f"{cls_name}: {why}", file, line, field=name))
        return super().__new__(mcs, cls_name, bases, namespace, **kwargs)  # type: ignore[no-any-return]


def _declared_at(cls_name: str, name: str) -> tuple[str | None, int | None]:
    """The file and line that declare field ``name`` of the class statement being run."""
    frame = sys._getframe(2)  # _declared_at <- __new__ <- the frame running ``class ...:``
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return None, None
    file, at = frame.f_code.co_filename, frame.f_lineno
    try:
        tree = ast.parse("".join(linecache.getlines(file, frame.f_globals)))
    except (SyntaxError, ValueError):
        return file, at
    classes = [c for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and c.name == cls_name
               and c.lineno <= at <= (c.end_lineno or c.lineno)]
    for cls in classes[-1:]:
        for stmt in cls.body:
            targets = [stmt.target] if isinstance(stmt, ast.AnnAssign) else stmt.targets if isinstance(stmt, ast.Assign) else []
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return file, stmt.lineno
    return file, at


class Params(BaseModel, metaclass=_ParamsMeta):
    model_config = ConfigDict(extra="forbid", frozen=True)

    max_tricks: int = Field(default=10_000, ge=1, le=10_000_000, description=N_("turn cap: a longer game counts as unfinished"))

    def describe(self) -> dict[str, Any]:
        """The parameters as plain values, for JSON and booklets."""
        return self.model_dump()



@functools.cache
def _taken() -> frozenset[str]:
    """What a parameter may not be called: the parameters object's own attributes (model_dump, copy, describe, ...)."""
    return frozenset(n for n in dir(Params) if n not in Params.model_fields)


Pickup = Literal["shuffled", "winner-first"]  # the order won cards go under a stack (Weiji, War)


def parse_sets(items: Iterable[str]) -> dict[str, str]:
    """``["variant=russian", "objective=2"]`` -> ``{"variant": "russian", "objective": "2"}``."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ParameterError(f"--set takes key=value, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def _coerce(model: type[Params], key: str, text: str) -> Any:
    """``--set`` values arrive as text; Literal[1, 2] fields want the number."""
    info = model.model_fields.get(key)
    args = getattr(info.annotation, "__args__", ()) if info else ()
    if args and all(isinstance(a, int) for a in args) and text.lstrip("-").isdigit():
        return int(text)
    return text


def _same(model: type[Params], key: str, a: Any, b: Any) -> bool:
    """Whether two values of field ``key`` mean the same (``4`` and ``"4"`` do)."""
    info = model.model_fields.get(key)
    if info is None or info.annotation is None:
        return bool(a == b)
    adapter: TypeAdapter[Any] = TypeAdapter(info.annotation)
    try:
        return bool(adapter.validate_python(a) == adapter.validate_python(b))
    except ValidationError:
        return False


def _problem(game: str, model: type[Params], err: Any) -> Problem:
    key = str(err["loc"][0]) if err["loc"] else None
    if err["type"] == "extra_forbidden":
        return Problem(f"unknown rule parameter {key!r} for {game}; valid: {', '.join(model.model_fields)}")
    if key is None:
        return Problem(f"{game}: {err['msg'].removeprefix('Value error, ')}")
    return Problem(f"{game} parameter {key}: {err['msg']}, got {err.get('input')!r}; {valid_values(model, key)}")


def valid_values(model: type[Params], key: str) -> str:
    info = model.model_fields[key]
    ann = info.annotation
    args = getattr(ann, "__args__", None)
    if args and getattr(ann, "__origin__", None) is Literal:
        return "valid: " + ", ".join(str(a) for a in args)
    lo = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
    hi = next((m.le for m in info.metadata if hasattr(m, "le")), None)
    if lo is not None and hi is not None:
        return f"valid: {lo} to {hi}"
    return f"({info.description})"
