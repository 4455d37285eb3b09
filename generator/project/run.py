"""``deckpress build``: plan every job, skip what is up to date, run the rest in
parallel, keep going past a failing deck, and write the gallery."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..executor import auto_jobs
from . import stamps
from .cache import read_manifest, write_manifest
from .job import Job, JobResult
from .lock import build_lock

# The planner (jobs.py: decks, layouts, games) is imported where a build plans: a build
# with nothing to do answers from its stamps without it.

if TYPE_CHECKING:
    from ..deck import Deck


@dataclass
class BuildSummary:
    out: Path
    results: list[JobResult] = field(default_factory=list)
    failed_decks: dict[str, str] = field(default_factory=dict)  # target -> error
    decks: list[Deck] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failed_decks and all(r.error is None for r in self.results)

    @property
    def built(self) -> list[JobResult]:
        return [r for r in self.results if not r.skipped and r.error is None and r.job.outputs]

    @property
    def skipped(self) -> list[JobResult]:
        return [r for r in self.results if r.skipped]


Progress = Callable[[str, int, int], None]  # (job id, done, total)


def plan(targets: Sequence[str], out: Path, summary: BuildSummary, balance_games: int | None,
         strict: bool = False) -> list[Job]:
    from ..deck import BUNDLED, resolve_deck  # here: an up-to-date build never loads a deck
    from ..errors import DeckpressError
    from ..validate.deck import require_valid
    from .jobs import plan_deck, plan_rules, with_game_modules

    jobs: list[Job] = []
    for target in targets or BUNDLED:
        try:
            deck = resolve_deck(target)
            require_valid(deck)  # the validation every command runs: a deck with errors builds nothing
            deck = with_game_modules(deck)  # what its game.py imported when it ran: inputs too
            _require_renderable(deck)  # and the pass `check` and every render command make
            if strict:
                _require_drawable(deck)
            planned = plan_deck(target, deck, out, balance_games)  # checks the deck's build: settings
        except DeckpressError as exc:
            summary.failed_decks[target] = str(exc)
            continue
        summary.decks.append(deck)
        jobs += planned
    if not targets:
        jobs += plan_rules(out)
    return jobs


def _require_renderable(deck: Deck) -> None:
    """What `check` refuses with exit 2 besides the validation — a layout, template, font or
    art file the cards cannot be drawn with, a project rules template that fails — refuses
    the deck here too, before any of its jobs runs: one broken deck writes nothing."""
    from ..booklet.build import check_project_rules
    from ..render.cards import check_cards

    check_cards(deck)
    check_project_rules(deck)


def _require_drawable(deck: Deck) -> None:
    """``--strict``: a character no font can draw fails the deck (naming file:line, card, field):
    in a card's fields, and in every text its layout prints — attribute labels, units, the
    no-data word, the back — in each of the deck's languages (as ``cards --strict --lang``)."""
    if deck.kind == "cards":
        from ..deck.languages import localize
        from ..errors import RenderError
        from ..render.cards import check_cards
        from ..render.textcheck import text_problems

        problems = text_problems(deck)
        if problems:
            raise RenderError(problems)
        for lang in (None, *deck.languages[1:]):
            check_cards(localize(deck, lang)[0] if lang else deck, strict=True)
    _require_booklet_scripts(deck)


def _require_booklet_scripts(deck: Deck) -> None:
    """``--strict``: a rule booklet whose text could not be shaped or ordered for its script
    (Arabic, Hebrew, Japanese...: booklet/setting.py) fails the deck, naming the .po or
    template line, in each of the deck's languages that has a booklet catalogue."""
    from ..booklet.build import booklet_script_problems
    from ..deck.languages import localize
    from ..errors import RenderError

    for lang in (None, *deck.languages[1:]):
        problems = booklet_script_problems(localize(deck, lang)[0] if lang else deck, lang)
        if problems:
            raise RenderError(problems)


def build(
    targets: Sequence[str] = (),
    out: Path = Path("output"),
    *,
    workers: int | None = None,
    force: bool = False,
    balance_games: int | None = None,
    progress: Progress | None = None,
    on_wait: Callable[[str], None] | None = None,
    strict: bool = False,
) -> BuildSummary:
    """Build into ``out``. Another build into the same folder first finishes
    (``on_wait`` hears that this one waits for it)."""
    out.mkdir(parents=True, exist_ok=True)
    with build_lock(out, on_wait):
        return _build(targets, out, workers, force, balance_games, progress, strict)


def _sweep_partials(out: Path) -> None:
    """A build killed with SIGKILL (nothing can run then) may leave the temporary file
    of the output it was writing (``.deckpress-tmp.NAME.XXXX.partial.pdf``); the build lock
    is held, so no one else writes here: the next build removes them before anything else.
    Only names with deckpress's own prefix: with ``-o`` the project folder, a user's
    ``.notes.partial.txt`` is theirs."""
    from ..render.atomic import PARTIAL_PREFIX, is_partial

    for leftover in out.rglob(f"{PARTIAL_PREFIX}*"):
        if is_partial(leftover) and leftover.is_file() and not leftover.is_symlink():
            leftover.unlink(missing_ok=True)


def _build(targets: Sequence[str], out: Path, workers: int | None, force: bool, balance_games: int | None,
           progress: Progress | None, strict: bool) -> BuildSummary:
    _sweep_partials(out)
    if not force and not strict:  # --strict always checks every deck's text again
        fresh = stamps.fresh_jobs(out, targets, balance_games)
        if fresh is not None:  # nothing changed since the last complete build
            return BuildSummary(out, results=[_skipped(job) for job in fresh])
    from .jobs import discard_staging, is_bundled

    stamps.clear(out)
    summary = BuildSummary(out)
    jobs = plan(targets, out, summary, balance_games, strict)
    taken = stamps.take(targets, balance_games, [p for d in summary.decks for p in d.inputs],
                        [d.folder for d in summary.decks if d.folder is not None and not is_bundled(d)])
    manifest = read_manifest(out)
    todo: list[Job] = []
    for job in jobs:
        entry = manifest.get(job.id, {})
        if not force and entry.get("key") == job.key and all(p.exists() for p in job.outputs):
            summary.results.append(JobResult(job, list(job.outputs), list(entry.get("warnings", [])), skipped=True))
        else:
            todo.append(job)
    done = len(summary.results)
    total = len(jobs)
    if progress:
        progress("", done, total)

    def record(result: JobResult) -> None:
        nonlocal done
        done += 1
        summary.results.append(result)
        if result.error is None:
            manifest[result.job.id] = {"key": result.job.key, "warnings": result.warnings}
        else:
            manifest.pop(result.job.id, None)
        # Each finished job is on disk at once (atomically): after Ctrl-C, SIGTERM or even
        # SIGKILL, the next build redoes only the jobs that had not finished.
        write_manifest(out, manifest)
        if progress:
            progress(result.job.id, done, total)

    workers = workers or auto_jobs()
    try:
        if workers <= 1 or len(todo) <= 1:
            for job in todo:
                record(run_job(job))
        else:
            _run_pool(todo, workers, record)
    except BaseException:  # interrupted: the workers are stopped; what they had half-made goes
        finished = {r.job.id for r in summary.results}
        for job in todo:
            if job.id not in finished:
                discard_staging(job)
        _sweep_partials(out)  # a worker stopped mid-write (a booklet, a sheet): its temporary file too
        raise
    finally:
        write_manifest(out, manifest)

    from .gallery import write_gallery

    write_gallery(summary)
    summary.results.sort(key=lambda r: r.job.id)
    if summary.ok and taken is not None:
        stamps.write(out, taken, [_record(r) for r in summary.results])
    return summary


def _run_pool(todo: list[Job], workers: int, record: Callable[[JobResult], None]) -> None:
    """Run ``todo`` in ``workers`` processes that die with this one (``generator.workers``);
    an interrupt here stops them before it goes on."""
    from ..workers import init_worker, run_in_worker, stop_pool

    pool = ProcessPoolExecutor(max_workers=workers, initializer=init_worker, initargs=(os.getpid(),))
    try:
        futures = [pool.submit(run_in_worker, run_job, job) for job in todo]
        for future in as_completed(futures):
            record(future.result())
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def run_job(job: Job) -> JobResult:
    """Run one job (``jobs.run_job``, imported once a build has work to do)."""
    from .jobs import run_job as run

    return run(job)


def _record(result: JobResult) -> dict[str, Any]:
    job = result.job
    return {"id": job.id, "deck": job.deck, "kind": job.kind, "outputs": [str(p) for p in job.outputs],
            "key": job.key, "options": job.options, "warnings": result.warnings}


def _skipped(record: dict[str, Any]) -> JobResult:
    outputs = tuple(Path(p) for p in record["outputs"])
    job = Job(record["id"], record["deck"], record["kind"], outputs, record["key"], record["options"])
    return JobResult(job, list(outputs), list(record["warnings"]), skipped=True)
