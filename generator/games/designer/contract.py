"""The contract every game passes: :func:`check_game` (after OpenSpiel's
games_sim_test). A designer runs it on their own game in one line::

    from generator.games.designer import check_game
    check_game(SPEC, deck)

``simulate``, ``check``, ``rules``, ``build`` and ``watch`` run it on a designer's
game before using it (:mod:`.enforce`, cached by the content of the game's files and
the deck). It plays random games to the end from many seeds and checks that

* every decision point offers legal actions (at a ``SIMULTANEOUS`` node: some seat
  acts) and the game ends within ``max_steps``;
* the result is well formed and ``returns()`` gives every seat a share that sums to 1,
  or, for a game that declares ``utility = (min, max)``, a number within those bounds;
* chance replays exactly: applying the recorded actions to a fresh state gives
  the same result and the same views;
* ``clone()`` is independent: playing on a clone leaves the original as it was;
* the game's ``resample(view, seat, rng)`` is consistent with the view: the
  acting seat's view and information state are the same in the resampled state,
  which has the same legal actions and plays on to the end;
* views are data (mappings, lists, tuples, sets, numbers, strings, actions): no
  other object, so a view cannot carry the state or the game to ``resample``;
* ``resample`` is a function of the view, the seat and ``rng`` alone: two states
  with the same view (the real one and one resampled from it) give the same
  resampled state for the same ``rng``, and so does the same call after another
  game was created and played (a ``resample`` that reads a module global or the
  game object, where the real state was left, is caught);
* ``resample`` and ``view`` read no state another state changed: after another game
  was created and played (every seat's view asked at every step, as the runner asks,
  and ``resample`` called from it), the real state shows the same views and the same
  ``resample`` call gives the same state (one that copies the real hands from a module
  global or a class attribute is caught);
* views show no hidden cards: a view that showed another seat's cards would differ
  in the resampled state; and where a seat's cards are dealt again by some seat's
  ``resample`` (so they are hidden from that seat) but never by another seat's, the
  other seat's view shows them (its ``resample`` had to keep them);
* a game that deals at random and gives each seat a view of its own hides something:
  where ``resample`` from every seat's view, in every game checked, dealt back a state
  no different from the real one (the same views now, the same game played on with
  the same random stream), every view shows every card (the symmetric leak); a game
  where that is so by its rules (open hands, public dice) shows every seat the same
  view or declares every seat in ``public_seats``;
* chance comes from the runner's stream: the same seed plays the same game again,
  whatever Python's global ``random`` holds (a deal from an unseeded
  ``random.Random()`` or ``random.shuffle`` without ``rng`` is caught);
* returns are finite numbers (no NaN, no infinity), with or without ``utility``.

Short games are checked at every decision point; a game with more than
:data:`CHECKED` decision points at its first ones, its last ones and a random
sample of the rest (chance nodes likewise, for ``clone``).

A game written for the first version of the API (``State.resample(seat, rng)``,
no ``Game.resample``) is checked through the same stand-in the players use
(:func:`~generator.games.api.resampler`, with a ``DeprecationWarning``).

A broken contract raises :class:`ContractError` naming the seed, the step and
what differed (``rule``: a short name of the rule broken).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable
from pathlib import PurePath
from typing import Any

from ...deck.model import Deck
from ..api import CHANCE, SIMULTANEOUS, Action, State, players_of, random_step, utility_of
from ..params import Params
from ..spec import GameSpec

CHECKED = 64  # decision points checked per game at most (all of a shorter game)


class ContractError(AssertionError):
    """A game broke the State API contract (``rule``: which one, ``step``: where)."""

    def __init__(self, message: str, rule: str = "contract", seed: int | None = None,
                 step: int | None = None, what: str | None = None) -> None:
        super().__init__(message)
        self.rule, self.seed, self.step = rule, seed, step
        self.what = what if what is not None else message  # what differed, without the game, seed and step


def check_game(spec: GameSpec, deck: Deck | None = None, params: Params | None = None, *,
               seeds: Iterable[int] = range(20), max_steps: int = 100_000) -> int:
    """Check ``spec``'s game on ``deck`` (default: its bundled deck) with ``params``
    (default: the defaults) over random playouts from ``seeds``. Returns the
    number of games played; raises :class:`ContractError` on a broken contract."""
    if deck is None:
        from ...deck import resolve_deck

        if spec.default_deck is None:
            raise ContractError(f"{spec.name}: give the deck to check (it has no bundled deck)", "deck")
        deck = resolve_deck(spec.default_deck)
    params = params if params is not None else spec.params()
    game = spec.make(deck, params)
    played = 0
    hidden = _Hidden(getattr(game, "public_seats", ()))
    outside = random.getstate()  # Python's global stream: moved between the two plays of a seed, then put back
    try:
        for seed in seeds:
            _one(spec.name, game, seed, max_steps, hidden, twice=played < TWICE)
            played += 1
    finally:
        random.setstate(outside)
    hidden.verdict(spec.name, hidden.public)
    return played


TWICE = 3  # seeds played twice (the same game again?) per check


def _fail(name: str, seed: int, step: int, what: str, rule: str = "contract") -> ContractError:
    return ContractError(f"{name}: seed {seed}, step {step}: {what}", rule, seed, step, what)


def _views(state: State, players: int) -> list[Any]:
    return [state.view(s) for s in range(players)]


def _players(state: Any) -> int:
    return players_of(state)


def _legal(state: Any, seat: int) -> list[Action]:
    """``seat``'s legal actions (at a SIMULTANEOUS node its own, else the state's)."""
    return list(state.legal_actions(seat) if state.current() == SIMULTANEOUS else state.legal_actions())


def _apply(state: Any, action: Any) -> None:
    if isinstance(action, _Joint):
        state.apply_joint(list(action.actions))
    else:
        state.apply(action)


class _Joint:
    """A recorded joint action (one per seat) in a played history."""

    __slots__ = ("actions",)

    def __init__(self, actions: list[Action | None]) -> None:
        self.actions = actions


class _Hidden:
    """Whose views changed under whose ``resample`` (see the module docstring's last rule)."""

    def __init__(self, public: Iterable[int] = ()) -> None:
        self.public = frozenset(public)  # the seats the game declares hide nothing (public_seats)
        self.moved: dict[tuple[int, int], bool] = {}  # (resampling seat, other seat) -> its view ever changed
        self.where: dict[tuple[int, int], tuple[int, int]] = {}  # (resampling seat, other seat) -> (seed, step)
        self.dealt = False  # some resample dealt a state unlike the real one (a view, or the game played on)
        self.chance: tuple[int, int] | None = None  # (seed, step) of the first chance node, where the game deals
        self.players = 0
        self.first: tuple[int, int] | None = None  # (seed, step) of the first resample checked
        self.personal = False  # some state's seats see it differently (the game has a point of view)

    def note(self, seat: int, other: int, changed: bool, seed: int, step: int) -> None:
        key = (seat, other)
        self.moved[key] = self.moved.get(key, False) or changed
        self.where.setdefault(key, (seed, step))

    def verdict(self, name: str, public: Iterable[int] = ()) -> None:
        """Raise where a seat's view shows another seat's hidden cards: seat ``t``'s
        cards are hidden (some seat's ``resample`` dealt them again), or every other
        seat's are (then the game hides cards, and ``t``'s too unless the game lists
        ``t`` in ``public_seats``), yet ``resample`` from seat ``s``'s view never dealt
        them again in any game checked."""
        hidden = {t for (u, t), m in self.moved.items() if m}
        open_seats = set(public)
        if not self.dealt and self.chance is not None and self.first is not None and self.personal \
                and not set(range(self.players)) <= open_seats:
            seed, step = self.first
            every = tuple(range(self.players))
            what = ("resample never dealt anything again: from every seat's view, in every game checked, it gave back"
                    " the real state (the same views, the same game played on), though the game deals at random and"
                    " each seat has a view of its own; so every view shows every seat's cards (or resample copies"
                    " them). If no seat hides anything"
                    f" (open hands, public dice), the game declares public_seats = {every!r}")
            raise ContractError(f"{name}: seed {seed}, step {step}: {what}", "resample deals nothing", seed, step, what)
        for (seat, other), moved in sorted(self.moved.items()):
            if moved or other in open_seats or not hidden:
                continue
            witnesses = sorted(u for (u, t), m in self.moved.items() if t == other and m and u != seat)
            if witnesses:
                why = f"though resample from seat {witnesses[0]}'s did (seat {other}'s cards are hidden)"
            else:
                shown = sorted(hidden)[0]
                why = (f"though other seats' cards are hidden (seat {shown}'s were dealt again); if seat {other}"
                       f" hides nothing, the game declares public_seats = ({other},)")
            seed, step = self.where[(seat, other)]
            what = (f"view({seat}) shows seat {other}'s hidden cards: resample from seat {seat}'s view never dealt"
                    f" seat {other}'s cards again in any game checked, {why}")
            raise ContractError(f"{name}: seed {seed}, step {step}: {what}", "view shows hidden cards", seed, step,
                                what)


def _chosen(count: int, rng: random.Random) -> set[int]:
    """Which of ``count`` decision points to check: all of a short game, else the
    first and last ones and a random sample of the rest."""
    if count <= CHECKED:
        return set(range(count))
    ends = set(range(8)) | set(range(count - 4, count))
    rest = [k for k in range(count) if k not in ends]
    return ends | set(rng.sample(rest, CHECKED - len(ends)))


def _playout(name: str, game: Any, seed: int, max_steps: int) -> tuple[Any, list[Any], list[int], list[int]]:
    """A random game to the end from ``seed``: the final state, the actions taken, the
    steps with a decision and the chance steps."""
    rng = random.Random(f"contract:{seed}")
    state = game.new_state()
    players = _players(state)
    history: list[Any] = []
    decisions: list[int] = []  # steps with a decision
    chances: list[int] = []
    for step in range(max_steps):
        if state.is_over():
            break
        seat = state.current()
        if seat == CHANCE:
            action: Any = state.sample_chance(rng)
            chances.append(step)
        elif seat == SIMULTANEOUS:
            options = [list(state.legal_actions(s)) for s in range(players)]
            if not any(options):
                raise _fail(name, seed, step, "current() is SIMULTANEOUS but no seat has a legal action",
                            "no legal action")
            action = _Joint([rng.choice(acts) if acts else None for acts in options])
            decisions.append(step)
        else:
            if not 0 <= seat < players:
                raise _fail(name, seed, step, f"current() is {seat}, not a seat, CHANCE, SIMULTANEOUS or TERMINAL",
                            "current")
            legal = list(state.legal_actions())
            if not legal:
                raise _fail(name, seed, step, f"seat {seat} must act but has no legal action", "no legal action")
            action = rng.choice(legal)
            decisions.append(step)
        history.append(action)
        _apply(state, action)
    else:
        raise _fail(name, seed, max_steps, "the game did not end", "the game ends")
    return state, history, decisions, chances


def _same_game_again(name: str, game: Any, seed: int, max_steps: int, state: Any, history: list[Any]) -> None:
    """The same seed plays the same game, whatever Python's global ``random`` holds."""
    random.seed(f"contract-outside:{seed}:again")  # a deal from the global stream moves
    again, repeat, _, _ = _playout(name, game, seed, max_steps)
    players = _players(state)
    first = [_key(a) for a in history]
    second = [_key(a) for a in repeat]
    step = next((i for i, (x, y) in enumerate(zip(first, second, strict=False)) if x != y), None)
    if step is None and (len(first) != len(second) or again.result() != state.result()
                         or _frozen_views(again, players) != _frozen_views(state, players)):
        step = min(len(first), len(second))
    if step is not None:
        took = (f"took {first[step]!r} the first time and {second[step]!r} the second"
                if step < min(len(first), len(second)) else "ended otherwise")
        raise _fail(name, seed, step, f"the same seed gave another game: step {step} {took}. Chance comes from the"
                    " runner's stream only: sample_chance(rng) and resample(view, seat, rng) draw from the rng they"
                    " are given, never from random.Random() of their own, random.shuffle without it or the clock",
                    "chance comes from rng")


def _key(action: Any) -> Any:
    return tuple(action.actions) if isinstance(action, _Joint) else action


def _one(name: str, game: Any, seed: int, max_steps: int, hidden: _Hidden | None = None, twice: bool = False) -> None:
    random.seed(f"contract-outside:{seed}")  # 1. play a random game to the end
    state, history, decisions, chances = _playout(name, game, seed, max_steps)
    players = _players(state)
    if twice:
        _same_game_again(name, game, seed, max_steps, state, history)
    if hidden is not None:
        hidden.players = max(hidden.players, players)
        if chances and hidden.chance is None:
            hidden.chance = (seed, chances[0])
    result = state.result()
    if result.winner is not None and not 0 <= result.winner < players:
        raise _fail(name, seed, len(history), f"winner {result.winner} is no seat", "result")
    returns = state.returns()
    bounds = getattr(game, "utility", None)
    if not all(isinstance(r, (int, float)) and not isinstance(r, bool) and math.isfinite(r) for r in returns):
        raise _fail(name, seed, len(history), f"returns {returns} are not all finite numbers (no NaN, no infinity)",
                    "returns are finite")
    if bounds is None:
        if len(returns) != players or abs(sum(returns) - 1.0) > 1e-9:
            raise _fail(name, seed, len(history), f"returns {returns} are not one share per seat summing to 1"
                        " (a game whose returns are points or chips declares utility = (min, max))", "returns")
    else:
        lo, hi = utility_of(game)
        if not lo < hi:
            raise _fail(name, seed, len(history), f"utility {bounds!r} is not (min, max) with min < max", "returns")
        if len(returns) != players or not all(lo - 1e-9 <= r <= hi + 1e-9 for r in returns):
            raise _fail(name, seed, len(history), f"returns {returns} are not one number per seat within"
                        f" utility {bounds!r}", "returns")
    # 2. replay the recorded actions, checking clone and resample on the way
    checks = random.Random(f"contract-checks:{seed}")
    check_decisions = {decisions[k] for k in _chosen(len(decisions), checks)}
    check_chances = {chances[k] for k in _chosen(len(chances), checks)} if chances else set()
    decoys = set(sorted(check_decisions)[:2])  # where resample is called again after another game was played
    replay = game.new_state()
    for step, action in enumerate(history):
        seat = replay.current()
        if step in check_chances:
            _check_clone(name, seed, step, replay, players, action)
        if step in check_decisions:
            _check_clone(name, seed, step, replay, players, action)
            acting = [seat] if seat >= 0 else [s for s in range(players) if _legal(replay, s)]
            for s in acting:
                _check_resample((name, seed, step), game, replay, s, checks, hidden, step in decoys)
        _apply(replay, action)
    if not replay.is_over() or replay.result() != result:
        raise _fail(name, seed, len(history), "replaying the recorded actions gives another result", "replay")
    if _views(replay, players) != _views(state, players):
        raise _fail(name, seed, len(history), "replaying the recorded actions gives other views", "replay")


def _all_legal(state: Any, players: int) -> Any:
    if state.current() == SIMULTANEOUS:
        return [list(state.legal_actions(s)) for s in range(players)]
    return list(state.legal_actions())


def _check_clone(name: str, seed: int, step: int, state: Any, players: int, action: Any) -> None:
    before = (state.current(), _all_legal(state, players), _frozen_views(state, players))
    twin = state.clone()
    if (twin.current(), _all_legal(twin, players), _frozen_views(twin, players)) != before:
        raise _fail(name, seed, step, "clone() differs from the state it copies", "clone")
    _apply(twin, action)
    if (state.current(), _all_legal(state, players), _frozen_views(state, players)) != before:
        raise _fail(name, seed, step, "playing on a clone changed the original (clone() shares mutable parts)",
                    "clone")


def _frozen_views(state: State, players: int) -> list[Any]:
    from ..api import freeze

    return [freeze(v) for v in _views(state, players)]


RESAMPLES = 3  # states dealt again from one view at a checked decision point


def _check_resample(at: tuple[str, int, int], game: Any, state: Any, seat: int,
                    rng: random.Random, hidden: _Hidden | None = None, decoy: bool = False) -> None:
    """``at``: the game's name, the seed and the step checked (what a failure names)."""
    from ..api import freeze, resampler

    name, seed, step = at

    def fail(what: str, rule: str = "resample") -> ContractError:
        return _fail(name, seed, step, what, rule)

    resample = resampler(game, state)
    if resample is None:
        raise fail("the game has decisions but no resample(view, seat, rng), which the search players need")
    players = _players(state)
    view = state.view(seat)
    where = _not_data(view)
    if where is not None:
        raise fail(f"view({seat}){where} is not data (a view holds mappings, lists, tuples, sets, numbers,"
                   " strings and actions only: any other object could carry the state or the game to a"
                   " strategy or to resample)", "views are data")
    mine = freeze(view)
    key = state.information_state(seat)
    current = state.current()
    legal = _legal(state, seat)
    real_views = _frozen_views(state, players)
    others = []
    for _ in range(RESAMPLES):
        other = resample(view, seat, random.Random(rng.random()))
        if freeze(other.view(seat)) != mine:
            raise fail(f"resample({seat}) changed what seat {seat} sees (the view shows hidden cards, or resample"
                       " deals seen cards again)", "view shows hidden cards")
        if other.information_state(seat) != key:
            raise fail(f"resample({seat}) changed seat {seat}'s information state")
        if other.current() != current or _legal(other, seat) != legal:
            raise fail(f"resample({seat}) changed the legal actions")
        if freeze(state.view(seat)) != mine:
            raise fail("resample() changed the original state")
        if hidden is not None:
            views = _frozen_views(other, players)
            for t in range(players):
                if t != seat:
                    hidden.note(seat, t, views[t] != real_views[t], seed, step)
            hidden.dealt = hidden.dealt or views != real_views
        others.append(other)
    if hidden is not None:
        hidden.first = hidden.first or (seed, step)
        hidden.personal = hidden.personal or any(v != real_views[0] for v in real_views)
        if not hidden.dealt and hidden.chance is not None and hidden.personal \
                and not set(range(players)) <= hidden.public:
            # the same views: does the game play on the same?
            hidden.dealt = _plays_otherwise(state.clone(), others[0].clone(), players, f"{seed}:{step}")
    k = rng.random()
    from_real = resample(view, seat, random.Random(k))
    got = (_frozen_views(from_real, players), _all_legal(from_real, players))
    from_other = resample(others[0].view(seat), seat, random.Random(k))
    if got != (_frozen_views(from_other, players), _all_legal(from_other, players)):
        raise fail(f"resample({seat}) depends on more than the view, the seat and rng: two states seat {seat}"
                   " cannot tell apart give different resampled states for the same rng", "resample is blind")
    if decoy:  # another game created and played: a resample or view that reads where another state was left moves
        _decoy(game, resample, seat, players, random.Random(f"contract-decoy:{seed}:{step}:views"), step + 1)
        if _frozen_views(state, players) != real_views:
            raise fail("a view of the real state changed when another game was played: view() reads state another"
                       " state changed (a module global or a class attribute), not its own",
                       "view reads its own state")
        _decoy(game, resample, seat, players, random.Random(f"contract-decoy:{seed}:{step}"), step + 1)
        again = resample(view, seat, random.Random(k))  # before any view of the real state is asked again
        if got != (_frozen_views(again, players), _all_legal(again, players)):
            raise fail(f"resample({seat}) depends on more than the view, the seat and rng: the same call gave"
                       " another state after another game was played and its views were asked (it reads a module"
                       " global, the game object or a class attribute that another state changed)",
                       "resample is blind")
    trial = others[-1]
    for _ in range(100_000):  # the resampled state plays on to the end
        if trial.is_over():
            break
        cur = trial.current()
        if cur != CHANCE and not (any(_all_legal(trial, players)) if cur == SIMULTANEOUS
                                  else trial.legal_actions()):
            raise fail(f"a state resample({seat}) made has a seat with no legal action")
        random_step(trial, rng)
    else:
        raise fail(f"a state resample({seat}) made does not end")


def _decoy(game: Any, resample: Any, seat: int, players: int, rng: random.Random, steps: int) -> None:
    """Another game, created and played ``steps`` steps as the runner plays one: every
    seat's view asked at every step, and ``resample`` called from the acting seat's,
    so that whatever a game keeps outside its states (a module global, a class
    attribute) now holds the other game's."""
    other = game.new_state()
    try:
        for _ in range(steps):
            if other.is_over():
                break
            views = [other.view(s) for s in range(players)]
            cur = other.current()
            if cur >= 0:
                other.information_state(cur)
                resample(views[cur], cur, random.Random(rng.random()))
            elif cur == SIMULTANEOUS:
                for s in range(players):
                    if _legal(other, s):
                        resample(views[s], s, random.Random(rng.random()))
            random_step(other, rng)
        [other.view(s) for s in range(players)]  # the last state asked too: it is where a leak would point
    except Exception:  # noqa: BLE001 - the decoy only moves where a leaky resample or view reads from
        return


def _plays_otherwise(real: Any, dealt: Any, players: int, tag: str) -> bool:
    """Whether a resampled state with the real one's views differs from it further on:
    both played to the end on the same random stream (a face-down draw pile dealt
    again shows only there)."""
    one, two = random.Random(f"contract-lockstep:{tag}"), random.Random(f"contract-lockstep:{tag}")
    for _ in range(100_000):
        if real.is_over() or dealt.is_over():
            break
        if real.current() != dealt.current() or _all_legal(real, players) != _all_legal(dealt, players):
            return True
        random_step(real, one)
        random_step(dealt, two)
    if real.is_over() != dealt.is_over() or (real.is_over() and real.result() != dealt.result()):
        return True
    return _frozen_views(real, players) != _frozen_views(dealt, players)


_DATA = (int, float, str, bool, bytes, type(None), Action, PurePath)


def _not_data(a: Any, where: str = "") -> str | None:
    """Where a view holds something that is not plain data (None: nowhere)."""
    from collections.abc import Mapping

    if isinstance(a, _DATA):
        return None
    if isinstance(a, Mapping):
        for key, value in a.items():
            if _not_data(key) is not None:
                return f"{where} (the key {key!r})"
            found = _not_data(value, f"{where}[{key!r}]")
            if found is not None:
                return found
        return None
    if isinstance(a, (list, tuple, set, frozenset)):
        for i, x in enumerate(a):
            found = _not_data(x, f"{where}[{i}]")
            if found is not None:
                return found
        return None
    if dataclasses.is_dataclass(a) and not isinstance(a, type) and a.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        for f in dataclasses.fields(a):  # a frozen table of data (Viashi's card rules) is data
            found = _not_data(getattr(a, f.name), f"{where}.{f.name}")
            if found is not None:
                return found
        return None
    return f"{where} ({type(a).__name__})"
