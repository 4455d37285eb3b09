"""Playtest statistics from a simulator summary, with confidence intervals.

Every number here is computed from the :class:`~generator.games.stats.Summary`
(and, for games with points, the per-game score counts), so the JSON agrees
with ``deckpress simulate --json`` for the same deck, parameters and seed.
"""

from __future__ import annotations

from collections import Counter
from statistics import NormalDist
from typing import Any

from ..deck.model import Deck
from ..games.registry import GAMES
from ..games.reporting import ReportHooks
from .intervals import mean_ci, quantile_ci, wilson
from .simulate import Playtest


def _share(k: float, n: float, conf: float) -> dict[str, float]:
    low, high = wilson(k, n, conf)
    return {"count": k, "of": n, "share": k / n if n else 0.0, "low": low, "high": high}


def length_stats(pt: Playtest, conf: float) -> dict[str, Any]:
    s = pt.summary
    basic = s.length()
    mean, m_low, m_high = mean_ci(s.lengths, conf)
    _, med_low, med_high = quantile_ci(s.lengths, 0.5, conf)
    _, p95_low, p95_high = quantile_ci(s.lengths, 0.95, conf)
    return {
        "mean": basic["mean"], "mean_low": m_low, "mean_high": m_high,
        "median": basic["median"], "median_low": med_low, "median_high": med_high,
        "p95": basic["p95"], "p95_low": p95_low, "p95_high": p95_high,
        "max": basic["max"],
        "histogram": sorted([int(k), int(v)] for k, v in s.lengths.items()),
    }


def contenders(game: str, players: int) -> int:
    """How many sides can win (the game spec's ``sides``: Viashilym, 6 players, is
    three teams of two, and a team's win is recorded on its first seat, 0-2)."""
    spec = GAMES.get(game)
    return spec.sides(players) if spec is not None and spec.sides is not None else players


def seat_stats(pt: Playtest, conf: float) -> dict[str, Any]:
    s = pt.summary
    decided = sum(s.wins)
    sides = contenders(s.game, s.players)
    fair = 1 / sides if sides else 0.0
    seats = []
    for wins in s.wins[:sides]:
        share = _share(wins, decided, conf)
        share["edge"] = share["share"] - fair
        seats.append(share)
    first = seats[0] if seats else _share(0, 0, conf)
    return {
        "decided": decided, "fair_share": fair, "seats": seats, "teams": sides != s.players,
        "first_player_advantage": {"edge": first["share"] - fair, "low": first["low"] - fair, "high": first["high"] - fair},
    }


def score_stats(pt: Playtest, conf: float) -> dict[str, Any]:
    """Points per seat (Viashi): mean with interval, median, range, distribution."""
    s = pt.summary
    out: dict[str, Any] = {"seats": []}
    for seat, counts in enumerate(pt.seat_scores):
        hist = Counter({int(round(k)): v for k, v in counts.items()})
        mean, low, high = mean_ci(hist, conf)
        med, _, _ = quantile_ci(hist, 0.5, conf)
        out["seats"].append({
            "seat": seat, "mean": s.scores[seat] / max(1, s.games), "low": low, "high": high,
            "median": med, "min": min(hist) if hist else 0, "max": max(hist) if hist else 0,
            "histogram": sorted([k, v] for k, v in hist.items()),
        })
    return out


def counters(pt: Playtest) -> dict[str, dict[str, float]]:
    """Every counter the game reports: total and per game."""
    s = pt.summary
    return {k: {"total": v, "per_game": v / max(1, s.games)} for k, v in sorted(s.details.items())}


def playtest_stats(pt: Playtest, deck: Deck, conf: float) -> dict[str, Any]:
    s = pt.summary
    out: dict[str, Any] = {
        "game": s.game, "params": s.params, "games": s.games, "seed": s.seed, "strategy": s.strategy,
        "strategies": s.seat_strategies(),
        "length": length_stats(pt, conf),
        "unfinished": _share(s.unfinished, s.games, conf),
        "draws": _share(s.draws, s.games, conf),
        "wins": list(s.wins),
        "seats": seat_stats(pt, conf),
        "counters": counters(pt),
    }
    if pt.seat_scores:
        out["scores"] = score_stats(pt, conf)
    returns = s.mean_returns(NormalDist().inv_cdf((1 + conf) / 2))
    if returns:  # a game that declares utility bounds: chips or points per seat, beside the win shares
        out["returns"] = returns
    hooks = report_hooks(s.game)
    if hooks is not None and hooks.section is not None:  # the game's own figures, under its name
        out[s.game] = hooks.section(s, deck, lambda k, n: _share(k, n, conf))
    return out


def report_hooks(game: str) -> ReportHooks | None:
    """The registered game's report hooks (its spec's ``report``; None: the generic report)."""
    spec = GAMES.get(game)
    return spec.report if spec is not None else None


def section(play: dict[str, Any] | None) -> dict[str, Any]:
    """The playtest's own figures of its game (``play[game]``; empty for a game without)."""
    return (play or {}).get((play or {}).get("game", ""), {}) if play else {}


def showdowns(play: dict[str, Any] | None) -> dict[str, Any]:
    """The section of a game that compares attributes (:attr:`ReportHooks.showdowns`),
    with its ``cards`` and ``attributes``; empty for any other."""
    hooks = report_hooks(play["game"]) if play else None
    return section(play) if hooks is not None and hooks.showdowns else {}


def side_name(seat: int, seats: dict[str, Any], first: str = " (first player)") -> str:
    """"seat 0 (first player)", "seat 1", or for teams "team 0 (seats 0 and 3)".
    Seats are numbered from 0, as in ``deckpress simulate`` and its JSON."""
    if seats.get("teams"):
        return f"team {seat} (seats {seat} and {seat + 3})"
    return f"seat {seat}" + (first if seat == 0 else "")


def grid_of(play: dict[str, Any] | None) -> tuple[str, tuple[str, ...], list[dict[str, Any]]]:
    """The game-length grid of the playtest (:attr:`ReportHooks.grid`): its title
    ("War length by players and packs"), its parameters (inner first) and its rows."""
    grid = section(play).get("grid") if play else None
    if not grid or play is None:
        return "", (), []
    spec = GAMES[play["game"]]
    keys = tuple(reversed(list(spec.report.grid))) if spec.report is not None else ()
    return f"{spec.title} length by {' and '.join(keys)}", keys, grid
