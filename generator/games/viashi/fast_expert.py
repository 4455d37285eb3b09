"""The Viashi ``expert``'s search, compiled: perfect-information Monte Carlo
(PIMC) over determinizations of what the deciding seat cannot see.

:func:`evaluate` is given only what the seat may know (its hand, the public
tables, the cards played, the current trick, the tricks captured so far this
hand, the suits each opponent has shown it lacks in hand) and, per sample:

1. deals the unseen cards consistently with that knowledge: in the play phase
   the opponents' hands (a seat that failed to follow a suit from hand holds
   none of it: cards only one seat may hold go there first, then the rest is
   shuffled over the free places, which samples uniformly among the consistent
   deals of two opponents); in the draw phase the opponents' face-down cards
   and the order of the rest of the pile;
2. for every legal action, applies it and plays the hand out with the
   ``greedy`` policy of :mod:`.viashi_kernel` for every seat (the same deal for
   every action: common random numbers), then scores the hand;
3. adds the action's value for the seat: its final total minus the best
   opponent's (all hands so far), plus ``win_bonus`` if that is a win.

The caller picks the action of highest mean value. Random numbers: SplitMix64
seeded from ``key`` (drawn by the caller from its seat's own seeded stream), so a
decision depends only on the seed and the game index, never on ``--jobs``.

Arguments are NamedTuples: the position as the seat knows it
(:class:`.expert.Knowledge`), the deck's card tables (:class:`.tables.ViashiRules`) and
the decision to search (:class:`.expert.Search`: the actions, the budget, the key).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..fast.rng import FAST, seed_game, shuffle
from .kernel import GREEDY, _choose, capture, deck_tables, hand_points
from .tables import Chooser, Seats


@njit(cache=True)
def _finish(pos, played, ntrick, src, seat, first_src, first_card, deck, ch):  # type: ignore[no-untyped-def]
    """Play the hand out from seat ``seat`` (``ntrick`` cards of the current
    trick already down, led from ``src``): its first move is ``(first_src,
    first_card)`` if that card is >= 0, every other move the player ``ch``'s.
    Adds tricks and Magicians to ``pos.won``/``pos.magic``."""
    hand, tab, won, magic, trick, tseat = pos.hand, pos.tab, pos.won, pos.magic, pos.trick, pos.tseat
    players = hand.shape[0]
    while True:
        while ntrick < players:
            if first_card >= 0:
                s, c = first_src, first_card
                first_card = -1
            else:
                s, c = _choose(seat, ntrick, src, played, pos, deck, ch)
            if ntrick == 0:
                src = s
            if s == 0:
                hand[seat] &= ~(1 << c)
            else:
                tab[seat] &= ~(1 << c)
            trick[ntrick] = c
            tseat[ntrick] = seat
            played |= 1 << c
            ntrick += 1
            seat = (seat + 1) % players
        at = capture(trick, players, deck)[0]
        capturer = tseat[at]
        for k in range(players):
            magic[capturer] += deck.rank8[trick[k]]
        won[capturer] += 1
        seat = capturer
        ntrick = 0
        if (hand[0] | tab[0]) == 0:
            return


@njit(cache=True)
def _deal(k, suit, sm, mt, hidden, order, owner):  # type: ignore[no-untyped-def]
    """Assign the cards ``k.unknown`` to the opponents' hands (``k.need[s]`` each,
    avoiding ``k.void`` suits when possible); the rest stays in ``order`` after them
    (the pile), whose length is returned. Masks per seat into ``hidden``."""
    unknown, need, void, players, me = k.unknown, k.need, k.void, k.players, k.me
    nunk = unknown.shape[0]
    for s in range(players):
        hidden[s] = 0
    for i in range(nunk):
        order[i] = unknown[i]
    shuffle(FAST, sm, mt, order, nunk)
    left = need.copy()
    free = 0
    for i in range(nunk):  # cards only one seat with room may hold go there first
        c = order[i]
        only = -1
        count = 0
        for s in range(players):
            if s != me and left[s] > 0 and not void[s, suit[c]]:
                count += 1
                only = s
        if count == 1:
            hidden[only] |= 1 << c
            left[only] -= 1
            owner[i] = only
        else:
            owner[i] = -1
            free += 1
    for i in range(nunk):  # the rest in shuffled order: fill where allowed, else anywhere with room
        if owner[i] >= 0:
            continue
        c = order[i]
        placed = False
        for s in range(players):
            if s != me and left[s] > 0 and not void[s, suit[c]]:
                hidden[s] |= 1 << c
                left[s] -= 1
                owner[i] = s
                placed = True
                break
        if not placed:
            for s in range(players):
                if s != me and left[s] > 0:
                    hidden[s] |= 1 << c
                    left[s] -= 1
                    owner[i] = s
                    placed = True
                    break
    n = 0
    for i in range(nunk):  # the pile: cards no hand took, in shuffled order
        if owner[i] < 0:
            order[n] = order[i]
            n += 1
    return n


@njit(cache=True)
def evaluate(k, rules, search, out):  # type: ignore[no-untyped-def]
    """Mean value of each of the actions ``search.src``/``search.card`` (source 0
    hand, 1 table; in the draw the card placed face up) into ``out``, over at most
    ``search.samples`` determinizations of the position ``k`` (:class:`.expert.Knowledge`)
    keyed ``search.key``. With ``search.stop_z`` > 0 the sampling stops early (checked
    every :data:`LOOK` samples) once the leading action beats every other by more than
    ``stop_z`` standard errors of their paired difference (the same deals for every
    action); returns the samples used. ``rules``: the deck's card tables
    (:class:`.tables.ViashiRules`)."""
    me, players, human = k.me, k.players, k.human
    act_src, act_card, samples, key, win_bonus, stop_z = (search.src, search.card, search.samples, search.key,
                                                          search.win_bonus, search.stop_z)
    deck = deck_tables(rules)
    value = deck.value
    ncards = deck.suit.shape[0]
    sm = np.zeros(1, np.uint64)
    mt = np.zeros(625, np.int64)
    nunk = k.unknown.shape[0]
    order = np.zeros(max(1, nunk), np.int64)
    owner = np.zeros(max(1, nunk), np.int64)
    hidden = np.zeros(players, np.int64)
    hand = np.zeros(players, np.int64)
    tab = np.zeros(players, np.int64)
    won = np.zeros(players, np.int64)
    magic = np.zeros(players, np.int64)
    points = np.zeros(players, np.int64)
    trick = np.zeros(players, np.int64)
    tseat = np.zeros(players, np.int64)
    pos = Seats(hand, tab, won, magic, trick, tseat)
    ch = Chooser(GREEDY, FAST, sm, mt, np.zeros(2 * ncards, np.int64), np.zeros(2 * ncards, np.int64),
                 np.zeros(players + 2, np.int64))
    nact = act_card.shape[0]
    vals = np.zeros((max(1, samples), nact), np.float64)
    for a in range(nact):
        out[a] = 0.0
    used = samples
    for sample in range(samples):
        seed_game(sm, key, np.int64(sample))
        npile = _deal(k, deck.suit, sm, mt, hidden, order, owner)
        for a in range(nact):
            for s in range(players):
                hand[s] = k.hand[s] | hidden[s]
                tab[s] = k.table[s]
                won[s] = k.won[s]
                magic[s] = k.magic[s]
            played = k.played
            if k.draw:
                pair_a, pair_b = k.pair
                up = act_card[a]
                down = pair_b if up == pair_a else pair_a
                tab[me] |= 1 << up
                hand[me] |= 1 << down
                drawer = me
                for p in range(0, npile, 2):
                    drawer = (drawer + 1) % players
                    x = order[p]
                    y = order[p + 1]
                    u = x if value[x] <= value[y] else y
                    tab[drawer] |= 1 << u
                    hand[drawer] |= 1 << (y if u == x else x)
                _finish(pos, played, 0, 0, drawer, 0, -1, deck, ch)
            else:
                for j in range(k.ntrick):
                    trick[j] = k.trick[j]
                    tseat[j] = k.trick_seats[j]
                _finish(pos, played, k.ntrick, k.source, me, act_src[a], act_card[a], deck, ch)
            hand_points(won, magic, players, human, points)
            mine = k.totals[me] + points[me]
            rival = -1 << 30
            for s in range(players):
                if s != me:
                    rival = max(rival, k.totals[s] + points[s])
            v = (mine - rival) + (win_bonus if mine > rival else 0.0)
            out[a] += v
            vals[sample, a] = v
        n = sample + 1
        if stop_z > 0.0 and n < samples and n % LOOK == 0 and _decided(vals, n, nact, out, stop_z):
            used = n
            break
    for a in range(nact):
        out[a] /= max(1, used)
    return used


LOOK = 8  # samples between two looks at the leading action


@njit(cache=True)
def _decided(vals, n, nact, sums, z):  # type: ignore[no-untyped-def]
    """Does the action with the highest sum lead every other by more than ``z``
    standard errors of the paired difference over the first ``n`` samples?"""
    best = 0
    for a in range(1, nact):
        if sums[a] > sums[best]:
            best = a
    for a in range(nact):
        if a == best:
            continue
        mean = (sums[best] - sums[a]) / n
        sq = 0.0
        for s in range(n):
            d = vals[s, best] - vals[s, a] - mean
            sq += d * d
        se = np.sqrt(sq / (n - 1) / n)
        if mean <= z * se:
            return False
    return True

