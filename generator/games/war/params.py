"""War's rule parameters (its spec's ``params``): ``--set key=value`` in
``simulate``, ``check`` and ``rules``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from ...i18n import N_
from ..params import Params, Pickup


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
