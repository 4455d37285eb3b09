"""Scoring one hand of Viashi (elvish or human) or Viashilym (teams).

Inputs per seat: the tricks it captured and the cards it *owns* (every card of
the tricks it captured, its own included; tricks removed from play belong to
nobody). A seat's *captives* are the other cards of its tricks: 2 per trick
with 3 players, 5 per trick in Viashilym. Bonuses for "the most" go to a
single leader only: on a shared top score nobody gets them (``bonus_ties``).

* elvish: 1 per captive; +3 for the most captives, or +9 instead for more
  captives than both opponents together; +1 per Magician/Scholar owned.
* human: 1 per trick; +2 for the most tricks (20 points a hand, 18 on a tie).
* teams (Viashilym, seats s and s+3 are team s): 5 per trick; +5 for the most
  captives, or +10 instead for more than both other teams together; +1 per
  set of twins (both copies of one card) the team owns. No Magician bonus.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .cards import CardRules


@dataclass
class HandScore:
    points: list[int]  # per seat (Viashilym: each seat gets its team's points)
    captives: list[int]  # per seat
    winner: int | None  # the seat (Viashilym: the team's first seat, 0-2) with the most points; None on a tie
    details: dict[str, int] = field(default_factory=dict)


def _bonus(counts: list[int], small: int, big: int | None) -> tuple[list[int], str]:
    """``small`` for a unique most, ``big`` instead when more than all the
    others together; the counter name awarded (``bonus_ties`` when shared)."""
    top = max(counts)
    out = [0] * len(counts)
    if counts.count(top) != 1:
        return out, "bonus_ties"
    leader = counts.index(top)
    if big is not None and top > sum(counts) - top:
        out[leader] = big
        return out, f"bonus{big}"
    out[leader] = small
    return out, f"bonus{small}"


def _winner(points: list[int]) -> int | None:
    top = max(points)
    return points.index(top) if points.count(top) == 1 else None


def score_hand(rules: CardRules, variant: str, tricks: list[int], owned: list[list[int]]) -> HandScore:
    """Score one hand from the tricks captured and cards owned per seat."""
    n = len(tricks)
    captives = [t * (n - 1) for t in tricks]
    details: dict[str, int] = {}
    if n == 6:
        teams = [tricks[t] + tricks[t + 3] for t in range(3)]
        team_captives = [captives[t] + captives[t + 3] for t in range(3)]
        bonus, name = _bonus(team_captives, 5, 10)
        twins = []
        for t in range(3):
            copies = Counter(owned[t] + owned[t + 3])
            twins.append(sum(1 for k in copies.values() if k >= 2))
        team_points = [5 * teams[t] + bonus[t] + twins[t] for t in range(3)]
        details.update(trick_points=5 * sum(teams), twin_points=sum(twins))
        points = team_points + team_points
        winner = _winner(team_points)
    elif variant == "human":
        bonus, name = _bonus(tricks, 2, None)
        points = [tricks[s] + bonus[s] for s in range(n)]
        details.update(trick_points=sum(tricks))
        winner = _winner(points)
    else:
        bonus, name = _bonus(captives, 3, 9)
        magicians = [sum(1 for c in cards if rules.rank8[c]) for cards in owned]
        points = [captives[s] + bonus[s] + magicians[s] for s in range(n)]
        details.update(captive_points=sum(captives), magician_points=sum(magicians))
        winner = _winner(points)
    details[name] = 1
    details["bonus_points"] = sum(bonus)
    return HandScore(points, captives, winner, details)
