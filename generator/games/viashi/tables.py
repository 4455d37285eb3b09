"""The Viashi kernels' tables (:mod:`.kernel`, :mod:`.fast_expert`) as NamedTuples, which
numba takes as one argument each: numpy only here, so the players that build them
import no numba until a kernel runs.

Built in Python: :class:`ViashiRules` (:func:`rule_tables`, one deck's card rules) and
:class:`ViashiTables` (one run), :class:`ViashiOut` (a chunk's results). Built inside the kernels: :class:`ViashiDeck` (the card
rules as bit masks, once per run or search), :class:`Seats` (one hand's position) and
:class:`Chooser` (what a compiled player needs beside the position)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

if TYPE_CHECKING:
    from .cards import CardRules


class ViashiRules(NamedTuple):
    """A deck's card tables, as the kernels take them (a card is its number): suit,
    power, god, top (its suit's top card), fool, rank8 (a Magician's rank), the Lady's
    and the Changeling's numbers, each card's value and cost to the greedy player and
    ``threat[c, x]`` (card ``c`` threatens ``x``)."""

    suit: np.ndarray
    power: np.ndarray
    god: np.ndarray
    top: np.ndarray
    fool: np.ndarray
    rank8: np.ndarray
    lady: int
    changeling: int
    value: np.ndarray
    cost: np.ndarray
    threat: np.ndarray


class ViashiTables(NamedTuple):
    """One run's tables for :func:`run_chunk`: the deck's cards by number, the rule
    parameters as numbers, the player ``kind`` (GREEDY or RANDOM) and the card ``rules``."""

    cards: np.ndarray
    players: int
    hands: int
    human: int
    kind: int
    cap: int
    rules: ViashiRules


class ViashiOut(NamedTuple):
    """A chunk's results: per game the outcome (a seat, ``DRAW`` or ``UNFINISHED``), the
    tricks and the points per seat (``scores[game, seat]``); summed over its games the
    counters (``kernel.COUNTERS``), and per card how often it was shown and took a trick."""

    code: np.ndarray
    tricks: np.ndarray
    scores: np.ndarray
    ctr: np.ndarray
    shown: np.ndarray
    took: np.ndarray


class ViashiDeck(NamedTuple):
    """:class:`ViashiRules` as the compiled players read them (``kernel.deck_tables``):
    ``full`` (the mask of every card), ``suitmask`` (suit -> the mask of its cards) and
    ``threats`` (card -> the mask of its ``threat`` row) beside the card tables."""

    full: int
    suit: np.ndarray
    suitmask: np.ndarray
    power: np.ndarray
    god: np.ndarray
    top: np.ndarray
    fool: np.ndarray
    rank8: np.ndarray
    lady: int
    changeling: int
    value: np.ndarray
    cost: np.ndarray
    threats: np.ndarray


class Seats(NamedTuple):
    """One hand's position per seat, updated in place: hand and table (masks), tricks and
    Magicians captured, and the current trick's cards and seats (``trick``/``tseat``)."""

    hand: np.ndarray
    tab: np.ndarray
    won: np.ndarray
    magic: np.ndarray
    trick: np.ndarray
    tseat: np.ndarray


class Chooser(NamedTuple):
    """What a seat's compiled player needs beside the position: its ``kind`` (GREEDY or
    RANDOM), the random source (``mode``, ``sm``, ``mt``: :mod:`..fast.rng`) and its work
    arrays (the options' sources and cards, a trick being tried)."""

    kind: int
    mode: int
    sm: np.ndarray
    mt: np.ndarray
    opt_src: np.ndarray
    opt_card: np.ndarray
    work: np.ndarray


def rule_tables(rules: CardRules, elvish: bool) -> ViashiRules:
    """The kernels' card tables of ``rules`` (``elvish``: a Magician costs the greedy
    player 2.5 more to give away)."""
    n = len(rules.ids)
    threat = np.zeros((n, n), np.int64)
    for c, xs in enumerate(rules.threats):
        threat[c, list(xs)] = 1
    value = np.array([rules.value(c) for c in range(n)], np.float64)
    cost = value + np.array([2.5 if elvish and rules.rank8[c] else 0.0 for c in range(n)])
    suit, power, god, top, fool, rank8 = (np.array(a, np.int64) for a in (rules.suit, rules.power, rules.god, rules.top,
                                                                          rules.fool, rules.rank8))
    return ViashiRules(suit, power, god, top, fool, rank8, rules.lady, rules.changeling, value, cost, threat)
