"""The seat (or team) advantage findings: each side judged on its interval against the
fair share, with thresholds that scale with the number of sides, in win share or, for
a game that declares ``utility``, in mean return (see :mod:`.sides`)."""

from __future__ import annotations

from ..deck.thresholds import Thresholds
from ..games.finding import Finding, Level
from .playstats import first_player, named, side_name
from .ranges import span
from .result import Playtest
from .sides import deficit, scaled, utility_threshold
from .verdict_static import pct


def who(play: Playtest, side: int) -> str:
    if side == first_player(named(play.game)) and not play.seats.teams:
        return f"the first player (seat {side})"
    return side_name(side, play, "")


def _points(x: float) -> str:
    return f"{100 * x:.3g} points"


def side_findings(play: Playtest, t: Thresholds) -> list[Finding]:
    """An advantage for a side whose interval lies above the fair share, its edge beyond the
    scaled threshold; none where the seats play different strategies (their shares measure
    the players, not the deck)."""
    if play.mixed:
        return []
    if play.return_edges:
        return _in_utility(play, t)
    out: list[Finding] = []
    seats = play.seats
    k = len(seats.seats)
    if k < 2:
        return out
    warn, error = scaled(t, k)
    conf = pct(t.confidence)
    advantage = "a team advantage" if seats.teams else "an advantage"  # teams win together: speak of teams
    fair = seats.fair_share
    for side, s in enumerate(seats.seats):
        edge = s.edge
        if s.low <= fair <= s.high:
            continue
        if edge <= warn:
            continue
        level: Level = "error" if edge > error else "warning"
        out.append(Finding(level, "seat_advantage",
                           f"{who(play, side)} wins {pct(s.share)} of decided games ({conf} interval "
                           f"{pct(s.low)}-{pct(s.high)}) against a fair {pct(fair)}: {advantage} of "
                           f"{100 * edge:.1f} points over {seats.decided:,} decided games (seat_edge_warn: "
                           f"{_points(warn)} for {k} sides).",
                           evidence={"seat": side, **s.to_json(), "threshold": warn, "sides": k}))
    out += _shortfalls(play, t)
    return out


def _shortfalls(play: Playtest, t: Thresholds) -> list[Finding]:
    """With three or more sides, a side whose whole interval lies below the fair share by
    more than the shortfall threshold (:func:`.sides.deficit`): a disadvantage."""
    seats = play.seats
    k = len(seats.seats)
    warn, error = deficit(t, k)
    fair = seats.fair_share
    conf = pct(t.confidence)
    out: list[Finding] = []
    for side, s in enumerate(seats.seats):
        short = fair - s.share
        if s.high >= fair or short <= warn:
            continue
        level: Level = "error" if short > error else "warning"
        what = "a team disadvantage" if seats.teams else "a disadvantage"
        out.append(Finding(level, "seat_disadvantage",
                           f"{who(play, side)} wins only {pct(s.share)} of decided games ({conf} interval "
                           f"{pct(s.low)}-{pct(s.high)}) against a fair {pct(fair)}: {what} of {100 * short:.1f}"
                           f" points over {seats.decided:,} decided games (the shortfall threshold: {_points(warn)}"
                           f" for {k} sides, seat_edge_warn scaled x {k - 1}).",
                           evidence={"seat": side, **s.to_json(), "threshold": warn, "sides": k}))
    return out


def _in_utility(play: Playtest, t: Thresholds) -> list[Finding]:
    """The same in the game's own measure: a side's mean return against the table's."""
    out: list[Finding] = []
    edges = play.return_edges
    k = len(edges)
    if k < 2:
        return out
    warn, error = utility_threshold(t, k)
    conf = pct(t.confidence)
    teams = play.seats.teams
    for side, e in enumerate(edges):
        if e.low <= 0.0 <= e.high or e.sd <= 0:
            continue
        if e.size <= warn:
            continue
        level: Level = "error" if e.size > error else "warning"
        what = "a team advantage" if teams else "an advantage"
        out.append(Finding(level, "seat_advantage",
                           f"{who(play, side)} gets {e.mean:+.3g} a game against the table's mean return ({conf} "
                           f"interval {span(e.low, e.high, '+.3g')}): {what} of {e.size:.2f} standard deviations"
                           f" of a game's result over {e.games:,} games (seat_edge_warn: {warn:.3g} standard"
                           f" deviations for {k} sides).",
                           evidence={"seat": side, **e.to_json(), "threshold_sd": warn, "sides": k}))
    short_warn, short_error = (2 * x for x in deficit(t, k))
    for side, e in enumerate(edges):
        if e.high >= 0.0 or e.sd <= 0 or -e.size <= short_warn:
            continue
        level = "error" if -e.size > short_error else "warning"
        what = "a team disadvantage" if teams else "a disadvantage"
        out.append(Finding(level, "seat_disadvantage",
                           f"{who(play, side)} gets {e.mean:+.3g} a game against the table's mean return ({conf} "
                           f"interval {span(e.low, e.high, '+.3g')}): {what} of {-e.size:.2f} standard deviations"
                           f" of a game's result over {e.games:,} games (the shortfall threshold: {short_warn:.3g}"
                           f" standard deviations for {k} sides).",
                           evidence={"seat": side, **e.to_json(), "threshold_sd": short_warn, "sides": k}))
    return out


__all__ = ["side_findings", "who"]
