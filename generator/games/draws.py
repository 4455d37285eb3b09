"""A ``random`` seat's draws: its own counter-based stream of bytes (issue 48, speed).

A seat playing ``random`` chooses uniformly among its legal actions, from a stream
of its own, so that what it draws never moves a deal or another seat's draws (the
paired card measures rely on it). A Mersenne Twister per seat per game did that at
about 5 µs a seat before the first move (CPython's ``init_by_array`` fills 624 words
whatever the seed): a third of a cheap designer game's whole cost. This stream costs
one BLAKE2b hash (about 0.5 µs) per 64 bytes and reads a byte at C speed.

The stream, exactly (tests/games/test_runner_streams.py derives it by hand):

* **Key:** the game's seat key, ``"w1:w2:w3:w4"``: words 1-4 of the game's chance
  stream's Mersenne Twister state just after seeding, as for every other strategy's
  seat stream (:func:`generator.games.api.seat_key`).
* **Bytes:** seat ``k``'s block ``b`` (``b`` = 0, 1, 2, ...) is the 64-byte BLAKE2b
  digest of the text ``"deckpress-draws:{k}:{b}:{key}"`` (UTF-8); the stream is
  block 0, then block 1, and so on.
* **A choice among n legal actions:** with one, it is taken without a draw. Else
  ``bits = (n - 1).bit_length()`` and ``m = ceil(bits / 8)``: the next ``m`` bytes,
  read as a big-endian number, shifted right by ``8 m - bits``; drawn again while it
  is ``n`` or more (so every action is equally likely); the action at that index.
"""

from __future__ import annotations

from collections.abc import Sequence
from hashlib import blake2b
from typing import TypeVar

T = TypeVar("T")

# for n <= 256 (one byte a draw): the right shift that leaves (n - 1).bit_length() bits
SHIFT = (8, 8, *(8 - (n - 1).bit_length() for n in range(2, 257)))


class SeatDraws:
    """The draws of seat ``seat`` of the game whose seat key is ``key``.

    ``next`` is the current block's byte reader (the runner's loop calls it directly,
    see :func:`generator.games.runner.play`); :meth:`choice` is the whole documented
    draw, which the loop inlines."""

    __slots__ = ("block", "key", "next", "seat")

    def __init__(self, key: str, seat: int) -> None:
        self.key, self.seat, self.block = key, seat, 0
        self.next = iter(blake2b(f"deckpress-draws:{seat}:0:{key}".encode()).digest()).__next__

    def refill(self) -> None:
        """The next block: called when the current one is spent."""
        self.block += 1
        self.next = iter(blake2b(f"deckpress-draws:{self.seat}:{self.block}:{self.key}".encode()).digest()).__next__

    def byte(self) -> int:
        """The stream's next byte."""
        try:
            return self.next()
        except StopIteration:
            self.refill()
            return self.next()

    def below(self, n: int) -> int:
        """A uniform index in ``[0, n)``, ``n >= 2``, as the module says."""
        bits = (n - 1).bit_length()
        m = (bits + 7) // 8
        shift = 8 * m - bits
        while True:
            r = 0
            for _ in range(m):
                r = (r << 8) | self.byte()
            r >>= shift
            if r < n:
                return r

    def choice(self, seq: Sequence[T]) -> T:
        """One of ``seq``, uniformly (``random.Random.choice``'s contract, this stream's draw)."""
        n = len(seq)
        if n == 1:
            return seq[0]
        if not n:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(n)]
