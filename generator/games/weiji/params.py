"""Weiji's rule parameters (its spec's ``params``): ``--set key=value`` in
``simulate``, ``check`` and ``rules``."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...i18n import N_
from ..params import Params, Pickup


class WeijiParams(Params):
    """Weiji (Top Trumps)."""

    players: int = Field(default=2, ge=2, le=8, description=N_("number of players"))
    pickup: Pickup = Field(default="shuffled", description=N_("order in which won cards go to the bottom of the stack"))
    tiebreak_draw: Literal["highest", "best"] = Field(
        default="highest",
        description=N_("chooser out after a tie: the highest value of the first attribute chooses next "
                       "(the seed's words), or the best (the lowest where lower is better)"))
