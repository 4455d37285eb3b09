"""Viashi's rule parameters (its spec's ``params``): ``--set key=value`` in
``simulate``, ``check`` and ``rules``."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...i18n import N_
from ..params import Params


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
