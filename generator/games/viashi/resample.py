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
    random among their places, no seat getting a card of a suit it has shown it lacks
    in hand (it did not follow that suit led from hand this hand); tables, played
    cards, its own hand and pair stay. The resampled state's statistics (counters,
    card stats) start from zero."""
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
    sizes = view["hand_sizes"]
    others = [s for s in range(n) if s != seat]
    hands, pool = deal_hands(pool, {s: sizes[s] for s in others}, voids(game, view), game.rules.suit, rng)
    state.hands[seat] = own
    for s in others:
        state.hands[s] = hands[s]
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


def voids(game: ViashiGame, view: Mapping[str, Any]) -> dict[int, set[int]]:
    """Per seat, the suits it has shown it holds none of in hand: this hand, a suit
    led from hand that it did not follow (the expert's reading, :func:`..expert.observe`)."""
    suit = game.rules.suit
    out: dict[int, set[int]] = {}
    tricks = [*view["history"], (view["source"], tuple(view["trick_seats"]), tuple(view["trick"]))]
    for source, seats, cards in tricks:
        if source != "hand" or not cards:
            continue
        led = suit[cards[0]]
        for s, c in zip(seats[1:], cards[1:], strict=True):
            if suit[c] != led:
                out.setdefault(s, set()).add(led)
    return out


def deal_hands(pool: list[int], sizes: dict[int, int], lacks: dict[int, set[int]], suit: Any,
               rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
    """``pool`` dealt at random: ``sizes[s]`` cards to each seat, none of a suit in
    ``lacks[s]``; returns the hands and the cards left over (in random order). A few
    random deals first; if none fits, card by card (a matching of cards to places;
    the real deal fits, so one exists)."""
    order = sorted(sizes, key=lambda s: -len(lacks.get(s, ())))
    for _ in range(20):
        rng.shuffle(pool)
        left = list(pool)
        hands: dict[int, list[int]] = {}
        for s in order:
            no = lacks.get(s, set())
            mine = [c for c in left if suit[c] not in no][:sizes[s]] if no else left[:sizes[s]]
            if len(mine) < sizes[s]:
                break
            hands[s] = mine
            for c in mine:
                left.remove(c)
        else:
            return hands, left
    places = [s for s in order for _ in range(sizes[s])] + [-1] * (len(pool) - sum(sizes.values()))
    held: list[int] = [-1] * len(places)  # place -> index into pool

    def put(i: int, tried: set[int]) -> bool:
        for p, s in enumerate(places):
            if p not in tried and (s < 0 or suit[pool[i]] not in lacks.get(s, ())):
                tried.add(p)
                if held[p] < 0 or put(held[p], tried):
                    held[p] = i
                    return True
        return False

    for i in range(len(pool)):
        put(i, set())
    hands = {s: [pool[i] for p, i in enumerate(held) if places[p] == s and i >= 0] for s in order}
    return hands, [pool[i] for p, i in enumerate(held) if places[p] < 0 and i >= 0]
