"""Rule parameters: one validated object per game, shared by the simulator and
the rule booklets (``deckpress simulate --set k=v`` and ``deckpress rules --set k=v``
take exactly these keys). :class:`Params` is what every game's own model extends
(each in its package: ``games/<g>/params.py``, named by its spec's ``params``);
the helpers here parse and explain ``--set`` values for any of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..errors import ParameterError, Problem
from ..i18n import N_


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    max_tricks: int = Field(default=10_000, ge=1, le=10_000_000, description=N_("turn cap: a longer game counts as unfinished"))

    def describe(self) -> dict[str, Any]:
        """The parameters as plain values, for JSON and booklets."""
        return self.model_dump()


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
