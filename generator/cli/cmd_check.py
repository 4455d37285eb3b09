"""``deckpress check``: validate a deck, then check its balance (static checks,
a playtest with the simulator, a verdict; optional PDF report and suggestions)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..balance import parse_thresholds, run_checks, write_report_pdf
from ..balance.checks import planned_games
from ..balance.findings import Finding
from ..deck import resolve_deck
from ..errors import ParameterError
from ..executor import executing
from ..render.cards import check_cards
from . import options
from .app import app, friendly

PROGRESS_FROM = 2000  # games: shorter runs finish before a bar is worth drawing


@app.command()
@friendly
def check(
    deck: str = options.DeckArg,
    games: int = options.Games,
    players: int | None = options.Players,
    seed: int = options.Seed,
    sets: list[str] = options.Sets,
    as_json: bool = options.Json,
    strict: bool = typer.Option(False, "--strict", help="Exit 1 on warnings too (for CI)."),
    report_pdf: Path | None = typer.Option(None, "--report", help="Write a PDF balance report (and PNG charts beside it).", show_default=False),
    suggest: bool = typer.Option(False, "--suggest", help="Propose the smallest value changes for too strong or weak cards, verified by simulation."),
    thresholds: list[str] = options.Thresholds,
    strategy: str | None = options.Strategy,
    jobs: str = options.Jobs,
    cluster: str | None = options.Cluster,
) -> None:
    """Validate DECK and check its balance; --games 0 runs the static checks alone.

    Exit codes: 0 clean, 1 errors (or warnings with --strict), 2 bad input."""
    if games < 0:
        raise ParameterError(f"--games must be 0 or more, got {games}")
    overrides = parse_thresholds(thresholds)
    loaded = resolve_deck(deck)
    printing = check_cards(loaded)  # what `cards` would reject is an error here too
    total = planned_games(loaded, games)
    if as_json:
        from ..games.fast import kernel_cache

        kernel_cache.notices = False  # the compile note is for people; --json is for scripts
    console = Console(stderr=True)
    show = not as_json and total >= PROGRESS_FROM and sys.stderr.isatty()
    with Progress(TextColumn("playtesting"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, disable=not show, transient=True) as bar:
        task = bar.add_task("games", total=total)
        with executing(jobs, cluster) as executor:
            report = run_checks(loaded, games=games, players=players, seed=seed, sets=sets, thresholds=overrides,
                                progress=lambda n: bar.advance(task, n), strategy=strategy, executor=executor)
        if suggest:
            from ..balance.suggest import suggest_changes

            report.suggestions = suggest_changes(loaded, report, sets=sets, players=players, seed=seed)
    report.findings += [Finding("warning", "print", warning) for warning in printing]
    if report_pdf is not None:
        written = write_report_pdf(report, report_pdf, report_pdf.with_name(report_pdf.stem + "-charts"))
        if not as_json:
            typer.echo(f"report: {report_pdf}" + (f" (+ {len(written)} PNG charts in {written[0].parent})" if written else ""), err=True)
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
    else:
        from ..balance.terminal import print_report

        print_report(report)
        if suggest:
            from ..balance.suggest import print_suggestions

            print_suggestions(report)
    code = report.exit_code(strict)
    if code:
        raise typer.Exit(code)
