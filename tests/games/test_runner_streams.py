"""The runner's per-game streams, made cheaply, are the same streams as before (issue 48):
seeds are promises.

* Each seat's stream is keyed by words 1-4 of the game's chance stream; they are read
  from the generator object in place (:mod:`generator.games.mt_words`) instead of from
  ``getstate()``, and must be exactly ``getstate()``'s words (else it falls back).
* A ``random`` seat's choice is drawn in the loop itself, the very draw
  ``random.Random.choice`` makes; where that would differ it calls ``choice``.
* A run of the 40-card trick-taker gives the wins it gave before either change.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from generator.deck import resolve_deck
from generator.games import mt_words as words_module
from generator.games import runner
from generator.games.api import Turn, seat_rngs
from generator.games.designer.find import game_of
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


def test_the_inlined_draw_is_choices() -> None:
    assert runner.INLINE_DRAW  # CPython's random.py: legal[_randbelow(len(legal))]


@pytest.fixture(scope="module")
def tricks() -> Any:
    deck = resolve_deck(TRICKS)
    spec = game_of(deck)
    assert spec is not None
    return spec, deck, spec.make(deck, make_params(spec, []))


class _Plain:
    """``random`` through its own ``choose`` (a Turn built): the path the loop skips."""

    name = "plain"
    deterministic = False
    uses_view = False

    def __init__(self, game: str) -> None:
        self.inner = make_strategy(game, "random")

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        return self.inner.choose(turn, rng)


def test_random_seats_play_the_games_choose_plays(tricks: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    spec, _, game = tricks
    inline = [runner.play(game, [make_strategy(spec.name, "random")] * 2, runner.game_rng(2, i)) for i in range(40)]
    plain = [runner.play(game, [_Plain(spec.name) for _ in range(2)], runner.game_rng(2, i)) for i in range(40)]
    assert inline == plain
    monkeypatch.setattr(runner, "INLINE_DRAW", False)  # a Python whose choice differs: the loop calls choice
    assert not any(runner._Seating(game, [make_strategy(spec.name, "random")] * 2).uniform)
    called = [runner.play(game, [make_strategy(spec.name, "random")] * 2, runner.game_rng(2, i)) for i in range(40)]
    assert called == inline


def test_a_seeded_run_gives_the_games_it_gave_before(tricks: Any) -> None:
    """Pinned from the runner before issue 48's changes (``getstate``, ``choice``), seed 1:
    2,000 random games, and 300 greedy ones (each decision deals again from the seat's stream)."""
    spec, deck, game = tricks
    summary = runner.simulate(spec.name, deck, game.params, games=2000, seed=1, strategy="random", jobs=1)
    assert (summary.wins, summary.scores) == ([1033, 967], [15202.0, 14752.0])
    summary = runner.simulate(spec.name, deck, game.params, games=300, seed=1, strategy="greedy", jobs=1)
    assert (summary.wins, summary.scores) == ([161, 139], [2319.0, 2181.0])
