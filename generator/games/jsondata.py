"""One generic JSON pair for the report's dataclasses: :func:`dump` writes a dataclass
as the JSON object of its fields, in their declared order, and :func:`load` reads one
back by the fields' types (nested dataclasses, ``X | None``, tuples, lists, mappings,
enums). A class that inherits :class:`JsonData` has both as ``to_json`` / ``from_json``.

A field's JSON is its name and its value, unless its metadata (:func:`as_json`) says
otherwise, with the few shapes the report has always had:

- ``key``: the JSON name (``"from"``, a Python keyword; or a function of the object,
  a key named at run time such as the game's own section);
- ``omit(obj, value)``: leave the key out (an optional figure not measured);
- ``write(value)`` / ``read(raw)``: a value written in another shape (pairs as a mapping);
  ``whole(obj)``: the value written, made from the whole object (a section with its rows);
- ``inline``: a mapping whose items stand in the parent object (a grid row's parameters);
- ``rest``: the keys no field names (a newer version's), kept and written last;
- ``before(obj)``: computed keys written before this field (the report's verdict);
- ``skip``: never written nor read (a note for the terminal).

The order of the fields is the order of the keys: keeping the JSON a reader already
knows (``balance.json``, ``check --json``, the goldens) means declaring the fields in it.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Literal, TypeVar

T = TypeVar("T")

Omit = Callable[[Any, Any], bool]


def none(obj: Any, value: Any) -> bool:
    """An ``omit``: the value is None."""
    return value is None


def empty(obj: Any, value: Any) -> bool:
    """An ``omit``: the value is empty (or None)."""
    return not value


def as_json(name: str | Callable[[Any], str] | None = None, *, omit: Omit | None = None,
        write: Callable[[Any], Any] | None = None, read: Callable[[Any], Any] | None = None,
        whole: Callable[[Any], Any] | None = None, before: Callable[[Any], Mapping[str, Any]] | None = None,
        place: Literal["inline", "rest", "skip"] | None = None) -> dict[str, Any]:
    """A field's JSON metadata (``field(metadata=as_json(...))``); see the module's words.
    ``place``: "inline" (its mapping spliced into the object), "rest" (unknown keys, kept
    and written last) or "skip" (not in this object's JSON)."""
    spec: dict[str, Any] = {"key": name, "omit": omit, "write": write, "read": read, "whole": whole, "before": before}
    if place:
        spec[place] = True
    return {"json": {k: v for k, v in spec.items() if v}}


def _meta(f: dataclasses.Field[Any]) -> Mapping[str, Any]:
    meta: Mapping[str, Any] = f.metadata.get("json", {})
    return meta


def write(value: Any) -> Any:
    """Any value as JSON: a dataclass (or an object with ``to_json``) as its object,
    a mapping as an object, a tuple or list as a list, an enum as its value."""
    if hasattr(value, "to_json") and not isinstance(value, type):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dump(value)
    if isinstance(value, Mapping):
        return {k: write(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [write(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


def dump(obj: Any) -> dict[str, Any]:
    """A dataclass as JSON: each field by its metadata, in the declared order."""
    out: dict[str, Any] = {}
    rest: Mapping[str, Any] = {}
    for f in dataclasses.fields(obj):
        meta = _meta(f)
        if meta.get("skip"):
            continue
        value = getattr(obj, f.name)
        if "before" in meta:
            out.update(meta["before"](obj))
        if meta.get("rest"):
            rest = value
            continue
        if "omit" in meta and meta["omit"](obj, value):
            continue
        data = meta["whole"](obj) if "whole" in meta else meta["write"](value) if "write" in meta else write(value)
        if meta.get("inline"):
            out.update(data)
            continue
        name = meta.get("key") or f.name
        out[name(obj) if callable(name) else name] = data
    out.update(rest)
    return out


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))


def read(tp: Any, raw: Any) -> Any:
    """``raw`` JSON as a value of type ``tp``."""
    if raw is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        return read(options[0], raw) if len(options) == 1 else raw
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(read(args[0], r) for r in raw)
        return tuple(read(a, r) for a, r in zip(args, raw, strict=False)) if args else tuple(raw)
    if origin is list:
        return [read(args[0], r) for r in raw] if args else list(raw)
    if origin in (dict, Mapping):
        return {k: read(args[1], v) for k, v in raw.items()} if args else dict(raw)
    if isinstance(tp, type):
        if hasattr(tp, "from_json"):
            return tp.from_json(raw)
        if dataclasses.is_dataclass(tp):
            return load(tp, raw)
        if issubclass(tp, enum.Enum):
            return tp(raw)
    return raw


def load(cls: type[T], data: Mapping[str, Any], **given: Any) -> T:
    """A dataclass from its JSON (as :func:`dump` wrote it, or an older version: a key
    it lacks takes the field's default); ``given``: fields already read by the caller."""
    hints = _hints(cls)  # type: ignore[arg-type]  # a class is hashable
    kwargs: dict[str, Any] = dict(given)
    known: set[str] = set()
    gather: list[str] = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        meta = _meta(f)
        if meta.get("skip") or not f.init:
            continue
        if meta.get("inline") or meta.get("rest"):
            gather.append(f.name)
            continue
        name = meta.get("key") or f.name
        if callable(name):
            continue  # a key named at run time: the caller reads it (``given``)
        known.add(name)
        if f.name in given or name not in data:
            continue
        raw = data[name]
        kwargs[f.name] = meta["read"](raw) if "read" in meta else read(hints[f.name], raw)
    for name in gather:
        kwargs.setdefault(name, {k: v for k, v in data.items() if k not in known})
    return cls(**kwargs)


class JsonData:
    """``to_json`` and ``from_json`` of a dataclass, by :func:`dump` and :func:`load`."""

    def to_json(self) -> dict[str, Any]:
        return dump(self)

    @classmethod
    def from_json(cls: type[T], data: Mapping[str, Any]) -> T:
        return load(cls, data)
