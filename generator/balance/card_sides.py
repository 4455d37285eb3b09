"""The side the per-card measures speak of: a seat, or its team where the game has partners.

Card removal (:mod:`.card_removal`) follows side 0 (seat 0, or the team holding seat 0),
card impact (:mod:`.card_impact`) each seat's side in turn. A side's measure in one game
is the game's own (:func:`.card_paired.outcome`) summed over its seats for a win share (a
team's share of the win; a draw shared among all seats, so a team of two of four seats
gets half) and averaged over them for a return (a game that declares ``utility``: the
team's mean return, as the seat verdict reads it, :mod:`.sides`).

One base throughout: every card-removal figure, the whole deck's line and each card's, is
side 0's share of *all* games with a draw (or an unfinished game) shared among the seats,
or its mean return; the header says which.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games.api import team_of
from ..games.stats import Summary
from .playstats import named, team_seats

__all__ = ["base_share", "removal_base", "side_label", "side_value", "side_words"]


def _team(built: Any, seat: int, players: int) -> tuple[int, ...]:
    team = team_of(built, seat) if built is not None else None
    return tuple(s for s in team if s < players) if team else (seat,)


def side_value(values: Sequence[float], seat: int, built: Any, unit: str) -> float:
    """Seat ``seat``'s side's measure in one game from every seat's (``values``)."""
    team = _team(built, seat, len(values))
    if len(team) == 1:
        return float(values[seat])
    picked = [float(values[s]) for s in team]
    return sum(picked) if unit == "share" else sum(picked) / len(picked)


def _teams(built: Any) -> list[tuple[int, ...]]:
    teams = getattr(built, "teams", None)
    if teams is None:
        return []
    try:
        found = teams(built.params) if callable(teams) else teams
        return [tuple(int(s) for s in t) for t in found or ()]
    except (TypeError, ValueError, AttributeError):
        return []


def side_label(built: Any, seat: int = 0) -> str:
    """``seat 0``, or ``team 0 (seats 0 and 2)`` for the team holding ``seat``."""
    for index, team in enumerate(_teams(built)):
        if seat in team:
            return f"team {index} (seats {' and '.join(map(str, team))})"
    return f"seat {seat}"


def side_words(built: Any, unit: str) -> str:
    """What card impact's figures are, in words: a seat's own, or its team's."""
    teams = _teams(built)
    what = "win share of all games, a draw shared" if unit == "share" else "mean return"
    if teams:
        return f"each seat's team's {what} (fair {100 / len(teams):.1f} % for {len(teams)} teams)" \
            if unit == "share" else f"each seat's team's {what}"
    return f"each seat's {what}"


def base_share(summary: Summary, unit: str) -> float:
    """Side 0's measure over the playtest's games (its ``summary``): its share of all games,
    a draw or an unfinished game shared among the seats, or its mean return."""
    n = summary.games
    if not n:
        return 0.0
    teams = team_seats(named(summary.game), summary.params) or ()
    team = next((tuple(t) for t in teams if 0 in t), (0,))
    players = summary.players
    if unit != "share" and summary.returns:
        return sum(summary.returns[s] for s in team) / len(team) / n
    wins = sum(summary.wins[s] for s in team if s < len(summary.wins))
    shared = n - sum(summary.wins)  # draws and unfinished games: each seat 1/players
    return (wins + shared * len(team) / players) / n


def removal_base(removal: Any) -> str:
    """Card removal's whole-deck figure in words, on the base of every row: "seat 0 wins
    43.0 % of all games (a draw shared)", or "seat 0 returns +0.12 a game"."""
    base = removal.base
    if removal.unit == "share":
        return f"{removal.whose} wins {100 * base.first_share:.1f} % of all games (a draw shared)"
    return f"{removal.whose} returns {base.first_share:+.2f} a game"
