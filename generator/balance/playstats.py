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
from ..games.registry import GAMES, builtin_names
from ..games.reporting import ReportHooks
from ..games.runner import designer_source
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
    """Win shares per seat, or per team: a game whose spec's ``sides`` records a team's
    win on its first seat (Viashilym), or a designer's game whose ``teams`` group the
    seats (a team's wins: its seats' wins together)."""
    s = pt.summary
    decided = sum(s.wins)
    sides = contenders(s.game, s.players)
    per_side = list(s.wins[:sides])
    teams = team_seats(s.game, s.params)
    spec = GAMES.get(s.game)
    if teams and spec is not None and spec.sides is None:
        sides, per_side = len(teams), [sum(s.wins[i] for i in team if i < len(s.wins)) for team in teams]
    fair = 1 / sides if sides else 0.0
    seats = []
    for wins in per_side:
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


def card_stats(pt: Playtest, deck: Deck, conf: float) -> list[dict[str, Any]]:
    """Per card, as the game counts them (``Result.card_stats``): times played, times
    won, and the win share with its Wilson interval, the most played first."""
    names = {c.id: c.name for c in deck.cards}
    out = []
    for cid, (played, won) in pt.summary.card_stats.items():
        low, high = wilson(won, played, conf)
        out.append({"card": cid, "name": names.get(cid, cid), "played": int(played), "won": int(won),
                    "share": won / played if played else 0.0, "low": low, "high": high})
    return sorted(out, key=lambda c: (-c["share"], -c["played"], c["card"]))


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
    if s.card_stats and s.game not in builtin_names():  # a designer's (or installed) game that counts its cards
        # (the built-in games keep theirs in their own sections: Weiji's wins when shown)
        out["cards"] = card_stats(pt, deck, conf)
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


def designer(game: str) -> bool:
    """A game from a designer's own game.py (not built in, not installed)."""
    return designer_source(game) is not None


def team_seats(game: str, params: Any) -> tuple[tuple[int, ...], ...] | None:
    """The game's teams under ``params`` (its spec's ``teams_of``: a parameter mapping
    as the JSON has them), or None: every seat for itself."""
    spec = GAMES.get(game)
    if spec is None or spec.teams is None:
        return None
    try:
        return spec.teams_of(spec.params.model_validate(dict(params or {})))
    except ValueError:
        return None


def unit_of(game: str, plural: bool = True) -> str:
    """The game's unit of play (its spec's ``unit``): "tricks", "rounds", "turns"."""
    spec = GAMES.get(game)
    unit = spec.unit if spec is not None else "trick"
    return unit if not plural or unit.endswith("s") else unit + "s"


def draw_words(game: str) -> str:
    """How a draw happens in the game, in its words: its report hooks' or spec's
    ``draws`` (War: "the last players ran out of cards together"), else a shared top score."""
    spec = GAMES.get(game)
    hooks = spec.report if spec is not None else None
    own = (hooks.draws if hooks is not None else "") or (spec.draws if spec is not None else "")
    return own or "a shared top score"


def first_player(game: str) -> int | None:
    """The seat that starts where the game says who does (its spec's ``first_player``)."""
    spec = GAMES.get(game)
    return spec.first_player if spec is not None else None


def side_name(seat: int, play: dict[str, Any], first: str = " (first player)") -> str:
    """"seat 0 (first player)" (only where the game says seat 0 starts), "seat 1", or for
    teams "team 0 (seats 0 and 3)". Seats are numbered from 0, as in ``deckpress simulate``
    and its JSON. ``play``: the playtest's JSON (its game, parameters and seats)."""
    if play["seats"].get("teams"):
        teams = team_seats(play["game"], play.get("params"))
        members = teams[seat] if teams and seat < len(teams) else (seat, seat + 3)
        return f"team {seat} (seats {' and '.join(map(str, members))})"
    return f"seat {seat}" + (first if seat == first_player(play["game"]) else "")


def grid_of(play: dict[str, Any] | None) -> tuple[str, tuple[str, ...], list[dict[str, Any]]]:
    """The game-length grid of the playtest (:attr:`ReportHooks.grid`): its title
    ("War length by players and packs"), its parameters (inner first) and its rows."""
    grid = section(play).get("grid") if play else None
    if not grid or play is None:
        return "", (), []
    spec = GAMES[play["game"]]
    keys = tuple(reversed(list(spec.report.grid))) if spec.report is not None else ()
    return f"{spec.title} length by {' and '.join(keys)}", keys, grid
