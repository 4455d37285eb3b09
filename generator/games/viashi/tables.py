"""The Viashi kernels' tables (:mod:`.kernel`, :mod:`.fast_expert`) as NamedTuples, which
numba takes as one argument each: numpy only here, so the players that build them
import no numba until a kernel runs."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


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
