"""Is a seat (or team) advantage the game's, or its players'? (docs/balance.md, "seat_advantage").

The playtest's seats play the default strategy (greedy for a designer's game, the
game's own player for a built-in one). A player that looks one step ahead can make a
side stronger that no deal favours: plain Leduc poker under greedy play gives seat 0
+0.96 chips a hand, random play of the same deals none. So when a strategy other than
random raises a ``seat_advantage`` or ``seat_disadvantage`` finding, random play of the
same seeded games (the same seed: game i is dealt from the same stream) measures that
side again, in the same measure (win share of the decided games, or mean return against
the table's in a game with ``utility``), before the finding is called the game's:

- **confirmed**: random play's interval for the side lies wholly on the same side of the
  fair share (of 0): the deal favours (or squeezes) that side whoever plays. The finding
  stands at its level; its message adds random play's figure. (Random play need not
  pass the band itself: a planted edge shows far smaller under random play, whose wild
  bets spread the results: EdgeLeduc's seat 0 gets +1.76 chips a hand under greedy play,
  +0.26 under random play, 0.06 standard deviations, inside the band, yet real.)
- **players**: random play's interval holds the fair share (0), or lies on the other side
  of it: the edge comes from how the seats play, not from the deal. The finding becomes
  a *warning* (never an error, so no game problem for the exit code, which counts
  errors; ``--fail-on-warnings`` counts it as it counts any warning) whose message names
  both strategies and both figures.

Random play is played only when such a finding is raised, at most :data:`CONFIRM_GAMES`
games (or the playtest's ``--games``, where that is more), in rounds of :data:`ROUND`
that stop as soon as every such side's interval excludes the fair share at
:data:`EARLY` confidence (a stricter level for the early looks, so that looking
several times does not make a chance edge look real; the last look is at the report's
confidence). The figures go into the finding's evidence: ``strategy`` (the playtest's),
``random_play`` ("confirmed" or "players") and ``random`` (random play's figure: games,
and share, low, high, fair_share, or mean, low, high, sd).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..deck.thresholds import Thresholds
from ..games.finding import Finding
from ..games.stats import Summary
from . import simulate as sim
from .playstats import named, seat_stats, team_seats
from .ranges import span
from .result import Playtest
from .run import Run
from .sides import return_edges
from .simulate import Playtest as SimPlaytest
from .verdict_sides import who
from .verdict_static import pct

__all__ = ["CONFIRM_GAMES", "EARLY", "ROUND", "SIDE_CODES", "confirm_sides", "needs_confirming"]

CONFIRM_GAMES = 6000  # random play's most games (or the playtest's --games, where more)
ROUND = 500  # games between two looks
EARLY = 0.999  # the confidence of a look before the last
SIDE_CODES = ("seat_advantage", "seat_disadvantage")


def needs_confirming(play: Playtest, findings: Sequence[Finding]) -> bool:
    """A side finding raised under a strategy other than random, the same at every seat."""
    strategy = play.strategy or ""
    return bool(strategy) and strategy != "random" and not play.mixed and any(map(_sided, findings))


def _sided(f: Finding) -> bool:
    """The seat verdict's own finding (verdict_sides.py: its side in ``evidence.seat``), not
    a game hook's finding that happens to use the code."""
    return f.code in SIDE_CODES and isinstance(f.evidence.get("seat"), int)


def confirm_sides(findings: list[Finding], play: Playtest, run: Run, t: Thresholds,
                  sequential: bool = True) -> list[Finding]:
    """``findings`` with every seat finding of ``play`` checked under random play of the
    same seeded games (the module's rule); the rest as they are. ``sequential``: False
    plays every game (no early stop), as the rest of a full run does."""
    if not needs_confirming(play, findings):
        return findings
    asked = {int(f.evidence["seat"]) for f in findings if _sided(f)}

    def decided(summary: Summary) -> bool:
        return all(_excludes_fair(*_interval(summary, side, EARLY)) for side in asked)

    pt = sim.playtest(run.but(strategy="random", games=max(run.games, CONFIRM_GAMES), progress=None),
                      decided=decided if sequential else None, round_games=ROUND)
    strategy = play.strategy or ""
    return [_judged(f, play, pt.summary, t, strategy) if _sided(f) else f for f in findings]


def _interval(summary: Summary, side: int, conf: float) -> tuple[float, float, float]:
    """Random play's (low, high, fair) for ``side``: its win share of the decided games,
    or its mean return against the table's (fair: 0) in a game with ``utility``."""
    edges = return_edges(summary, team_seats(named(summary.game), summary.params), conf)
    if edges:
        return edges[side].low, edges[side].high, 0.0
    seats = seat_stats(SimPlaytest(summary), conf)
    return seats.seats[side].low, seats.seats[side].high, seats.fair_share


def _excludes_fair(low: float, high: float, fair: float) -> bool:
    return not low <= fair <= high


def _figure(summary: Summary, side: int, conf: float) -> tuple[dict[str, Any], str, float]:
    """Random play's figure for ``side`` (JSON; in words; its direction: +1 above the fair
    share, -1 below, 0 its interval holds it)."""
    edges = return_edges(summary, team_seats(named(summary.game), summary.params), conf)
    if edges:
        e = edges[side]
        words = f"{e.mean:+.3g} a game, {pct(conf)} interval {span(e.low, e.high, '+.3g')}"
        return e.to_json(), words, _direction(e.low, e.high, 0.0)
    seats = seat_stats(SimPlaytest(summary), conf)
    s, fair = seats.seats[side], seats.fair_share
    words = f"{pct(s.share)} of decided games, {pct(conf)} interval {pct(s.low)}-{pct(s.high)}, against a fair {pct(fair)}"
    return {**s.to_json(), "fair_share": fair}, words, _direction(s.low, s.high, fair)


def _direction(low: float, high: float, fair: float) -> float:
    return 1.0 if low > fair else -1.0 if high < fair else 0.0


def _judged(f: Finding, play: Playtest, summary: Summary, t: Thresholds, strategy: str) -> Finding:
    side = int(f.evidence["seat"])
    figure, words, direction = _figure(summary, side, t.confidence)
    games = f"{summary.games:,} games"
    wanted = 1.0 if f.code == "seat_advantage" else -1.0
    if direction == wanted:
        verdict, level = "confirmed", f.level
        message = (f"{f.message} Random play of the same deals shows it too ({words}, {games}): the game favours"
                   f" {'' if wanted > 0 else 'the others over '}that side whoever plays, not only under {strategy} play.")
    else:
        verdict, level = "players", "warning"
        message = _players_message(f, side, play, t, f"{words}, {games}", direction)
    evidence = {**f.evidence, "strategy": strategy, "random_play": verdict, "random": {"games": summary.games, **figure}}
    return replace(f, level=level, message=message, evidence=evidence)


def _players_message(f: Finding, side: int, play: Playtest, t: Thresholds, words: str, direction: float) -> str:
    """The finding, worded as what it is: an edge of the players, not of the game."""
    conf = pct(t.confidence)
    strategy = play.strategy
    whom = who(play, side)
    if play.return_edges:
        e = play.return_edges[side]
        measured = f"gets {e.mean:+.3g} a game against the table's mean return under {strategy} play" \
                   f" ({conf} interval {span(e.low, e.high, '+.3g')}, {e.games:,} games)"
    else:
        s = play.seats.seats[side]
        measured = f"wins {pct(s.share)} of decided games under {strategy} play ({conf} interval" \
                   f" {pct(s.low)}-{pct(s.high)}, {play.seats.decided:,} decided games)"
    what = "disadvantage" if f.code == "seat_disadvantage" else "advantage"
    random = f"none under random play of the same deals ({words})" if direction == 0 else \
        f"the other way under random play of the same deals ({words})"
    return (f"{whom} {measured}, but {random}: the {what} comes from how the seats play, not from the deal"
            f" (a warning, never an error: it depends on the players; deckpress check --strategy NAME measures it"
            f" with another one).")
