"""``deckpress tune``: find the change that brings a deck to its design targets."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from ..errors import ParameterError
from . import options
from .app import app, friendly
from .progress import progress_bar


@app.command()
@friendly
def tune(
    deck: options.DeckArg,
    vary: list[str] = typer.Option([], "--vary", metavar="NAME=LOW..HIGH", show_default=False,  # noqa: B006
                                   help="What may change (repeatable): a rule parameter (take=1..4) or a card field (cards.*.worth=1..9, cards.E05.weight=1..3); default: the deck file's balance.tune.vary."),
    budget: str | None = typer.Option(None, "--budget", show_default=False,
                                      help="How long to search: a number of candidates (40) or a time (90s, 10m); default: balance.tune.budget, else 30 candidates."),
    games: int = typer.Option(400, "--games", min=20, max=100_000, help="Games per candidate (played in stages; a clear loser stops after a quarter)."),
    confirm: int = typer.Option(2000, "--confirm-games", min=20, max=1_000_000, help="Games that judge the best candidates and the deck as it is."),
    sets: options.Sets = [],  # noqa: B006
    seed: options.Seed = 1,
    strategy: options.Strategy = None,
    jobs: options.Jobs = "1",
    apply_best: bool = typer.Option(False, "--apply", help="Write the best candidate's card values into the deck's YAML/CSV/XLSX (formatting kept)."),
    as_json: options.Json = False,
) -> None:
    """Search the changes you allow for one that meets the deck's design targets (balance: targets:)."""
    from ..balance.run import resolve_run
    from ..balance.targets import MET
    from ..balance.tune import apply, parse_budget
    from ..balance.tune import tune as run_tune
    from ..games.designer.find import resolve
    from ..games.registry import make_params
    from ..validate.deck import require_valid

    spec, loaded = resolve(deck)
    if loaded is None:
        raise ParameterError(f"{deck}: tune needs a deck file or project folder (its design targets), not a game name")
    for warning in require_valid(loaded):
        typer.echo(warning, err=True)
    run = resolve_run(spec, loaded, make_params(spec, sets),  # the run, once: games per candidate, seed, players
                      {"games": games, "seed": seed, "strategy": strategy, "jobs": jobs})
    design = loaded.design
    wanted = list(vary) or list(design.tune.vary)
    chosen = budget if budget is not None else design.tune.budget
    trials, _seconds = parse_budget(chosen)  # a bad budget fails before any game
    with progress_bar() as bar:
        task = bar.add_task("tuning", total=trials)

        def progress(done: int, total: int | None, best: object) -> None:
            score = getattr(best, "score", None)
            text = f"tuning · best so far {score:.2f} points off" if score is not None else "tuning"
            bar.update(task, completed=done, description=text)

        report = run_tune(run, design.targets, wanted, confirm_games=confirm, budget=chosen, progress=progress)
    written: list[str] = []
    sets_needed: list[str] = []
    if apply_best and report.best and not report.interrupted:  # only a confirmed candidate is written
        written, sets_needed = apply(report, loaded)
    if as_json:
        out = report.to_json()
        out["applied"] = written
        out["use_sets"] = sets_needed
        typer.echo(json.dumps(out))
        _stop_if_interrupted(report, apply_best)
        return
    _print(report)
    _stop_if_interrupted(report, apply_best)
    for line in written:
        typer.echo(f"wrote {line}")
    if sets_needed:
        typer.echo("rule parameters are not written into your game's code: play with "
                   + " ".join(f"--set {s}" for s in sets_needed) + " (or change its defaults)")
    if report.best and all(r.status == MET for r in report.best[0].results):
        typer.echo("the best change meets every target")


def _stop_if_interrupted(report: object, apply_best: bool) -> None:
    """After Ctrl-C or SIGTERM: say what was kept (the best candidate so far, printed, not
    applied: the deck's files are as they were) and exit 130 or 143."""
    from ..balance.tune import TuneReport
    from .signals import exit_code, message

    assert isinstance(report, TuneReport)
    if not report.interrupted:
        return
    best = ", ".join(report.best[0].changes(report.original)) if report.best else ""
    kept = f"the best candidate so far ({best or 'no change'}) is printed, unconfirmed" if report.best \
        else "no candidate was finished"
    typer.echo(f"{message()}: {kept}; " + ("NOT applied: your deck's files are as they were"
                                         if apply_best else "nothing was written"), err=True)
    raise typer.Exit(exit_code())


def _print(report: object) -> None:
    from rich.console import Console

    from ..balance.tune import TuneReport

    assert isinstance(report, TuneReport)
    console = Console()
    console.print(f"{report.evaluations} candidates ({report.pruned} stopped early) in {report.seconds:.1f} s"
                  + (" — interrupted: the best so far" if report.interrupted else ""))
    table = Table("", "change", *(r.name for r in report.before.results), "off by")
    table.add_row("as it is", "—", *(f"{r.status}: {r.measured}" for r in report.before.results),
                  f"{report.before.score:.2f}")
    for n, cand in enumerate(report.best, 1):
        table.add_row(str(n), "\n".join(cand.changes(report.original)) or "(none)",
                      *(f"{r.status}: {r.measured}" for r in cand.results), f"{cand.score:.2f}")
    console.print(table)
    if report.refused:
        reasons = sorted(set(report.refused))
        console.print(f"{len(report.refused)} candidate(s) refused by the game: " + "; ".join(reasons[:3])
                      + (f" (and {len(reasons) - 3} more reasons)" if len(reasons) > 3 else ""))
