"""Words 1-4 of a ``random.Random``'s Mersenne Twister state, read cheaply.

Each seat's random stream is seeded from words 1-4 of the game's chance stream
just after it was seeded (:func:`generator.games.api.seat_rngs`). ``getstate()``
gives them, but it builds a tuple of 625 Python integers (about 16 us, a third
of the runner's own cost per game of a designer's cheap game). On CPython the
words lie in the generator object itself (``_randommodule.c``: the object head,
``int index``, then ``uint32_t state[624]``), so they are read from there in
about 1 us: the very same numbers, so every seeded run gives the same games as
before.

The layout is checked once, against ``getstate()`` of a few seeded generators,
before it is trusted; where it differs (another Python, another build) every
read goes through ``getstate()``, as before.
"""

from __future__ import annotations

import random
import sys
from _random import Random as _CoreRandom
from collections.abc import Callable

Words = tuple[int, int, int, int]


def _by_getstate(rng: random.Random) -> Words:
    state = rng.getstate()[1]
    return state[1], state[2], state[3], state[4]


def _in_place() -> Callable[[random.Random], Words] | None:
    """The direct reader where this interpreter's object layout is the one expected."""
    if sys.implementation.name != "cpython":
        return None
    try:
        import ctypes
    except ImportError:  # a Python built without ctypes
        return None
    words = ctypes.c_uint32 * 4
    head = object.__basicsize__  # the object head: reference count and type (more in a free-threaded build)
    offset = head + ctypes.sizeof(ctypes.c_int) + ctypes.sizeof(ctypes.c_uint32)  # index, then state[0]
    if _CoreRandom.__basicsize__ < offset + 623 * ctypes.sizeof(ctypes.c_uint32):
        return None
    from_address = words.from_address

    def read(rng: random.Random) -> Words:
        a, b, c, d = from_address(id(rng) + offset)
        return a, b, c, d

    for text in ("deckpress:0:0", "deckpress:1:12345", "words"):
        probe = random.Random(text)
        if read(probe) != _by_getstate(probe):
            return None
    probe.random()  # after draws (the index moves, the words stay where they are)
    return read if read(probe) == _by_getstate(probe) else None


_READ = _in_place()


def mt_words(rng: random.Random) -> Words:
    """``rng.getstate()[1][1:5]``: words 1-4 of a ``random.Random``'s state."""
    if _READ is not None and type(rng) is random.Random:
        return _READ(rng)
    return _by_getstate(rng)
