"""Design targets and what ``deckpress tune`` may change: the deck file's ``balance:`` section.

```yaml
balance:
  targets: {seat_spread: 5, length: [12, 20], draws: 10, skill_gap: 15, card_share: [35, 65]}
  tune: {vary: ['hand=7..10', 'cards.*.crowns=0..4'], budget: 40}
```

- ``seat_spread: P``: every seat's (or team's) win share within P points of a fair share;
- ``length: [LO, HI]``: the median game length (in the game's unit: tricks, turns) between LO and HI;
- ``draws: P``: at most P % of the games drawn;
- ``skill_gap: P``: the default player beats random by at least P points (a game that declares
  ``utility``: P in its returns a game, e.g. chips a hand);
- ``card_share: [LO, HI]``: every card's win share (games its holder won, of the games it was played) in the band.

Validated like every deck key: a misspelt target is an error with the valid names.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

VARY_RE = re.compile(r"^\s*(?P<key>(cards\.(\*|[A-Za-z0-9][A-Za-z0-9_.\-]*)\.)?[A-Za-z_][A-Za-z0-9_]*)\s*=\s*"
                     r"(?P<lo>-?\d{1,15}(\.\d{1,15})?)\s*\.\.\s*(?P<hi>-?\d{1,15}(\.\d{1,15})?)\s*$")  # digits counted: no overflow


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _band(value: Any, name: str, low: float, high: float) -> tuple[float, float]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"{name} is a band [LOW, HIGH], such as [{low:g}, {high:g}]")
    a, b = (float(v) for v in value)
    if a > b:
        raise ValueError(f"{name}: the low end {a:g} is above the high end {b:g}")
    return a, b


class TargetsIn(_Strict):
    seat_spread: float | None = Field(default=None, ge=0, le=50)
    length: tuple[float, float] | None = None
    draws: float | None = Field(default=None, ge=0, le=100)
    skill_gap: float | None = Field(default=None, ge=-100, le=100)
    card_share: tuple[float, float] | None = None

    @field_validator("length", mode="before")
    @classmethod
    def _length(cls, value: Any) -> Any:
        return None if value is None else _band(value, "length", 12, 20)

    @field_validator("card_share", mode="before")
    @classmethod
    def _share(cls, value: Any) -> Any:
        if value is None:
            return None
        band = _band(value, "card_share", 35, 65)
        if not (0 <= band[0] <= 100 and 0 <= band[1] <= 100):
            raise ValueError("card_share is a band of percentages, 0 to 100")
        return band

    def named(self) -> dict[str, Any]:
        """The targets set, by name, in a fixed order."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


def parse_vary(text: str) -> tuple[str, float, float]:
    """``hand=7..10`` -> ("hand", 7, 10); ``cards.*.crowns=0..4``; ``cards.E05.weight=1..3``."""
    if re.search(r"\d{16}", text):  # counted before reading: a 4,000-digit bound is not a float
        raise ValueError(f"{text[:40]!r}...: a --vary bound has at most 15 digits")
    found = VARY_RE.match(text)
    if not found:
        raise ValueError(f"{text!r}: write NAME=LOW..HIGH (a rule parameter, hand=7..10) or "
                         "cards.ID.FIELD=LOW..HIGH (cards.*.FIELD for any card)")
    lo, hi = float(found.group("lo")), float(found.group("hi"))
    if lo > hi:
        raise ValueError(f"{text!r}: the low end {lo:g} is above the high end {hi:g}")
    return found.group("key"), lo, hi


class TuneIn(_Strict):
    vary: list[str] = Field(default_factory=list, max_length=32)
    budget: int | str | None = None  # evaluations, or a time: 10m

    @field_validator("vary")
    @classmethod
    def _vary(cls, items: list[str]) -> list[str]:
        for item in items:
            parse_vary(item)
        return items


class BalanceDesignIn(_Strict):
    """The deck file's ``balance:`` section."""

    targets: TargetsIn = Field(default_factory=TargetsIn)
    tune: TuneIn = Field(default_factory=TuneIn)

    @model_validator(mode="after")
    def _something(self) -> BalanceDesignIn:
        return self


NO_DESIGN = BalanceDesignIn()
