"""``deckpress ladder``: does thinking longer win more? A skill ladder and a tournament."""

from __future__ import annotations

import json

import typer

from ..errors import ParameterError
from . import options
from .app import app, friendly


@app.command()
@friendly
def ladder(
    deck: options.DeckArg,
    rungs: str = typer.Option("25,50,100,200,400", "--rungs", metavar="N,N,...", help="The search player's budgets, each rung against the one below."),
    games: int = typer.Option(100, "--games", min=2, max=100_000, help="Games per rung (and per tournament pair), seats rotated."),
    tournament: bool = typer.Option(False, "--tournament", help="Also play a round-robin tournament of the game's strategies."),
    strategies: str | None = typer.Option(None, "--strategies", metavar="A,B,...", show_default=False, help="The tournament's strategies (default: every one the game offers)."),
    no_ladder: bool = typer.Option(False, "--no-ladder", help="Only the tournament."),
    sets: options.Sets = [],  # noqa: B006
    seed: options.Seed = 1,
    jobs: options.Jobs = "1",
    as_json: options.Json = False,
) -> None:
    """A skill ladder (mcts:25 ... mcts:400, each rung against the last) and a round-robin tournament."""
    from ..balance.ladder import ladder as run_ladder
    from ..balance.ladder import print_ladder
    from ..balance.ladder import tournament as run_tournament
    from ..balance.run import resolve_run
    from ..deck import resolve_deck
    from ..games.designer.find import resolve
    from ..games.registry import make_params

    spec, loaded = resolve(deck)
    loaded = loaded if loaded is not None else resolve_deck(spec.default_deck or deck)
    run = resolve_run(spec, loaded, make_params(spec, sets), {"games": games, "seed": seed, "jobs": jobs})  # once
    try:
        budgets = [int(x) for x in rungs.split(",") if x.strip()]
    except ValueError:
        raise ParameterError(f"--rungs {rungs!r}: budgets as whole numbers, such as 25,50,100") from None
    if no_ladder and not tournament:
        raise ParameterError("--no-ladder leaves nothing to play: add --tournament")
    lad = None if no_ladder else run_ladder(run, rungs=budgets)
    names = [s.strip() for s in strategies.split(",")] if strategies else None
    tour = run_tournament(run, names) if tournament else None
    if as_json:
        typer.echo(json.dumps({"ladder": lad.to_json() if lad else None, "tournament": tour.to_json() if tour else None}))
        return
    print_ladder(lad, tour)
