"""``deckpress check``: validate a deck, then check its balance (static checks,
a playtest with the simulator, a verdict; optional PDF report and suggestions)."""

from __future__ import annotations

import json
import sys
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..balance import parse_thresholds
from ..balance.checking import check_deck, print_report
from ..balance.checks import planned_games
from ..balance.findings import Report
from ..balance.run import CheckOptions, check_options
from ..booklet.rules_check import rules_problems
from ..console import SafeConsole
from ..deck.model import Deck
from ..errors import DeckpressError, ParameterError
from ..executor import executing
from ..validate.preflight import Prepared, prepare
from . import options
from .app import app, friendly

FAIL_ON = ("worse", "changed", "never")
PROGRESS_FROM = 2000  # games: shorter runs finish before a bar is worth drawing


@app.command()
@friendly
def check(
    deck: options.DeckOrHere = None,  # type: ignore[assignment]  # the callback makes it a str
    games: options.ProjectGames = None,
    players: options.Players = None,
    seed: options.Seed = 1,
    sets: options.Sets = [],  # noqa: B006  (Typer copies it)
    as_json: options.Json = False,
    fail_on_warnings: options.FailOnWarnings = False,
    report_pdf: Path | None = typer.Option(None, "--report", help="Write a PDF balance report (and PNG charts beside it).", show_default=False),
    suggest: bool = typer.Option(False, "--suggest", help="Propose the smallest value changes for too strong or weak cards, verified by simulation."),
    thresholds: options.Thresholds = [],  # noqa: B006
    strategy: options.Strategy = None,
    jobs: options.Jobs = "auto",
    cluster: options.Cluster = None,
    against: str | None = typer.Option(None, "--against", metavar="OLD", show_default=False,
                                       help="Also check OLD (a deck file, a project folder, or a git revision of DECK such as HEAD~1) with the same seeds, and show what changed."),
    quality: bool = typer.Option(False, "--quality", help="Also measure the game's quality: branching, dominant moves, decisions that matter, lead changes, decisiveness, drama, comebacks (docs/balance.md)."),
    fail_on: str = typer.Option("never", "--fail-on", metavar="WHEN", help="Exit 1 when: targets (a design target of balance: targets: is missed: an error, not the default warning), or with --against: worse (a balance finding appeared since OLD), changed (anything moved beyond its interval); never."),
    lang: options.Lang = None,
    apply: bool = typer.Option(False, "--apply", help="With --suggest, check the deck with the suggested values, then write them into its own file (YAML, CSV or XLSX, formatting kept; nothing is written if that check does not finish) and show old -> new."),
    old_strict: options.OldCheckStrict = False,
    human_games: Path | None = typer.Option(None, "--human-games", metavar="DIR", show_default=False,
                                            help="Also read the games people played with `deckpress play` (its play-*.json in DIR): the human's win share against the AI, with its interval."),
) -> None:
    """Validate DECK and check its balance; --games 0 runs the static checks alone.

    Exit codes: 0 clean, 1 errors (or warnings with --fail-on-warnings), 2 bad input."""
    overrides = _refuse(games, fail_on, against, apply, suggest, lang, thresholds)  # before anything is read
    prepared, humans = _prepared(deck, lang, human_games, as_json)
    asked = check_options(prepared.deck, {  # the one resolver: a flag, then build.balance, then deck/settings.py
        "games": games, "players": players, "seed": seed, "sets": tuple(sets), "thresholds": overrides,
        "strategy": strategy, "suggest": suggest, "against": against, "apply": apply, "pdf": report_pdf,
        "quality": quality, "targets_level": "error" if fail_on == "targets" else "warning"})
    shown = Shown(as_json, humans)
    report = _checked(prepared, asked, shown, jobs, cluster)
    _exit(report, asked, shown, fail_on_warnings or old_strict, fail_on)


def _refuse(games: int | None, fail_on: str, against: str | None, apply: bool, suggest: bool, lang: str | None,
            thresholds: list[str]) -> dict[str, float]:
    """The flags' own errors, before the deck is read; the ``--threshold`` overrides."""
    if games is not None and games < 0:
        raise ParameterError(f"--games must be 0 or more, got {games}")
    if fail_on not in (*FAIL_ON, "targets"):
        raise ParameterError(f"--fail-on must be one of {', '.join(FAIL_ON)}, targets, got {fail_on!r}")
    if fail_on in ("worse", "changed") and against is None:
        raise ParameterError("--fail-on compares with an old version: give it with --against OLD")
    if apply and not suggest:
        raise ParameterError("--apply writes the suggestions of --suggest: add --suggest")
    overrides = parse_thresholds(thresholds)
    if lang is not None and (against is not None or apply):
        raise ParameterError("--lang checks one language of the deck; --against and --apply work on its source")
    return overrides


def _prepared(deck: str, lang: str | None, human_games: Path | None, as_json: bool) -> tuple[Prepared, Any]:
    """The deck read and validated (and the people's games of ``--human-games``); with --json a
    deck that cannot be checked still gives one JSON object on stdout."""
    try:
        prepared = prepare(deck, lang, rules=rules_problems)
        return prepared, _human_games(human_games, prepared.deck)
    except DeckpressError as exc:
        if as_json:  # a script still gets one JSON object on stdout (the lines on stderr as always)
            typer.echo(json.dumps(_failed_json(deck, exc), indent=2))
        raise


@dataclass(frozen=True)
class Shown:
    """How the report is shown: JSON on stdout, or tables (and the people's games)."""

    as_json: bool
    humans: Any = None


def _checked(prepared: Prepared, asked: CheckOptions, shown: Shown, jobs: str, cluster: str | None) -> Report:
    """``check_deck`` under a progress bar, the report printed before ``--apply`` edits the deck."""
    as_json, humans = shown.as_json, shown.humans
    twice = asked.against is not None or asked.apply
    total = planned_games(prepared.deck, asked.games) * (2 if twice else 1)
    if as_json:
        from ..games.fast import kernel_cache

        kernel_cache.notices = False  # the compile note is for people; --json is for scripts
    console = SafeConsole(stderr=True)
    show = not as_json and total >= PROGRESS_FROM and sys.stderr.isatty()
    with ExitStack() as stack:
        bar = stack.enter_context(Progress(TextColumn("playtesting"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                           console=console, disable=not show, transient=True))
        task = bar.add_task("games", total=total)
        executor = stack.enter_context(executing(jobs, cluster))

        def printed(report: Report) -> None:
            bar.stop()
            if not as_json:
                print_report(report, suggestions=asked.suggest)
                if report.targets:
                    from ..balance.targets import print_targets

                    print_targets(report.targets)
                if report.playtest is not None and report.playtest.quality is not None:
                    from ..balance.quality import print_quality

                    print_quality(report.playtest.quality)
                for line in humans.lines() if humans is not None else ():
                    typer.echo(line)

        result = check_deck(prepared, asked, progress=lambda n: bar.advance(task, n), executor=executor,
                            show=printed, say=None if as_json else (lambda line: typer.echo(line, err=True)))
    if asked.pdf is not None and not as_json:
        written = result.charts
        typer.echo(f"report: {asked.pdf}" + (f" (+ {len(written)} PNG charts in {written[0].parent})" if written else ""), err=True)
    return result.report


def _exit(report: Report, asked: CheckOptions, shown: Shown, strict: bool, fail_on: str) -> None:
    """The JSON (with --json), then the exit code: errors, warnings with --fail-on-warnings,
    a missed target with --fail-on targets, a worse deck with --fail-on worse/changed."""
    as_json, humans = shown.as_json, shown.humans
    if as_json:
        out = report.to_json()
        if humans is not None:
            out["human_games"] = humans.to_json()
        typer.echo(json.dumps(out, indent=2))
    code = report.exit_code(strict)
    if fail_on == "targets" and any(t.status == "missed" for t in report.targets or ()):
        code = 1
        if not as_json:
            typer.echo("--fail-on targets: a design target is missed", err=True)
    if report.changes is not None and not asked.apply:
        from ..balance.changes import failed

        if failed(report.changes, fail_on):
            code = 1
            if not as_json:
                typer.echo(f"--fail-on {fail_on}: the deck changed for the worse since {asked.against}", err=True)
    if code:
        raise typer.Exit(code)


def _failed_json(deck: str, exc: DeckpressError) -> dict[str, object]:
    """``check --json`` of a deck that cannot be checked: its problems, each with file,
    line, card and field, and the exit code that follows."""
    return {
        "deck": deck,
        "ok": False,
        "exit_code": exc.exit_code,
        "errors": [{"message": str(p), "file": None if p.file is None else str(p.file), "line": p.line,
                    "card": p.card, "field": p.field} for p in exc.problems],
    }




def _human_games(folder: Path | None, deck: Deck) -> Any:
    """``--human-games DIR``: the games people played at ``deckpress play`` (None without the option)."""
    if folder is None:
        return None
    from ..balance.human_games import read_human_games
    from ..games.designer.find import game_of

    spec = game_of(deck)
    if spec is None:
        raise ParameterError(f"--human-games: {deck.name} plays no game (game: none)")
    return read_human_games(folder, spec, deck.name)
