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
from ..games.viashi.deck_check import special_names
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
    """How many sides can win: Viashilym (6 players) is three teams of two,
    and a team's win is recorded on its first seat (0-2)."""
    return 3 if game == "viashi" and players == 6 else players


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


def weiji_stats(pt: Playtest, deck: Deck, conf: float) -> dict[str, Any]:
    s = pt.summary
    d = s.details
    showdowns = s.tricks
    ties = d.get("ties", 0.0)
    cards = {}
    for card in deck.cards:
        shown, won = s.card_stats.get(card.id, [0, 0])
        cards[card.id] = _share(won, shown, conf)
    attributes = {}
    for attr in deck.attributes:
        chosen = d.get(f"chosen:{attr.key}", 0.0)
        attributes[attr.key] = {
            "chosen": chosen,
            "chosen_share": chosen / showdowns if showdowns else 0.0,
            "ties": d.get(f"ties:{attr.key}", 0.0),
            "tie_rate": _share(d.get(f"ties:{attr.key}", 0.0), chosen, conf),
        }
    decided = showdowns - ties
    return {
        "showdowns": showdowns,
        "tie_rate": _share(ties, showdowns, conf),
        "no_data_ties": _share(d.get("no_data_ties", 0.0), showdowns, conf),
        "tiebreak_draws": d.get("tiebreak_draws", 0.0),
        "tiebreak_ties": d.get("tiebreak_ties", 0.0),
        "chooser_wins": _share(d.get("chooser_wins", 0.0), decided, conf),
        "attributes": attributes,
        "cards": cards,
    }


def war_stats(pt: Playtest) -> dict[str, Any]:
    s = pt.summary
    n = max(1, s.games)
    return {
        "wars_per_game": s.details.get("wars", 0.0) / n,
        "wars_per_trick": s.details.get("wars", 0.0) / max(1, s.tricks),
        "set_aside_per_game": s.details.get("set_aside", 0.0) / n,
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
    if s.game == "weiji":
        out["weiji"] = weiji_stats(pt, deck, conf)
    elif s.game == "war":
        out["war"] = war_stats(pt)
    if pt.seat_scores:
        out["scores"] = score_stats(pt, conf)
    returns = s.mean_returns(NormalDist().inv_cdf((1 + conf) / 2))
    if returns:  # a game that declares utility bounds: chips or points per seat, beside the win shares
        out["returns"] = returns
    if s.game == "viashi":
        out["viashi"] = viashi_stats(pt, conf)
        out["viashi"]["names"] = special_names(deck)  # the deck's own names for its special cards
    return out


def viashi_stats(pt: Playtest, conf: float) -> dict[str, Any]:
    """Viashi: bonus frequencies per hand, Fool and Changeling captures per
    game, how often the leader takes the trick, each card's capture rate."""
    s = pt.summary
    d = s.details
    hands = d.get("hands", 0.0) or float(s.games)
    return {
        "hands": hands,
        "bonuses_per_hand": {k: v / max(1.0, hands) for k, v in sorted(d.items()) if k.startswith("bonus") and k != "bonus_points"},
        "bonus_points_per_hand": d.get("bonus_points", 0.0) / max(1.0, hands),
        "fool_captures": d.get("fool_captures", 0.0) / max(1, s.games),
        "changeling_captures": d.get("changeling_captures", 0.0) / max(1, s.games),
        "leader_takes_trick": _share(d.get("leader_captures", 0.0), s.tricks, conf),
        "fair_share": 1 / s.players if s.players else 0.0,
        "cards": {cid: _share(won, shown, conf) for cid, (shown, won) in sorted(s.card_stats.items())},
    }


def side_name(seat: int, seats: dict[str, Any], first: str = " (first player)") -> str:
    """"seat 0 (first player)", "seat 1", or for teams "team 0 (seats 0 and 3)".
    Seats are numbered from 0, as in ``deckpress simulate`` and its JSON."""
    if seats.get("teams"):
        return f"team {seat} (seats {seat} and {seat + 3})"
    return f"seat {seat}" + (first if seat == 0 else "")
