"""The runner's per-game streams (issue 48): seeds are promises, and each stream is the
documented one, derived here by hand.

* Each seat's stream is keyed by words 1-4 of the game's chance stream; they are read
  from the generator object in place (:mod:`generator.games.mt_words`) instead of from
  ``getstate()``, and must be exactly ``getstate()``'s words (else it falls back).
* A seat playing any strategy but ``random`` draws from ``random.Random("deckpress-seat:
  k:w1:w2:w3:w4")``, as before this round (the pinned ``greedy`` run below is unchanged).
* A seat playing ``random`` draws from its own BLAKE2b byte stream
  (:mod:`generator.games.draws`): one hash per 64 bytes instead of a Mersenne Twister
  seeded per seat per game (issue 48's random-play speed). The runner's loop inlines the
  draw; it must make exactly the documented one, at a turn and at a simultaneous node.
"""

from __future__ import annotations

import random
from hashlib import blake2b
from pathlib import Path
from typing import Any

import pytest

from generator.deck import resolve_deck
from generator.games import mt_words as words_module
from generator.games import runner
from generator.games.api import CHANCE, SIMULTANEOUS, seat_key, seat_rngs
from generator.games.designer.find import game_of
from generator.games.draws import SeatDraws
from generator.games.mt_words import mt_words
from generator.games.registry import make_params, make_strategy

TRICKS = Path(__file__).resolve().parents[2] / "benchmarks" / "games" / "tricks40"


def _words(rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.getstate()[1][1:5])


@pytest.mark.parametrize("seed", ["deckpress:0:0", "deckpress:1:99999", "x", 12345, 2**200 + 7])
def test_the_words_read_in_place_are_getstates(seed: Any) -> None:
    rng = random.Random(seed)
    assert mt_words(rng) == _words(rng)
    for _ in range(700):  # past a twist: the state words change, the reader follows
        rng.random()
    assert mt_words(rng) == _words(rng)


def test_the_reader_is_in_use_on_cpython_and_anything_else_goes_through_getstate() -> None:
    import sys

    if sys.implementation.name == "cpython":
        assert words_module._READ is not None

    class Mine(random.Random):
        pass

    rng = Mine("sub")
    assert mt_words(rng) == _words(rng)  # not the plain type: getstate, the same words


def test_a_seat_stream_is_the_documented_one() -> None:
    """Seat k of game i of seed s: ``random.Random("deckpress-seat:k:w1:w2:w3:w4")`` with
    w1..w4 the chance stream's state words 1-4 (as getstate gives them)."""
    chance = runner.game_rng(7, 3)
    key = ":".join(str(w) for w in _words(runner.game_rng(7, 3)))
    made = seat_rngs(chance, 3)
    for k in range(3):
        expected = random.Random(f"deckpress-seat:{k}:{key}")
        assert [made[k].random() for _ in range(5)] == [expected.random() for _ in range(5)]
    assert chance.random() == runner.game_rng(7, 3).random()  # keying a seat never draws from chance


def test_the_seat_key_is_words_1_to_4() -> None:
    chance = runner.game_rng(7, 3)
    assert seat_key(chance) == ":".join(str(w) for w in _words(runner.game_rng(7, 3)))


def _stream(key: str, seat: int, blocks: int) -> bytes:
    """Seat ``seat``'s bytes, from the module's text: block b is BLAKE2b-512 of
    "deckpress-draws:{seat}:{b}:{key}"."""
    return b"".join(blake2b(f"deckpress-draws:{seat}:{b}:{key}".encode()).digest() for b in range(blocks))


def _by_hand(data: bytes, sizes: list[int]) -> list[int]:
    """The documented choice for each n of ``sizes`` from the byte stream ``data``: n == 1
    without a draw; else the next ceil(bits/8) bytes big-endian, shifted right to
    bits = (n - 1).bit_length() bits, again while >= n."""
    at, picks = 0, []
    for n in sizes:
        if n == 1:
            picks.append(0)
            continue
        bits = (n - 1).bit_length()
        m = -(-bits // 8)
        while True:
            r = int.from_bytes(data[at:at + m], "big") >> (8 * m - bits)
            at += m
            if r < n:
                picks.append(r)
                break
    return picks


def test_a_random_seats_draws_are_the_documented_ones() -> None:
    key = seat_key(runner.game_rng(5, 11))
    sizes = [2, 3, 1, 5, 8, 13, 40, 256, 257, 1000, 3, 70000] * 12  # past several 64-byte blocks
    for seat in (0, 2):
        draws = SeatDraws(key, seat)
        got = [draws.choice(range(n)) for n in sizes]
        assert got == _by_hand(_stream(key, seat, 40), sizes)
        assert draws.block >= 3  # the draws ran through blocks 0-3 at least
    assert SeatDraws(key, 0).choice(["only"]) == "only"
    with pytest.raises(IndexError):
        SeatDraws(key, 0).choice([])


def test_a_hand_made_byte_stream_gives_these_choices() -> None:
    """Bytes 0xC5 0x3F 0x80 0xFF 0x01, read by hand: n=3 takes the top 2 bits of 0xC5
    (0b11 = 3, too big: again) then of 0x3F (0b00 = 0); n=2 the top bit of 0x80 (1); n=5
    the top 3 bits of 0xFF (7, again) then of 0x01 (0)."""
    assert _by_hand(bytes([0xC5, 0x3F, 0x80, 0xFF, 0x01]), [3, 2, 5]) == [0, 1, 0]


def test_seat_streams_give_random_seats_their_draws_and_others_a_twister() -> None:
    chance = runner.game_rng(3, 1)
    random_seat, greedy = make_strategy("weiji", "random"), make_strategy("weiji", "best")
    made = runner.seat_streams(chance, [random_seat, greedy, None])
    assert isinstance(made[0], SeatDraws) and type(made[1]) is random.Random and type(made[2]) is random.Random
    key = seat_key(runner.game_rng(3, 1))
    assert made[1].random() == random.Random(f"deckpress-seat:1:{key}").random()
    assert made[0].choice(range(7)) == SeatDraws(key, 0).choice(range(7))


@pytest.fixture(scope="module")
def tricks() -> Any:
    deck = resolve_deck(TRICKS)
    spec = game_of(deck)
    assert spec is not None
    return spec, deck, spec.make(deck, make_params(spec, []))


def _replayed(game: Any, seed: int, index: int, players: int = 2) -> Any:
    """Game ``index`` with every seat ``random``, played by hand from the documented
    streams: chance from ``game_rng``, seat k's choices ``SeatDraws(key, k).choice``."""
    chance = runner.game_rng(seed, index)
    state = game.new_state()
    draws = [SeatDraws(seat_key(chance), k) for k in range(players)]
    while not state.is_over():
        seat = state.current()
        if seat == CHANCE:
            state.apply(state.sample_chance(chance))
        elif seat == SIMULTANEOUS:
            state.apply_joint([draws[k].choice(state.legal_actions(k)) for k in range(players)])
        else:
            state.apply(draws[seat].choice(state.legal_actions()))
    return state.result()


def test_random_seats_play_the_documented_draws(tricks: Any) -> None:
    """The loop's inlined draw (a turn) against the documented draws, game by game."""
    spec, _, game = tricks
    for i in range(40):
        played = runner.play(game, [make_strategy(spec.name, "random")] * 2, runner.game_rng(2, i))
        assert played == _replayed(game, 2, i)


def test_random_seats_at_simultaneous_nodes_draw_alike() -> None:
    """Sealed bids (every choice at a SIMULTANEOUS node: the seats' ``choose`` with their
    draws) against the documented draws."""
    from .api2 import sealed

    game = sealed.SealedBids(None, sealed.SealedParams(cards=6))
    for i in range(30):
        played = runner.play(game, [make_strategy("weiji", "random")] * 2, runner.game_rng(9, i))
        assert played == _replayed(game, 9, i)


def test_a_seeded_run_gives_the_games_it_gave_before(tricks: Any) -> None:
    """Seed 1: 2,000 random games (pinned when a random seat's draws became its BLAKE2b
    stream, issue 48); 300 greedy ones, pinned from the runner before issue 48's changes
    and unchanged since (``greedy`` deals again from its seat's twister at every decision)."""
    spec, deck, game = tricks
    summary = runner.simulate(spec.name, deck, game.params, games=2000, seed=1, strategy="random", jobs=1)
    assert (summary.wins, summary.scores) == ([1052, 948], [15308.0, 14646.0])
    summary = runner.simulate(spec.name, deck, game.params, games=300, seed=1, strategy="greedy", jobs=1)
    assert (summary.wins, summary.scores) == ([161, 139], [2319.0, 2181.0])
