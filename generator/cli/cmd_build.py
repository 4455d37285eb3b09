"""``deckpress build``: everything for every bundled deck (or the given ones)."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..console import SafeConsole
from ..errors import ParameterError
from ..executor import parse_jobs
from ..project import BuildSummary, build
from ..project.scaffold import GAME, starter_help
from . import options
from .app import EXIT_BAD_INPUT, EXIT_FINDINGS, app, friendly

WARNING_LINES = 3  # warnings shown per job in the summary (balance: the report has them all)


@app.command("build")
@friendly
def build_command(
    targets: list[str] = typer.Argument(None, help="Decks or project folders (default: the project in this folder, else every bundled deck and booklet).", show_default=False),
    output: options.OutputDir = Path("output"),
    jobs: options.Jobs = "auto",
    force: bool = typer.Option(False, "--force", help="Rebuild even what is up to date."),
    balance_games: int | None = typer.Option(None, "--balance-games", min=0, show_default=False,
                                             help="Games simulated per balance report (default: the project's build.balance.games, else 2000)."),
    strict: options.Strict = False,
) -> None:
    """Build card/tile sheets (A4 and Letter), booklets, images and balance reports into OUTPUT/<deck>/."""
    console = SafeConsole(stderr=True)
    if not targets and options.project_here():
        targets = ["."]  # inside a project folder: build that project (as `watch` does)
        console.print(f"note: building the project in this folder ({Path.cwd().name}); "
                      "name decks to build others", markup=False, highlight=False)
    with _build_bar(console, sys.stderr.isatty()) as progress:
        summary = build(
            targets or (), output, workers=parse_jobs(jobs), force=force, balance_games=balance_games, progress=progress,
            on_wait=lambda message: console.print(f"note: {message}", markup=False, highlight=False),
            strict=strict,
        )
    _print_summary(summary)
    if summary.failed_decks:  # a deck every command refuses (bad input): 2, as they exit
        raise typer.Exit(EXIT_BAD_INPUT)
    if not summary.ok:
        raise typer.Exit(EXIT_FINDINGS)


@contextmanager
def _build_bar(console: SafeConsole, show: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """The progress bar on a terminal (rich.progress is imported only then), else nothing."""
    if not show:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("[bold]build"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"),
        TimeElapsedColumn(), console=console, transient=True,
    ) as bar:
        task = bar.add_task("planning", total=None)

        def progress(job_id: str, done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, description=job_id)

        yield progress


def _print_summary(summary: BuildSummary) -> None:
    table = Table("job", "status", "output", "notes", title=f"deckpress build -> {summary.out}")
    for r in summary.results:
        status = ("[red]failed" if r.error else "[yellow]not made" if not r.job.outputs
                  else "[dim]up to date" if r.skipped else "[green]built")
        outputs = ", ".join(str(p.relative_to(summary.out)) for p in r.job.outputs)
        notes = r.error or (f"{len(r.warnings)} warning(s)" if r.warnings else "")
        table.add_row(Text(r.job.id), status, Text(outputs), Text(notes))  # Text: "suits[air]" is no markup
    for target, error in summary.failed_decks.items():
        table.add_row(Text(target), "[red]failed", "", Text(error))
    console = SafeConsole()
    console.print(table)
    for r in summary.results:
        if r.warnings:
            label = "balance" if r.job.kind == "balance" else "warning"
            console.print(f"[yellow]{label}[/yellow] {escape(r.job.id)}: {len(r.warnings)} finding(s)"
                          + (f", see {escape(str(r.job.outputs[0].relative_to(summary.out)))}"
                             if r.job.kind == "balance" else ""))
            for warning in r.warnings[:WARNING_LINES]:
                console.print(f"  {warning}", soft_wrap=True, markup=False, highlight=False)
            if len(r.warnings) > WARNING_LINES:
                console.print(f"  ... and {len(r.warnings) - WARNING_LINES} more")
    # Failures again as plain lines: a table cell wraps the file names a user needs to copy.
    for r in summary.results:
        if r.error:
            typer.echo(f"error: {r.job.id}: {r.error}", err=True)
    for error in summary.failed_decks.values():
        for line in error.splitlines():
            typer.echo(f"error: {line}", err=True)
    console.print(
        f"{len(summary.built)} built, {len(summary.skipped)} up to date, "
        f"{sum(r.error is not None for r in summary.results) + len(summary.failed_decks)} failed. "
        f"Gallery: {summary.out / 'index.html'}"
    )


@app.command("new")
@friendly
def new_command(
    ctx: typer.Context,
    name: Path = typer.Argument(..., help="Folder for the new project.", show_default=False),
    game: str = typer.Option(GAME, "--game", help=starter_help()),
    source: str | None = typer.Option(None, "--from", metavar="DECK", show_default=False,
                                      help="Copy the bundled deck DECK (its card rows and translations) into the "
                                           "project instead, to translate or change it (see docs/languages.md); "
                                           "or a rules game (crazy-eights): its rules file, no Python "
                                           "(docs/rules-files.md)."),
) -> None:
    """Start a new game: a deck, a card spreadsheet and a layout that extends a bundled one."""
    from ..games.rules.registered import catalogue_names

    typed = getattr(ctx.get_parameter_source("game"), "name", "DEFAULT") != "DEFAULT"  # --game given
    if typed and source is not None:  # --from copies a game of its own: the starter would be ignored
        raise ParameterError(f"--game {game} and --from {source}: give one (--from copies {source}'s own game)")

    if source is not None and source in catalogue_names():
        from ..project.rules_copy import copy_rules_game

        written = copy_rules_game(source, name)
    elif source is not None:
        from ..project.copy_deck import copy_bundled

        written = copy_bundled(source, name)
    else:
        from ..project.scaffold import scaffold

        written = scaffold(name, game.lower())
    for path in written:
        typer.echo(f"wrote {path}")
    quoted = shlex.quote(str(name))  # pasted into a shell as it is printed
    typer.echo(f"next: deckpress check {quoted}   then   deckpress build {quoted}")
