"""``deckpress check``: validate a deck, then check its balance (static checks,
a playtest with the simulator, a verdict; optional PDF report and suggestions)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..balance import parse_thresholds, run_checks, write_report_pdf
from ..balance.checks import planned_games
from ..balance.findings import Finding, Report
from ..console import SafeConsole
from ..deck import resolve_deck
from ..deck.languages import localize
from ..deck.model import Deck
from ..deckcheck import validate_deck
from ..errors import DeckpressError, ParameterError
from ..executor import executing
from ..render.cards import check_cards
from . import options
from .app import app, friendly
from .project_args import setting

FAIL_ON = ("worse", "changed", "never")
DEFAULT_GAMES = 1000  # a check without --games or a project's build.balance.games
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
    fail_on: str = typer.Option("never", "--fail-on", metavar="WHEN", help="With --against, exit 1 when: worse (a balance finding appeared since OLD), changed (anything moved beyond its interval), never."),
    lang: options.Lang = None,
    apply: bool = typer.Option(False, "--apply", help="With --suggest, write the suggested values into the deck's own file (YAML, CSV or XLSX, formatting kept), then check again and show old -> new."),
    old_strict: options.OldCheckStrict = False,
) -> None:
    """Validate DECK and check its balance; --games 0 runs the static checks alone.

    Exit codes: 0 clean, 1 errors (or warnings with --fail-on-warnings), 2 bad input."""
    strict = fail_on_warnings or old_strict
    if games is not None and games < 0:
        raise ParameterError(f"--games must be 0 or more, got {games}")
    if fail_on not in FAIL_ON:
        raise ParameterError(f"--fail-on must be one of {', '.join(FAIL_ON)}, got {fail_on!r}")
    if fail_on != "never" and against is None:
        raise ParameterError("--fail-on compares with an old version: give it with --against OLD")
    if apply and not suggest:
        raise ParameterError("--apply writes the suggestions of --suggest: add --suggest")
    overrides = parse_thresholds(thresholds)
    if lang is not None and (against is not None or apply):
        raise ParameterError("--lang checks one language of the deck; --against and --apply work on its source")
    try:
        source = resolve_deck(deck)
        loaded, translation = localize(source, lang)
        issues = validate_deck(loaded)  # the validation every command runs: its errors are findings here
        # the pass every render command makes: the same errors, the same warnings (unless the
        # validation found print errors: it would repeat them)
        printing = [str(w) for w in translation.warnings()] if translation is not None else []
        if not any(i.level == "error" and not i.play for i in issues):
            try:
                printing += check_cards(loaded)
            except DeckpressError:
                if not any(i.level == "error" for i in issues):
                    raise
                # a card the validation refused (a Viashi card without a rank...) fails its layout too:
                # the validation's errors, at the deck's lines, say why; not the bundled layout file
        if translation is not None:
            from ..render.overflow import translation_overflow

            printing += translation_overflow(source, loaded)  # a translation cut where the source fits
        if not any(i.level == "error" for i in issues):  # an invalid deck: its errors say why, not the booklet's
            from ..booklet.build import check_project_rules

            check_project_rules(loaded)  # the project's rules template, as `rules` and `build` read it
    except DeckpressError as exc:
        if as_json:  # a script still gets one JSON object on stdout (the lines on stderr as always)
            typer.echo(json.dumps(_failed_json(deck, exc), indent=2))
        raise
    games = setting(loaded, "balance", "games", games, DEFAULT_GAMES)  # the flag, the project's, 1000
    total = planned_games(loaded, games) * (2 if against is not None or apply else 1)
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

        def checked(version: Deck) -> Report:
            return run_checks(version, games=games, players=players, seed=seed, sets=sets, thresholds=overrides,
                              progress=lambda n: bar.advance(task, n), strategy=strategy, executor=executor,
                              issues=issues if version is loaded else validate_deck(version))

        report = checked(loaded)
        old_deck: Deck | None = None
        if suggest:
            from ..balance.suggest import suggest_changes

            report.suggestions = suggest_changes(loaded, report, sets=sets, players=players, seed=seed)
        if against is not None:
            from ..balance.changes import compare
            from ..deck.revision import against_deck

            old_deck, label = stack.enter_context(against_deck(loaded, against))
            report.changes = compare(checked(old_deck), report, old_deck, loaded, label)
        bar.stop()
        report.findings += [Finding("warning", "print", warning) for warning in printing]
        if not as_json:
            from ..balance.terminal import print_report

            print_report(report)
            if suggest:
                from ..balance.suggest import print_suggestions

                print_suggestions(report)
            if report.changes is not None:
                from ..balance.changes_terminal import print_changes

                print_changes(report.changes)
        if apply:
            report = _apply(loaded, report, deck, checked, as_json)
            old_deck = loaded
        if report_pdf is not None:
            pairs = _changed_pieces(old_deck, resolve_deck(deck) if apply else loaded, report) if report.changes else []
            written = write_report_pdf(report, report_pdf, report_pdf.with_name(report_pdf.stem + "-charts"), pairs)
            if not as_json:
                typer.echo(f"report: {report_pdf}" + (f" (+ {len(written)} PNG charts in {written[0].parent})" if written else ""), err=True)
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
    code = report.exit_code(strict)
    if report.changes is not None and not apply:
        from ..balance.changes import failed

        if failed(report.changes, fail_on):
            code = 1
            if not as_json:
                typer.echo(f"--fail-on {fail_on}: the deck changed for the worse since {against}", err=True)
    if code:
        raise typer.Exit(code)


def _apply(deck: Deck, report: Report, name: str, checked: Callable[[Deck], Report], as_json: bool) -> Report:
    """Write every suggestion into the deck's files, check the edited deck, and
    return its report with ``changes`` against the deck as it was."""
    from ..balance.changes import compare
    from ..balance.deckdiff import format_value
    from ..balance.suggest import decimals
    from ..deck.edit import apply_values

    applied = []
    for s in report.suggestions:
        if not s["changes"]:
            continue
        texts = {k: format_value(v["to"], decimals(deck, k)) for k, v in s["changes"].items()}
        path = apply_values(deck.card(s["card"]), texts)
        applied.append({"card": s["card"], "file": str(path), "changes": s["changes"]})
        if not as_json:
            typer.echo(f"applied to {path}: {s['card']} {s['change']}", err=True)
    if not applied:
        if not as_json:
            typer.echo("--apply: nothing to write (no suggestion changed a value)", err=True)
        return report
    edited = resolve_deck(name)
    after = checked(edited)
    after.suggestions = report.suggestions
    after.changes = compare(report, after, deck, edited, "the deck before --apply") | {"applied": applied}
    if not as_json:
        from ..balance.changes_terminal import print_changes

        print_changes(after.changes)
    return after


def _changed_pieces(old: Deck | None, new: Deck, report: Report) -> list[tuple[Any, Any]]:
    """(old piece, new piece) of each edited card, for the report's "What changed" page."""
    if old is None or report.changes is None or old.kind != "cards" or new.kind != "cards":
        return []
    from ..render.cards import card_pieces

    edited = [c["id"] for c in report.changes["cards"]["edited"]]
    if not edited:
        return []
    try:
        before = {p.id: p for p in card_pieces(old) if p.id in edited}
        after = {p.id: p for p in card_pieces(new) if p.id in edited}
    except DeckpressError:
        return []  # a version that cannot be drawn: the tables still say what changed
    return [(before[i], after[i]) for i in edited if i in before and i in after]


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
