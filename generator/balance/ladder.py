"""A skill ladder and a round-robin tournament (``deckpress ladder``).

**Ladder** (after the skill traces of Ludii and TAG): the search player at doubling
budgets (``mcts:25``, ``mcts:50``, ... ``mcts:400``), each rung played directly against
the rung below it, the rung's side rotated over every side (the other sides play the
rung below), in seeded games. A *side* is a seat, or a team where the game has partners
(the rung plays every seat of its team); the fair share is 1/sides, and a draw counts
as 1/sides of a win (half, for two sides): a game full of draws is not read as losses.
A rung's *gain* is its share minus the fair share, judged on its interval: above fair
(the whole interval above), below fair (the whole interval below: the bigger budget
loses) or level. The verdict follows the intervals: flat (every rung level) says the
game rewards luck more than thought; still climbing (the top rung above fair) may be
too deep for its audience; climbs, then flattens (a rung above, the top rung level);
uneven (a rung below fair: thinking longer loses there).

**Tournament**: every pair of the strategies a game offers (the designer's own
included), each in one seat against the other in the remaining seats, seats rotated;
the table of shares (draws as 1/sides of a win, as above) and an Elo-style rating fitted
to them (400 points: 10 to 1 odds; the mean rating is 1500).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ParameterError
from ..games.runner import simulate
from .intervals import wilson
from .playstats import team_seats
from .run import Run

RUNGS = (25, 50, 100, 200, 400)

Progress = Callable[[int], None]


@dataclass
class Match:
    """One strategy (``hero``) on one side (a seat, or every seat of a team) against ``rival``
    on the others, sides rotated; ``players`` is the number of sides."""

    hero: str
    rival: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    players: int = 2  # sides: seats, or teams

    @property
    def score(self) -> float:
        """Wins, a draw counting 1/sides of a win (half for two sides)."""
        return self.wins + self.draws / self.players

    @property
    def share(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def fair(self) -> float:
        return 1 / self.players

    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games) if self.games else (0.0, 1.0)

    def standing(self) -> str:
        """"above", "below" or "level": where the share's whole interval lies against fair."""
        lo, hi = self.interval()
        return "above" if lo > self.fair else "below" if hi < self.fair else "level"

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval()
        return {"hero": self.hero, "rival": self.rival, "games": self.games, "wins": self.wins, "draws": self.draws,
                "share": self.share, "low": lo, "high": hi, "fair": self.fair, "standing": self.standing()}


def match(run: Run, hero: str, rival: str) -> Match:
    """``hero`` against ``rival`` over ``run.games`` games, every side in every seat position."""
    deck, params, games, seed = run.deck, run.params, run.games, run.seed
    players = run.players
    teams = team_seats(run.spec, params.model_dump()) or tuple((s,) for s in range(players))
    m = Match(hero, rival, players=len(teams))
    per_seat = max(1, games // len(teams))
    for side, team in enumerate(teams):
        names = [hero if s in team else rival for s in range(players)]
        summary = simulate(run.game, deck, params, games=per_seat, seed=seed + 7919 * side, strategy=",".join(names),
                           jobs=run.jobs, engine="reference", progress=run.progress)
        m.games += summary.games
        m.wins += sum(summary.wins[s] for s in team)  # a team's win is recorded on one of its seats
        m.draws += summary.draws
    return m


@dataclass
class Ladder:
    base: str
    rungs: list[Match] = field(default_factory=list)

    def verdict(self) -> str:
        """In words, from where each rung's interval lies (:meth:`Match.standing`)."""
        standings = [r.standing() for r in self.rungs]
        if not standings:
            return "no rungs"
        below = [r.hero for r in self.rungs if r.standing() == "below"]
        if below:
            return (f"uneven: {', '.join(below)} {'loses' if len(below) == 1 else 'lose'} to the rung below"
                    " (the whole interval below fair): thinking longer does not pay there")
        if all(x == "level" for x in standings):
            return "flat: thinking longer does not win more (luck decides more than skill at these budgets)"
        if standings[-1] == "above":
            return "still climbing at the top rung: more thinking keeps winning (deep, maybe too deep for its audience)"
        return "climbs, then flattens: skill matters up to a point"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.base, "rungs": [r.to_json() for r in self.rungs], "verdict": self.verdict()}


def ladder(run: Run, *, rungs: Sequence[int] = RUNGS, base: str = "mcts") -> Ladder:
    """The skill ladder of ``run`` (``run.games`` games a rung)."""
    spec = run.spec
    if base not in spec.strategies or base not in spec.budgeted:
        budgeted = ", ".join(spec.budgeted) or "none"
        raise ParameterError(f"the ladder climbs a player with a budget (NAME:N); {spec.name} has: {budgeted}")
    if len(rungs) < 2 or any(b <= a for a, b in zip(rungs, rungs[1:], strict=False)):
        raise ParameterError("--rungs: at least two budgets, each above the last (25,50,100)")
    out = Ladder(base)
    for low, high in zip(rungs, rungs[1:], strict=False):
        out.rungs.append(match(run, f"{base}:{high}", f"{base}:{low}"))
    return out


@dataclass
class Tournament:
    strategies: list[str]
    matches: list[Match] = field(default_factory=list)

    def ratings(self) -> dict[str, float]:
        """Elo-style ratings fitted to the pairwise shares (iterated: each rating moves
        towards the ratings its results imply; mean 1500)."""
        r = dict.fromkeys(self.strategies, 1500.0)
        for _ in range(200):
            for s in self.strategies:
                implied = []
                for m in self.matches:
                    if m.games == 0:
                        continue
                    p = min(max((m.score + 0.5) / (m.games + 1), 0.01), 0.99)
                    p2 = p * m.players / 2 if m.players > 2 else p  # a seat against the field, as if one on one
                    p2 = min(max(p2, 0.01), 0.99)
                    diff = 400 * math.log10(p2 / (1 - p2))
                    if m.hero == s:
                        implied.append(r[m.rival] + diff)
                    elif m.rival == s:
                        implied.append(r[m.hero] - diff)
                if implied:
                    r[s] = 0.5 * r[s] + 0.5 * sum(implied) / len(implied)
            mean = sum(r.values()) / len(r)
            r = {k: v - mean + 1500 for k, v in r.items()}
        return r

    def to_json(self) -> dict[str, Any]:
        return {"strategies": self.strategies, "matches": [m.to_json() for m in self.matches],
                "ratings": {k: round(v) for k, v in self.ratings().items()}}


def tournament(run: Run, strategies: Sequence[str] | None = None) -> Tournament:
    """A round robin of ``strategies`` (default: every one the game offers), ``run.games`` games a pair."""
    spec = run.spec
    names = list(strategies) if strategies else [s for s in spec.strategies if s != "fixed"]
    if len(names) < 2:
        raise ParameterError(f"a tournament needs two strategies or more; {spec.name} offers: {', '.join(spec.strategies)}")
    out = Tournament(names)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            out.matches.append(match(run, a, b))
    return out


def print_ladder(lad: Ladder | None, tour: Tournament | None) -> None:
    from rich.markup import escape
    from rich.table import Table

    from ..console import SafeConsole

    console = SafeConsole()
    if lad is not None:
        draws = "draws half" if not lad.rungs or lad.rungs[0].players == 2 else f"a draw 1/{lad.rungs[0].players}"
        table = Table("rung", "against", "games", f"share ({draws})", "fair", "interval",
                      title=f"skill ladder ({escape(lad.base)})")
        for m in lad.rungs:
            lo, hi = m.interval()
            table.add_row(escape(m.hero), escape(m.rival), str(m.games), f"{100 * m.share:.1f} % ({100 * lo:.1f}-{100 * hi:.1f})",
                          f"{100 * m.fair:.0f} %", m.standing())
        console.print(table)
        console.print(f"ladder: {escape(lad.verdict())}")
    if tour is not None:
        sides = tour.matches[0].players if tour.matches else 2
        draws = "draws half" if sides == 2 else f"a draw 1/{sides}"
        table = Table("strategy", "against", "games", f"share (one side, {draws})", "fair", title="tournament")
        for m in tour.matches:
            lo, hi = m.interval()
            table.add_row(escape(m.hero), escape(m.rival), str(m.games), f"{100 * m.share:.1f} % ({100 * lo:.1f}-{100 * hi:.1f})",
                          f"{100 * m.fair:.0f} %")
        console.print(table)
        ratings = sorted(tour.ratings().items(), key=lambda kv: -kv[1])
        console.print(escape("ratings: " + ", ".join(f"{k} {v:.0f}" for k, v in ratings)))
