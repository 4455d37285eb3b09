"""Card-table mechanics shared by the stack games (Weiji, War).

Inside a state a card is an int (its index in ``ids``); actions and traces use
card ids. The pieces here: the deal (a chance outcome naming each seat's stack,
top first), the pickup of won cards (``winner-first`` order or a shuffled
permutation, itself a chance outcome), and cycle detection for deterministic
play.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Hashable, Sequence

from .api import Action

Stacks = list[deque[int]]


def deal(cards: Sequence[int], players: int, *, equal: bool) -> list[list[int]]:
    """Deal ``cards`` (already shuffled) one at a time from seat 0 round the
    table. ``equal``: equal hands, the remainder is set aside (War); otherwise
    every card is dealt and the first seats get one more (Weiji)."""
    n = len(cards) - len(cards) % players if equal else len(cards)
    return [list(cards[seat:n:players]) for seat in range(players)]


def sample_deal(cards: Sequence[int], ids: Sequence[str], players: int, rng: random.Random, *, equal: bool) -> Action:
    """The chance outcome of shuffling ``cards`` and dealing them."""
    order = list(cards)
    rng.shuffle(order)
    return deal_action([[ids[c] for c in stack] for stack in deal(order, players, equal=equal)])


def deal_action(stacks: Sequence[Sequence[str]]) -> Action:
    """``Action("deal", ((ids of seat 0, top first), (seat 1), ...))``."""
    return Action("deal", tuple(tuple(stack) for stack in stacks))


def pickup_order(piles: Sequence[Sequence[int]], winner: int) -> list[int]:
    """Won cards in ``winner-first`` order: the winner's cards in the order they
    were played, then each other seat's in play order, seats counted from the
    winner's left (winner + 1, winner + 2, ...)."""
    n = len(piles)
    out: list[int] = []
    for k in range(n):
        out.extend(piles[(winner + k) % n])
    return out


def sample_pickup(size: int, rng: random.Random) -> Action:
    """Chance: a random order for ``size`` won cards (a permutation of the
    ``winner-first`` order), so shuffled pickups replay from the action list."""
    perm = list(range(size))
    rng.shuffle(perm)
    return Action("pickup", tuple(perm))


def apply_pickup(stack: deque[int], cards: Sequence[int], perm: Sequence[int] | None) -> None:
    """Put ``cards`` at the bottom of ``stack``, in ``perm`` order if given."""
    if perm is None:
        stack.extend(cards)
    else:
        if len(perm) != len(cards):
            raise ValueError(f"pickup permutation of {len(perm)} for {len(cards)} cards")
        stack.extend(cards[i] for i in perm)


def stack_ids(stacks: Sequence[Sequence[int]], ids: Sequence[str]) -> list[list[str]]:
    return [[ids[c] for c in s] for s in stacks]


class CycleDetector:
    """Brent's cycle detection on positions seen once per trick: O(1) memory, a
    repeat is found within about twice the length of the cycle plus its lead-in.
    Valid only when the next position is a function of the current one."""

    __slots__ = ("_snap", "_lens", "_power", "_steps")

    def __init__(self) -> None:
        self._snap: Hashable = None
        self._lens: tuple[int, ...] = ()
        self._power = 1
        self._steps = 0

    def seen(self, stacks: Sequence[Sequence[int]], extra: Hashable = None) -> bool:
        """Record the position after a trick; True if it repeats an earlier one."""
        lens = tuple(len(s) for s in stacks)
        if lens == self._lens and self._snap == (extra, tuple(tuple(s) for s in stacks)):
            return True
        self._steps += 1
        if self._steps == self._power:
            self._snap = (extra, tuple(tuple(s) for s in stacks))
            self._lens = lens
            self._power *= 2
            self._steps = 0
        return False
