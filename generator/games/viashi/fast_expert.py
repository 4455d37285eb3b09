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
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..fast.rng import FAST, seed_game, shuffle
from .kernel import GREEDY, _choose, bit_tables, capture, hand_points


@njit(cache=True)
def _finish(players, hand, tab, played, won, magic, trick, tseat, ntrick, src, seat, first_src, first_card, full, suit,
            suitmask, power, god, top, fool, rank8, lady, changeling, value, cost, threats, sm, mt, opt_src, opt_card,
            work):  # type: ignore[no-untyped-def]
    """Play the hand out from seat ``seat`` (``ntrick`` cards of the current
    trick already down): its first move is ``(first_src, first_card)`` if that
    card is >= 0, every other move ``greedy``. Adds tricks and Magicians to
    ``won``/``magic``."""
    while True:
        while ntrick < players:
            if first_card >= 0:
                s, c = first_src, first_card
                first_card = -1
            else:
                s, c = _choose(GREEDY, seat, players, trick, ntrick, src, hand, tab, played, full, suit, suitmask,
                               power, god, top, fool, lady, changeling, value, cost, threats, FAST, sm, mt, opt_src,
                               opt_card, work)
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
        pos = capture(trick, players, suit, power, god, top, fool, lady, changeling)[0]
        capturer = tseat[pos]
        for k in range(players):
            magic[capturer] += rank8[trick[k]]
        won[capturer] += 1
        seat = capturer
        ntrick = 0
        if (hand[0] | tab[0]) == 0:
            return


@njit(cache=True)
def _deal(unknown, nunk, need, void, suit, players, me, hidden, sm, mt, order, owner):  # type: ignore[no-untyped-def]
    """Assign the unknown cards to the opponents' hands (``need[s]`` each,
    avoiding void suits when possible); the rest stays in ``order`` after them
    (the pile). Masks per seat into ``hidden``."""
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
def evaluate(draw, me, players, human, hand0, tab0, played0, won0, magic0, totals0, trick0, tseat0, ntrick0, src0,
             pair_a, pair_b, unknown, need, void, act_src, act_card, samples, key, win_bonus, rules, out,
             stop_z=0.0):  # type: ignore[no-untyped-def]
    """Mean value of each action (``act_src``: 0 hand, 1 table; in the draw
    ``act_card`` is the card placed face up) over at most ``samples``
    determinizations. With ``stop_z`` > 0 the sampling stops early (checked every
    :data:`LOOK` samples) once the leading action beats every other by more than
    ``stop_z`` standard errors of their paired difference (the same deals for every
    action); returns the samples used. ``rules``: the deck's card tables
    (:class:`.kernel.ViashiRules`)."""
    suit, power, god, top, fool, rank8 = rules.suit, rules.power, rules.god, rules.top, rules.fool, rules.rank8
    lady, changeling, value, cost, threat = rules.lady, rules.changeling, rules.value, rules.cost, rules.threat
    ncards = suit.shape[0]
    full = 0
    suitmask, threats = bit_tables(suit, threat)
    for c in range(ncards):
        full |= 1 << c
    sm = np.zeros(1, np.uint64)
    mt = np.zeros(625, np.int64)
    nunk = unknown.shape[0]
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
    opt_src = np.zeros(2 * ncards, np.int64)
    opt_card = np.zeros(2 * ncards, np.int64)
    work = np.zeros(players + 2, np.int64)
    nact = act_card.shape[0]
    vals = np.zeros((max(1, samples), nact), np.float64)
    for a in range(nact):
        out[a] = 0.0
    used = samples
    for sample in range(samples):
        seed_game(sm, key, np.int64(sample))
        npile = _deal(unknown, nunk, need, void, suit, players, me, hidden, sm, mt, order, owner)
        for a in range(nact):
            for s in range(players):
                hand[s] = hand0[s] | hidden[s]
                tab[s] = tab0[s]
                won[s] = won0[s]
                magic[s] = magic0[s]
            played = played0
            if draw:
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
                _finish(players, hand, tab, played, won, magic, trick, tseat, 0, 0, drawer, 0, -1, full, suit,
                        suitmask, power, god, top, fool, rank8, lady, changeling, value, cost, threats, sm, mt, opt_src,
                        opt_card, work)
            else:
                for k in range(ntrick0):
                    trick[k] = trick0[k]
                    tseat[k] = tseat0[k]
                _finish(players, hand, tab, played, won, magic, trick, tseat, ntrick0, src0, me, act_src[a],
                        act_card[a], full, suit, suitmask, power, god, top, fool, rank8, lady, changeling, value, cost,
                        threats, sm, mt, opt_src, opt_card, work)
            hand_points(won, magic, players, human, points)
            mine = totals0[me] + points[me]
            rival = -1 << 30
            for s in range(players):
                if s != me:
                    rival = max(rival, totals0[s] + points[s])
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

