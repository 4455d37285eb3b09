"""The NamedTuples the stack games' kernels share (numba takes each as one argument):
which games a kernel call plays (:class:`Chunk`) and the seats' circular stacks
(:class:`Stacks`). numpy only."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Chunk(NamedTuple):
    """Games ``start .. start + size - 1`` of the run keyed ``key``: ``mode`` is the random
    source (:mod:`.rng`: ``FAST`` or ``PYTHON``), ``states`` the reference's Mersenne Twister
    state of each game when ``mode`` is ``PYTHON`` (``(size, 625)``; else empty)."""

    mode: int
    key: np.uint64
    start: int
    size: int
    states: np.ndarray


class Stacks(NamedTuple):
    """The seats' stacks as circular buffers: seat ``s`` holds ``cnt[s]`` cards,
    ``stack[s, (head[s] + k) & mask]`` its k-th from the top."""

    stack: np.ndarray
    head: np.ndarray
    cnt: np.ndarray
    mask: int
