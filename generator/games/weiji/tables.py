"""Weiji's kernel arguments (:mod:`.kernel`) as NamedTuples, which numba takes as one
argument each: numpy only."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class WeijiTables(NamedTuple):
    """One run's tables, as :func:`.kernel.run_chunk` takes them (one NamedTuple argument)."""

    cards: np.ndarray
    values: np.ndarray
    lower: np.ndarray
    draw_lower: int  # the tiebreak draw takes the lowest first-attribute value (weiji.tiebreak-draw)
    best_attr: np.ndarray
    players: int
    chooser: int
    shuffled: int
    cycle: int
    cap: int


class WeijiOut(NamedTuple):
    """A chunk's results: per game the outcome (a seat, ``DRAW`` or ``UNFINISHED``) and the
    tricks; summed over its games the counters, and per card how often it was shown and won."""

    code: np.ndarray
    tricks: np.ndarray
    ctr: np.ndarray
    shown: np.ndarray
    wins: np.ndarray


class WeijiWork(NamedTuple):
    """What :func:`.kernel.play` needs beside the stacks and the rules: the random source
    (``mode``, ``sm``, ``mt``: :mod:`..fast.rng`), the middle per seat and its lengths, the
    pickup, the seats in the showdown and the cycle snapshot (a row more: the chooser)."""

    mode: int
    sm: np.ndarray
    mt: np.ndarray
    middle: np.ndarray
    midlen: np.ndarray
    won: np.ndarray
    active: np.ndarray
    snap: np.ndarray
    snapcnt: np.ndarray
