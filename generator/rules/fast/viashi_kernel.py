"""Viashi (3 players, elvish or human rules, no handicap), compiled: the rules
of :mod:`generator.rules.viashi_state` and the ``greedy`` and ``random``
strategies of :mod:`generator.rules.viashi_strategies` over integer arrays.

Cards are the deck's card numbers; the card rules arrive as arrays built from
``CardRules`` (suit, power, god, top, fool, rank8, value, the 2-card threat
matrix). Hands and tables are membership arrays, so a seat's legal actions
come out in the reference's order (hand cards by number, then table cards)
and the random chooser draws the same numbers. Viashilym and the handicap
stay on the reference engine.

Counters (``ctr``): 0 hands, 1 hand_leads, 2 table_leads, 3 suit_captures,
4 fool_captures, 5 god_captures, 6 changeling_captures, 7 leader_captures,
8 bonus_points, 9 bonus_ties, 10 captive_points, 11 bonus3, 12 bonus9,
13 magician_points, 14 trick_points, 15 bonus2.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .rng import below, seed_game, shuffle

GREEDY = 0
RANDOM = 1
DRAW = -1
UNFINISHED = -2
COUNTERS = ("hands", "hand_leads", "table_leads", "suit_captures", "fool_captures", "god_captures",
            "changeling_captures", "leader_captures", "bonus_points", "bonus_ties", "captive_points", "bonus3",
            "bonus9", "magician_points", "trick_points", "bonus2")


@njit(cache=True)
def capture(cards, n, suit, power, god, top, fool, lady, changeling):  # type: ignore[no-untyped-def]
    """(position of the capturing card among ``cards[:n]``, rule: 0 suit,
    1 fool, 2 god, 3 changeling); one deck, so no dead twins."""
    best = -1
    has_lady = -1
    has_changeling = -1
    for i in range(n):
        c = cards[i]
        if god[c]:
            if c == lady and has_lady < 0:
                has_lady = i
            if c == changeling and has_changeling < 0:
                has_changeling = i
            if best < 0 or power[c] > power[cards[best]]:
                best = i
    if best >= 0:
        if has_lady >= 0 and has_changeling >= 0:
            return has_changeling, 3
        return best, 2
    led = suit[cards[0]]
    best = -1
    t = -1
    f = -1
    for i in range(n):
        c = cards[i]
        if suit[c] == led:
            if top[c] and t < 0:
                t = i
            if fool[c] and f < 0:
                f = i
            if best < 0 or power[c] > power[cards[best]]:
                best = i
    if t >= 0 and f >= 0:
        return f, 1
    return best, 0


@njit(cache=True)
def _threat_set(src, led, seat, ntrick, players, inh, intab, played, suit, out):  # type: ignore[no-untyped-def]
    """The greedy strategy's cards that could still come: from the tables,
    what each later seat may follow ``led`` with; from the hands, every card
    not mine, not on a table and not played this hand."""
    ncards = out.shape[0]
    out[:] = 0
    if src == 1:
        for k in range(1, players - ntrick):
            s = (seat + k) % players
            any_suit = False
            for c in range(ncards):
                if intab[s, c] and suit[c] == suit[led]:
                    any_suit = True
                    break
            for c in range(ncards):
                if intab[s, c] and (not any_suit or suit[c] == suit[led]):
                    out[c] = 1
        return
    for c in range(ncards):
        if inh[seat, c] or played[c]:
            continue
        on_table = False
        for s in range(players):
            if intab[s, c]:
                on_table = True
                break
        if not on_table:
            out[c] = 1


@njit(cache=True)
def _choose(kind, seat, players, trick, ntrick, src_led, inh, intab, played, suit, power, god, top, fool, lady,
            changeling, value, cost, threat, mode, sm, mt, opt_src, opt_card, tset, hset, work):  # type: ignore[no-untyped-def]
    """The seat's play: (source 0 hand / 1 table, card)."""
    ncards = suit.shape[0]
    n = 0
    if ntrick == 0:
        for src in range(2):
            own = inh if src == 0 else intab
            for c in range(ncards):
                if own[seat, c]:
                    opt_src[n] = src
                    opt_card[n] = c
                    n += 1
    else:
        own = inh if src_led == 0 else intab
        led_suit = suit[trick[0]]
        same = False
        for c in range(ncards):
            if own[seat, c] and suit[c] == led_suit:
                same = True
                break
        for c in range(ncards):
            if own[seat, c] and (not same or suit[c] == led_suit):
                opt_src[n] = src_led
                opt_card[n] = c
                n += 1
    if kind == RANDOM:
        k = below(mode, sm, mt, n)
        return opt_src[k], opt_card[k]
    if n == 1:
        return opt_src[0], opt_card[0]
    pick = -1
    if ntrick > 0:
        me = ntrick
        for i in range(ntrick):
            work[i] = trick[i]
        _threat_set(src_led, trick[0], seat, ntrick, players, inh, intab, played, suit, tset)
        for k in range(n):
            c = opt_card[k]
            work[me] = c
            if capture(work, me + 1, suit, power, god, top, fool, lady, changeling)[0] != me:
                continue
            sure = True
            for x in range(ncards):
                if tset[x] and threat[c, x]:
                    work[me + 1] = x
                    if capture(work, me + 2, suit, power, god, top, fool, lady, changeling)[0] != me:
                        sure = False
                        break
            if sure and (pick < 0 or value[c] < value[opt_card[pick]]):
                pick = k
    else:
        _threat_set(0, 0, seat, 0, players, inh, intab, played, suit, hset)  # unseen cards, for hand leads
        for k in range(n):
            c = opt_card[k]
            cur = hset
            if opt_src[k] == 1:
                _threat_set(1, c, seat, 0, players, inh, intab, played, suit, tset)
                cur = tset
            sure = True
            for x in range(ncards):
                if cur[x] and threat[c, x]:
                    sure = False
                    break
            if sure and (pick < 0 or value[c] < value[opt_card[pick]]):
                pick = k
    if pick < 0:  # dump the cheapest
        pick = 0
        for k in range(1, n):
            if cost[opt_card[k]] < cost[opt_card[pick]]:
                pick = k
    return opt_src[pick], opt_card[pick]


@njit(cache=True)
def play(cards, players, hands, human, kind, cap, suit, power, god, top, fool, rank8, lady, changeling, value, cost,
         threat, mode, sm, mt, ctr, shown, took, scores):  # type: ignore[no-untyped-def]
    """Play one game of ``hands`` hands; returns (outcome, tricks). Adds into
    ``ctr``, ``shown``, ``took`` and ``scores`` (per seat)."""
    ncards = suit.shape[0]
    total = cards.shape[0]
    pile = np.zeros(total, np.int64)
    inh = np.zeros((players, ncards), np.int64)
    intab = np.zeros((players, ncards), np.int64)
    played = np.zeros(ncards, np.int64)
    won = np.zeros(players, np.int64)
    magic = np.zeros(players, np.int64)
    score = np.zeros(players, np.int64)
    trick = np.zeros(players, np.int64)
    tseat = np.zeros(players, np.int64)
    opt_src = np.zeros(2 * ncards, np.int64)
    opt_card = np.zeros(2 * ncards, np.int64)
    tset = np.zeros(ncards, np.int64)
    hset = np.zeros(ncards, np.int64)
    work = np.zeros(players + 2, np.int64)
    left = np.zeros(players, np.int64)
    tricks = 0
    for hand in range(hands):
        pile[:] = cards
        shuffle(mode, sm, mt, pile, total)
        inh[:] = 0
        intab[:] = 0
        played[:] = 0
        drawer = hand % players
        leader = drawer
        for pos in range(0, total, 2):  # the draw
            a = pile[pos]
            b = pile[pos + 1]
            if kind == RANDOM:
                up = a if below(mode, sm, mt, 2) == 0 else b
            else:
                up = a if value[a] <= value[b] else b
            down = b if up == a else a
            intab[drawer, up] = 1
            inh[drawer, down] = 1
            leader = drawer
            drawer = (drawer + 1) % players
        cards_left = total // players
        for s in range(players):
            won[s] = 0
            magic[s] = 0
            left[s] = cards_left
        while left[0] > 0:  # the tricks
            seat = leader
            src = 0
            for k in range(players):
                s, c = _choose(kind, seat, players, trick, k, src, inh, intab, played, suit, power, god, top, fool,
                               lady, changeling, value, cost, threat, mode, sm, mt, opt_src, opt_card, tset, hset, work)
                if k == 0:
                    src = s
                if s == 0:
                    inh[seat, c] = 0
                else:
                    intab[seat, c] = 0
                left[seat] -= 1
                trick[k] = c
                tseat[k] = seat
                played[c] = 1
                seat = (seat + 1) % players
            pos, rule = capture(trick, players, suit, power, god, top, fool, lady, changeling)
            tricks += 1
            ctr[1 + src] += 1
            for k in range(players):
                shown[trick[k]] += 1
                magic[tseat[pos]] += rank8[trick[k]]
            capturer = tseat[pos]
            ctr[3 + rule] += 1
            if capturer == leader:
                ctr[7] += 1
            took[trick[pos]] += 1
            won[capturer] += 1
            leader = capturer
            if left[0] > 0 and tricks >= cap:
                return UNFINISHED, tricks
        # -- score the hand
        if human:
            best = 0
            for s in range(players):
                best = max(best, won[s])
                score[s] = won[s]
                ctr[14] += won[s]
        else:
            best = 0
            for s in range(players):
                best = max(best, won[s] * (players - 1))
                score[s] = won[s] * (players - 1) + magic[s]
                ctr[10] += won[s] * (players - 1)
                ctr[13] += magic[s]
        ties = 0
        lead = -1
        total_pts = 0
        for s in range(players):
            v = won[s] if human else won[s] * (players - 1)
            total_pts += v
            if v == best:
                ties += 1
                if lead < 0:
                    lead = s
        if ties != 1:
            ctr[9] += 1
        elif human:
            score[lead] += 2
            ctr[8] += 2
            ctr[15] += 1
        elif best > total_pts - best:
            score[lead] += 9
            ctr[8] += 9
            ctr[12] += 1
        else:
            score[lead] += 3
            ctr[8] += 3
            ctr[11] += 1
        for s in range(players):
            scores[s] += score[s]
        ctr[0] += 1
        if hand + 1 < hands and tricks >= cap:
            return UNFINISHED, tricks
    best = scores[0]
    for s in range(players):
        best = max(best, scores[s])
    ties = 0
    lead = -1
    for s in range(players):
        if scores[s] == best:
            ties += 1
            if lead < 0:
                lead = s
    return (lead if ties == 1 else DRAW), tricks


@njit(cache=True)
def run_chunk(cards, players, hands, human, kind, cap, suit, power, god, top, fool, rank8, lady, changeling, value,
              cost, threat, mode, key, start, count, mt_states, out_code, out_tricks, ctr, shown, took,
              score_sums):  # type: ignore[no-untyped-def]
    """Play games ``start .. start + count - 1``: outcomes into ``out_*``;
    counters, card statistics and points per seat summed."""
    sm = np.zeros(1, np.uint64)
    mt = np.zeros(625, np.int64)
    scores = np.zeros(players, np.int64)
    for g in range(count):
        if mode == 0:
            seed_game(sm, key, start + g)
        else:
            mt[:] = mt_states[g]
        scores[:] = 0
        code, tricks = play(cards, players, hands, human, kind, cap, suit, power, god, top, fool, rank8, lady,
                            changeling, value, cost, threat, mode, sm, mt, ctr, shown, took, scores)
        out_code[g] = code
        out_tricks[g] = tricks
        for s in range(players):
            score_sums[s] += scores[s]
