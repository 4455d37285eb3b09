"""No strategy peeks, for every registered strategy of every game (the built-in games
and the scaffolded Crown Tricks; a strategy registered later is covered
automatically, as the cases are read from the registry).

* At a decision, a state the deciding seat cannot tell from the real one (the
  game's ``resample``: everything it has not seen dealt again) gets the same
  choice from the same random stream.
* While it decides, a strategy reads nothing but the public turn, and reaches
  for no frame, referrer or code object: the guard records every such attempt
  (tests/games/peek_guard.py), and the test fails on the record, so a strategy
  that catches the guard's error is caught too.
* A strategy's random draws never move the game's chance stream.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.games.api import CHANCE, Action, Turn, freeze
from generator.games.designer.loader import as_spec
from generator.games.registry import builtin_names, entry, make_params
from generator.games.runner import game_rng, play
from generator.games.strategies import BestStrategy

from .installed_game import InstalledCrowns
from .peek_guard import GuardedTurn, guarded_choice, watching

CROWNS = as_spec(InstalledCrowns, "tests.games.installed_game:InstalledCrowns")
SPECS = [entry(g) for g in builtin_names()] + [CROWNS]
CASES = [(spec.name, s) for spec in SPECS for s in spec.strategies]
BUDGET = {"mcts": "mcts:8", "expert": None}  # a small search budget keeps the test quick


@pytest.fixture(scope="module")
def crowns_deck(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("nopeek") / "crowns"
    result = CliRunner().invoke(app, ["new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    return resolve_deck(folder)


def _game(name: str, crowns_deck: Any) -> tuple[Any, Any]:
    if name == CROWNS.name:
        return CROWNS, CROWNS.make(crowns_deck, make_params(CROWNS, ["players=3", "hand=6"]))
    spec = entry(name)
    return spec, spec.make(resolve_deck(spec.default_deck or ""), make_params(name))


def _strategy(spec: Any, name: str) -> Any:
    factory = spec.strategies[name]
    budget = int(BUDGET[name].partition(":")[2]) if BUDGET.get(name) else None
    return factory() if budget is None else factory(budget)


def test_every_registered_strategy_is_a_case() -> None:
    for spec in SPECS:
        assert {s for g, s in CASES if g == spec.name} == set(spec.strategies), spec.name
    assert ("viashi", "expert") in CASES and ("weiji", "expert") in CASES and (CROWNS.name, "mcts") in CASES


@pytest.mark.parametrize(("game", "strategy"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_a_strategy_decides_the_same_in_states_it_cannot_tell_apart(game: str, strategy: str,
                                                                    crowns_deck: Any) -> None:
    spec, built = _game(game, crowns_deck)
    if spec.default_strategy is None:
        pytest.skip(f"{game} has no decisions")
    rng = random.Random(5)
    checked = moved = 0
    _warm(built, _strategy(spec, strategy))
    for _ in range(3):
        state = built.new_state()
        steps = 0
        while not state.is_over() and steps < 40:
            seat = state.current()
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            other = built.resample(state.view(seat), seat, random.Random(rng.random()))
            assert freeze(other.view(seat)) == freeze(state.view(seat))
            moved += _hidden(state) != _hidden(other)
            real, bad = guarded_choice(_strategy(spec, strategy), state, seat, random.Random(steps))
            seen, bad2 = guarded_choice(_strategy(spec, strategy), other, seat, random.Random(steps))
            assert not bad and not bad2, f"{strategy} reached beyond its turn: {sorted(set(bad + bad2))}"
            assert real == seen, f"{strategy} chose {real} in the real state but {seen} in one seat {seat} cannot tell apart"
            checked += 1
            state.apply(rng.choice(list(state.legal_actions())))
            steps += 1
    assert checked > 10
    assert moved > checked // 2  # the states compared did hold other hidden cards


def _warm(built: Any, strategy: Any) -> None:
    """One unwatched decision first: a compiled search (the Viashi expert) loads its
    kernels on its first call, and numba's loading reads code objects and frames."""
    state = built.new_state()
    rng = random.Random(0)
    while state.current() == CHANCE:
        state.apply(state.sample_chance(rng))
    strategy.choose(Turn.at(state, state.current()), rng)


def _hidden(state: Any) -> Any:
    """The real hidden part of a state (the test may look; strategies may not)."""
    if hasattr(state, "hands"):
        return [list(h) for h in state.hands], list(getattr(state, "pile", []))[getattr(state, "pos", 0):]
    return [list(s) for s in state.stacks]


@pytest.mark.parametrize(("game", "strategy"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_a_strategy_reads_nothing_beyond_its_turn_in_whole_games(game: str, strategy: str, crowns_deck: Any) -> None:
    """Through the runner itself: every decision of two whole games is watched."""
    spec, built = _game(game, crowns_deck)
    if spec.default_strategy is None:
        pytest.skip(f"{game} has no decisions")
    record: list[str] = []

    class Watched:
        name, deterministic = strategy, False

        def __init__(self) -> None:
            self.inner = _strategy(spec, strategy)

        def choose(self, turn: Turn, rng: random.Random) -> Action:
            guarded = GuardedTurn(turn, record)
            with watching(record):
                return self.inner.choose(guarded, rng)

    players = int(built.params.players)
    _warm(built, _strategy(spec, strategy))
    for index in range(2 if strategy not in ("mcts", "expert") else 1):
        play(built, [Watched() for _ in range(players)], game_rng(3, index))
    assert not record, f"{strategy} reached beyond its turn: {sorted(set(record))}"


# -- the guard itself: a peeking strategy is caught, even one that catches the error ----------
class Peeker:
    """Reads the real state three ways, each inside try/except, and then plays as
    ``best``: its choice is innocent, its reads are not."""

    name, deterministic = "peeker", False

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        try:
            turn._resample  # type: ignore[attr-defined]  # noqa: B018
        except AttributeError:
            pass
        try:
            getattr(turn, "state")  # noqa: B009
        except AttributeError:
            pass
        try:
            sys._getframe(1).f_locals.get("state")
        except Exception:  # noqa: BLE001
            pass
        return BestStrategy().choose(turn, rng)


def test_the_guard_records_a_peek_the_strategy_caught() -> None:
    spec = entry("weiji")
    built = spec.make(resolve_deck("lighting"), make_params("weiji"))
    state = built.new_state()
    state.apply(state.sample_chance(random.Random(1)))
    action, violations = guarded_choice(Peeker(), state, 0, random.Random(0))
    assert action == BestStrategy().choose(Turn.at(state, 0), random.Random(0))  # it returned normally
    assert "turn._resample" in violations and "turn.state" in violations
    assert "sys._getframe" in violations
    _, clean = guarded_choice(BestStrategy(), state, 0, random.Random(0))
    assert clean == []


# -- the chance stream is the game's alone --------------------------------------------------------
class Burner(BestStrategy):
    """Plays exactly as ``best`` but draws a thousand numbers from its stream first."""

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        for _ in range(1000):
            rng.random()
        return super().choose(turn, rng)


def test_what_a_strategy_draws_does_not_move_the_games_chance() -> None:
    """Weiji with shuffled pickups (a chance node after every won showdown): a seat
    that burns its random stream plays the very same game as one that does not."""
    built = entry("weiji").make(resolve_deck("lighting"), make_params("weiji", ["pickup=shuffled", "players=3"]))
    for index in range(5):
        plain = play(built, [BestStrategy() for _ in range(3)], game_rng(2, index))
        burned = play(built, [Burner(), BestStrategy(), Burner()], game_rng(2, index))
        assert burned == plain
        assert plain.tricks > 3 and plain.details["chooser_wins"] > 0  # pickups were shuffled


def test_each_seat_draws_from_its_own_stream() -> None:
    from generator.games.api import seat_rngs

    a, b = seat_rngs(game_rng(1, 0), 3), seat_rngs(game_rng(1, 0), 3)
    assert [r.random() for r in a] == [r.random() for r in b]  # seeded from the game's seed
    firsts = [r.random() for r in seat_rngs(game_rng(1, 0), 3)]
    assert len(set(firsts)) == 3 and game_rng(1, 0).random() not in firsts
    assert seat_rngs(game_rng(1, 1), 1)[0].random() != firsts[0]
