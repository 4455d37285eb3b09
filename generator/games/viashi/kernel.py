"""Viashi (3 players, elvish or human rules, no handicap), compiled: the rules
of :mod:`generator.games.viashi.state` and the ``greedy`` and ``random``
strategies of :mod:`generator.games.viashi.strategies` over integer arrays.

Cards are the deck's card numbers; the card rules arrive as arrays built from
``CardRules`` (:class:`.tables.ViashiRules`: suit, power, god, top, fool, rank8, value,
the 2-card threat matrix), turned once per run into :class:`.tables.ViashiDeck` (bit
masks). The position is a :class:`.tables.Seats`, a player's needs a
:class:`.tables.Chooser`. Hands, tables and the played cards are bit masks (a deck of at most
64 cards), so a seat's legal actions come out in the reference's order (hand
cards by number, then table cards) and the random chooser draws the same
numbers. Viashilym and the handicap
stay on the reference engine.

Counters (``ctr``): 0 hands, 1 hand_leads, 2 table_leads, 3 suit_captures,
4 fool_captures, 5 god_captures, 6 changeling_captures, 7 leader_captures,
8 bonus_points, 9 bonus_ties, 10 captive_points, 11 bonus3, 12 bonus9,
13 magician_points, 14 trick_points, 15 bonus2.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros as _cttz

from ..fast.hot import HOT
from ..fast.rng import below, seed_game, shuffle
from .tables import Chooser, Seats, ViashiDeck

trailing_zeros: Any = _cttz  # LLVM cttz: the index of the lowest set bit

GREEDY = 0
RANDOM = 1
DRAW = -1
UNFINISHED = -2
COUNTERS = ("hands", "hand_leads", "table_leads", "suit_captures", "fool_captures", "god_captures",
            "changeling_captures", "leader_captures", "bonus_points", "bonus_ties", "captive_points", "bonus3",
            "bonus9", "magician_points", "trick_points", "bonus2")


@njit(cache=True, **HOT)
def capture(cards, n, deck):  # type: ignore[no-untyped-def]
    """(position of the capturing card among ``cards[:n]``, rule: 0 suit,
    1 fool, 2 god, 3 changeling); one deck, so no dead twins."""
    suit, power, god, top, fool, lady, changeling = (deck.suit, deck.power, deck.god, deck.top, deck.fool, deck.lady,
                                                     deck.changeling)
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


@njit(cache=True, **HOT)
def _options(mask, src, n, opt_src, opt_card):  # type: ignore[no-untyped-def]
    """Append the cards of ``mask`` (ascending: the reference's sorted order)."""
    while mask:
        low = mask & -mask
        opt_src[n] = src
        opt_card[n] = trailing_zeros(low)
        n += 1
        mask ^= low
    return n


@njit(cache=True, **HOT)
def _follow(own, led, deck):  # type: ignore[no-untyped-def]
    """The cards of ``own`` that may follow ``led``: its suit if any, else all."""
    same = own & deck.suitmask[deck.suit[led]]
    return same if same else own


@njit(cache=True, **HOT)
def _threats(src, led, seat, ntrick, played, pos, deck):  # type: ignore[no-untyped-def]
    """The greedy strategy's cards that could still come (a mask): from the
    tables, what each later seat may follow ``led`` with; from the hands, every
    card not mine, not on a table and not played this hand."""
    hand, tab = pos.hand, pos.tab
    players = tab.shape[0]
    out = 0
    if src == 1:
        for k in range(1, players - ntrick):
            out |= _follow(tab[(seat + k) % players], led, deck)
        return out
    seen = hand[seat] | played
    for s in range(players):
        seen |= tab[s]
    return deck.full & ~seen


@njit(cache=True, **HOT)
def _choose(seat, ntrick, src_led, played, pos, deck, ch):  # type: ignore[no-untyped-def]
    """The play of ``seat`` with ``ntrick`` cards of the trick down (led from ``src_led``)
    and the cards ``played`` this hand: (source 0 hand / 1 table, card)."""
    hand, tab, trick = pos.hand, pos.tab, pos.trick
    value, cost, threat = deck.value, deck.cost, deck.threats
    opt_src, opt_card, work = ch.opt_src, ch.opt_card, ch.work
    if ntrick == 0:
        n = _options(hand[seat], 0, 0, opt_src, opt_card)
        n = _options(tab[seat], 1, n, opt_src, opt_card)
    else:
        own = hand[seat] if src_led == 0 else tab[seat]
        n = _options(_follow(own, trick[0], deck), src_led, 0, opt_src, opt_card)
    if ch.kind == RANDOM:
        k = below(ch.mode, ch.sm, ch.mt, n)
        return opt_src[k], opt_card[k]
    if n == 1:
        return opt_src[0], opt_card[0]
    pick = -1
    if ntrick > 0:
        me = ntrick
        for i in range(ntrick):
            work[i] = trick[i]
        tset = _threats(src_led, trick[0], seat, ntrick, played, pos, deck)
        for k in range(n):
            c = opt_card[k]
            work[me] = c
            if capture(work, me + 1, deck)[0] != me:
                continue
            sure = True
            xs = tset & threat[c]
            while xs:
                low = xs & -xs
                xs ^= low
                work[me + 1] = trailing_zeros(low)
                if capture(work, me + 2, deck)[0] != me:
                    sure = False
                    break
            if sure and (pick < 0 or value[c] < value[opt_card[pick]]):
                pick = k
    else:
        unseen = _threats(0, 0, seat, 0, played, pos, deck)
        for k in range(n):
            c = opt_card[k]
            tset = unseen if opt_src[k] == 0 else _threats(1, c, seat, 0, played, pos, deck)
            if (tset & threat[c]) == 0 and (pick < 0 or value[c] < value[opt_card[pick]]):
                pick = k
    if pick < 0:  # dump the cheapest
        pick = 0
        for k in range(1, n):
            if cost[opt_card[k]] < cost[opt_card[pick]]:
                pick = k
    return opt_src[pick], opt_card[pick]


@njit(cache=True)
def hand_points(won, magic, players, human, out):  # type: ignore[no-untyped-def]
    """Points of one hand per seat into ``out`` (elvish: 2 a trick captured plus
    Magicians, +3 for the single most captives, +9 instead if more than both
    others together; human: 1 a trick, +2 for the single most). Returns (the
    bonus seat or -1 when the most is shared, the bonus)."""
    best = 0
    total = 0
    for s in range(players):
        v = won[s] if human else won[s] * (players - 1)
        out[s] = v if human else v + magic[s]
        best = max(best, v)
        total += v
    lead = -1
    ties = 0
    for s in range(players):
        v = won[s] if human else won[s] * (players - 1)
        if v == best:
            ties += 1
            if lead < 0:
                lead = s
    if ties != 1:
        return -1, 0
    bonus = 2 if human else 9 if best > total - best else 3
    out[lead] += bonus
    return lead, bonus


@njit(cache=True)
def play(t, deck, ch, ctr, shown, took, scores, pile):  # type: ignore[no-untyped-def]
    """Play one game of the run ``t`` (:class:`.tables.ViashiTables`: ``hands`` hands,
    every seat the player ``ch``); returns (outcome, tricks). Adds into ``ctr``,
    ``shown``, ``took`` and ``scores`` (per seat); ``pile`` is a work array."""
    cards, players, hands, human, cap = t.cards, t.players, t.hands, t.human, t.cap
    kind, mode, sm, mt = ch.kind, ch.mode, ch.sm, ch.mt
    rank8, value = deck.rank8, deck.value
    total = cards.shape[0]
    hand = np.zeros(players, np.int64)
    tab = np.zeros(players, np.int64)
    won = np.zeros(players, np.int64)
    magic = np.zeros(players, np.int64)
    score = np.zeros(players, np.int64)
    trick = np.zeros(players, np.int64)
    tseat = np.zeros(players, np.int64)
    pos = Seats(hand, tab, won, magic, trick, tseat)
    tricks = 0
    for h in range(hands):
        pile[:] = cards
        shuffle(mode, sm, mt, pile, total)
        for s in range(players):
            hand[s] = 0
            tab[s] = 0
            won[s] = 0
            magic[s] = 0
        played = 0
        drawer = h % players
        leader = drawer
        for i in range(0, total, 2):  # the draw
            a = pile[i]
            b = pile[i + 1]
            if kind == RANDOM:
                up = a if below(mode, sm, mt, 2) == 0 else b
            else:
                up = a if value[a] <= value[b] else b
            down = b if up == a else a
            tab[drawer] |= 1 << up
            hand[drawer] |= 1 << down
            leader = drawer
            drawer = (drawer + 1) % players
        while hand[0] | tab[0]:  # the tricks
            seat = leader
            src = 0
            for k in range(players):
                s, c = _choose(seat, k, src, played, pos, deck, ch)
                if k == 0:
                    src = s
                if s == 0:
                    hand[seat] ^= 1 << c
                else:
                    tab[seat] ^= 1 << c
                trick[k] = c
                tseat[k] = seat
                played |= 1 << c
                seat = (seat + 1) % players
            at, rule = capture(trick, players, deck)
            tricks += 1
            ctr[1 + src] += 1
            capturer = tseat[at]
            for k in range(players):
                shown[trick[k]] += 1
                magic[capturer] += rank8[trick[k]]
            ctr[3 + rule] += 1
            if capturer == leader:
                ctr[7] += 1
            took[trick[at]] += 1
            won[capturer] += 1
            leader = capturer
            if (hand[0] | tab[0]) and tricks >= cap:
                return UNFINISHED, tricks
        # -- score the hand
        lead, bonus = hand_points(won, magic, players, human, score)
        for s in range(players):
            if human:
                ctr[14] += won[s]
            else:
                ctr[10] += won[s] * (players - 1)
                ctr[13] += magic[s]
        if lead < 0:
            ctr[9] += 1
        else:
            ctr[8] += bonus
            ctr[15 if human else 12 if bonus == 9 else 11] += 1
        for s in range(players):
            scores[s] += score[s]
        ctr[0] += 1
        if h + 1 < hands and tricks >= cap:
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
def bit_tables(suit, threat):  # type: ignore[no-untyped-def]
    """(suit -> mask of its cards, card -> mask of the cards in its 2-card
    threat matrix row): the bit-mask forms the strategies use."""
    suitmask = np.zeros(suit.max() + 1, np.int64)
    threats = np.zeros(suit.shape[0], np.int64)
    for c in range(suit.shape[0]):
        suitmask[suit[c]] |= 1 << c
        for x in range(suit.shape[0]):
            if threat[c, x]:
                threats[c] |= 1 << x
    return suitmask, threats


@njit(cache=True)
def deck_tables(rules):  # type: ignore[no-untyped-def]
    """The :class:`.tables.ViashiDeck` of the card tables ``rules`` (:class:`.tables.ViashiRules`)."""
    suitmask, threats = bit_tables(rules.suit, rules.threat)
    full = 0
    for c in range(rules.suit.shape[0]):
        full |= 1 << c
    return ViashiDeck(full, rules.suit, suitmask, rules.power, rules.god, rules.top, rules.fool, rules.rank8, rules.lady,
                      rules.changeling, rules.value, rules.cost, threats)


@njit(cache=True)
def run_chunk(t, chunk, out):  # type: ignore[no-untyped-def]
    """Play the games of ``chunk`` (:class:`..fast.tables.Chunk`) of the run ``t``
    (:class:`.tables.ViashiTables`): outcomes and points per seat into ``out``
    (:class:`.tables.ViashiOut`); its counters and card statistics summed."""
    cards, players = t.cards, t.players
    deck = deck_tables(t.rules)
    ncards = deck.suit.shape[0]
    sm = np.zeros(1, np.uint64)
    mt = np.zeros(625, np.int64)
    scores = np.zeros(players, np.int64)
    pile = np.zeros(cards.shape[0], np.int64)
    ch = Chooser(t.kind, chunk.mode, sm, mt, np.zeros(2 * ncards, np.int64), np.zeros(2 * ncards, np.int64),
                 np.zeros(players + 2, np.int64))
    for g in range(chunk.size):
        if chunk.mode == 0:
            seed_game(sm, chunk.key, chunk.start + g)
        else:
            mt[:] = chunk.states[g]
        scores[:] = 0
        code, tricks = play(t, deck, ch, out.ctr, out.shown, out.took, scores, pile)
        out.code[g] = code
        out.tricks[g] = tricks
        for s in range(players):
            out.scores[g, s] = scores[s]
