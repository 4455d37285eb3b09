"""Weiji, compiled: the rules of :mod:`generator.games.weiji.game` over integer arrays.

``values[card, attr]`` holds the attribute values (NaN for "no data"),
``lower[attr]`` is 1 where lower is better, ``draw_lower`` 1 where the tiebreak
draw takes the lowest first-attribute value (``tiebreak_draw=best`` on a
lower-is-better first attribute), and ``best_attr[card]`` the choice of
the ``best`` strategy for a top card. Choosers: scripted ``choices`` first,
then ``BEST`` or ``RANDOM``. Every step mirrors the reference engine, including
the order of random draws (the random chooser, then the shuffled pickup).

Counters (``ctr``, summed): ties, no_data_ties, tiebreak_draws, tiebreak_ties,
chooser_wins, left_on_table, then ties per attribute, then choices per
attribute — the order of ``WeijiGame.counter_keys``. Arguments are NamedTuples
(:mod:`.tables`, :mod:`..fast.tables`): the rules (``WeijiTables``), the stacks, the
random source with the work arrays, the outputs (``WeijiOut``). Trace rows: ``[kind (0
showdown, 1 tiebreak draw), attribute, chooser, winner or -1, counts...]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..fast.cycles import keep_stacks, same_stacks
from ..fast.rng import below, shuffle, shuffle_and_deal
from ..fast.tables import Stacks
from .tables import WeijiWork

BEST = 0
RANDOM = 1
DRAW = -1
UNFINISHED = -2
FIXED_COUNTERS = 6


@njit(cache=True)
def _alive_end(st, middle, midlen, ctr):  # type: ignore[no-untyped-def]
    """At most one player with cards ends the game: returns the outcome, or -3
    to play on. The last player takes the middle (winner-first order)."""
    stack, head, cnt, mask = st.stack, st.head, st.cnt, st.mask
    players = cnt.shape[0]
    alive = 0
    last = -1
    for s in range(players):
        if cnt[s] > 0:
            alive += 1
            last = s
    if alive > 1:
        return -3
    if alive == 1:
        pos = head[last] + cnt[last]
        m = 0
        for k in range(players):
            s = (last + k) % players
            for i in range(midlen[s]):
                stack[last, (pos + m) & mask] = middle[s, i]
                m += 1
            midlen[s] = 0
        cnt[last] += m
        return last
    t = 0
    for s in range(players):
        t += midlen[s]
    ctr[5] += t
    return DRAW


@njit(cache=True)
def play(st, t, w, out, choices, trace):  # type: ignore[no-untyped-def]
    """Play the game dealt into the stacks ``st`` (:class:`..fast.tables.Stacks`) by the rules
    ``t`` (:class:`.tables.WeijiTables`) with the random source and work arrays ``w``
    (:class:`.tables.WeijiWork`), the scripted ``choices`` first; returns (outcome, tricks).
    Adds into ``out.ctr``, ``out.shown`` and ``out.wins`` (per card)."""
    stack, head, cnt, mask = st.stack, st.head, st.cnt, st.mask
    values, lower, draw_lower, best_attr = t.values, t.lower, t.draw_lower, t.best_attr
    chooser_kind, shuffled, cycle, cap = t.chooser, t.shuffled, t.cycle, t.cap
    mode, sm, mt = w.mode, w.sm, w.mt
    middle, midlen, won, active, snap, snapcnt = w.middle, w.midlen, w.won, w.active, w.snap, w.snapcnt
    ctr, shown, wins = out.ctr, out.shown, out.wins
    players = cnt.shape[0]
    nattr = values.shape[1]
    chooser = 0
    tricks = 0
    scripted = 0
    power = 1
    steps = 0
    have_snap = False
    nrow = 0
    for s in range(players):
        midlen[s] = 0
    while True:
        # -- the chooser picks an attribute
        if scripted < choices.shape[0]:
            a = choices[scripted]
            scripted += 1
        elif chooser_kind == RANDOM:
            a = below(mode, sm, mt, nattr)
        else:
            a = best_attr[stack[chooser, head[chooser]]]
        tricks += 1
        ctr[FIXED_COUNTERS + nattr + a] += 1
        # -- showdown
        n = 0
        no_data = False
        for s in range(players):
            if cnt[s] > 0:
                c = stack[s, head[s]]
                head[s] = (head[s] + 1) & mask
                cnt[s] -= 1
                middle[s, midlen[s]] = c
                midlen[s] += 1
                shown[c] += 1
                active[n] = s
                n += 1
                if np.isnan(values[c, a]):
                    no_data = True
        winner = -1
        if not no_data:
            bestv = 0.0
            count = 0
            for k in range(n):
                s = active[k]
                v = values[middle[s, midlen[s] - 1], a]
                if count == 0 or (v < bestv if lower[a] else v > bestv):
                    bestv = v
                    count = 1
                    winner = s
                elif v == bestv:
                    count += 1
            if count != 1:
                winner = -1
            else:
                wins[middle[winner, midlen[winner] - 1]] += 1
        if nrow < trace.shape[0]:
            row = trace[nrow]
            nrow += 1
            row[0] = 0
            row[1] = a
            row[2] = chooser
            row[3] = winner
            for s in range(players):
                row[4 + s] = cnt[s]
        if winner < 0:
            ctr[0] += 1
            ctr[FIXED_COUNTERS + a] += 1
            if no_data:
                ctr[1] += 1
            end = _alive_end(st, middle, midlen, ctr)
            if end != -3:
                return end, tricks
            if cnt[chooser] == 0:
                # tiebreak draw: the highest (tiebreak_draw=best: the best) first-attribute value
                ctr[2] += 1
                lo = draw_lower
                bestv = 0.0
                found = False
                for s in range(players):
                    if cnt[s] > 0:
                        c = stack[s, head[s]]
                        stack[s, (head[s] + cnt[s]) & mask] = c
                        head[s] = (head[s] + 1) & mask
                        v = values[c, 0]
                        if not np.isnan(v) and (not found or (v < bestv if lo else v > bestv)):
                            bestv = v
                            found = True
                ntied = 0
                pick = -1
                for k in range(1, players + 1):  # from the left of the old chooser
                    s = (chooser + k) % players
                    if cnt[s] > 0:
                        v = values[stack[s, (head[s] + cnt[s] - 1) & mask], 0]
                        if (not found) or v == bestv:
                            ntied += 1
                            if pick < 0:
                                pick = s
                if ntied > 1:
                    ctr[3] += 1
                chooser = pick
                if nrow < trace.shape[0]:
                    row = trace[nrow]
                    nrow += 1
                    row[0] = 1
                    row[1] = -1
                    row[2] = chooser
                    row[3] = -1
                    for s in range(players):
                        row[4 + s] = cnt[s]
            if tricks >= cap:
                return UNFINISHED, tricks
            continue
        # -- a win: the winner takes the middle
        if winner == chooser:
            ctr[4] += 1
        m = 0
        s = winner
        for _ in range(players):  # the winner's cards, then each seat's from the winner's left
            for i in range(midlen[s]):
                won[m] = middle[s, i]
                m += 1
            midlen[s] = 0
            s += 1
            if s == players:
                s = 0
        chooser = winner
        if shuffled:
            shuffle(mode, sm, mt, won, m)
        pos = head[winner] + cnt[winner]
        for i in range(m):
            stack[winner, (pos + i) & mask] = won[i]
        cnt[winner] += m
        end = _alive_end(st, middle, midlen, ctr)
        if end != -3:
            return end, tricks
        if cycle:
            if have_snap and snap[players, 0] == chooser and same_stacks(st, snap, snapcnt):
                return UNFINISHED, tricks
            steps += 1
            if steps == power:
                keep_stacks(st, snap, snapcnt)
                snap[players, 0] = chooser
                have_snap = True
                power *= 2
                steps = 0
        if tricks >= cap:
            return UNFINISHED, tricks


@njit(cache=True)
def run_chunk(t, chunk, out):  # type: ignore[no-untyped-def]
    """Deal and play the games of ``chunk`` (:class:`..fast.tables.Chunk`) of the run ``t``
    (:class:`.tables.WeijiTables`): outcomes into ``out`` (:class:`.tables.WeijiOut`), its
    counters, shown and won cards summed."""
    cards, players = t.cards, t.players
    total = cards.shape[0]
    size = 1
    while size < total:
        size *= 2
    st = Stacks(np.zeros((players, size), np.int64), np.zeros(players, np.int64), np.zeros(players, np.int64), size - 1)
    sm = np.zeros(1, np.uint64)
    mt = np.zeros(625, np.int64)
    w = WeijiWork(chunk.mode, sm, mt, np.zeros((players, total), np.int64), np.zeros(players, np.int64),
                  np.zeros(total, np.int64), np.zeros(players, np.int64), np.zeros((players + 1, total), np.int64),
                  np.zeros(players, np.int64))
    order = np.zeros(total, np.int64)
    choices = np.zeros(0, np.int64)
    trace = np.zeros((0, 4 + players), np.int64)
    for g in range(chunk.size):
        shuffle_and_deal(chunk, g, sm, mt, cards, order, total, st)
        code, tricks = play(st, t, w, out, choices, trace)
        out.code[g] = code
        out.tricks[g] = tricks
