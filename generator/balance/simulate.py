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

from ..deck.model import Deck
from ..errors import ParameterError
from ..executor import Executor
from ..games import runner
from ..games.params import Params
from ..games.registry import entry, known, make_game, make_params, make_strategy
from ..games.stats import Summary

Progress = Callable[[int], None]


@dataclass
class Playtest:
    summary: Summary
    seat_scores: list[Counter[float]] = field(default_factory=list)  # per seat: points -> games


def simulated(game: str) -> bool:
    """Is ``game`` registered with the simulator?"""
    return known(game)


def playtest(game: str, deck: Deck, params: Params, games: int, seed: int,
             progress: Progress | None = None, strategy: str | None = None, jobs: int | str = 1,
             executor: Executor | None = None, decided: Callable[[Summary], bool] | None = None,
             round_games: int = 0) -> Playtest:
    """The playtest through :func:`generator.games.runner.simulate` for every game,
    so the fast path serves and the figures equal ``deckpress simulate``'s
    (``strategy``: as ``--strategy``, None for the game's default). With ``decided``
    and ``round_games``, games are played in rounds and stop once ``decided(summary)``
    (sequential testing, :mod:`.sequential`): the result equals a run of the games played."""
    step = round_games if decided is not None and round_games > 0 else games
    summary: Summary | None = None
    done = 0
    while summary is None or done < games:
        n = min(step, games - done)
        part = runner.simulate(game, deck, params, games=n, seed=seed, progress=progress, strategy=strategy,
                               jobs=jobs, executor=executor, first=done)
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


def grid_size(game: str) -> int:
    """How many runs the game's length grid plays (:attr:`ReportHooks.grid`; 0: none)."""
    hooks = entry(game).report
    return math.prod(len(v) for v in hooks.grid.values()) if hooks is not None and hooks.grid else 0


def length_grid(game: str, deck: Deck, sets: Iterable[str], games: int, seed: int,
                progress: Progress | None = None) -> list[dict[str, object]]:
    """Game length over the grid of rule parameters the game's report names (War: by
    players and packs; the other rule parameters as set)."""
    hooks = entry(game).report
    grid = dict(hooks.grid) if hooks is not None else {}
    sets = [s for s in sets if s.partition("=")[0].strip() not in grid]
    rows: list[dict[str, object]] = []
    keys = list(grid)
    for values in itertools.product(*grid.values()):  # the first parameter outermost
        point = dict(zip(keys, values, strict=True))
        try:
            params = make_params(game, sets, **point)
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


def holder_wins(game: str, deck: Deck, params: Params, games: int, seed: int, cards: Iterable[str]) -> dict[str, dict[str, int]]:
    """For each card (printed once): in how many games its first holder won.
    Plays seeded games on the reference engine, which reports each deal (the fast
    engine plays other games for the same seed; both are fair samples)."""
    wanted = [c for c in cards if deck.card(c).copies == 1]
    if not wanted or games <= 0:
        return {}
    watch = _DealWatch(make_game(game, deck, params))
    players = int(getattr(params, "players", 2))
    name = entry(game).default_strategy
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
