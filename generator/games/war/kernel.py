"""War, compiled: the rules of :mod:`generator.games.war.game` over integer arrays.

One game is :func:`play`; :func:`run_chunk` deals and plays a range of game
indices and returns per-game outcomes (the caller folds them into a Summary).
Arguments are NamedTuples (:mod:`.tables`, :mod:`..fast.tables`): the rules
(``WarTables``), the stacks, the random source with the work arrays, the outputs.
Stacks are circular buffers (``stack[seat, (head + k) & mask]``). Every step
mirrors the reference engine, including the order in which random numbers are
drawn, so with the ``PYTHON`` random source the games are the reference's.

Outcome codes: a seat number, ``DRAW`` (-1) or ``UNFINISHED`` (-2).
Trace rows (scripted deals): ``[winner or -1, tiles in the trick, counts per
seat after play and before pickup...]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..fast import rng
from ..fast.cycles import keep_stacks, same_stacks
from ..fast.rng import FAST, shuffle, shuffle_and_deal
from ..fast.tables import Stacks
from .tables import TwoWork, WarWork

DRAW = -1
UNFINISHED = -2
RING = 255  # two-player stacks hold up to RING + 1 tiles (four packs of 52 fit)
SEAT = RING + 1  # where seat 1's stack starts in play2's flat arrays
CARD = np.uint8  # the dtype of play2's stacks and piles


@njit(cache=True)
def _russian(a, b, high, low):  # type: ignore[no-untyped-def]
    """Russian showdown of strengths ``a`` (seat 0) and ``b``: the weaker rank
    wins, except that the strongest rank beats the weakest; -1 for a tie."""
    if a == b:
        return -1
    if a == high and b == low:
        return 0
    if a == low and b == high:
        return 1
    return 0 if a < b else 1


@njit(cache=True)
def _best(faces, nf, strength, russian, high, low):  # type: ignore[no-untyped-def]
    """Index into ``faces`` of the single winning tile, or -1 for a tie."""
    if russian:
        return _russian(strength[faces[0]], strength[faces[1]], high, low)
    top = -1 << 62
    w = -1
    for k in range(nf):
        v = strength[faces[k]]
        if v > top:
            top = v
            w = k
        elif v == top:
            w = -1
    return w


@njit(cache=True)
def _still_in(part, n, cnt):  # type: ignore[no-untyped-def]
    """Keep, in order, the first ``n`` seats of ``part`` that still hold tiles; their number."""
    m = 0
    for k in range(n):
        if cnt[part[k]] > 0:
            part[m] = part[k]
            m += 1
    return m


@njit(cache=True)
def play(st, t, w, trace):  # type: ignore[no-untyped-def]
    """Play the game dealt into the stacks ``st`` (:class:`..fast.tables.Stacks`) by the rules
    ``t`` (:class:`.tables.WarTables`) with the random source and work arrays ``w``
    (:class:`.tables.WarWork`); returns (outcome, tricks, wars, left on table)."""
    stack, head, cnt, mask = st.stack, st.head, st.cnt, st.mask
    strength, russian, high, low = t.strength, t.russian, t.high, t.low
    facedown, shuffled, objective1, cap = t.facedown, t.shuffled, t.objective1, t.cap
    mode, sm, mt = w.mode, w.sm, w.mt
    pile, pilen, won, part, faces, snap, snapcnt = w.pile, w.pilen, w.won, w.part, w.faces, w.snap, w.snapcnt
    players = cnt.shape[0]
    tricks = 0
    wars = 0
    power = 1
    steps = 0
    have_snap = False
    while True:
        if tricks >= cap:
            return UNFINISHED, tricks, wars, 0
        # -- one trick with its wars
        n = 0
        for s in range(players):
            pilen[s] = 0
            if cnt[s] > 0:
                part[n] = s
                n += 1
        winner = -1
        while True:
            for k in range(n):
                s = part[k]
                c = stack[s, head[s]]
                head[s] = (head[s] + 1) & mask
                cnt[s] -= 1
                pile[s, pilen[s]] = c
                pilen[s] += 1
                faces[k] = c
            w = _best(faces, n, strength, russian, high, low)
            if w >= 0:
                winner = part[w]
                break
            wars += 1
            if facedown:
                n = _still_in(part, n, cnt)
                if n <= 1:
                    break
                for k in range(n):
                    s = part[k]
                    pile[s, pilen[s]] = stack[s, head[s]]
                    pilen[s] += 1
                    head[s] = (head[s] + 1) & mask
                    cnt[s] -= 1
            n = _still_in(part, n, cnt)
            if n <= 1:
                break
        if winner < 0 and n == 1:
            winner = part[0]
        tricks += 1
        if trace.shape[0] > 0 and tricks <= trace.shape[0]:
            row = trace[tricks - 1]
            row[0] = winner
            t = 0
            for s in range(players):
                t += pilen[s]
                row[2 + s] = cnt[s]
            row[1] = t
        if winner < 0:  # everyone in the war ran out: a draw
            t = 0
            for s in range(players):
                t += pilen[s]
            return DRAW, tricks, wars, t
        # -- pickup: winner-first order, then shuffled if asked
        m = 0
        s = winner
        for _ in range(players):  # the winner's tiles, then each seat's from the winner's left
            for i in range(pilen[s]):
                won[m] = pile[s, i]
                m += 1
            s += 1
            if s == players:
                s = 0
        if shuffled:
            shuffle(mode, sm, mt, won, m)
        pos = head[winner] + cnt[winner]
        for i in range(m):
            stack[winner, (pos + i) & mask] = won[i]
        cnt[winner] += m
        # -- the end?
        alive = 0
        last = -1
        for s in range(players):
            if cnt[s] > 0:
                alive += 1
                last = s
        if alive == 0:
            return DRAW, tricks, wars, 0
        if alive == 1:
            if objective1:
                return 1 - last, tricks, wars, 0
            return last, tricks, wars, 0
        # -- a repeated position (Brent) with deterministic pickup
        if not shuffled:
            if have_snap and same_stacks(st, snap, snapcnt):
                return UNFINISHED, tricks, wars, 0
            steps += 1
            if steps == power:
                keep_stacks(st, snap, snapcnt)
                have_snap = True
                power *= 2
                steps = 0


@njit(cache=True)
def play2(t, w, na, nb, trace):  # type: ignore[no-untyped-def]
    """:func:`play` for two players, written for speed; same rules, same random draws.

    Both stacks live in one flat array ``S`` (seat 0's in ``S[0:SEAT]``, seat 1's in
    ``S[SEAT:2 * SEAT]``, each starting at index 0 and holding ``na`` / ``nb`` cards),
    their heads and counts in local variables, and a constant mask spares the index
    checks. The trick's cards go to ``P`` the same way (seat ``s`` at ``s * SEAT``;
    both seats always play the same number). Nothing branches on who won: the
    winner's pile, head and count are picked by arithmetic, which keeps the processor
    from mispredicting a coin flip every trick. With our own random source (``FAST``)
    its state stays in a local variable and a two-card pickup is shuffled without a
    loop. The final counts are written to ``w.cnt`` (``w``: :class:`.tables.TwoWork`)."""
    strength, russian, high, low = t.strength, t.russian, t.high, t.low
    facedown, shuffled, objective1, cap = t.facedown, t.shuffled, t.objective1, t.cap
    mode, sm, mt, S, P, won, snap, cnt = w.mode, w.sm, w.mt, w.S, w.P, w.won, w.snap, w.cnt
    ha = 0
    hb = 0
    tricks = 0
    wars = 0
    power = 1
    steps = 0
    have_snap = False
    sa = 0
    sb = 0
    code = UNFINISHED
    table = 0
    fast = shuffled != 0 and mode == FAST
    st = sm[0]
    while True:
        if tricks >= cap:
            break
        k = 0
        w = -1
        while True:
            x = S[ha]
            y = S[SEAT + hb]
            ha = (ha + 1) & RING
            hb = (hb + 1) & RING
            na -= 1
            nb -= 1
            P[k] = x
            P[SEAT + k] = y
            k += 1
            if russian:
                w = _russian(strength[x], strength[y], high, low)
                if w >= 0:
                    break
            else:
                vx = strength[x]
                vy = strength[y]
                if vx != vy:
                    w = 0 if vx > vy else 1
                    break
            wars += 1
            if na == 0 or nb == 0:
                break
            if facedown:
                P[k] = S[ha]
                P[SEAT + k] = S[SEAT + hb]
                ha = (ha + 1) & RING
                hb = (hb + 1) & RING
                na -= 1
                nb -= 1
                k += 1
                if na == 0 or nb == 0:
                    break
        if w < 0:  # someone ran out during the war
            w = 0 if na > 0 else 1 if nb > 0 else -1
        tricks += 1
        if trace.shape[0] > 0 and tricks <= trace.shape[0]:
            row = trace[tricks - 1]
            row[0] = w
            row[1] = 2 * k
            row[2] = na
            row[3] = nb
        if w < 0:  # both ran out in the same war: a draw
            code = DRAW
            table = 2 * k
            break
        m = 2 * k
        to = w * SEAT  # the winner's stack and pile
        end = (hb + nb) if w else (ha + na)  # where the winner's stack ends
        if fast and k == 1:  # one card each, shuffled: [winner's, loser's], then one swap or none
            c0 = P[to]
            c1 = P[SEAT - to]
            st += rng.GAMMA
            top = rng.mix(st) >> np.uint64(63)  # rng.below(2) is the top bit: 1 keeps the order
            S[to + (end & RING)] = c0 if top else c1
            S[to + ((end + 1) & RING)] = c1 if top else c0
        else:
            for i in range(k):
                won[i] = P[to + i]
                won[k + i] = P[SEAT - to + i]
            if fast:
                for i in range(m - 1, 0, -1):  # rng.shuffle, its state in st
                    st += rng.GAMMA
                    j = rng.scaled(rng.mix(st), i + 1)
                    t = won[i]
                    won[i] = won[j]
                    won[j] = t
            elif shuffled:
                shuffle(mode, sm, mt, won, m)
            for i in range(m):
                S[to + ((end + i) & RING)] = won[i]
        na += m - m * w
        nb += m * w
        if na == 0 or nb == 0:
            last = 0 if na > 0 else 1
            code = 1 - last if objective1 else last
            break
        if not shuffled:  # a repeated position (Brent) is a cycle
            if have_snap and sa == na and sb == nb:
                same = True
                for i in range(na):
                    if snap[0, i] != S[(ha + i) & RING]:
                        same = False
                        break
                if same:
                    for i in range(nb):
                        if snap[1, i] != S[SEAT + ((hb + i) & RING)]:
                            same = False
                            break
                if same:
                    break
            steps += 1
            if steps == power:
                sa = na
                sb = nb
                for i in range(na):
                    snap[0, i] = S[(ha + i) & RING]
                for i in range(nb):
                    snap[1, i] = S[SEAT + ((hb + i) & RING)]
                have_snap = True
                power *= 2
                steps = 0
    sm[0] = st
    cnt[0] = na
    cnt[1] = nb
    return code, tricks, wars, table


@njit(cache=True)
def run_chunk(t, chunk, out):  # type: ignore[no-untyped-def]
    """Deal and play the games of ``chunk`` (:class:`..fast.tables.Chunk`) of the run ``t``
    (:class:`.tables.WarTables`); per-game outcomes into ``out`` (:class:`.tables.WarOut`)."""
    cards, players, strength = t.cards, t.players, t.strength
    total = cards.shape[0]
    two = players == 2 and total <= SEAT and strength.shape[0] <= SEAT
    if two:
        _run_two(t, chunk, out)
        return
    size = 1
    while size < total:
        size *= 2
    st = Stacks(np.zeros((players, size), np.int64), np.zeros(players, np.int64), np.zeros(players, np.int64), size - 1)
    sm = np.zeros(1, np.uint64)
    mt = np.zeros(625, np.int64)
    w = WarWork(chunk.mode, sm, mt, np.zeros((players, total), np.int64), np.zeros(players, np.int64),
                np.zeros(total, np.int64), np.zeros(players, np.int64), np.zeros(players, np.int64),
                np.zeros((players, total), np.int64), np.zeros(players, np.int64))
    order = np.zeros(total, np.int64)
    trace = np.zeros((0, 2 + players), np.int64)
    dealt = total - total % players
    for g in range(chunk.size):
        shuffle_and_deal(chunk, g, sm, mt, cards, order, dealt, st)
        code, tricks, wars, table = play(st, t, w, trace)
        out.code[g] = code
        out.tricks[g] = tricks
        out.wars[g] = wars
        out.table[g] = table


@njit(cache=True)
def _run_two(t, chunk, out):  # type: ignore[no-untyped-def]
    """:func:`run_chunk` for two players and at most ``SEAT`` tiles (:func:`play2`)."""
    cards = t.cards
    total = cards.shape[0]
    S = np.zeros(2 * SEAT, CARD)
    head = np.zeros(2, np.int64)
    cnt = np.zeros(2, np.int64)
    order = np.zeros(total, np.int64)
    trace = np.zeros((0, 4), np.int64)
    sm = np.zeros(1, np.uint64)
    mt = np.zeros(625, np.int64)
    w = TwoWork(chunk.mode, sm, mt, S, np.zeros(2 * SEAT, CARD), np.zeros(total, CARD), np.zeros((2, total), CARD), cnt)
    st = Stacks(S.reshape(2, SEAT), head, cnt, RING)
    for g in range(chunk.size):
        shuffle_and_deal(chunk, g, sm, mt, cards, order, total - total % 2, st)
        code, tricks, wars, table = play2(t, w, cnt[0], cnt[1], trace)
        out.code[g] = code
        out.tricks[g] = tricks
        out.wars[g] = wars
        out.table[g] = table
