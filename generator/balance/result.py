"""The playtest of a balance report, typed: :class:`Playtest` and its parts.

``check_deck`` returns a :class:`~.findings.BalanceReport` whose ``playtest`` is a
:class:`Playtest` (None for ``--games 0``): every figure the terminal, the PDF, the
charts, the verdict and the design targets read is an attribute here. Each part is
written as the report's JSON and read back by the one generic pair of
:mod:`generator.games.jsondata` over its fields (``to_json``: the keys docs/balance.md
documents, in the fields' order, so ``check --json`` and ``balance.json`` read as
before; ``from_json``: an old ``balance.json`` for ``--against`` and ``watch``).

The game's own figures are its :class:`~generator.games.reporting.Section`, made and
read through its spec's report hooks: the report never asks which game it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..games.jsondata import JsonData, as_json, empty, load, none
from ..games.registry import GAMES
from ..games.reporting import Section, Share, Showdowns
from .quality_result import Quality
from .sides import ReturnEdge

__all__ = ["CardImpact", "CardRemoval", "CardStat", "CardValue", "Counter", "Edge", "GridRow", "Holder", "ImpactRow", "Length",
           "Playtest", "RemovalBase", "RemovalRow", "Return", "SeatScore", "SeatShare", "Seats", "Share", "SkillGap",
           "Skipped"]


@dataclass(frozen=True)
class Length(JsonData):
    """Game length in the game's unit of play: mean, median and 95th percentile with their
    intervals, the longest game and the histogram (length, games)."""

    mean: float
    mean_low: float
    mean_high: float
    median: float  # lengths are whole units: ints, as the JSON has them
    median_low: float
    median_high: float
    p95: float
    p95_low: float
    p95_high: float
    max: float
    histogram: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class SeatShare(Share):
    """A seat's (or team's) share of the decided games, and its ``edge`` over the fair share."""

    edge: float = 0.0


@dataclass(frozen=True)
class Edge(JsonData):
    """An edge over the fair share with its interval."""

    edge: float
    low: float
    high: float


@dataclass(frozen=True)
class Seats(JsonData):
    """Win shares per side (seat, or team where ``teams``) among the ``decided`` games."""

    decided: int
    fair_share: float
    seats: tuple[SeatShare, ...]
    teams: bool
    first_player_advantage: Edge


@dataclass(frozen=True)
class SeatScore(JsonData):
    """One seat's points (a game with scores): mean with interval, median, range, histogram."""

    seat: int
    mean: float
    low: float
    high: float
    median: int
    min: int
    max: int
    histogram: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Return(JsonData):
    """A seat's mean return (a game with utility bounds: chips, points) with its interval."""

    mean: float
    low: float
    high: float


@dataclass(frozen=True)
class CardStat(JsonData):
    """A card as the game counts it (``Result.card_stats``): played, won, win share with interval."""

    card: str
    name: str
    played: int
    won: int
    share: float
    low: float
    high: float


@dataclass(frozen=True)
class Counter(JsonData):
    """A counter the game keeps: its total and per game."""

    total: float
    per_game: float


@dataclass(frozen=True)
class CardValue(JsonData):
    """A card under the skilled seat's play (the skill gap's games): played, captures,
    points captured, points per play, and its special target taken (None: it has none)."""

    played: int
    captures: int
    points: int
    points_per_play: float
    special: int | None


def _unmeasured(gap: SkillGap, value: Any) -> bool:
    return not gap.measured


_MEASURED = as_json(omit=_unmeasured)


@dataclass(frozen=True)
class SkillGap(JsonData):
    """The skill gap (:mod:`.skill`): the skilled seat's win share minus a random seat's,
    with its interval and ``level``; or, for a game without decisions, only ``level``
    ("none") and the ``reason`` (the JSON then has those two keys alone)."""

    skilled: str = field(default="", kw_only=True, metadata=_MEASURED)
    versus: str = field(default="random", kw_only=True, metadata=_MEASURED)
    games: int = field(default=0, kw_only=True, metadata=_MEASURED)
    skilled_share: Share | None = field(default=None, kw_only=True, metadata=_MEASURED)
    random_share: Share | None = field(default=None, kw_only=True, metadata=_MEASURED)
    gap: float = field(default=0.0, kw_only=True, metadata=_MEASURED)
    low: float = field(default=0.0, kw_only=True, metadata=_MEASURED)
    high: float = field(default=0.0, kw_only=True, metadata=_MEASURED)
    level: str = "none"
    reason: str = field(default="", metadata=as_json(omit=lambda g, v: g.measured))
    # the skilled seat's card values (a search player that counts them)
    cards: Mapping[str, CardValue] | None = field(default=None, metadata=as_json(omit=lambda g, v: not g.measured or v is None))
    # "return": a game with utility, whose gap (and interval) is the skilled side's mean return less a
    # random side's in the same games, ``sd`` the standard deviation of that difference in one game
    unit: str = field(default="share", metadata=as_json(omit=lambda g, v: not g.measured or g.unit == "share"))
    sd: float = field(default=0.0, metadata=as_json(omit=lambda g, v: not g.measured or g.unit == "share"))

    @property
    def measured(self) -> bool:
        return self.skilled_share is not None and self.random_share is not None


@dataclass(frozen=True)
class ImpactRow(JsonData):
    """A card's impact by restricted play: a seat that never plays it wins ``share`` against
    the ``usual`` share of the same games; ``impact`` = the difference, with its interval."""

    card: str
    name: str
    games: int
    share: float
    usual: float
    impact: float
    low: float
    high: float


def _reasoned(measure: CardImpact | CardRemoval, value: Any) -> bool:
    return measure.reason is not None


def _written(measure: CardImpact | CardRemoval, value: Any) -> bool:
    return measure.reason is None


@dataclass(frozen=True)
class CardImpact(JsonData):
    """Card impact by restricted play (:mod:`.card_impact`), strongest first; ``reason``:
    why it was not measured (then no rows, and the JSON has ``cards`` and ``reason`` alone)."""

    games_per_card: int = field(default=0, kw_only=True, metadata=as_json(omit=_reasoned))
    round: int = field(default=0, kw_only=True, metadata=as_json(omit=_reasoned))
    usual_share: float = field(default=0.0, kw_only=True, metadata=as_json(omit=_reasoned))
    usual_games: int = field(default=0, kw_only=True, metadata=as_json(omit=_reasoned))
    cards: tuple[ImpactRow, ...] = ()
    method: str = field(default="", metadata=as_json(omit=_reasoned))
    # the game's measure: win share, or mean "return" (a game that declares utility)
    unit: str = field(default="share", metadata=as_json(omit=_reasoned))
    # whose figures, in words: "each seat's team's win share ..." (card_sides.side_words)
    # None in a report written before sides were told (the key absent)
    side: str | None = field(default=None, metadata=as_json(omit=lambda r, v: v is None or _reasoned(r, v)))
    reason: str | None = field(default=None, metadata=as_json(omit=_written))


@dataclass(frozen=True)
class RemovalRow(JsonData):
    """The deck without one card (every copy): seat 0's win share, draws and length, each
    with its change against the whole deck and the change's interval."""

    card: str
    name: str
    games: int
    first_share: float
    first_change: float
    low: float
    high: float
    draws: float
    draw_change: float
    draw_low: float
    draw_high: float
    length: float
    length_change: float
    length_low: float
    length_high: float
    matters: bool


@dataclass(frozen=True)
class Skipped(JsonData):
    """A card the game cannot play without (its removal not measured), and the game's words why."""

    card: str
    name: str
    reason: str


@dataclass(frozen=True)
class RemovalBase(JsonData):
    """The whole deck's games, card removal's baseline."""

    games: int
    first_share: float
    draws: float
    length: float


def _not_removed(removal: CardRemoval, value: Any) -> bool:
    return removal.reason is not None or removal.base is None


@dataclass(frozen=True)
class CardRemoval(JsonData):
    """Card removal (:mod:`.card_removal`), the largest drop of seat 0's share first;
    ``reason``: why it was not measured (then no rows, and the JSON has ``cards`` and
    ``reason`` alone)."""

    games_per_card: int = field(default=0, kw_only=True, metadata=as_json(omit=_not_removed))
    round: int = field(default=0, kw_only=True, metadata=as_json(omit=_not_removed))
    cards: tuple[RemovalRow, ...] = ()
    skipped: tuple[Skipped, ...] = field(default=(), metadata=as_json(omit=_not_removed))
    base: RemovalBase | None = field(default=None, metadata=as_json(omit=_not_removed))
    method: str = field(default="", metadata=as_json(omit=_not_removed))
    unit: str = field(default="share", metadata=as_json(omit=_not_removed))  # seat 0's win share, or its mean "return"
    # whose figures: "seat 0", or "team 0 (seats 0 and 2)" (card_sides.side_label)
    # None in a report written before sides were told (the key absent): then seat 0
    side: str | None = field(default=None, metadata=as_json(omit=lambda r, v: v is None or _not_removed(r, v)))
    reason: str | None = field(default=None, metadata=as_json(omit=lambda r, v: not _not_removed(r, v),
                                                          write=lambda v: v or ""))

    @property
    def whose(self) -> str:
        """Whose figures, in words: the side told, or seat 0 in a report written before sides."""
        return self.side or "seat 0"


@dataclass(frozen=True)
class GridRow(JsonData):
    """Game length at one point of the game's grid of rule parameters (War: players, packs)."""

    # parameter -> value, the innermost first (the JSON has them first, beside the figures)
    point: Mapping[str, int] = field(metadata=as_json(place="inline"))
    games: int
    mean: float
    median: int
    p95: int
    max: int
    unfinished: int

    def value(self, key: str) -> Any:
        """A column by name: a grid parameter or a figure."""
        return self.point[key] if key in self.point else getattr(self, key)


@dataclass(frozen=True)
class Holder(JsonData):
    """How often the player dealt an unbeatable (or hopeless) card won the game."""

    games: int
    holder_won: int


def _section(play: Playtest) -> dict[str, Any]:
    """The game's own section (JSON: under the game's name), with its length grid and its
    unbeatable and hopeless cards' holders inside."""
    assert play.section is not None
    out = play.section.to_json()
    if play.grid is not None:
        out["grid"] = [r.to_json() for r in play.grid]
    if play.holders is not None:
        out["holders"] = {cid: h.to_json() for cid, h in play.holders.items()}
    return out


@dataclass
class Playtest(JsonData):
    """What the simulator measured (``Report.playtest``; JSON: ``playtest``)."""

    game: str
    params: Mapping[str, Any]
    games: int
    seed: int
    strategy: str | None
    strategies: list[str]
    length: Length
    unfinished: Share
    draws: Share
    wins: list[int]
    seats: Seats
    counters: Mapping[str, Counter]
    # a game with points per seat (JSON: scores.seats)
    scores: tuple[SeatScore, ...] | None = field(default=None, metadata=as_json(
        omit=none, write=lambda v: {"seats": [s.to_json() for s in v]},
        read=lambda raw: tuple(SeatScore.from_json(s) for s in raw["seats"])))
    returns: tuple[Return, ...] = field(default=(), metadata=as_json(omit=empty))  # a game with utility bounds
    # a game with utility: each side's edge in it (sides.py), the seat verdict's measure
    return_edges: tuple[ReturnEdge, ...] = field(default=(), metadata=as_json(omit=empty))
    # False: the game says equal results are no draw (a split pot), so they are no draws finding
    equal_draws: bool = field(default=True, metadata=as_json("equal_results_draw", omit=lambda p, v: v))
    # a game that counts its cards, and keeps no table of its own
    cards: tuple[CardStat, ...] = field(default=(), metadata=as_json(omit=empty))
    # the game's own figures (JSON: under the game's name, read by the game's report hooks)
    section: Section | None = field(default=None, metadata=as_json(lambda p: p.game, omit=none, whole=_section))
    grid: tuple[GridRow, ...] | None = field(default=None, metadata=as_json(place="skip"))  # JSON: in the game's section
    holders: Mapping[str, Holder] | None = field(default=None, metadata=as_json(place="skip"))  # JSON: in the section
    skill: SkillGap | None = field(default=None, metadata=as_json(omit=none))
    card_impact: CardImpact | None = field(default=None, metadata=as_json(omit=none))
    card_removal: CardRemoval | None = field(default=None, metadata=as_json(omit=none))
    # check --quality (quality.py measures it)
    quality: Quality | None = field(default=None, metadata=as_json(omit=none, read=lambda raw: Quality.from_json(raw) if raw else None))
    # keys this version does not know (a newer balance.json): kept, and written last
    extra: dict[str, Any] = field(default_factory=dict, metadata=as_json(place="rest"))
    # why the game's spec leaves out per-card measures (CardMeasures.reason): a note on the terminal, not in the JSON
    unmeasured: str = field(default="", metadata=as_json(place="skip"))

    @property
    def showdowns(self) -> Showdowns | None:
        """The section of a game that compares attributes (its cards' wins when shown, its
        attributes' choices and ties); None for any other game."""
        return self.section if isinstance(self.section, Showdowns) else None

    @property
    def names(self) -> Mapping[str, str]:
        """The deck's own names for the game's special cards (empty: the game has none)."""
        return self.section.names if self.section is not None else {}

    @property
    def mixed(self) -> bool:
        """Seats play different strategies (their shares measure the players, not the deck)."""
        return len(set(self.strategies)) > 1

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Playtest:
        """A playtest as :meth:`to_json` wrote it (an old ``balance.json`` too); the game's
        section is read by the game's report hooks (a game this install does not know: kept
        as it was, among the ``extra`` keys)."""
        game = str(d.get("game", ""))
        spec = GAMES.get(game)
        hooks = spec.report if spec is not None else None
        own = d.get(game)
        if hooks is None or not isinstance(own, Mapping):
            return load(cls, d)
        own = dict(own)
        rows, holders = own.pop("grid", None), own.pop("holders", None)
        return load(cls, {k: v for k, v in d.items() if k != game}, section=hooks.read(own),
                    grid=tuple(GridRow.from_json(r) for r in rows) if rows is not None else None,
                    holders={cid: Holder.from_json(h) for cid, h in holders.items()} if holders is not None else None)
