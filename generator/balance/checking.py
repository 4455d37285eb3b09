"""``check_deck``: the one library function behind ``deckpress check``, ``build``'s
balance job and ``watch`` — the deck's validation findings, its balance checks
(static, playtest, verdict) and, as asked, suggestions, a comparison with an old
version (``--against``) and the suggestions written into the deck (``--apply``).

The command line only parses options into :class:`CheckOptions`, draws the
progress bar and prints the :class:`~.findings.Report` it gets back.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..deck import resolve_deck
from ..deck.model import Deck
from ..errors import DeckpressError
from ..executor import Executor
from ..games.finding import Finding
from ..validate.preflight import Prepared
from .changes_result import Applied
from .checks import run_checks
from .findings import BalanceReport, Report
from .run import CheckOptions
from .target_findings import target_findings
from .targets import judge_targets, playtest_params

Progress = Callable[[int], None]
Say = Callable[[str], None]  # a line for the person at the terminal (stderr)


@dataclass
class Checked:
    """The result: the report, and the PDF report's chart files (``options.pdf``)."""

    report: BalanceReport
    charts: list[Path] = field(default_factory=list)


def check_deck(deck: Deck | Prepared, options: CheckOptions = CheckOptions(), *, progress: Progress | None = None,
               executor: Executor | None = None, show: Callable[[Report], None] | None = None,
               say: Say | None = None) -> Checked:
    """Check ``deck`` (a loaded deck, or one :func:`~generator.validate.preflight.prepare`
    read with its validation)
    as ``options`` say. ``show``: called with the report before ``--apply`` changes the
    deck (what the terminal prints); ``say``: one line for a person at a time."""
    prepared = deck if isinstance(deck, Prepared) else None
    loaded = prepared.deck if prepared is not None else deck
    assert isinstance(loaded, Deck)
    with ExitStack() as stack:
        def checked(version: Deck) -> Report:
            return run_checks(version, options, progress=progress, executor=executor,
                              issues=prepared.issues if prepared is not None and version is loaded else None)

        report = checked(loaded)
        old_deck: Deck | None = None
        if options.suggest:
            from .suggest import suggest_changes

            report.suggestions = suggest_changes(loaded, report, sets=options.sets, players=options.players,
                                                 seed=options.seed)
        if options.against is not None:
            from ..deck.revision import against_deck
            from .changes import compare

            old_deck, label = stack.enter_context(against_deck(loaded, options.against))
            report.changes = compare(checked(old_deck), report, old_deck, loaded, label)
        report.findings += [Finding("warning", "print", warning) for warning in (prepared.printing if prepared else [])]
        report.findings += [Finding("error", "print", problem)
                            for problem in (prepared.undrawn if prepared else [])]
        judge_targets(loaded, report)  # the deck's design targets, met or missed (targets.py)
        report.findings += target_findings(report.targets or (), options.targets_level)  # a missed one is a finding
        if options.quality and report.playtest is not None:
            from .playstats import named
            from .quality import quality

            spec = named(report.game)  # the report records its game by name; a playtest ran, so it is registered
            assert spec is not None
            report.playtest.quality = quality(spec, loaded, playtest_params(spec, report.playtest),
                                              seed=options.seed, strategy=report.playtest.strategy)
        if show is not None:
            show(report)
        if options.apply and prepared is not None:
            report = _apply(loaded, report, prepared.name, checked, say)
            old_deck = loaded
        written: list[Path] = []
        if options.pdf is not None:  # while an old version's files are still there (--against)
            from .report_pdf import write_report_pdf

            edited = resolve_deck(prepared.name) if options.apply and prepared is not None else loaded
            pairs = changed_pieces(old_deck, edited, report) if report.changes else []
            charts = options.charts or options.pdf.with_name(options.pdf.stem + "-charts")
            written = write_report_pdf(report, options.pdf, charts, changed_pieces=pairs)
    return Checked(report, written)


def _apply(deck: Deck, report: Report, name: str, checked: Callable[[Deck], Report], say: Say | None) -> Report:
    """Stage every suggestion's edit of the deck's files, check the edited deck (in memory,
    the values as they will be written), and only when that confirming check is done write
    the files, each atomically; return its report with ``changes`` against the deck as it
    was. An interrupt or a failed re-check writes nothing (said, then raised). (``name``,
    the deck as the command named it, is no longer read: the edited deck is checked before
    it is on disk.)"""
    from ..deck.edit import StagedEdits
    from .changes import compare
    from .deckdiff import format_value
    from .suggest import decimals

    staged = StagedEdits()
    applied: list[Applied] = []
    lines: list[str] = []
    values: dict[str, dict[str, float | None]] = {}
    for s in report.suggestions:
        if not s.changes:
            continue
        texts = {k: format_value(v.to, decimals(deck, k)) for k, v in s.changes.items()}
        path = staged.stage(deck.card(s.card), texts)
        values.setdefault(s.card, dict(deck.card(s.card).values)).update({k: float(t) for k, t in texts.items()})
        applied.append(Applied(s.card, str(path), s.changes))
        lines.append(f"applied to {path}: {s.card} {s.change}")
    if not applied:
        if say is not None:
            say("--apply: nothing to write (no suggestion changed a value)")
        return report
    edited = _edited(deck, values, staged.files)
    try:
        after = checked(edited)  # the confirming re-check, before any file is touched
    except BaseException:
        if say is not None:
            say("--apply: the check of the edited deck did not finish: nothing was written (the deck is as it was;"
                " the suggestions are above)")
        raise
    staged.write()
    if say is not None:
        for line in lines:
            say(line)
    after.suggestions = report.suggestions
    after.changes = replace(compare(report, after, deck, edited, "the deck before --apply"), applied=tuple(applied))
    if say is not None:
        from .changes_terminal import print_changes

        print_changes(after.changes)
    return after


def _edited(deck: Deck, values: dict[str, dict[str, float | None]], files: dict[Path, bytes]) -> Deck:
    """``deck`` with the staged values (card id -> its values), as loading the staged files
    would give it, and a content hash of its own (what is cached by the deck's content,
    such as a game's contract verdict, is not the unedited deck's)."""
    import hashlib
    from dataclasses import replace

    from ..deck.model import FrozenMap

    cards = tuple(replace(c, values=FrozenMap(values[c.id])) if c.id in values else c for c in deck.cards)
    digest = hashlib.sha256(deck.digest.encode())
    for path, data in files.items():
        digest.update(str(path).encode() + b"\0" + hashlib.sha256(data).digest())
    return replace(deck, cards=cards, digest=digest.hexdigest())


def print_report(report: Report, suggestions: bool = False) -> None:
    """The report on the terminal: the tables and verdict, the suggestions (``--suggest``)
    and what changed (``--against``)."""
    from .terminal import print_report as tables

    tables(report)
    if suggestions:
        from .suggest import print_suggestions

        print_suggestions(report)
    if report.changes is not None:
        from .changes_terminal import print_changes

        print_changes(report.changes)


def changed_pieces(old: Deck | None, new: Deck, report: Report) -> list[tuple[Any, Any]]:
    """(old piece, new piece) of each edited card, for the report's "What changed" page."""
    if old is None or report.changes is None or old.kind != "cards" or new.kind != "cards":
        return []
    from ..render.cards import card_pieces

    edited = [c.id for c in report.changes.cards.edited]
    if not edited:
        return []
    try:
        before = {p.id: p for p in card_pieces(old) if p.id in edited}
        after = {p.id: p for p in card_pieces(new) if p.id in edited}
    except DeckpressError:
        return []  # a version that cannot be drawn: the tables still say what changed
    return [(before[i], after[i]) for i in edited if i in before and i in after]
