"""``deckpress simulate``: play many seeded games, or one fixed deal."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..deck.model import Deck
from ..executor import executing
from ..games.api import Result
from ..games.deals import deal_players, load_deal
from ..games.designer.find import resolve
from ..games.params import parse_sets
from ..games.registry import default_deck, entry, game_names, make_params
from ..games.runner import designer_source, play_deal
from ..games.runner import simulate as run_simulation
from ..games.stats import Summary
from ..render.atomic import atomic_write
from . import options
from .app import app, friendly
from .checked import load_checked

if TYPE_CHECKING:
    from ..balance.run import Run

# rich (the progress bar, the tables) loads when a person is shown them, not for --json

PROGRESS_FROM = 2000  # games: shorter runs finish before a bar is worth drawing
# games: a run of a built-in game this short plays on the reference engine under `--engine auto`,
# in this process. Loading numba and a game's cached kernels costs about 0.6 s of CPU (a first run
# on a new computer compiles them: 10-30 s), while the slowest built-in run on the reference
# engine (War with a standard 52-card deck) plays 100 games in about 0.25 s (docs/performance.md).
SMALL_RUN = 100


def _before_any_game(func: Callable[..., None]) -> Callable[..., None]:
    """Ctrl-C or SIGTERM before the run began (loading the deck, the game, the kernels):
    said as no games finished, exit 130 or 143 (a stop during the run is the body's:
    the games finished so far are shown)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        try:
            func(*args, **kwargs)
        except KeyboardInterrupt as exc:
            from .signals import exit_code, message

            what = "the game was not finished" if kwargs.get("deal") is not None else \
                f"no games were finished yet (of {kwargs.get('games') or 0:,})"
            typer.echo(f"{message()}: {what}; nothing to show", err=True)
            raise typer.Exit(exit_code(exc)) from None

    return wrapper


@app.command()
@friendly
@_before_any_game
def simulate(
    game: str = typer.Argument(..., help=f"{game_names()}, or a deck file or project folder (plays the game its game: names).", show_default=False),
    deck: str | None = typer.Option(None, "--deck", help="A deck file or bundled name (default: the game's bundled deck, or GAME's deck)."),
    players: options.Players = None,
    games: options.Games = None,
    seed: options.Seed = 1,
    sets: options.Sets = [],  # noqa: B006  (Typer copies it)
    strategy: options.Strategy = None,
    jobs: options.Jobs = "auto",
    cluster: options.Cluster = None,
    as_json: options.Json = False,
    deal: Path | None = typer.Option(None, "--deal", help="Play one fixed deal from this YAML file (stacks: per seat, top first)."),
    trace: Path | None = typer.Option(None, "--trace", help="With --deal: write every trick as a JSON line to this file."),
    engine: str = typer.Option("auto", "--engine", help="auto (compiled kernels when they serve the run and it has over 100 games, else the reference), fast or reference."),
) -> None:
    """Simulate GAME to see how a deck plays: wins per seat, game lengths, ties."""
    spec, own_deck = resolve(game)  # a game name, or a deck file / project folder (its game:); else a clear error
    game = spec.name
    if deck or own_deck is None:
        loaded = load_checked(deck or default_deck(game))
    else:
        from ..validate.deck import require_valid

        loaded = own_deck
        for warning in require_valid(loaded):  # the one validation every command runs
            typer.echo(warning, err=True)
    if deal is not None:
        if engine == "fast":
            raise typer.BadParameter("--deal plays one traced game with the reference engine", param_hint="--engine")
        fixed = load_deal(deal)
        given = players is not None or "players" in parse_sets(sets)
        params = make_params(game, sets, players=players if given else deal_players(fixed))
        if trace is not None:
            with _trace_file(trace) as write:
                result = play_deal(game, loaded, params, fixed, strategy, observer=write)
        else:
            result = play_deal(game, loaded, params, fixed, strategy)
        _print_deal(result, as_json)
        return
    if trace is not None:
        raise typer.BadParameter("--trace needs --deal (one fixed game)", param_hint="--trace")
    from ..balance.run import resolve_run

    # the run, once: the flags over deck/settings.py's defaults (simulate does not read a project's build:)
    run = resolve_run(spec, loaded, make_params(spec, sets, players=players),
                      {"games": games, "seed": seed, "strategy": strategy, "jobs": jobs})
    games = run.games
    engine, jobs = small_run(game, games, engine, jobs, cluster)
    from ..games.runner import Stopped

    stopped = None
    try:
        with executing(jobs, cluster) as executor:
            summary = _run(run.but(executor=executor), engine, as_json)
    except Stopped as exc:  # Ctrl-C or SIGTERM: what was finished, said as such
        summary, stopped = exc.summary, exc
    if stopped is not None and not summary.games:
        from .signals import exit_code, message

        typer.echo(f"{message()}: no games were finished yet (of {games:,}); nothing to show", err=True)
        raise typer.Exit(exit_code(stopped.cause))
    if as_json:
        out = summary.to_json()
        out["deck"] = loaded.key or loaded.name
        out.update(_named(summary, loaded))
        if stopped is not None:
            out["interrupted"] = True
        typer.echo(json.dumps(out))
    else:
        _print_summary(summary, loaded)
    if stopped is not None:
        from .signals import exit_code, message

        typer.echo(f"{message()}: the first {summary.games:,} of {games:,} games were finished and are shown "
                   f"(the same as --games {summary.games} with this seed); the rest were not played", err=True)
        raise typer.Exit(exit_code(stopped.cause))


def small_run(game: str, games: int, engine: str, jobs: str, cluster: str | None) -> tuple[str, str]:
    """The engine and ``--jobs`` a run gets: ``--engine auto`` plays a built-in game's run of at
    most ``SMALL_RUN`` games on the reference engine (it finishes before the kernels would have
    loaded), and with ``--jobs auto`` in this process (starting workers would cost more than the
    games). A cluster, ``--engine fast`` or ``reference`` and a number of jobs are kept as given."""
    from ..games.registry import builtin_names

    if engine != "auto" or cluster or games > SMALL_RUN or game not in builtin_names():
        return engine, jobs
    return "reference", "1" if jobs.strip().lower() in ("auto", "0") else jobs


def _run(run: Run, engine: str, as_json: bool) -> Summary:
    if as_json:
        from ..games.fast import kernel_cache

        kernel_cache.notices = False  # the compile note is for people; --json is for scripts
    show_bar = not as_json and run.games >= PROGRESS_FROM and sys.stdout.isatty()
    if show_bar:
        with _progress_bar(run.games) as advance:
            return run_simulation(run.game, run.deck, run.params, games=run.games, seed=run.seed,
                                  strategy=run.strategy, executor=run.executor, progress=advance, engine=engine)
    return run_simulation(run.game, run.deck, run.params, games=run.games, seed=run.seed, strategy=run.strategy,
                          executor=run.executor, engine=engine)


def teams_of(summary: Summary) -> tuple[tuple[int, ...], ...] | None:
    """The teams of the game a summary played (its spec's ``teams`` under the summary's parameters)."""
    spec = entry(summary.game)
    if spec.teams is None:
        return None
    return spec.teams_of(spec.params.model_validate(summary.params))


def _named(summary: Summary, deck: Deck) -> dict[str, Any]:
    """What the JSON adds to the simulator's own keys (which stay as they are): Viashilym's
    teams (a team's wins are recorded on its first seat, 0-2) and, for Viashi, the
    counters' names in the deck's words ("fool_captures": "Jester captures")."""
    extra: dict[str, Any] = {}
    teams = teams_of(summary)
    if teams:  # a team's wins: its seats' wins (Viashilym records a team's win on its first seat, 0-2)
        extra["teams"] = [{"team": t, "seats": list(seats), "wins": sum(summary.wins[s] for s in seats)}
                          for t, seats in enumerate(teams)]
    spec = entry(summary.game)
    if spec.counter_names is not None:
        extra["counter_names"] = spec.counter_names(deck)
    return extra


@contextmanager
def _trace_file(path: Path) -> Iterator[Callable[[Mapping[str, Any]], None]]:
    with atomic_write(path) as tmp, tmp.open("w", encoding="utf-8") as fh:
        def write(record: Mapping[str, Any]) -> None:
            fh.write(json.dumps(record) + "\n")

        yield write


@contextmanager
def _progress_bar(games: int) -> Iterator[Callable[[int], None]]:
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn

    from .progress import progress_bar

    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with progress_bar(*columns) as bar:
        task = bar.add_task("games", total=games)
        yield lambda n: bar.advance(task, n)


def _print_deal(result: Result, as_json: bool) -> None:
    out: dict[str, Any] = {"winner": result.winner, "tricks": result.tricks, "counts": result.counts}
    if result.unfinished:
        out["unfinished"] = True
    if result.scores:
        out["scores"] = result.scores
    if as_json:
        typer.echo(json.dumps(out))
        return
    outcome = "unfinished" if result.unfinished else "a draw" if result.winner is None else f"seat {result.winner} wins"
    held = "captives per seat" if result.scores else "cards per seat"  # games with points count captives
    typer.echo(f"{outcome} after {result.tricks} tricks; {held}: {result.counts}")
    if result.scores:
        typer.echo(f"scores: {result.scores}")


def _print_summary(summary: Summary, deck: Deck) -> None:
    from rich.table import Table

    from ..console import SafeConsole

    deck_name = deck.name
    data = summary.to_json()
    named = _named(summary, deck)
    console = SafeConsole()
    params = ", ".join(f"{k}={v}" for k, v in summary.params.items())
    console.print(f"[bold]{summary.game}[/bold] with {deck_name}: {summary.games} games, seed {summary.seed}"
                  + (f", strategy {summary.strategy}" if summary.strategy else "")
                  + f", {summary.engine} engine")
    console.print(params)
    teams = named.get("teams")
    results = Table("team" if teams else "seat", "wins", "share")
    for side in teams or [{"team": i, "seats": [i], "wins": w} for i, w in enumerate(summary.wins)]:
        label = f"{side['team']} (seats {' and '.join(map(str, side['seats']))})" if teams else str(side["team"])
        results.add_row(label, str(side["wins"]), f"{side['wins'] / max(1, summary.games):.1%}")
    results.add_row("draws", str(summary.draws), f"{summary.draws / max(1, summary.games):.1%}")
    results.add_row("unfinished", str(summary.unfinished), f"{summary.unfinished / max(1, summary.games):.1%}")
    if "mean_scores" in data:
        console.print("mean score per seat: " + ", ".join(f"{x:.2f}" for x in data["mean_scores"]))
    if "mean_returns" in data:  # a game with utility bounds: chips or points per seat, 95 % intervals
        console.print("mean return per seat (95 % interval): " + ", ".join(
            f"{r['mean']:+.3f} ({r['low']:+.3f} to {r['high']:+.3f})" for r in data["mean_returns"]))
    console.print(results)
    if summary.unfinished and designer_source(summary.game):  # the runner's turn cap stopped a designer's game
        typer.echo(f"warning: {summary.unfinished} of {summary.games} games reached the turn cap"
                   f" (max_tricks={summary.params.get('max_tricks')} steps; --set max_tricks=N) and count as"
                   " unfinished", err=True)
    length = data["length"]
    unit = entry(summary.game).unit  # the game's own word: tricks, rounds, turns, hands
    console.print(f"length in {unit}s: mean {length['mean']:.1f}, median {length['median']}, p95 {length['p95']},"
                  f" max {length['max']}")
    if summary.details:
        details = Table("counter", "total", "per game")
        names = named.get("counter_names", {})
        for key, value in data["details"].items():
            total = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"
            label = f"{key} ({names[key]})" if key in names else key
            details.add_row(label, total, f"{value / max(1, summary.games):.2f}")
        console.print(details)
