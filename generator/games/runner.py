"""Play games through the uniform State API: many seeded games (``simulate``)
or one fixed deal (``play_deal``).

Seeding: game ``i`` of a run with seed ``s`` draws every chance outcome from
its own ``random.Random`` seeded with the text ``"deckpress:{s}:{i}"`` (hashed
the same way on every machine), and each seat's random choices from the seat's
own stream keyed by that one (:func:`seat_streams`: a strategy never draws from
the chance stream, so what it draws cannot move a later deal), so any split of the game indices over ``jobs`` processes gives
exactly the results of one process. The loop in :func:`play` is the reference
hot path: a strategy gets a :class:`~generator.games.api.Turn` (its seat's
view and legal actions), never the state.

Engines: ``simulate(engine="auto")`` plays with the compiled kernels of
:mod:`generator.games.fast` when they serve the game, parameters and strategy
(War; Weiji with ``best``, ``random`` or ``fixed``; three-player Viashi with
``greedy`` or ``random``, no handicap; every seat the same strategy), otherwise with the State-API reference
engine (custom and per-seat strategies, the Viashi ``expert``, Viashilym, the handicap, ``play_deal`` traces); ``engine="fast"`` insists (a clear error says why it cannot
serve), ``engine="reference"`` never uses the kernels. The fast engine draws its
own seeded per-game random streams (see :mod:`generator.games.fast.rng`): just as
reproducible and independent of ``jobs``, but other games than the reference
plays for the same seed; ``Summary.engine`` records which engine ran.
"""

from __future__ import annotations

import pickle
import random
import sys
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..deck.model import Deck
from ..errors import ParameterError
from ..executor import Executor, ProcessPool, parse_jobs
from .api import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Game,
    Result,
    Strategy,
    TrickObserver,
    Turn,
    players_of,
    resampler,
    seat_key,
    seeded,
    utility_of,
)
from .deals import deal_choices, deal_seed
from .designer.loader import designer_failure, ensure, is_file_ref
from .draws import SHIFT, SeatDraws
from .params import Params
from .registry import builtin_names, entry, make_game, make_strategy, seat_strategies
from .stats import Summary
from .strategies import FixedStrategy, RandomStrategy

Progress = Callable[[int], None]
PROGRESS_EVERY = 64  # games between progress calls in one process
ENGINES = ("auto", "fast", "reference")


def game_rng(seed: int, index: int) -> random.Random:
    """The random source of game ``index`` in a run seeded ``seed``."""
    return seeded(f"deckpress:{seed}:{index}")


def play(
    game: Game,
    strategies: Sequence[Strategy],
    rng: random.Random,
    observer: TrickObserver | None = None,
    scripted: Sequence[Action] = (),
    max_steps: int | None = None,
) -> Result:
    """Play one game: chance nodes take ``scripted`` outcomes first, then
    sample from ``rng``; seat ``k`` asks ``strategies[k]``, handing it a
    :class:`~generator.games.api.Turn` and the seat's own stream
    (:func:`seat_streams` of ``rng``). At a ``SIMULTANEOUS``
    node every acting seat is asked with the view it had before anyone chose
    (:func:`_joint`). ``max_steps``: the turn cap of a game that does not cap
    itself (every node counts, chance included; see :func:`turn_cap`): a game
    past it ends as unfinished. A seat that must act with no legal action raises
    :class:`NoLegalAction`."""
    return _play(game, _Seating(game, strategies), rng, observer, scripted, max_steps)


class _Seating:
    """What :func:`play` asks of the game and the strategies, asked once for a run of
    games with the same ones (:func:`_play_range`) instead of once per game."""

    __slots__ = ("choosers", "deterministic", "drawing", "heuristic", "resample", "strategies", "uniform", "views")

    def __init__(self, game: Game, strategies: Sequence[Strategy]) -> None:
        self.strategies = strategies
        self.deterministic = bool(strategies) and all(getattr(s, "deterministic", False) for s in strategies)
        self.views = _viewers(strategies)
        self.choosers = [s.choose for s in strategies]
        # seats playing ``random``: the loop draws their choice itself (SeatDraws.choice, no Turn built)
        self.uniform = [type(s) is RandomStrategy for s in strategies]
        self.drawing = _drawing(strategies)  # their streams: SeatDraws (a subclass of RandomStrategy's too)
        self.heuristic = getattr(game, "heuristic", None)
        own = getattr(game, "resample", None)  # else the old API's State.resample: per state (resampler)
        self.resample = own if strategies and callable(own) else None


def _play(game: Game, seating: _Seating, rng: random.Random, observer: TrickObserver | None = None,
          scripted: Sequence[Action] = (), max_steps: int | None = None) -> Result:
    """:func:`play` with the seating asked already."""
    state = game.new_state(observer)
    strategies = seating.strategies
    if seating.deterministic:
        enable = getattr(state, "enable_cycle_check", None)
        if enable is not None:
            enable()
    script = deque(scripted) if scripted else None
    seats = _seat_streams(rng, seating.drawing) if strategies else []
    resample = seating.resample
    if resample is None and strategies:
        resample = resampler(game, state)
    heuristic, views, choosers, uniform = seating.heuristic, seating.views, seating.choosers, seating.uniform
    steps = 0  # nodes passed so far: the index of the current one
    # the state's methods, looked up once per game (the loop asks each at every node)
    is_over, current, legal_actions, apply = state.is_over, state.current, state.legal_actions, state.apply
    cap = max_steps if max_steps is not None else sys.maxsize
    while not is_over():
        seat = current()
        if steps >= cap:
            return _cut_off(state)
        steps += 1
        if seat == CHANCE:
            apply(script.popleft() if script else state.sample_chance(rng))
        elif seat == SIMULTANEOUS:
            _joint(state, strategies, seats, resample, heuristic, steps - 1)
        else:
            legal = legal_actions()
            if not legal:
                raise NoLegalAction(seat, steps - 1)
            if uniform[seat]:  # RandomStrategy.choose, inlined: SeatDraws.choice(legal), the same draw
                n = len(legal)
                if n == 1:
                    apply(legal[0])
                    continue
                draws = seats[seat]
                if n <= 256:  # one byte a try, its top bits: (n - 1).bit_length() of them
                    shift = SHIFT[n]
                    try:
                        r = draws.next() >> shift
                        while r >= n:
                            r = draws.next() >> shift
                    except StopIteration:  # the block is spent: the draw goes on from the next one
                        r = draws.below(n)
                else:
                    r = draws.below(n)
                apply(legal[r])
                continue
            view = state.view(seat) if views[seat] else NO_VIEW
            apply(choosers[seat](Turn(seat, view, legal, resample, heuristic), seats[seat]))
    return _finished(game, state)


def seat_streams(rng: random.Random, strategies: Sequence[Strategy | None]) -> list[Any]:
    """Each seat's own random stream in the game whose chance stream is ``rng``, keyed by
    its seat key (:func:`~generator.games.api.seat_key`, never drawn from ``rng``): a
    seat playing ``random`` (:class:`RandomStrategy` or a subclass) gets its draws (:class:`~generator.games.draws.SeatDraws`,
    which its ``choose`` draws from through ``choice``), any other strategy the
    ``random.Random`` of :func:`~generator.games.api.seat_rngs` (a seat with None: a person)."""
    return _seat_streams(rng, _drawing(strategies))


def _drawing(strategies: Sequence[Strategy | None]) -> list[bool]:
    """Per seat, whether it plays ``random`` (:class:`RandomStrategy` or a subclass of it):
    such a seat's stream is its :class:`~generator.games.draws.SeatDraws`."""
    return [isinstance(s, RandomStrategy) for s in strategies]


def _seat_streams(rng: random.Random, uniform: Sequence[bool]) -> list[Any]:
    key = seat_key(rng)
    return [SeatDraws(key, k) if plain else seeded(f"deckpress-seat:{k}:{key}") for k, plain in enumerate(uniform)]


class NoLegalAction(Exception):
    """A designer's game left a seat to act with no legal action."""

    def __init__(self, seat: int | None, step: int) -> None:
        self.seat, self.step = seat, step
        who = f"seat {seat} must act" if seat is not None else "a SIMULTANEOUS node must have a seat that acts"
        super().__init__(f"{who} but has no legal action" if seat is not None else who)


def _joint(state: Any, strategies: Sequence[Strategy], seats: Sequence[random.Random], resample: Any,
           heuristic: Any, step: int) -> None:
    """A ``SIMULTANEOUS`` node: every seat's view and legal actions are taken before
    anyone chooses, each acting seat chooses from its own turn, then the joint action
    is applied (a seat with no legal action gets None)."""
    players = len(strategies)
    turns = [Turn(s, state.view(s), state.legal_actions(s), resample, heuristic) for s in range(players)]
    if not any(t.legal for t in turns):
        raise NoLegalAction(None, step)
    state.apply_joint([strategies[t.seat].choose(t, seats[t.seat]) if t.legal else None for t in turns])


def _finished(game: Any, state: Any) -> Result:
    """The result, with the per-seat returns of a game that declares ``utility``."""
    result: Result = state.result()
    if getattr(game, "utility", None) is not None and not result.returns:
        from dataclasses import replace

        result = replace(result, returns=[float(r) for r in state.returns()])
    return result


def _cut_off(state: Any) -> Result:
    """A game stopped by the turn cap: unfinished, no winner, its returns shared."""
    from dataclasses import replace

    result: Result = state.result()
    game = getattr(state, "game", None)
    returns: list[float] = []
    if getattr(game, "utility", None) is not None:
        lo, hi = utility_of(game)
        returns = [(lo + hi) / 2] * players_of(state)
    return replace(result, winner=None, unfinished=True, returns=returns)


def turn_cap(name: str, params: Params) -> int | None:
    """The runner's turn cap for game ``name``: None for a built-in game (each caps
    itself at ``max_tricks`` tricks), else ``max_tricks`` steps (every node a state
    passes through, chance and simultaneous nodes included)."""
    from .registry import builtin_names

    if name in builtin_names():
        return None
    return int(getattr(params, "max_tricks", 10_000))


NO_VIEW: Mapping[str, Any] = MappingProxyType({})  # the view handed to a strategy that reads none


def _viewers(strategies: Sequence[Strategy]) -> list[bool]:
    """Per seat, whether its strategy reads the view: one that declares ``uses_view = False``
    (``random``) gets an empty mapping, and the game's ``view`` is not built for it."""
    return [getattr(s, "uses_view", True) is not False for s in strategies]


def _players(params: Params) -> int:
    return int(getattr(params, "players", 2))


def _strategies(game: str, spec: str | None, players: int) -> list[Strategy]:
    """One fresh strategy per seat from ``--strategy`` (see
    :func:`~generator.games.registry.seat_strategies`)."""
    return [make_strategy(game, name) for name in seat_strategies(game, spec, players)]


def strategy_label(game: str, spec: str | None, players: int) -> str | None:
    """``spec`` normalised: the one name when every seat plays it, else the
    names per seat joined with commas (None: a game without decisions)."""
    names = seat_strategies(game, spec, players)
    if not names:
        return None
    return names[0] if len(set(names)) == 1 else ",".join(names)


class _PerSeat:
    """Delegates each seat's choice to that seat's strategy (after scripted choices)."""

    name = "per-seat"
    deterministic = False

    def __init__(self, strategies: Sequence[Strategy]) -> None:
        self.strategies = list(strategies)

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        return self.strategies[turn.seat].choose(turn, rng)


class Stopped(KeyboardInterrupt):
    """A run stopped by Ctrl-C or SIGTERM: ``summary`` holds the games finished, the first
    ones by index (exactly what a run of that many games with the same seed gives)."""

    def __init__(self, summary: Summary, cause: BaseException) -> None:
        super().__init__("stopped")
        self.summary = summary
        self.cause = cause


def _play_range(game: Game, name: str, strategy: str | None, params: Params, seed: int,
                indices: range, progress: Progress | None = None, fast: bool = False) -> Summary:
    """The games of ``indices`` (consecutive game indices), seeded by ``seed`` and the index."""
    start, stop = indices.start, indices.stop
    summary = Summary(game=name, params=params.describe(), seed=seed, players=_players(params), strategy=strategy)
    if fast:
        from .fast.engine import play_range

        try:
            return play_range(name, game, strategy, summary, start, stop, progress)
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: the whole chunks finished so far (maybe none)
            raise Stopped(summary, exc) from None
    seating = _Seating(game, _strategies(name, strategy, _players(params)))
    cap = turn_cap(name, params)
    done = 0
    chance = random.Random.__new__(random.Random)  # each game's chance stream: this one, seeded again
    for index in range(start, stop):
        try:
            summary.add(_play(game, seating, seeded(f"deckpress:{seed}:{index}", chance), max_steps=cap))
        except Exception as exc:  # a bug in a designer's game.py: name their file and line
            raise reproducible(exc, name, seed, index) from None
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: the games finished so far, in order
            raise Stopped(summary, exc) from None
        done += 1
        if progress is not None and done == PROGRESS_EVERY:
            progress(done)
            done = 0
    if progress is not None and done:
        progress(done)
    return summary


def simulate(
    game: str,
    deck: Deck,
    params: Params,
    *,
    games: int,
    seed: int,
    strategy: str | None = None,
    jobs: int | str = 1,
    progress: Progress | None = None,
    engine: str = "auto",
    executor: Executor | None = None,
    first: int = 0,
) -> Summary:
    """Play ``games`` seeded games; ``progress(n)`` is called with the number of
    games just finished. ``jobs`` (a count or ``auto``) spreads chunks of game
    indices over processes, ``executor`` (see :mod:`generator.executor`; it wins
    over ``jobs``) over whatever it runs on, a Dask cluster included; the summary
    is identical to ``jobs=1``. ``engine``: ``auto`` (the fast kernels when they
    serve this run, else the reference), ``fast`` or ``reference``. ``first``: the
    index of the first game (games ``first`` .. ``first + games - 1``), so a run can
    go on where another stopped; merged in order they equal one longer run."""
    if games < 0:
        raise ParameterError(f"--games must be 0 or more, got {games}")
    workers = executor.workers if executor is not None else parse_jobs(jobs)
    if engine not in ENGINES:
        raise ParameterError(f"unknown engine {engine!r}; valid: {', '.join(ENGINES)}")
    built = make_game(game, deck, params)
    strategy = strategy_label(game, strategy, _players(params))  # validates the names before any work
    fast = _use_fast(engine, game, built, strategy)
    remote = executor is not None and executor.kind == "dask"
    if not remote and (workers == 1 or games < 2 * workers):
        return _play_range(built, game, strategy, params, seed, range(first, first + games), progress, fast)
    size = max(1, min(200_000 if fast else 2000, games // (workers * 8)))
    chunks = [(first + i, first + min(i + size, games)) for i in range(0, games, size)]
    total = Summary(game=game, params=params.describe(), seed=seed, players=_players(params), strategy=strategy,
                    engine="fast" if fast else "reference")
    ready: dict[int, Summary] = {}
    merged = 0
    # workers import the game by its source and rebuild the parameters (a designer's model pickles by no name)
    init = (entry(game).source or game, dump_deck(deck), params.model_dump(exclude_unset=True), strategy, seed, fast)
    fork = not remote and _warm(fast, built, game, strategy)
    own = executor is None
    runs = executor if executor is not None else ProcessPool(workers)
    try:
        for k, part in runs.run(_work, chunks, initializer=_init_worker, initargs=init, fork=fork):
            ready[k] = part
            if progress is not None:
                progress(part.games)
            while merged in ready:  # merge in index order: the same sums as one process
                total.merge(ready.pop(merged))
                merged += 1
    except KeyboardInterrupt as exc:  # the chunks merged so far: games first .. first + total.games - 1
        raise Stopped(total, exc) from None
    finally:
        if own:
            runs.close()
    return total


def _use_fast(engine: str, name: str, game: Game, strategy: str | None) -> bool:
    """Whether the compiled kernels play this run (``auto`` falls back quietly)."""
    if engine == "reference" or engine == "auto" and name not in builtin_names():
        return False  # the kernels serve built-in games only: a designer's game need not load numba
    from .fast.engine import unsupported

    why = unsupported(name, game, strategy)
    if why is not None and engine == "fast":
        raise ParameterError(f"--engine fast cannot play this run: {why}; use --engine auto or reference")
    return why is None


def _warm(fast: bool, built: Game, name: str, strategy: str | None) -> bool:
    """Whether local workers should ``fork`` (see :func:`generator.executor.start_method`)
    after warming this process: a spawned worker would spend a second or two starting
    numba and loading the compiled kernels from their cache, which eats the gain of
    ``--jobs 2`` on runs of a few seconds. A designer's game forks (it is loaded here, and
    a sequential check starts a pool per round). For the fast engine, load the kernels here;
    for runs with the Viashi ``expert`` (whose search is a kernel), play one warm-up
    game. Other runs spawn clean interpreters."""
    if not sys.platform.startswith("linux"):
        return False
    if name not in builtin_names():
        return True  # a designer's game: loaded here already, a forked worker need not import it again
    if fast:
        from .fast.engine import warm_up

        warm_up(name, built, strategy)
        return True
    if "expert" in (strategy or ""):
        if (name, strategy) not in _WARMED:  # once per process: a sequential check forks a pool per round
            play(built, _strategies(name, strategy, _players(built.params)), game_rng(0, 0))
            _WARMED.add((name, strategy))
        return True
    return False


_WARMED: set[tuple[str, str | None]] = set()


def designer_source(name: str) -> str | None:
    """The file of the designer's game registered as ``name`` (as an error line shows
    it), None for a built-in or installed game."""
    from ..errors import shown_path
    from .registry import GAMES

    spec = GAMES.get(name)
    if spec is None or spec.source is None or not is_file_ref(spec.source):
        return None
    return shown_path(spec.source.partition(":")[0])


def reproducible(exc: BaseException, name: str, seed: int, index: int) -> BaseException:
    """A designer's error in game ``index`` of a run seeded ``seed``, named so it can
    be replayed: ``game.py: seat 1 must act but has no legal action (step 7, seed 0,
    game 3)``; an error raised in the designer's file keeps its file and line and
    gains the same words. deckpress's own bugs pass through unchanged."""
    from ..errors import DeckpressError, Problem

    where = f"seed {seed}, game {index}"
    if isinstance(exc, NoLegalAction):
        source = designer_source(name) or name
        return ParameterError(f"{source}: {exc} (step {exc.step}, {where})")
    failure = designer_failure(exc)
    if isinstance(failure, DeckpressError) and failure is not exc:
        return type(failure)([*failure.problems, Problem(f"  in {where} (deckpress simulate --seed {seed}: game"
                                                         f" {index} of the run)")])
    return failure


# -- worker processes -----------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _init_worker(game: str, deck: bytes, values: dict[str, Any], strategy: str | None, seed: int, fast: bool) -> None:
    loaded = load_deck(deck)
    spec = ensure(game)  # a designer's game.py is loaded again in this process
    game, params = spec.name, spec.params.model_validate(values)
    _WORKER.update(name=game, game=make_game(game, loaded, params), params=params, strategy=strategy, seed=seed,
                   fast=fast)


def _work(start: int, stop: int) -> Summary:
    w = _WORKER
    return _play_range(w["game"], w["name"], w["strategy"], w["params"], w["seed"], range(start, stop), fast=w["fast"])


def dump_deck(deck: Deck) -> bytes:
    """``deck`` pickled for a worker process or a cluster worker (the deck travels with the
    task); the deck model pickles as it is (deck/model.py FrozenMap)."""
    return pickle.dumps(deck)


def load_deck(data: bytes) -> Deck:
    loaded: Deck = pickle.loads(data)
    return loaded


def prefer_fork(name: str, built: Game, strategy: str | None) -> bool:
    """Whether local workers of a reference-engine run should fork after a warm-up here (see :func:`_warm`)."""
    return _warm(False, built, name, strategy)


# -- one fixed deal ---------------------------------------------------------------
def play_deal(
    game: str,
    deck: Deck,
    params: Params,
    deal: Mapping[str, Any],
    strategy: str | None = None,
    observer: TrickObserver | None = None,
) -> Result:
    """Play one fixed deal (see :mod:`generator.games.deals`): the game's hook
    turns it into the first chance outcomes; a ``choices:`` list scripts the
    decisions (whoever decides, in order), then ``strategy`` decides."""
    known = entry(game)
    built = make_game(game, deck, params)
    scripted = known.deal_actions(built, deal)
    strategies = _strategies(game, strategy, _players(params))
    choices = deal_choices(deal)
    if choices and strategies:
        fixed = FixedStrategy(choices, then=_PerSeat(strategies))
        strategies = [fixed] * len(strategies)
    return play(built, strategies, game_rng(deal_seed(deal), 0), observer, scripted)
