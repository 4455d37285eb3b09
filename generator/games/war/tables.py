"""War's kernel arguments (:mod:`.kernel`) as NamedTuples, which numba takes as one
argument each: numpy only."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class WarTables(NamedTuple):
    """One run's tables, as :func:`.kernel.run_chunk` takes them (one NamedTuple argument)."""

    cards: np.ndarray
    strength: np.ndarray
    players: int
    russian: int
    high: int
    low: int
    facedown: int
    shuffled: int
    objective1: int
    cap: int


class WarOut(NamedTuple):
    """Per game of a chunk: outcome (a seat, ``DRAW`` or ``UNFINISHED``), tricks, wars and
    the tiles left on the table."""

    code: np.ndarray
    tricks: np.ndarray
    wars: np.ndarray
    table: np.ndarray


class WarWork(NamedTuple):
    """What :func:`.kernel.play` needs beside the stacks and the rules: the random source
    (``mode``, ``sm``, ``mt``: :mod:`..fast.rng`), the trick's piles per seat and their
    lengths, the pickup, the seats still in and their faces, and the cycle snapshot."""

    mode: int
    sm: np.ndarray
    mt: np.ndarray
    pile: np.ndarray
    pilen: np.ndarray
    won: np.ndarray
    part: np.ndarray
    faces: np.ndarray
    snap: np.ndarray
    snapcnt: np.ndarray


class TwoWork(NamedTuple):
    """:class:`WarWork` for :func:`.kernel.play2`: the random source, both stacks in one flat
    array ``S`` (seat 1's from ``SEAT``), the trick's cards ``P`` the same way, the pickup,
    the cycle snapshot and ``cnt``, where the final counts go."""

    mode: int
    sm: np.ndarray
    mt: np.ndarray
    S: np.ndarray
    P: np.ndarray
    won: np.ndarray
    snap: np.ndarray
    cnt: np.ndarray
