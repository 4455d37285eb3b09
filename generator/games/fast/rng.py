"""Random numbers inside the compiled kernels.

Two sources, chosen per run by ``mode``:

* ``FAST`` (the default): SplitMix64, a counter-based generator. Game ``i`` of a
  run seeded ``s`` starts from ``mix(key(s) + i * GAMMA)``, where ``key(s)`` is a
  64-bit hash of the seed computed once in Python (:func:`run_key`). Every game
  therefore has its own stream that depends only on ``(s, i)``: results are the
  same on any machine and for any split of the games over ``--jobs``. It is not
  Python's stream, so the fast engine plays *different* (equally random) games
  than the reference engine for the same seed; the statistics agree.
* ``PYTHON``: Python's Mersenne Twister, bit for bit (``random.Random`` seeded
  with the reference's ``"deckpress:{s}:{i}"`` text; the state is handed over
  from Python) with CPython's ``_randbelow`` and ``shuffle``. Slow to set up per
  game, so it serves verification: the kernels then play exactly the games of
  the reference engine.

State: ``sm`` is a one-element uint64 array (SplitMix64); ``mt`` an int64 array
of 625 values (624 twister words, then the position), as ``random.getstate()``.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
from numba import njit

from .tables import Chunk, Stacks

FAST = 0
PYTHON = 1

GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_MASK32 = 0xFFFFFFFF


def run_key(seed: int) -> np.uint64:
    """The 64-bit key of a run seeded ``seed`` (any Python int)."""
    digest = hashlib.blake2b(f"deckpress-fast:{seed}".encode(), digest_size=8).digest()
    return np.uint64(int.from_bytes(digest, "little"))


def python_state(seed: int, index: int) -> np.ndarray:
    """The Mersenne Twister state of the reference engine's game ``index``."""
    words = random.Random(f"deckpress:{seed}:{index}").getstate()[1]
    return np.array(words, dtype=np.int64)


@njit(cache=True)
def mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def seed_game(sm: np.ndarray, key: np.uint64, index: np.int64) -> None:
    sm[0] = mix(key + np.uint64(index) * GAMMA)


@njit(cache=True)
def _sm_next(sm: np.ndarray) -> np.uint64:
    s = sm[0] + GAMMA
    sm[0] = s
    return mix(s)


@njit(cache=True)
def _mt_next(mt: np.ndarray) -> np.int64:
    """CPython's genrand_uint32."""
    i = mt[624]
    if i >= 624:
        for kk in range(624):
            y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7FFFFFFF)
            v = mt[(kk + 397) % 624] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[kk] = v
        i = 0
    y = mt[i]
    mt[624] = i + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK32


@njit(cache=True)
def _py_below(mt: np.ndarray, n: int) -> Any:
    """CPython's ``_randbelow_with_getrandbits``."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = _mt_next(mt) >> (32 - k)
    while r >= n:
        r = _mt_next(mt) >> (32 - k)
    return r


@njit(cache=True)
def scaled(x: np.uint64, n: int) -> Any:
    """A 64-bit random ``x`` to ``[0, n)``: multiply-shift on its high 32 bits (bias
    below n / 2**32: nil for decks)."""
    return np.int64(((x >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True)
def _fast_below(sm: np.ndarray, n: int) -> Any:
    return scaled(_sm_next(sm), n)


@njit(cache=True)
def below(mode: int, sm: np.ndarray, mt: np.ndarray, n: int) -> Any:
    """A uniform integer in ``[0, n)``, ``n >= 1``."""
    if mode == FAST:
        return _fast_below(sm, n)
    return _py_below(mt, n)


@njit(cache=True)
def _shuffle_fast(sm: np.ndarray, a: np.ndarray, n: int) -> None:
    for i in range(n - 1, 0, -1):
        j = _fast_below(sm, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit(cache=True)
def _shuffle_py(mt: np.ndarray, a: np.ndarray, n: int) -> None:
    for i in range(n - 1, 0, -1):
        j = _py_below(mt, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit(cache=True)
def shuffle(mode: int, sm: np.ndarray, mt: np.ndarray, a: np.ndarray, n: int) -> None:
    """Shuffle ``a[:n]`` in place with ``random.shuffle``'s swap sequence."""
    if mode == FAST:
        _shuffle_fast(sm, a, n)
    else:
        _shuffle_py(mt, a, n)


@njit(cache=True)
def shuffle_and_deal(chunk: Chunk, g: int, sm: np.ndarray, mt: np.ndarray, cards: np.ndarray, order: np.ndarray,
                     dealt: int, st: Stacks) -> None:
    """The deal of game ``g`` of ``chunk``, shared by every stack game's kernel: seed its
    random source (``chunk.mode`` 0: our own per-game stream; else the reference's
    Mersenne Twister state ``chunk.states[g]``), shuffle ``cards`` into ``order`` and deal
    the first ``dealt`` of them one at a time from seat 0 into the stacks ``st`` (emptied
    first, top at ``head``)."""
    mode = chunk.mode
    if mode == 0:
        seed_game(sm, chunk.key, np.int64(chunk.start + g))
    else:
        mt[:] = chunk.states[g]
    total = cards.shape[0]
    order[:] = cards
    shuffle(mode, sm, mt, order, total)
    stack, head, cnt = st.stack, st.head, st.cnt
    players = cnt.shape[0]
    for s in range(players):
        head[s] = 0
        cnt[s] = 0
    s = 0
    for i in range(dealt):
        stack[s, cnt[s]] = order[i]
        cnt[s] += 1
        s += 1
        if s == players:
            s = 0
