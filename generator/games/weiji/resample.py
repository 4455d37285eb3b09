"""Weiji's ``resample(view, seat, rng)``: a full state from one seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the game imports this module when it resamples: no import back at run time
    from .game import WeijiGame, WeijiState


def resample(game: WeijiGame, view: Mapping[str, Any], seat: int, rng: random.Random) -> WeijiState:
    """From ``seat``'s view at its decision alone, a state it cannot tell from the
    real one: the dealt cards nobody has seen (every stack's unseen top part, less
    the seat's own top card) dealt at random among their places, and each shuffled
    pickup's cards in a random order; everything seen stays where it is. The
    resampled state's statistics (counters, card stats) start from zero."""
    index = game.index
    state = game.new_state()
    state.dealt, state.chooser, state.tricks = True, seat, int(view["tricks"])
    state.middle = [[index[c] for c in m] for m in view["middle_cards"]]
    left = list(game.copies)
    for pile in state.middle:
        for c in pile:
            left[c] -= 1
    unseen = list(view["unseen_left"])
    top = index[view["top"]] if view["top"] is not None else None
    if top is not None and unseen[seat]:
        left[top] -= 1
    batches = [[([index[c] for c in cards], bool(shuffled)) for cards, shuffled in per] for per in view["batches"]]
    for per in batches:
        for cards, _ in per:
            for c in cards:
                left[c] -= 1
    pool = [c for c, k in enumerate(left) for _ in range(k)]
    rng.shuffle(pool)
    for s, per in enumerate(batches):
        stack = state.stacks[s]
        mine = top if s == seat else None  # the card on top of my own stack: I see it
        if unseen[s]:
            if mine is not None:
                stack.append(mine)
            take = unseen[s] - (1 if mine is not None else 0)
            stack.extend(pool[:take])
            del pool[:take]
        state.unknown[s] = unseen[s]
        for k, (cards, shuffled) in enumerate(per):
            if shuffled:
                if mine is not None and not unseen[s] and k == 0:  # my own top card is one of them
                    rest = list(cards)
                    rest.remove(mine)
                    rng.shuffle(rest)
                    cards = [mine, *rest]
                else:
                    rng.shuffle(cards)
            stack.extend(cards)
            state._learn(s, cards, shuffled)
    return state
