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
* the game's ``resample(view, seat, rng)`` is consistent with the view: the
  acting seat's view and information state are the same in the resampled state,
  which has the same legal actions and plays on to the end;
* ``resample`` does not depend on hidden information: it gets the view, and the
  view is data (mappings, lists, tuples, sets, numbers, strings, actions; any
  other object in it must be the same object in every state, such as the game's
  card rules), so it cannot carry the real state to ``resample``; and it is a
  function of the view, the seat and ``rng`` alone: two states with the same
  view (the real one and one resampled from it) give the same resampled state
  for the same ``rng`` (every seat's view and the legal actions equal);
* so ``view`` leaks nothing ``resample`` deals again: a view that showed another
  seat's hidden cards would differ in the resampled state.

A game written for the first version of the API (``State.resample(seat, rng)``,
no ``Game.resample``) is checked through the same stand-in the players use
(:func:`~generator.games.api.resampler`, with a ``DeprecationWarning``).

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
                _check_resample(name, seed, step, game, state, seat, rng)
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


def _check_resample(name: str, seed: int, step: int, game: Any, state: State, seat: int,
                    rng: random.Random) -> None:
    from .api import freeze, resampler

    resample = resampler(game, state)
    if resample is None:
        raise _fail(name, seed, step, "the game has decisions but no resample(view, seat, rng), which the search"
                    " players need")
    view = state.view(seat)
    mine = freeze(view)
    key = state.information_state(seat)
    legal = list(state.legal_actions())
    others = []
    for _ in range(2):
        other = resample(view, seat, random.Random(rng.random()))
        if freeze(other.view(seat)) != mine:
            raise _fail(name, seed, step, f"resample({seat}) changed what seat {seat} sees (the view shows hidden"
                        " cards, or resample deals seen cards again)")
        if other.information_state(seat) != key:
            raise _fail(name, seed, step, f"resample({seat}) changed seat {seat}'s information state")
        if list(other.legal_actions()) != legal or other.current() != seat:
            raise _fail(name, seed, step, f"resample({seat}) changed the legal actions")
        if freeze(state.view(seat)) != mine:
            raise _fail(name, seed, step, "resample() changed the original state")
        others.append(other)
    where = _not_data(view, others[0].view(seat))
    if where is not None:
        raise _fail(name, seed, step, f"view({seat}){where} is neither data nor the same object in every state"
                    " (a view must not carry the state to resample)")
    players = _players(state)
    k = rng.random()
    from_real = resample(view, seat, random.Random(k))
    from_other = resample(others[0].view(seat), seat, random.Random(k))
    if (_frozen_views(from_real, players), list(from_real.legal_actions())) != \
            (_frozen_views(from_other, players), list(from_other.legal_actions())):
        raise _fail(name, seed, step, f"resample({seat}) depends on more than the view, the seat and rng: two"
                    f" states seat {seat} cannot tell apart give different resampled states for the same rng")
    trial = others[1]
    for _ in range(100_000):  # the resampled state plays on to the end
        if trial.is_over():
            break
        if trial.current() == CHANCE:
            trial.apply(trial.sample_chance(rng))
        else:
            acts = list(trial.legal_actions())
            if not acts:
                raise _fail(name, seed, step, f"a state resample({seat}) made has a seat with no legal action")
            trial.apply(rng.choice(acts))
    else:
        raise _fail(name, seed, step, f"a state resample({seat}) made does not end")


_DATA = (int, float, str, bool, bytes, type(None), Action)


def _not_data(a: Any, b: Any, where: str = "") -> str | None:
    """Where two views of states a seat cannot tell apart hold something that is
    neither plain data nor one shared object (None: nowhere)."""
    from collections.abc import Mapping

    if isinstance(a, _DATA):
        return None
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in a:
            found = _not_data(a[key], b.get(key), f"{where}[{key!r}]")
            if found is not None:
                return found
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = _not_data(x, y, f"{where}[{i}]")
            if found is not None:
                return found
        return None
    if isinstance(a, (set, frozenset)):
        return None if all(isinstance(x, _DATA) for x in a) else where
    return None if a is b else where
