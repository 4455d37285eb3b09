"""Strategies: how a seat picks among the legal actions.

A strategy gets a :class:`~generator.games.api.Turn` (its seat, that seat's
``view``, the ``legal`` actions) and the seat's own random stream: never the
state, never the stream chance draws from.
A strategy whose choice depends only on what it sees (no rng, no memory) sets
``deterministic = True``; the runner then lets a state detect repeated
positions as cycles (a repeat with a non-deterministic strategy is no cycle).

The per-game registry lives in :mod:`generator.games.registry` (each
``GameSpec.strategies``); its :func:`~generator.games.registry.make_strategy`
and :func:`~generator.games.registry.seat_strategies` look names up there.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable

from ..errors import ParameterError
from .api import Action, Strategy, Turn


class RandomStrategy:
    """Uniform over the legal actions (any game)."""

    name = "random"
    deterministic = False
    uses_view = False  # the runner builds no view for it (see generator.games.runner.play)

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        return rng.choice(turn.legal)


class BestStrategy:
    """Weiji: choose the attribute on which my top card ranks highest within the
    deck (``view(seat)["ranks"]``, aligned with ``legal_actions()``; the first
    such attribute on equal ranks; an attribute with "no data" on my card ranks
    lowest)."""

    name = "best"
    deterministic = True

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        ranks = turn.view["ranks"]
        best = max(range(len(ranks)), key=ranks.__getitem__)
        return turn.legal[best]


class FixedStrategy:
    """Scripted choices (any game): the values of the actions to take, in order
    (one list shared by every seat, as a ``--deal`` file's ``choices:`` gives
    them: Weiji attribute keys, Viashi card ids or ``hand:ID`` / ``table:ID``),
    then ``then`` (default: Weiji's best) once the list runs out."""

    name = "fixed"
    deterministic = False  # a repeated position is no cycle while choices remain

    def __init__(self, choices: Iterable[str] = (), then: Strategy | None = None) -> None:
        self.choices: deque[str] = deque(choices)
        self.used = 0  # choices taken so far: the next one's index in the list
        self.then: Strategy = then if then is not None else BestStrategy()

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        if not self.choices:
            return self.then.choose(turn, rng)
        key = self.choices.popleft()
        index = self.used
        self.used += 1
        legal = turn.legal
        for action in legal:
            if action.value == key:
                return action
        valid = ", ".join(str(a.value) for a in legal)
        raise ParameterError(f"deal: choices[{index}]: {key!r} is not a legal move here; legal: {valid}")


class CountingStrategy:
    """Weiji ``expert``: card counting. Each opponent's top card is one of the cards
    nobody has seen (``view["unseen"]``) while that opponent still has dealt cards
    on top (``unseen_left``), else one of the cards everybody saw go into that stack
    (``known``). For each attribute: the product over the opponents of the share of
    those cards my top card beats ("no data" on either side is a tie, so no win).
    Takes the best chance (the first attribute on equal chances); with nothing to
    count, plays as ``best``.

    Not marked deterministic: its choice depends on the public record of the game
    so far as well as the stacks, so a repeated arrangement of stacks is no proof
    of a cycle."""

    name = "expert"
    deterministic = False

    def __init__(self, budget: int | None = None) -> None:
        if budget is not None:
            raise ParameterError("weiji's expert counts cards and takes no budget: write --strategy expert")

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        view, seat = turn.view, turn.seat
        mine = list(view["values"].values())
        pools = [view["unseen"] if view["unseen_left"][s] else view["known"][s]
                 for s, n in enumerate(view["counts"]) if n and s != seat]
        if not mine or not pools or not all(pools):
            return BestStrategy().choose(turn, rng)
        printed, lower = view["printed"], view["lower"]
        chances = []
        for a, v in enumerate(mine):
            chance = -1.0 if v is None else 1.0
            for pool in pools if v is not None else ():
                wins = sum(n for cid, n in pool.items()
                           if (w := printed[cid][a]) is not None and (v < w if lower[a] else v > w))
                chance *= wins / sum(pool.values())
            chances.append(chance)
        best = max(range(len(chances)), key=chances.__getitem__)
        return turn.legal[best]
