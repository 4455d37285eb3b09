"""Running the simulator for the balance checks.

Every game goes through :func:`generator.games.runner.simulate` (so the fast
path serves, and the figures equal ``deckpress simulate``'s for the same seed);
its :class:`Summary` streams the per-seat score distributions too.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..errors import ParameterError
from ..games import runner
from ..games.registry import make_game, make_params, make_strategy
from ..games.spec import GameSpec
from ..games.stats import Summary
from .run import Run

Progress = Callable[[int], None]


@dataclass
class Playtest:
    summary: Summary
    seat_scores: list[Counter[float]] = field(default_factory=list)  # per seat: points -> games


def playtest(run: Run, decided: Callable[[Summary], bool] | None = None, round_games: int = 0) -> Playtest:
    """The playtest of ``run`` through :func:`generator.games.runner.simulate` for every game,
    so the fast path serves and the figures equal ``deckpress simulate``'s
    (``run.strategy``: as ``--strategy``, None for the game's default). With ``decided``
    and ``round_games``, games are played in rounds and stop once ``decided(summary)``
    (sequential testing, :mod:`.sequential`): the result equals a run of the games played."""
    games, progress = run.games, run.progress
    step = round_games if decided is not None and round_games > 0 else games
    summary: Summary | None = None
    done = 0
    while summary is None or done < games:
        n = min(step, games - done)
        part = runner.simulate(run.game, run.deck, run.params, games=n, seed=run.seed, progress=progress,
                               strategy=run.strategy, jobs=run.jobs, executor=run.executor, first=done)
        if summary is None:
            summary = part
        else:
            summary.merge(part)
        done += n
        if decided is not None and done < games and decided(summary):
            if progress is not None:
                progress(games - done)  # decided early: the bar's remaining games are not needed
            break
    return Playtest(summary, list(summary.seat_scores))


def grid_size(spec: GameSpec) -> int:
    """How many runs the game's length grid plays (:attr:`ReportHooks.grid`; 0: none)."""
    hooks = spec.report
    return math.prod(len(v) for v in hooks.grid.values()) if hooks is not None and hooks.grid else 0


def length_grid(run: Run, sets: Iterable[str]) -> list[dict[str, object]]:
    """Game length over the grid of rule parameters the game's report names (War: by
    players and packs; the other rule parameters as set), ``run.games`` games a point
    with the game's default players (``run.params`` and ``run.strategy`` are not used)."""
    game, deck, games, seed, progress = run.game, run.deck, run.games, run.seed, run.progress
    hooks = run.spec.report
    grid = dict(hooks.grid) if hooks is not None else {}
    sets = [s for s in sets if s.partition("=")[0].strip() not in grid]
    rows: list[dict[str, object]] = []
    keys = list(grid)
    for values in itertools.product(*grid.values()):  # the first parameter outermost
        point = dict(zip(keys, values, strict=True))
        try:
            params = make_params(run.spec, sets, **point)
            summary = runner.simulate(game, deck, params, games=games, seed=seed, progress=progress)
        except ParameterError:
            continue
        length = summary.length()
        rows.append({
            **dict(reversed(point.items())), "games": summary.games,
            "mean": length["mean"], "median": length["median"], "p95": length["p95"], "max": length["max"],
            "unfinished": summary.unfinished,
        })
    return rows


class _DealWatch:
    """A game wrapper that remembers each game's deal (the first chance action)."""

    def __init__(self, game: object) -> None:
        self.game = game
        self.name = getattr(game, "name", "")
        self.params = getattr(game, "params", None)
        self.deal: tuple[tuple[str, ...], ...] = ()

    def new_state(self, observer: object = None) -> object:
        state = self.game.new_state(observer)  # type: ignore[attr-defined]
        apply = state.apply
        watch = self

        def recording(action: object) -> None:
            if getattr(action, "kind", None) == "deal":
                watch.deal = tuple(tuple(stack) for stack in action.value)  # type: ignore[attr-defined]
            apply(action)

        state.apply = recording
        return state


def holder_wins(run: Run, cards: Iterable[str]) -> dict[str, dict[str, int]]:
    """For each card (printed once): in how many of ``run.games`` games its first holder won
    (every seat the game's default player). Plays seeded games on the reference engine,
    which reports each deal (the fast engine plays other games for the same seed; both are fair samples)."""
    game, deck, params, games, seed = run.spec, run.deck, run.params, run.games, run.seed
    wanted = [c for c in cards if deck.card(c).copies == 1]
    if not wanted or games <= 0:
        return {}
    watch = _DealWatch(make_game(game, deck, params))
    players = int(getattr(params, "players", 2))
    name = game.default_strategy
    strategies = [make_strategy(game, name) for _ in range(players)] if name else []
    out = {c: {"games": 0, "holder_won": 0} for c in wanted}
    for index in range(games):
        result = runner.play(watch, strategies, runner.game_rng(seed, index))  # type: ignore[arg-type]
        for cid in wanted:
            seat = next((s for s, stack in enumerate(watch.deal) if cid in stack), None)
            if seat is not None:
                out[cid]["games"] += 1
                out[cid]["holder_won"] += int(result.winner == seat)
    return out
