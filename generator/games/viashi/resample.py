"""Viashi's ``resample(view, seat, rng)``: a full state from one seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .state import DRAW, PLAY, ViashiGame, ViashiState


def resample(game: ViashiGame, view: Mapping[str, Any], seat: int, rng: random.Random) -> ViashiState:
    """From ``seat``'s view at its decision alone (the draw or the play), a state it
    cannot tell from the real one: the cards it has not seen (the other seats' hands,
    in the draw also the undrawn pile and a pair another seat is placing) dealt at
    random among their places; tables, played cards, its own hand and pair stay.
    The resampled state's statistics (counters, card stats) start from zero."""
    state = ViashiState(game)
    n = game.players
    phase = view["phase"]
    if phase not in (DRAW, PLAY):
        raise ValueError(f"viashi: resample at a decision (the draw or the play), not in the {phase} phase")
    state.phase, state.hand_no, state.tricks = phase, int(view["hand_no"]), int(view["tricks"])
    state.scores, state.captives = list(view["scores"]), list(view["captives"])
    state.streak, state.random_draws = list(view["streak"]), list(view["random_draws"])
    state.tables = [list(t) for t in view["tables"]]
    own = list(view["hand"])
    drawn = tuple(view["drawn"])
    left = list(game.copies)
    for c in [*own, *drawn, *view["played"], *(c for t in state.tables for c in t)]:
        left[c] -= 1
    pool = [c for c, k in enumerate(left) for _ in range(k)]
    rng.shuffle(pool)
    sizes = view["hand_sizes"]
    for s in range(n):
        if s == seat:
            state.hands[s] = own
        else:
            state.hands[s], pool = pool[:sizes[s]], pool[sizes[s]:]
    state.leader, state.source = int(view["leader"]), str(view["source"])
    state.trick, state.seats = list(view["trick"]), list(view["trick_seats"])
    state.played, state.history = list(view["played"]), list(view["history"])
    rules = game.rules
    for _, seats, cards in state.history:
        pos, _ = rules.capture(list(cards))
        if pos >= 0:
            state.won[seats[pos]] += 1
            state.owned[seats[pos]].extend(cards)
    total = len(game.cards)
    if phase == DRAW:
        placed = sum(len(t) for t in state.tables)
        state.drawer = int(view["drawer"])
        if drawn:
            state.pair = (drawn[0], drawn[1])
        else:  # another seat is placing: its pair is two of the unseen cards
            state.pair, pool = (pool[0], pool[1]), pool[2:]
        state.pos = 2 * placed + 2
        state.pile = [-1] * state.pos + pool  # the drawn part is never read again
        for t in state.tables:
            for c in t:
                state.face_up[c] += 1
    else:
        state.pile, state.pos = list(game.cards), total
        state.turn = seat
        for hand in state.hands:
            hand.sort()
    return state
