"""The contract every game passes: :func:`check_game` (after OpenSpiel's
games_sim_test). A designer runs it on their own game in one line::

    from generator.games.testing import check_game
    check_game(SPEC, deck)

It plays random games to the end from many seeds and checks that

* every decision point offers legal actions and the game ends within ``max_steps``;
* the result is well formed and ``returns()`` gives every seat a share that sums to 1;
* chance replays exactly: applying the recorded actions to a fresh state gives
  the same result and the same views;
* ``clone()`` is independent: playing on a clone leaves the original as it was;
* ``resample(seat, rng)`` is consistent with the view: the acting seat's view and
  information state are the same in the resampled state, which has the same
  legal actions and plays on to the end;
* so ``view`` leaks nothing ``resample`` deals again: a view that showed another
  seat's hidden cards would differ in the resampled state.

A broken contract raises :class:`ContractError` naming the seed, the step and
what differed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ..deck.model import Deck
from .api import CHANCE, Action, State
from .params import Params
from .spec import GameSpec


class ContractError(AssertionError):
    """A game broke the State API contract."""


def check_game(spec: GameSpec, deck: Deck | None = None, params: Params | None = None, *,
               seeds: Iterable[int] = range(20), max_steps: int = 100_000) -> int:
    """Check ``spec``'s game on ``deck`` (default: its bundled deck) with ``params``
    (default: the defaults) over random playouts from ``seeds``. Returns the
    number of games played; raises :class:`ContractError` on a broken contract."""
    if deck is None:
        from ..deck import resolve_deck

        if spec.default_deck is None:
            raise ContractError(f"{spec.name}: give the deck to check (it has no bundled deck)")
        deck = resolve_deck(spec.default_deck)
    params = params if params is not None else spec.params()
    game = spec.make(deck, params)
    played = 0
    for seed in seeds:
        _one(spec.name, game, seed, max_steps)
        played += 1
    return played


def _fail(name: str, seed: int, step: int, what: str) -> ContractError:
    return ContractError(f"{name}: seed {seed}, step {step}: {what}")


def _views(state: State, players: int) -> list[Any]:
    return [state.view(s) for s in range(players)]


def _players(state: Any) -> int:
    n = getattr(state, "players", None)
    return int(n()) if callable(n) else int(state.game.params.players)


def _one(name: str, game: Any, seed: int, max_steps: int) -> None:
    rng = random.Random(f"contract:{seed}")
    state = game.new_state()
    players = _players(state)
    history: list[Action] = []
    for step in range(max_steps):
        if state.is_over():
            break
        seat = state.current()
        if seat == CHANCE:
            action = state.sample_chance(rng)
            if step % 7 == 3:
                _check_clone(name, seed, step, state, players, action)
        else:
            if not 0 <= seat < players:
                raise _fail(name, seed, step, f"current() is {seat}, not a seat, CHANCE or TERMINAL")
            legal = list(state.legal_actions())
            if not legal:
                raise _fail(name, seed, step, f"seat {seat} must act but has no legal action")
            if step % 7 == 0:
                _check_clone(name, seed, step, state, players, legal[0])
                _check_resample(name, seed, step, state, seat, rng)
            action = rng.choice(legal)
        history.append(action)
        state.apply(action)
    else:
        raise _fail(name, seed, max_steps, "the game did not end")
    result = state.result()
    if result.winner is not None and not 0 <= result.winner < players:
        raise _fail(name, seed, len(history), f"winner {result.winner} is no seat")
    returns = state.returns()
    if len(returns) != players or abs(sum(returns) - 1.0) > 1e-9:
        raise _fail(name, seed, len(history), f"returns {returns} are not one share per seat summing to 1")
    replay = game.new_state()
    for action in history:
        replay.apply(action)
    if not replay.is_over() or replay.result() != result:
        raise _fail(name, seed, len(history), "replaying the recorded actions gives another result")
    if _views(replay, players) != _views(state, players):
        raise _fail(name, seed, len(history), "replaying the recorded actions gives other views")


def _check_clone(name: str, seed: int, step: int, state: State, players: int, action: Action) -> None:
    before = (state.current(), list(state.legal_actions()), _frozen_views(state, players))
    twin = state.clone()
    if (twin.current(), list(twin.legal_actions()), _frozen_views(twin, players)) != before:
        raise _fail(name, seed, step, "clone() differs from the state it copies")
    twin.apply(action)
    if (state.current(), list(state.legal_actions()), _frozen_views(state, players)) != before:
        raise _fail(name, seed, step, "playing on a clone changed the original (clone() shares mutable parts)")


def _frozen_views(state: State, players: int) -> list[Any]:
    from .api import freeze

    return [freeze(v) for v in _views(state, players)]


def _check_resample(name: str, seed: int, step: int, state: State, seat: int, rng: random.Random) -> None:
    from .api import freeze

    mine = freeze(state.view(seat))
    key = state.information_state(seat)
    legal = list(state.legal_actions())
    for _ in range(2):
        other = state.resample(seat, random.Random(rng.random()))
        if freeze(other.view(seat)) != mine:
            raise _fail(name, seed, step, f"resample({seat}) changed what seat {seat} sees (the view shows hidden"
                        " cards, or resample deals seen cards again)")
        if other.information_state(seat) != key:
            raise _fail(name, seed, step, f"resample({seat}) changed seat {seat}'s information state")
        if list(other.legal_actions()) != legal or other.current() != seat:
            raise _fail(name, seed, step, f"resample({seat}) changed the legal actions")
        if freeze(state.view(seat)) != mine:
            raise _fail(name, seed, step, "resample() changed the original state")
