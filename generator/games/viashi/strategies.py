"""Viashi strategies: ``random`` (uniform over the legal actions) and
``greedy`` (a one-trick heuristic); the search player ``expert`` is in
:mod:`.viashi_expert`.

``greedy`` uses only the turn's legal actions and view (its own hand, the
public tables, the cards played this hand, the current trick and the public
card rules):

* Draw: put the drawn card of lower worth (``CardRules.value``: gods above
  all, the Fool a little above its rank) on the table and keep the stronger one
  secret, so opponents cannot plan around it.
* Lead: the cheapest card that is *sure* to capture: from the table, no
  later player has a legal table card that beats it (tables are public); from
  the hand, no card still unseen (not in my hand, on a table or played) beats
  it. Without a sure winner: lead the cheapest card ("dump").
* Follow: if a partner (Viashilym) is already winning, dump. Otherwise the
  cheapest card that captures the trick so far and that no later player can
  beat (the same "sure" test); if there is none, dump.
* Dumping avoids giving away Magicians/Scholars (elvish rules: a point to
  whoever owns them) and twins (Viashilym: a point for a set).

It is deterministic (no randomness, no memory beyond what ``view`` shows).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..api import Action, Turn
from ..strategies import (
    RandomStrategy as RandomStrategy,  # the one uniform player, Viashi's "random"
)
from .cards import CardRules


class GreedyStrategy:
    """See the module docstring."""

    name = "greedy"
    deterministic = True

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        view = turn.view
        rules: CardRules = view["rules"]
        if view["phase"] == "draw":
            return min(legal, key=lambda a: rules.value(rules.number[a.value]))
        return self._play(legal, view, rules)

    def _play(self, legal: Sequence[Action], view: Mapping[str, Any], rules: CardRules) -> Action:
        seat, n = view["seat"], view["players"]
        trick: list[int] = view["trick"]
        options = [(a, *_parse(a, rules)) for a in legal]
        later = [(seat + k) % n for k in range(1, n - len(trick))]
        partner = (seat + 3) % n if view["teams"] else -1
        later = [s for s in later if s != partner]
        unseen: set[int] | None = None

        def threats(src: str, led: int) -> set[int]:
            nonlocal unseen
            if src == "table":
                out: set[int] = set()
                for s in later:
                    out.update(rules.follow(view["tables"][s], led))
                return out
            if unseen is None:
                unseen = _unseen(view)
            return unseen

        if trick:
            pos, _ = rules.capture(trick)
            if pos >= 0 and view["trick_seats"][pos] == partner:
                return self._dump(options, rules, view)
            led, me = trick[0], len(trick)
            win = [o for o in options if rules.capture([*trick, o[2]])[0] == me]
            sure = [o for o in win if all(rules.capture([*trick, o[2], x])[0] == me
                                          for x in threats(o[1], led) & rules.threats[o[2]])]
        else:
            sure = [o for o in options if not rules.threats[o[2]] & threats(o[1], o[2])]
        if sure:
            return min(sure, key=lambda o: rules.value(o[2]))[0]
        return self._dump(options, rules, view)

    def _dump(self, options: Sequence[tuple[Action, str, int]], rules: CardRules, view: Mapping[str, Any]) -> Action:
        elvish = view["variant"] == "elvish" and not view["teams"]
        own = view["hand"] + view["table"]

        def cost(option: tuple[Action, str, int]) -> float:
            c = option[2]
            extra = 2.5 if elvish and rules.rank8[c] else 0.0
            if view["teams"] and own.count(c) > 1:
                extra += 1.5
            return rules.value(c) + extra

        return min(options, key=cost)[0]


def _parse(action: Action, rules: CardRules) -> tuple[str, int]:
    src, _, cid = str(action.value).partition(":")
    return src, rules.number[cid]


def _unseen(view: Mapping[str, Any]) -> set[int]:
    """Cards of which some copy is neither mine, on a table, nor played this hand."""
    left = list(view["copies"])
    for c in view["hand"]:
        left[c] -= 1
    for table in view["tables"]:
        for c in table:
            left[c] -= 1
    for c in view["played"]:
        left[c] -= 1
    return {c for c, k in enumerate(left) if k > 0}
