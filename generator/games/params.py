"""Rule parameters: one validated object per game, shared by the simulator and
the rule booklets (``deckpress simulate --set k=v`` and ``deckpress rules --set k=v``
take exactly these keys).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from ..errors import ParameterError, Problem
from ..i18n import N_


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    max_tricks: int = Field(default=10_000, ge=1, le=10_000_000, description=N_("turn cap: a longer game counts as unfinished"))

    def describe(self) -> dict[str, Any]:
        """The parameters as plain values, for JSON and booklets."""
        return self.model_dump()


Pickup = Literal["shuffled", "winner-first"]


class WeijiParams(Params):
    """Weiji (Top Trumps)."""

    players: int = Field(default=2, ge=2, le=8, description=N_("number of players"))
    pickup: Pickup = Field(default="shuffled", description=N_("order in which won cards go to the bottom of the stack"))
    tiebreak_draw: Literal["highest", "best"] = Field(
        default="highest",
        description=N_("chooser out after a tie: the highest value of the first attribute chooses next "
                       "(the seed's words), or the best (the lowest where lower is better)"))


class WarParams(Params):
    """War for piecepack, 2-4 players, classic or Russian."""

    players: int = Field(default=2, ge=2, le=4, description=N_("number of players"))
    packs: int = Field(default=1, ge=1, le=4, description=N_("number of piecepacks"))
    variant: Literal["classic", "russian"] = Field(default="classic", description=N_("classic War or the Russian version"))
    objective: Literal[1, 2] = Field(default=1, description=N_("Russian: 1 = whoever ends with all tiles loses; 2 = whoever runs out first loses"))
    tie_method: Literal[1, 2] = Field(default=2, description=N_("Russian: 1 = one new tile face up; 2 = one face down, then one face up"))
    pickup: Pickup = Field(default="shuffled", description=N_("order in which won tiles go to the bottom of the stack"))

    @model_validator(mode="after")
    def _russian_is_two_player(self) -> WarParams:
        if self.variant == "russian" and self.players != 2:
            raise ValueError("the Russian version is for 2 players")
        return self

    @model_validator(mode="after")
    def _russian_only_with_russian(self) -> WarParams:
        # a Russian-only parameter given with classic War would be silently ignored
        # (and a booklet would state a rule nobody plays): reject it instead
        given = [k for k in RUSSIAN_ONLY if k in self.model_fields_set]
        if self.variant == "classic" and given:
            listed = " and ".join(f"{k}={getattr(self, k)}" for k in given)
            verb, it = ("applies", "it") if len(given) == 1 else ("apply", "them")
            raise ValueError(f"{listed} {verb} only to the Russian version; "
                             f"add --set variant=russian, or leave {it} out for classic War")
        return self

    def describe(self) -> dict[str, Any]:
        """The parameters that apply: classic War has no objective or tie method."""
        out = super().describe()
        if self.variant == "classic":
            for key in RUSSIAN_ONLY:
                out.pop(key, None)
        return out


RUSSIAN_ONLY = ("objective", "tie_method")


class ViashiParams(Params):
    """Viashi (3 players, elvish or human rules) and Viashilym (6 players, two decks)."""

    players: Literal[3, 6] = Field(default=3, description=N_("3 for Viashi, 6 for Viashilym (three teams, two decks)"))
    variant: Literal["elvish", "human"] = Field(default="elvish", description=N_("elvish (captives) or human (tricks) scoring"))
    hands: int = Field(default=1, ge=1, le=99, description=N_("hands played: 9 = an elvish round, 3 = a human set"))
    handicap: bool = Field(default=False, description=N_("tournament handicap: recent winners draw some cards at random"))

    @model_validator(mode="after")
    def _viashilym_is_elvish(self) -> ViashiParams:
        if self.players == 6 and self.variant == "human":
            raise ValueError("Viashilym (6 players) is played with the elvish rules")
        return self


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
