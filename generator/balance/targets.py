"""Design targets (the deck file's ``balance: targets:``) met, missed or undecided.

Each target is judged on an interval at the check's confidence (95 % by default), never
on a point estimate alone:

- **met**: the whole interval lies inside the target's band;
- **missed**: the whole interval lies outside it (for a band of seats or cards: one
  seat's or card's interval does);
- **undecided**: the interval straddles a boundary: more games would tell.

The same measures give the tuner its score (:func:`distance`): how far the point
estimates lie outside their bands, in percentage points (length: in the game's unit,
scaled to points; a skill gap in a game with utility: in its returns), zero when every
estimate is inside. A game that declares ``utility`` (chips) reads its ``skill_gap`` target
in its returns a game, as its skill gap is measured (:mod:`.skill`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..deck.targets import TargetsIn
from ..games.jsondata import JsonData, as_json
from ..games.spec import GameSpec
from .intervals import quantile_ci, wilson
from .result import Playtest

MET, MISSED, UNDECIDED = "met", "missed", "undecided"
NOT_MEASURED = "not measured"


@dataclass
class Measures:
    """What a playtest measured, as the targets read it."""

    sides: int  # seats, or teams where seats play together
    games: int
    wins: list[int]  # per side
    draws: int
    lengths: Counter[int]
    unit: str = "turns"
    skill: tuple[float, float, float] | None = None  # gap, low, high in points (default player vs random)
    cards: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # card id -> (played, won)
    confidence: float = 0.95
    teams: bool = False  # the sides are teams of partners (their wins: the team's seats' together)
    skill_unit: str = "points"  # "return": a game with utility, its skill gap in its returns (chips) a game
    skill_reason: str = "the game has no player decisions"  # why ``skill`` is None


@dataclass(frozen=True)
class TargetResult(JsonData):
    """A design target judged (``Report.targets``; JSON: ``target``, ``wanted``, ...)."""

    name: str = field(metadata=as_json("target"))
    wanted: str  # "within 5 points of 50 %"
    measured: str  # "seat 0 61.2 % (57.9-64.4)"
    status: str  # met | missed | undecided | not measured
    low: float | None = None
    high: float | None = None


def _plural(unit: str) -> str:
    """``trick`` -> ``tricks`` (a game names its unit of play in the singular)."""
    return unit if unit.endswith("s") else unit + "s"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def _band_status(low: float, high: float, lo: float, hi: float) -> str:
    if lo <= low and high <= hi:
        return MET
    if high < lo or low > hi:
        return MISSED
    return UNDECIDED


def _worst(statuses: list[str]) -> str:
    if MISSED in statuses:
        return MISSED
    if UNDECIDED in statuses:
        return UNDECIDED
    return MET


def evaluate(targets: TargetsIn, m: Measures) -> list[TargetResult]:
    """Every target set in the deck file, judged on ``m``."""
    out: list[TargetResult] = []
    c = m.confidence
    decided = sum(m.wins)
    if targets.seat_spread is not None:
        p = targets.seat_spread
        fair = 100 / m.sides
        rows = []
        for side, won in enumerate(m.wins):
            lo, hi = wilson(won, decided, c) if decided else (0.0, 1.0)
            rows.append((side, won / decided if decided else 0.0, 100 * lo, 100 * hi))
        statuses = [_band_status(lo, hi, fair - p, fair + p) for _s, _x, lo, hi in rows]
        side, share, lo, hi = max(rows, key=lambda r: abs(100 * r[1] - fair))
        who = "team" if m.teams else "seat"
        wanted = f"every {who}'s win share within {p:g} points of {fair:.1f} %"
        if decided:
            out.append(TargetResult("seat_spread", wanted,
                                    f"{who} {side} wins {_pct(share)} % ({lo:.1f}-{hi:.1f}) of the decided games",
                                    _worst(statuses), lo, hi))
        else:
            out.append(TargetResult("seat_spread", wanted, "no game was decided (every one a draw or unfinished)",
                                    UNDECIDED))
    if targets.length is not None:
        lo_t, hi_t = targets.length
        if m.lengths:
            median, low, high = quantile_ci(m.lengths, 0.5, c)
            out.append(TargetResult("length", f"median length {lo_t:g}-{hi_t:g} {_plural(m.unit)}",
                                    f"median {median} {_plural(m.unit)} ({low}-{high})",
                                    _band_status(low, high, lo_t, hi_t), float(low), float(high)))
        else:
            out.append(TargetResult("length", f"median length {lo_t:g}-{hi_t:g} {_plural(m.unit)}", "no games",
                                    UNDECIDED))
    if targets.draws is not None:
        lo, hi = wilson(m.draws, m.games, c) if m.games else (0.0, 1.0)
        status = MET if 100 * hi <= targets.draws else MISSED if 100 * lo > targets.draws else UNDECIDED
        out.append(TargetResult("draws", f"at most {targets.draws:g} % draws",
                                f"{_pct(m.draws / m.games if m.games else 0)} % ({100 * lo:.1f}-{100 * hi:.1f})",
                                status, 100 * lo, 100 * hi))
    if targets.skill_gap is not None:
        chips = m.skill_unit == "return"  # a game with utility: the gap in its returns, the target too
        wanted = (f"the default player's mean return beats random play's by at least {targets.skill_gap:g} a game"
                  if chips else f"the default player beats random by at least {targets.skill_gap:g} points")
        if m.skill is None:
            out.append(TargetResult("skill_gap", wanted, m.skill_reason, NOT_MEASURED))
        else:
            gap, lo, hi = m.skill
            status = MET if lo >= targets.skill_gap else MISSED if hi < targets.skill_gap else UNDECIDED
            measured = f"{gap:+.3g} a game ({lo:+.3g} to {hi:+.3g})" if chips \
                else f"{gap:+.1f} points ({lo:+.1f} to {hi:+.1f})"
            out.append(TargetResult("skill_gap", wanted, measured, status, lo, hi))
    if targets.card_share is not None:
        lo_t, hi_t = targets.card_share
        wanted = f"every card's win share {lo_t:g}-{hi_t:g} %"
        if not m.cards:
            out.append(TargetResult("card_share", wanted, "the game reports no per-card statistics", NOT_MEASURED))
        else:
            cards: list[tuple[str, float, float, float]] = []
            for cid, (played, won) in sorted(m.cards.items()):
                if played:
                    lo, hi = wilson(won, played, c)
                    cards.append((cid, won / played, 100 * lo, 100 * hi))
            statuses = [_band_status(lo, hi, lo_t, hi_t) for *_x, lo, hi in cards]
            mid = (lo_t + hi_t) / 2
            cid, share, lo, hi = max(cards, key=lambda r: abs(100 * r[1] - mid))
            misses = sum(s == MISSED for s in statuses)
            extra = f"; {misses} cards outside" if misses > 1 else ""
            out.append(TargetResult("card_share", wanted, f"{cid} {_pct(share)} % ({lo:.1f}-{hi:.1f}){extra}",
                                    _worst(statuses), lo, hi))
    return out


def outside(value: float, lo: float, hi: float) -> float:
    return max(0.0, lo - value, value - hi)


def distance(targets: TargetsIn, m: Measures, centre: float = 0.0) -> float:
    """How far the estimates lie outside their bands, in points (0: every target's
    estimate is inside). The tuner minimises it with ``centre`` > 0: then an estimate
    inside its band also costs ``centre`` times its distance from the band's middle, so
    that of two candidates inside the band, the one a playtest's noise is less likely to
    push out wins."""
    total = centre * _off_centre(targets, m) if centre else 0.0
    decided = sum(m.wins)
    if targets.seat_spread is not None and decided:
        fair = 100 / m.sides
        total += max(outside(100 * w / decided, fair - targets.seat_spread, fair + targets.seat_spread)
                     for w in m.wins)
    if targets.length is not None and m.lengths:
        lo, hi = targets.length
        median = quantile_ci(m.lengths, 0.5, m.confidence)[0]
        total += 10 * outside(median, lo, hi) / max(1.0, hi - lo)  # a band's width away: 10 points
    if targets.draws is not None and m.games:
        total += max(0.0, 100 * m.draws / m.games - targets.draws)
    if targets.skill_gap is not None and m.skill is not None:
        total += max(0.0, targets.skill_gap - m.skill[0])
    if targets.card_share is not None and m.cards:
        lo, hi = targets.card_share
        gaps = [outside(100 * won / played, lo, hi) for played, won in m.cards.values() if played]
        if gaps:
            total += max(gaps) + 0.1 * sum(gaps)
    return total


def _off_centre(targets: TargetsIn, m: Measures) -> float:
    off = 0.0
    decided = sum(m.wins)
    if targets.seat_spread is not None and decided:
        off += max(abs(100 * w / decided - 100 / m.sides) for w in m.wins)
    if targets.length is not None and m.lengths:
        lo, hi = targets.length
        off += 10 * abs(quantile_ci(m.lengths, 0.5, m.confidence)[0] - (lo + hi) / 2) / max(1.0, hi - lo)
    if targets.card_share is not None and m.cards:
        mid = sum(targets.card_share) / 2
        shares = [abs(100 * won / played - mid) for played, won in m.cards.values() if played]
        off += max(shares, default=0.0)
    return off


def cards_outside(targets: TargetsIn, m: Measures) -> list[str]:
    """The cards whose win share lies outside the card_share band (worst first)."""
    if targets.card_share is None:
        return []
    lo, hi = targets.card_share
    scored = [(outside(100 * won / played, lo, hi), cid) for cid, (played, won) in m.cards.items() if played]
    return [cid for gap, cid in sorted(scored, reverse=True) if gap > 0]


def measures_from_playtest(play: Playtest, unit: str = "turns", confidence: float = 0.95) -> Measures:
    """The measures of a ``check`` playtest: seats or teams, draws, the length histogram,
    the skill gap and, where given, the cards' statistics."""
    wins = [int(r.count) for r in play.seats.seats] or list(play.wins)
    lengths: Counter[int] = Counter(dict(play.length.histogram))
    skill = None
    gap = play.skill
    chips = gap is not None and gap.unit == "return"  # a game with utility: its gap in returns, as measured
    if gap is not None and gap.measured:
        scale = 1.0 if chips else 100.0
        skill = (scale * float(gap.gap), scale * float(gap.low), scale * float(gap.high))
    # per-card statistics as the game counts them: played, won
    cards: dict[str, tuple[int, int]] = {c.card: (c.played, c.won) for c in play.cards}
    return Measures(sides=len(wins) or 1, games=play.games, wins=wins, draws=int(play.draws.count), lengths=lengths,
                    unit=unit, skill=skill, cards=cards, confidence=confidence, teams=play.seats.teams,
                    skill_unit="return" if chips else "points",
                    **({"skill_reason": gap.reason} if gap is not None and not gap.measured and gap.reason else {}))


def print_targets(results: list[TargetResult]) -> None:
    """The targets (``Report.targets``) as a terminal table: target, wanted, measured (interval), status."""
    from rich.console import Console
    from rich.table import Table

    table = Table("target", "wanted", "measured", "status", title="design targets")
    colour = {MET: "green", MISSED: "red", UNDECIDED: "yellow"}
    for r in results:
        table.add_row(r.name, r.wanted, r.measured, f"[{colour.get(r.status, 'white')}]{r.status}[/]")
    Console().print(table)


def playtest_params(spec: GameSpec | None, play: Playtest) -> Any:
    """The rule parameters a playtest of game ``spec`` ran with (its JSON's ``params``)."""
    from ..games.registry import make_params

    return make_params(spec if spec is not None else play.game, [f"{k}={v}" for k, v in play.params.items()])


def judge_targets(deck: Any, report: Any) -> list[TargetResult]:
    """The deck's design targets judged on the report's playtest; ``report.targets`` set for the JSON."""
    targets = deck.design.targets
    if not targets.named() or report.playtest is None:
        return []
    from .playstats import named

    unit = str(getattr(named(report.game), "unit", None) or "turns")
    measured = measures_from_playtest(report.playtest, unit)
    if targets.card_share is not None and not measured.cards:
        measured.cards = card_stats(deck, report.playtest)
    results = evaluate(targets, measured)
    report.targets = list(results)
    return results


def card_stats(deck: Any, play: Playtest) -> dict[str, tuple[int, int]]:
    """Per-card (played, won) as the game counts them (``Result.card_stats``), from the same
    seeded games as the playtest (its seed, strategy and parameters)."""
    from ..games.runner import simulate
    from .playstats import named

    game = play.game  # the runner records the game by name
    params = playtest_params(named(game), play)
    summary = simulate(game, deck, params, games=play.games, seed=play.seed, strategy=play.strategy,
                       engine="reference")
    return {k: (int(v[0]), int(v[1])) for k, v in summary.card_stats.items()}
