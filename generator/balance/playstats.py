"""Playtest statistics from a simulator summary, with confidence intervals.

Every number here is computed from the :class:`~generator.games.stats.Summary`
(and, for games with points, the per-game score counts), so the JSON agrees
with ``deckpress simulate --json`` for the same deck, parameters and seed. The
result is a typed :class:`~.result.Playtest`.
"""

from __future__ import annotations

from collections import Counter
from statistics import NormalDist
from typing import Any

from ..deck.model import Deck
from ..games.registry import GAMES
from ..games.reporting import ReportHooks, Share
from ..games.runner import designer_source
from ..games.spec import GameSpec
from .intervals import mean_ci, quantile_ci, wilson
from .result import CardStat, Edge, GridRow, Length, Playtest, Return, Seats, SeatScore, SeatShare
from .result import Counter as StatCounter
from .sides import return_edges
from .simulate import Playtest as SimPlaytest


def _share(k: float, n: float, conf: float) -> Share:
    low, high = wilson(k, n, conf)
    return Share(k, n, k / n if n else 0.0, low, high)


def length_stats(pt: SimPlaytest, conf: float) -> Length:
    s = pt.summary
    basic = s.length()
    _mean, m_low, m_high = mean_ci(s.lengths, conf)
    _, med_low, med_high = quantile_ci(s.lengths, 0.5, conf)
    _, p95_low, p95_high = quantile_ci(s.lengths, 0.95, conf)
    return Length(basic["mean"], m_low, m_high, basic["median"], med_low, med_high, basic["p95"], p95_low, p95_high,
                  basic["max"], tuple(sorted((int(k), int(v)) for k, v in s.lengths.items())))


def named(game: str) -> GameSpec | None:  # a name: what a report or summary records (its JSON, a worker's)
    """The registered game a report, a summary or a record read back names (None: none
    registered under it). Balance's one way from a name back to a spec: a measure takes
    the spec; only what was written down (the report's ``game``) carries a name."""
    return GAMES.get(game)


def contenders(spec: GameSpec | None, players: int) -> int:
    """How many sides can win (the game spec's ``sides``: Viashilym, 6 players, is
    three teams of two, and a team's win is recorded on its first seat, 0-2)."""
    return spec.sides(players) if spec is not None and spec.sides is not None else players


def seat_stats(pt: SimPlaytest, conf: float) -> Seats:
    """Win shares per seat, or per team: a game whose spec's ``sides`` records a team's
    win on its first seat (Viashilym), or a designer's game whose ``teams`` group the
    seats (a team's wins: its seats' wins together)."""
    s = pt.summary
    decided = sum(s.wins)
    sides = contenders(named(s.game), s.players)
    per_side = list(s.wins[:sides])
    teams = team_seats(named(s.game), s.params)
    spec = named(s.game)
    if teams and spec is not None and spec.sides is None:
        sides, per_side = len(teams), [sum(s.wins[i] for i in team if i < len(s.wins)) for team in teams]
    fair = 1 / sides if sides else 0.0
    seats = []
    for wins in per_side:
        share = _share(wins, decided, conf)
        seats.append(SeatShare(share.count, share.of, share.share, share.low, share.high, share.share - fair))
    first: Share = seats[0] if seats else _share(0, 0, conf)
    return Seats(decided, fair, tuple(seats), sides != s.players,
                 Edge(first.share - fair, first.low - fair, first.high - fair))


def score_stats(pt: SimPlaytest, conf: float) -> tuple[SeatScore, ...]:
    """Points per seat (Viashi): mean with interval, median, range, distribution."""
    s = pt.summary
    out = []
    for seat, counts in enumerate(pt.seat_scores):
        hist = Counter({int(round(k)): v for k, v in counts.items()})
        _mean, low, high = mean_ci(hist, conf)
        med, _, _ = quantile_ci(hist, 0.5, conf)
        out.append(SeatScore(seat, s.scores[seat] / max(1, s.games), low, high, med, min(hist) if hist else 0,
                             max(hist) if hist else 0, tuple(sorted((k, v) for k, v in hist.items()))))
    return tuple(out)


def card_stats(pt: SimPlaytest, deck: Deck, conf: float) -> tuple[CardStat, ...]:
    """Per card, as the game counts them (``Result.card_stats``): times played, times
    won, and the win share with its Wilson interval, the most played first."""
    names = {c.id: c.name for c in deck.cards}
    out = []
    for cid, (played, won) in pt.summary.card_stats.items():
        low, high = wilson(won, played, conf)
        out.append(CardStat(cid, names.get(cid, cid), int(played), int(won), won / played if played else 0.0, low, high))
    return tuple(sorted(out, key=lambda c: (-c.share, -c.played, c.card)))


def counters(pt: SimPlaytest) -> dict[str, StatCounter]:
    """Every counter the game reports: total and per game."""
    s = pt.summary
    return {k: StatCounter(v, v / max(1, s.games)) for k, v in sorted(s.details.items())}


def playtest_stats(pt: SimPlaytest, deck: Deck, conf: float) -> Playtest:
    s = pt.summary
    returns = s.mean_returns(NormalDist().inv_cdf((1 + conf) / 2))
    hooks = report_hooks(named(s.game))
    own_cards = hooks is not None and hooks.cards  # the game's section keeps them (Weiji's wins when shown)
    return Playtest(
        game=s.game, params=s.params, games=s.games, seed=s.seed, strategy=s.strategy,
        strategies=s.seat_strategies(),
        length=length_stats(pt, conf),
        unfinished=_share(s.unfinished, s.games, conf),
        draws=_share(s.draws, s.games, conf),
        wins=list(s.wins),
        seats=seat_stats(pt, conf),
        counters=counters(pt),
        scores=score_stats(pt, conf) if pt.seat_scores else None,
        # a game that declares utility bounds: chips or points per seat, beside the win shares
        returns=tuple(Return(r["mean"], r["low"], r["high"]) for r in returns),
        # ... and each side's edge in it (seat, or team), which the seat verdict judges (sides.py)
        return_edges=return_edges(s, team_seats(named(s.game), s.params), conf),
        cards=card_stats(pt, deck, conf) if s.card_stats and not own_cards else (),
        # the game's own figures, under its name
        section=hooks.make(s, deck, lambda k, n: _share(k, n, conf)) if hooks is not None else None,
    )


def report_hooks(spec: GameSpec | None) -> ReportHooks | None:
    """The registered game's report hooks (its spec's ``report``; None: the generic report)."""
    return spec.report if spec is not None else None


def designer(spec: GameSpec | None) -> bool:
    """A game from a designer's own game.py (not built in, not installed)."""
    return spec is not None and designer_source(spec.name) is not None


def team_seats(spec: GameSpec | None, params: Any) -> tuple[tuple[int, ...], ...] | None:
    """The game's teams under ``params`` (its spec's ``teams_of``: a parameter mapping
    as the JSON has them), or None: every seat for itself."""
    if spec is None or spec.teams is None:
        return None
    try:
        return spec.teams_of(spec.params.model_validate(dict(params or {})))
    except ValueError:
        return None


def unit_of(spec: GameSpec | None, plural: bool = True) -> str:
    """The game's unit of play (its spec's ``unit``): "tricks", "rounds", "turns"."""
    unit = spec.unit if spec is not None else "trick"
    return unit if not plural or unit.endswith("s") else unit + "s"


def draw_words(spec: GameSpec | None) -> str:
    """How a draw happens in the game, in its words: its report hooks' or spec's
    ``draws`` (War: "the last players ran out of cards together"), else a shared top score."""
    hooks = spec.report if spec is not None else None
    own = (hooks.draws if hooks is not None else "") or (spec.draws if spec is not None else "")
    return own or "a shared top score"


def first_player(spec: GameSpec | None) -> int | None:
    """The seat that starts where the game says who does (its spec's ``first_player``)."""
    return spec.first_player if spec is not None else None


def side_name(seat: int, play: Playtest, first: str = " (first player)") -> str:
    """"seat 0 (first player)" (only where the game says seat 0 starts), "seat 1", or for
    teams "team 0 (seats 0 and 3)". Seats are numbered from 0, as in ``deckpress simulate``
    and its JSON."""
    if play.seats.teams:
        teams = team_seats(named(play.game), play.params)
        members = teams[seat] if teams and seat < len(teams) else (seat, seat + 3)
        return f"team {seat} (seats {' and '.join(map(str, members))})"
    return f"seat {seat}" + (first if seat == first_player(named(play.game)) else "")


def grid_of(play: Playtest | None) -> tuple[str, tuple[str, ...], tuple[GridRow, ...]]:
    """The game-length grid of the playtest (:attr:`ReportHooks.grid`): its title
    ("War length by players and packs"), its parameters (inner first) and its rows."""
    if play is None or not play.grid:
        return "", (), ()
    spec = named(play.game)
    assert spec is not None
    keys = tuple(reversed(list(spec.report.grid))) if spec.report is not None else ()
    return f"{spec.title} length by {' and '.join(keys)}", keys, play.grid
