"""The playtest of a balance report, typed: :class:`Playtest` and its parts.

``check_deck`` returns a :class:`~.findings.BalanceReport` whose ``playtest`` is a
:class:`Playtest` (None for ``--games 0``): every figure the terminal, the PDF, the
charts, the verdict and the design targets read is an attribute here. Each part
writes itself as the report's JSON (``to_json``: the keys docs/balance.md documents,
in their order, so ``check --json`` and ``balance.json`` read as before) and reads
itself back (``from_json``: an old ``balance.json`` for ``--against`` and ``watch``).

The game's own figures are its :class:`~generator.games.reporting.Section`, made and
read through its spec's report hooks: the report never asks which game it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..games.registry import GAMES
from ..games.reporting import Section, Share, Showdowns
from .quality_result import Quality
from .sides import ReturnEdge

__all__ = ["CardImpact", "CardRemoval", "CardStat", "CardValue", "Counter", "Edge", "GridRow", "Holder", "ImpactRow", "Length",
           "Playtest", "RemovalBase", "RemovalRow", "Return", "SeatScore", "SeatShare", "Seats", "Share", "SkillGap",
           "Skipped"]


@dataclass(frozen=True)
class Length:
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

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "mean_low": self.mean_low, "mean_high": self.mean_high,
                "median": self.median, "median_low": self.median_low, "median_high": self.median_high,
                "p95": self.p95, "p95_low": self.p95_low, "p95_high": self.p95_high, "max": self.max,
                "histogram": [[k, v] for k, v in self.histogram]}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Length:
        return cls(d["mean"], d["mean_low"], d["mean_high"], d["median"], d["median_low"], d["median_high"],
                   d["p95"], d["p95_low"], d["p95_high"], d["max"], tuple((int(k), int(v)) for k, v in d["histogram"]))


@dataclass(frozen=True)
class SeatShare(Share):
    """A seat's (or team's) share of the decided games, and its ``edge`` over the fair share."""

    edge: float = 0.0

    def to_json(self) -> dict[str, float]:
        return super().to_json() | {"edge": self.edge}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatShare:
        return cls(data["count"], data["of"], data["share"], data["low"], data["high"], data["edge"])


@dataclass(frozen=True)
class Edge:
    """An edge over the fair share with its interval."""

    edge: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"edge": self.edge, "low": self.low, "high": self.high}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Edge:
        return cls(d["edge"], d["low"], d["high"])


@dataclass(frozen=True)
class Seats:
    """Win shares per side (seat, or team where ``teams``) among the ``decided`` games."""

    decided: int
    fair_share: float
    seats: tuple[SeatShare, ...]
    teams: bool
    first_player_advantage: Edge

    def to_json(self) -> dict[str, Any]:
        return {"decided": self.decided, "fair_share": self.fair_share, "seats": [s.to_json() for s in self.seats],
                "teams": self.teams, "first_player_advantage": self.first_player_advantage.to_json()}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Seats:
        return cls(d["decided"], d["fair_share"], tuple(SeatShare.from_json(s) for s in d["seats"]), bool(d["teams"]),
                   Edge.from_json(d["first_player_advantage"]))


@dataclass(frozen=True)
class SeatScore:
    """One seat's points (a game with scores): mean with interval, median, range, histogram."""

    seat: int
    mean: float
    low: float
    high: float
    median: int
    min: int
    max: int
    histogram: tuple[tuple[int, int], ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "mean": self.mean, "low": self.low, "high": self.high, "median": self.median,
                "min": self.min, "max": self.max, "histogram": [[k, v] for k, v in self.histogram]}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> SeatScore:
        return cls(d["seat"], d["mean"], d["low"], d["high"], d["median"], d["min"], d["max"],
                   tuple((int(k), int(v)) for k, v in d["histogram"]))


@dataclass(frozen=True)
class Return:
    """A seat's mean return (a game with utility bounds: chips, points) with its interval."""

    mean: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"mean": self.mean, "low": self.low, "high": self.high}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Return:
        return cls(d["mean"], d["low"], d["high"])


@dataclass(frozen=True)
class CardStat:
    """A card as the game counts it (``Result.card_stats``): played, won, win share with interval."""

    card: str
    name: str
    played: int
    won: int
    share: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "name": self.name, "played": self.played, "won": self.won, "share": self.share,
                "low": self.low, "high": self.high}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> CardStat:
        return cls(d["card"], d["name"], d["played"], d["won"], d["share"], d["low"], d["high"])


@dataclass(frozen=True)
class Counter:
    """A counter the game keeps: its total and per game."""

    total: float
    per_game: float

    def to_json(self) -> dict[str, float]:
        return {"total": self.total, "per_game": self.per_game}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Counter:
        return cls(d["total"], d["per_game"])


@dataclass(frozen=True)
class CardValue:
    """A card under the skilled seat's play (the skill gap's games): played, captures,
    points captured, points per play, and its special target taken (None: it has none)."""

    played: int
    captures: int
    points: int
    points_per_play: float
    special: int | None

    def to_json(self) -> dict[str, Any]:
        return {"played": self.played, "captures": self.captures, "points": self.points,
                "points_per_play": self.points_per_play, "special": self.special}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> CardValue:
        return cls(d["played"], d["captures"], d["points"], d["points_per_play"], d["special"])


@dataclass(frozen=True)
class SkillGap:
    """The skill gap (:mod:`.skill`): the skilled seat's win share minus a random seat's,
    with its interval and ``level``; or, for a game without decisions, only ``level``
    ("none") and the ``reason``."""

    level: str
    reason: str = ""
    skilled: str = ""
    versus: str = "random"
    games: int = 0
    skilled_share: Share | None = None
    random_share: Share | None = None
    gap: float = 0.0
    low: float = 0.0
    high: float = 0.0
    cards: Mapping[str, CardValue] | None = None  # the skilled seat's card values (a search player that counts them)
    # "return": a game with utility, whose gap (and interval) is the skilled side's mean return less a
    # random side's in the same games, ``sd`` the standard deviation of that difference in one game
    unit: str = "share"
    sd: float = 0.0

    @property
    def measured(self) -> bool:
        return self.skilled_share is not None

    def to_json(self) -> dict[str, Any]:
        if self.skilled_share is None or self.random_share is None:
            return {"level": self.level, "reason": self.reason}
        out: dict[str, Any] = {
            "skilled": self.skilled, "versus": self.versus, "games": self.games,
            "skilled_share": self.skilled_share.to_json(), "random_share": self.random_share.to_json(),
            "gap": self.gap, "low": self.low, "high": self.high, "level": self.level,
        }
        if self.cards is not None:
            out["cards"] = {cid: c.to_json() for cid, c in self.cards.items()}
        if self.unit != "share":
            out["unit"], out["sd"] = self.unit, self.sd
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> SkillGap:
        if "gap" not in d:
            return cls(d.get("level", "none"), d.get("reason", ""))
        cards = {cid: CardValue.from_json(c) for cid, c in d["cards"].items()} if "cards" in d else None
        return cls(d["level"], "", d["skilled"], d["versus"], d["games"], Share.from_json(d["skilled_share"]),
                   Share.from_json(d["random_share"]), d["gap"], d["low"], d["high"], cards,
                   str(d.get("unit", "share")), float(d.get("sd", 0.0)))


@dataclass(frozen=True)
class ImpactRow:
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

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "name": self.name, "games": self.games, "share": self.share, "usual": self.usual,
                "impact": self.impact, "low": self.low, "high": self.high}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ImpactRow:
        return cls(d["card"], d["name"], d["games"], d["share"], d["usual"], d["impact"], d["low"], d["high"])


@dataclass(frozen=True)
class CardImpact:
    """Card impact by restricted play (:mod:`.card_impact`), strongest first; ``reason``:
    why it was not measured (then no rows)."""

    cards: tuple[ImpactRow, ...] = ()
    reason: str | None = None
    games_per_card: int = 0
    round: int = 0
    usual_share: float = 0.0
    usual_games: int = 0
    method: str = ""
    unit: str = "share"  # the game's measure: win share, or mean "return" (a game that declares utility)
    side: str = ""  # whose figures, in words: "each seat's team's win share ..." (card_sides.side_words)

    def to_json(self) -> dict[str, Any]:
        if self.reason is not None:
            return {"cards": [], "reason": self.reason}
        return {"games_per_card": self.games_per_card, "round": self.round, "usual_share": self.usual_share,
                "usual_games": self.usual_games, "cards": [r.to_json() for r in self.cards], "method": self.method,
                "unit": self.unit, "side": self.side}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> CardImpact:
        rows = tuple(ImpactRow.from_json(r) for r in d.get("cards", ()))
        if "reason" in d:
            return cls(rows, d["reason"])
        return cls(rows, None, d["games_per_card"], d["round"], d["usual_share"], d["usual_games"], d["method"],
                   d.get("unit", "share"), str(d.get("side", "")))


@dataclass(frozen=True)
class RemovalRow:
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

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "name": self.name, "games": self.games, "first_share": self.first_share,
                "first_change": self.first_change, "low": self.low, "high": self.high, "draws": self.draws,
                "draw_change": self.draw_change, "draw_low": self.draw_low, "draw_high": self.draw_high,
                "length": self.length, "length_change": self.length_change, "length_low": self.length_low,
                "length_high": self.length_high, "matters": self.matters}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> RemovalRow:
        return cls(d["card"], d["name"], d["games"], d["first_share"], d["first_change"], d["low"], d["high"],
                   d["draws"], d["draw_change"], d["draw_low"], d["draw_high"], d["length"], d["length_change"],
                   d["length_low"], d["length_high"], d["matters"])


@dataclass(frozen=True)
class Skipped:
    """A card the game cannot play without (its removal not measured), and the game's words why."""

    card: str
    name: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"card": self.card, "name": self.name, "reason": self.reason}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Skipped:
        return cls(d["card"], d["name"], d["reason"])


@dataclass(frozen=True)
class RemovalBase:
    """The whole deck's games, card removal's baseline."""

    games: int
    first_share: float
    draws: float
    length: float

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "first_share": self.first_share, "draws": self.draws, "length": self.length}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> RemovalBase:
        return cls(d["games"], d["first_share"], d["draws"], d["length"])


@dataclass(frozen=True)
class CardRemoval:
    """Card removal (:mod:`.card_removal`), the largest drop of seat 0's share first;
    ``reason``: why it was not measured (then no rows)."""

    cards: tuple[RemovalRow, ...] = ()
    reason: str | None = None
    games_per_card: int = 0
    round: int = 0
    skipped: tuple[Skipped, ...] = ()
    base: RemovalBase | None = None
    method: str = ""
    unit: str = "share"  # seat 0's win share, or its mean "return" (a game that declares utility)
    side: str = "seat 0"  # whose figures: "seat 0", or "team 0 (seats 0 and 2)" (card_sides.side_label)

    def to_json(self) -> dict[str, Any]:
        if self.reason is not None or self.base is None:
            return {"cards": [], "reason": self.reason or ""}
        return {"games_per_card": self.games_per_card, "round": self.round, "cards": [r.to_json() for r in self.cards],
                "skipped": [s.to_json() for s in self.skipped], "base": self.base.to_json(), "method": self.method,
                "unit": self.unit, "side": self.side}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> CardRemoval:
        rows = tuple(RemovalRow.from_json(r) for r in d.get("cards", ()))
        if "reason" in d or "base" not in d:
            return cls(rows, d.get("reason", ""))
        return cls(rows, None, d["games_per_card"], d["round"], tuple(Skipped.from_json(s) for s in d["skipped"]),
                   RemovalBase.from_json(d["base"]), d["method"], d.get("unit", "share"), str(d.get("side", "seat 0")))


@dataclass(frozen=True)
class GridRow:
    """Game length at one point of the game's grid of rule parameters (War: players, packs)."""

    point: Mapping[str, int]  # parameter -> value, the innermost first (as the JSON has them)
    games: int
    mean: float
    median: int
    p95: int
    max: int
    unfinished: int

    def to_json(self) -> dict[str, Any]:
        return {**self.point, "games": self.games, "mean": self.mean, "median": self.median, "p95": self.p95,
                "max": self.max, "unfinished": self.unfinished}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> GridRow:
        fixed = ("games", "mean", "median", "p95", "max", "unfinished")
        return cls({k: v for k, v in d.items() if k not in fixed}, d["games"], d["mean"], d["median"], d["p95"],
                   d["max"], d["unfinished"])

    def value(self, key: str) -> Any:
        """A column by name: a grid parameter or a figure."""
        return self.point[key] if key in self.point else getattr(self, key)


@dataclass(frozen=True)
class Holder:
    """How often the player dealt an unbeatable (or hopeless) card won the game."""

    games: int
    holder_won: int

    def to_json(self) -> dict[str, int]:
        return {"games": self.games, "holder_won": self.holder_won}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Holder:
        return cls(d["games"], d["holder_won"])


@dataclass
class Playtest:
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
    scores: tuple[SeatScore, ...] | None = None  # a game with points per seat
    returns: tuple[Return, ...] = ()  # a game with utility bounds
    cards: tuple[CardStat, ...] = ()  # a game that counts its cards, and keeps no table of its own
    section: Section | None = None  # the game's own figures (JSON: under the game's name)
    grid: tuple[GridRow, ...] | None = None  # game length over the game's grid (JSON: in the game's section)
    holders: Mapping[str, Holder] | None = None  # unbeatable and hopeless cards' holders (JSON: in the section)
    skill: SkillGap | None = None
    card_impact: CardImpact | None = None
    card_removal: CardRemoval | None = None
    quality: Quality | None = None  # check --quality (quality.py measures it)
    extra: dict[str, Any] = field(default_factory=dict)  # keys this version does not know (a newer balance.json)
    # why the game's spec leaves out per-card measures (CardMeasures.reason): a note on the terminal, not in the JSON
    unmeasured: str = ""
    # a game with utility: each side's edge in it (sides.py), the seat verdict's measure (JSON: return_edges)
    return_edges: tuple[ReturnEdge, ...] = ()
    # False: the game says equal results are no draw (a split pot), so they are no draws finding
    equal_draws: bool = True

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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "params": dict(self.params), "games": self.games, "seed": self.seed,
            "strategy": self.strategy, "strategies": list(self.strategies),
            "length": self.length.to_json(),
            "unfinished": self.unfinished.to_json(),
            "draws": self.draws.to_json(),
            "wins": list(self.wins),
            "seats": self.seats.to_json(),
            "counters": {k: c.to_json() for k, c in self.counters.items()},
        }
        if self.scores is not None:
            out["scores"] = {"seats": [s.to_json() for s in self.scores]}
        if self.returns:
            out["returns"] = [r.to_json() for r in self.returns]
        if self.return_edges:
            out["return_edges"] = [e.to_json() for e in self.return_edges]
        if not self.equal_draws:
            out["equal_results_draw"] = False
        if self.cards:
            out["cards"] = [c.to_json() for c in self.cards]
        if self.section is not None:
            out[self.game] = self.section.to_json()
            if self.grid is not None:
                out[self.game]["grid"] = [r.to_json() for r in self.grid]
            if self.holders is not None:
                out[self.game]["holders"] = {cid: h.to_json() for cid, h in self.holders.items()}
        if self.skill is not None:
            out["skill"] = self.skill.to_json()
        if self.card_impact is not None:
            out["card_impact"] = self.card_impact.to_json()
        if self.card_removal is not None:
            out["card_removal"] = self.card_removal.to_json()
        if self.quality is not None:
            out["quality"] = self.quality.to_json()
        return out | self.extra

    KNOWN = frozenset({"game", "params", "games", "seed", "strategy", "strategies", "length", "unfinished", "draws",
                       "wins", "seats", "counters", "scores", "returns", "cards", "skill", "card_impact",
                       "card_removal", "quality", "return_edges", "equal_results_draw"})

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Playtest:
        """A playtest as :meth:`to_json` wrote it (an old ``balance.json`` too); the game's
        section is read by the game's report hooks (a game this install does not know: kept
        as it was)."""
        game = str(d.get("game", ""))
        section: Section | None = None
        grid: tuple[GridRow, ...] | None = None
        held: dict[str, Holder] | None = None
        extra = {k: v for k, v in d.items() if k not in cls.KNOWN and k != game}
        if isinstance(d.get(game), Mapping):
            own = dict(d[game])
            rows = own.pop("grid", None)
            holders = own.pop("holders", None)
            spec = GAMES.get(game)
            hooks = spec.report if spec is not None else None
            if hooks is not None:
                section = hooks.read(own)
                grid = tuple(GridRow.from_json(r) for r in rows) if rows is not None else None
                held = {cid: Holder.from_json(h) for cid, h in holders.items()} if holders is not None else None
            else:
                extra[game] = d[game]
        scores = d.get("scores")
        return cls(
            game=game, params=dict(d.get("params") or {}), games=int(d.get("games", 0)), seed=int(d.get("seed", 1)),
            strategy=d.get("strategy"), strategies=list(d.get("strategies") or []),
            length=Length.from_json(d["length"]), unfinished=Share.from_json(d["unfinished"]),
            draws=Share.from_json(d["draws"]), wins=list(d.get("wins") or []), seats=Seats.from_json(d["seats"]),
            counters={k: Counter.from_json(c) for k, c in (d.get("counters") or {}).items()},
            scores=tuple(SeatScore.from_json(s) for s in scores["seats"]) if scores is not None else None,
            returns=tuple(Return.from_json(r) for r in d.get("returns") or ()),
            cards=tuple(CardStat.from_json(c) for c in d.get("cards") or ()),
            section=section, grid=grid, holders=held,
            skill=SkillGap.from_json(d["skill"]) if "skill" in d else None,
            card_impact=CardImpact.from_json(d["card_impact"]) if "card_impact" in d else None,
            card_removal=CardRemoval.from_json(d["card_removal"]) if "card_removal" in d else None,
            quality=Quality.from_json(d["quality"]) if d.get("quality") else None, extra=extra,
            return_edges=tuple(ReturnEdge.from_json(e) for e in d.get("return_edges") or ()),
            equal_draws=bool(d.get("equal_results_draw", True)))
