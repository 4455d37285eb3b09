"""The static checks' results, typed (``Report.static``; JSON: ``static``).

A deck is analysed as a Top-Trumps deck (:class:`AttributeStatic`: its attributes, each
card's strength, dominance and the attributes' correlations; :mod:`.static_weiji`), as
a suited deck (:class:`SuitedStatic`: rank and suit counts, duplicates, missing cards;
:mod:`.static_suits`), or not at all (:class:`Static`, kind "none"). Each writes the
keys docs/balance.md documents, ``kind`` first, through the generic JSON pair of
:mod:`generator.games.jsondata`; :func:`read_static` reads any of them back by its kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..games.jsondata import JsonData, as_json, none


@dataclass(frozen=True)
class Static(JsonData):
    """Static checks of no kind: "none" (a deck without attributes, ranks or suits), or
    "" for a report that had none (an old one: its JSON ``{}``)."""

    kind: str = field(default="none", metadata=as_json(omit=lambda s, v: not v))


@dataclass(frozen=True)
class Histogram(JsonData):
    """An attribute's values in bins: printed cards per bin, and the bins' edges."""

    counts: tuple[int, ...]
    edges: tuple[float, ...]


@dataclass(frozen=True)
class AttributeStat(JsonData):
    """One attribute over the deck: its range, how often it ties, its best cards."""

    key: str
    label: str
    unit: str
    better: str
    min: float | None
    max: float | None
    mean: float | None
    median: float | None
    distinct: int
    best: float | None
    top_cards: tuple[str, ...]
    top_ties: int
    no_data: tuple[str, ...]
    no_data_share: float
    pair_tie: float
    histogram: Histogram


@dataclass(frozen=True)
class CardStrength(JsonData):
    """One card's static strength: the share of the deck it beats (on average and per
    attribute), where it is best, whether it is unbeatable or hopeless and which cards
    dominate it (``dominated_count``: their number, where a large deck lists only some)."""

    id: str
    name: str
    strength: float
    per_attribute: Mapping[str, float]
    best_on: tuple[str, ...]
    sole_best_on: tuple[str, ...]
    no_data: tuple[str, ...]
    unbeatable: bool
    hopeless: bool
    dominated_by: tuple[str, ...]
    dominated_count: int | None = field(default=None, metadata=as_json(omit=none))

    @property
    def dominators(self) -> int:
        """How many cards dominate this one (large decks list only the first few)."""
        return self.dominated_count if self.dominated_count is not None else len(self.dominated_by)


@dataclass(frozen=True)
class Correlation(JsonData):
    """The rank correlation of two attributes."""

    a: str
    b: str
    rho: float


@dataclass(frozen=True)
class AttributeStatic(Static):
    """A Top-Trumps deck's static checks; a deck without attributes has its kind alone."""

    kind: str = "attributes"
    attributes: tuple[AttributeStat, ...] | None = field(default=None, metadata=as_json(omit=none))
    cards: tuple[CardStrength, ...] | None = field(default=None, metadata=as_json(omit=none))
    dominance: Mapping[str, tuple[str, ...]] | None = field(default=None, metadata=as_json(omit=none))
    correlations: tuple[Correlation, ...] | None = field(default=None, metadata=as_json(omit=none))

    def card(self, card_id: str) -> CardStrength:
        return next(c for c in self.cards or () if c.id == card_id)


@dataclass(frozen=True)
class Duplicate(JsonData):
    """A suit and rank printed more than once, and the cards that carry it."""

    suit: str
    rank: str
    count: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Missing(JsonData):
    """A suit and rank the deck's suits x ranks define that no card carries."""

    suit: str
    rank: str


@dataclass(frozen=True)
class SuitedStatic(Static):
    """A suited deck's static checks: printed cards per rank and per suit (the deck's own
    order, then any it does not declare), the ranks' strengths, duplicates, missing cards,
    cards without a rank or suit, and the counts expected and printed."""

    kind: str = "suited"
    ranks: Mapping[str, int] = field(default_factory=dict)
    suits: Mapping[str, int] = field(default_factory=dict)
    strengths: Mapping[str, float] = field(default_factory=dict)
    duplicates: tuple[Duplicate, ...] = ()
    missing: tuple[Missing, ...] = ()
    no_rank: tuple[str, ...] = ()
    no_suit: tuple[str, ...] = ()
    expected: int = 0
    printed: int = 0


KINDS: dict[str, type[Static]] = {"attributes": AttributeStatic, "suited": SuitedStatic}


def read_static(raw: Mapping[str, Any] | None) -> Static:
    """The static checks of a report's JSON, by their ``kind`` (none, or one this
    version does not know: a :class:`Static` of that kind)."""
    data = raw or {}
    kind = str(data.get("kind", ""))
    return KINDS[kind].from_json(data) if kind in KINDS else Static(kind)
