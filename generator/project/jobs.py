"""What ``deckpress build`` makes for a deck: one job per output.

A job is plain data (picklable, so it runs in a worker process); ``run_job``
does the work by calling the same library functions as the single commands.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..deck.inputs import DATA, READS
from ..deck.inputs import lang as translated
from ..deck.resolve import resolve
from ..deck.settings import BalanceIn, BookletsIn, ImagesIn, ShowcaseIn
from ..games.designer.find import game_of
from ..i18n import has_booklet, locale_dirs
from ..paths import deck_data_dir
from .cache import job_key
from .job import Job, JobResult

if TYPE_CHECKING:
    from ..deck import Deck
    from ..deck.settings import SheetsIn

PAGES = ("a4", "letter")


def plan_deck(target: str, deck: Deck, out: Path, balance_games: int | None = None) -> list[Job]:
    """Every job for one deck, writing into ``out/<deck key>/``: what the deck's
    ``build:`` section names (generator/deck/settings.py), by default today's build:
    sheets in A4 and Letter with duplex-long backs, 150 dpi images, the project's
    booklet and the balance report. ``balance_games`` (``--balance-games``) wins over
    ``build.balance.games``."""
    folder = out / deck.key
    jobs: list[Job] = []
    b = deck.build
    outputs = set(b.outputs)
    add = _adder(target, deck, jobs)
    _printed(deck, folder, add)
    booklet = resolve(b, "booklets", BookletsIn).values
    for lang in deck.languages[1:]:  # each translation into out/<deck>/<lang>/: what is printed
        def add_in(name: str, kind: str, outputs: list[Path], lang: str = lang, **options: Any) -> None:
            key = job_key(inputs_key(deck, kind, lang), kind, options, lang)
            jobs.append(Job(f"{deck.key}/{lang}/{name}", target, kind, tuple(outputs), key, options, lang))

        _printed(deck, folder / lang, add_in)
        if "booklets" in outputs:  # the booklet in that language too, beside the translated sheets
            speaks = has_booklet(lang, locale_dirs(deck.folder))
            for name, file, sets in project_booklets(deck, bundled=True):
                cmyk = {"color": "cmyk"} if b.sheets.color == "cmyk" else {}
                if speaks:
                    add_in(name, "rules", [folder / lang / file], game=deck.game, sets=list(sets),
                           format=booklet.imposition, page=booklet.page, **cmyk)
                else:  # no catalogue: a job that only warns and makes no file (so it is up to date after)
                    add_in(name, "rules", [], game=deck.game, sets=list(sets), format=booklet.imposition,
                           page=booklet.page, not_made=f"{lang}/{file}")
    if "booklets" in outputs:
        cmyk = {"color": "cmyk"} if b.sheets.color == "cmyk" else {}  # a print-shop project: its booklets too
        for name, file, sets in project_booklets(deck):
            add(name, "rules", [folder / file], game=deck.game, sets=list(sets), format=booklet.imposition,
                page=booklet.page, **cmyk)
    if _game(deck) is not None and "balance" in outputs:
        games = resolve(b, "balance", BalanceIn, {"games": balance_games}).values.games
        add("balance", "balance", [folder / "balance.pdf", folder / "balance.json"], games=games)
    return jobs


def plan_printed(target: str, deck: Deck, out: Path) -> list[Job]:
    """The jobs of :func:`plan_deck` that print the deck in its own language (sheets,
    images, vendor kits, showcase), the same jobs, without loading its game (``watch``
    redraws an edited card's image with them before the full build)."""
    jobs: list[Job] = []
    _printed(deck, out / deck.key, _adder(target, deck, jobs))
    return jobs


def _adder(target: str, deck: Deck, jobs: list[Job]) -> Any:
    """``add(name, kind, outputs, **options)``: append the job, keyed by what it reads."""
    def add(name: str, kind: str, outputs: list[Path], **options: Any) -> None:
        key = job_key(inputs_key(deck, kind), kind, options)
        jobs.append(Job(f"{deck.key}/{name}", target, kind, tuple(outputs), key, options))

    return add


def with_game_modules(deck: Deck) -> Deck:
    """``deck`` with every file of its game (the one record, :func:`~generator.games.designer.loader.game_files`)
    recorded as inputs of the rules too, where the deck's own inputs lack one (a module
    its ``game.py`` imported when it ran, found through a folder the game put on
    ``sys.path``): an edit to one re-runs the balance report and the booklets like an
    edit to ``game.py``."""
    from dataclasses import replace

    from ..deck.inputs import PLAY, Inputs
    from ..games.designer.loader import game_files, is_file_ref

    spec = _game(deck)
    if spec is None or not spec.source or not is_file_ref(spec.source):
        return deck
    known = {p.resolve() for p in deck.inputs}
    extra = [p for p in game_files(spec.source, deck.folder) if p not in known]
    if not extra:
        return deck
    found = Inputs(deck.folder)
    for path in extra:
        found.add(path, PLAY)
    return replace(deck, inputs=(*deck.inputs, *extra), concerns=(*deck.concerns, *found.concerns()))


def inputs_key(deck: Deck, kind: str, language: str = "") -> str:
    """The hash of the inputs a job of ``kind`` reads (generator/deck/inputs.py): the
    deck's data, what that kind draws or plays with, and its language's translation; so
    a replaced font redraws the sheets but leaves the balance report, and an edited
    ``game.py`` re-runs the balance report and the booklets but redraws no card."""
    return deck.inputs_digest([DATA, *READS[kind], *([translated(language)] if language else [])])


def _printed(deck: Deck, folder: Path, add: Any) -> None:
    """The jobs whose outputs carry the deck's text: sheets, images, vendor kits, showcase."""
    b = deck.build
    outputs = set(b.outputs)
    if "sheets" in outputs:
        pages, sheet = sheet_settings(deck)
        kind = "tiles" if deck.kind == "piecepack" else "cards"
        for page in pages:
            add(f"{kind}-{page}", kind, [folder / f"{kind}-{page}.pdf"], page=page, **sheet)
    if "images" in outputs:
        images = resolve(b, "images", ImagesIn).values
        extra: dict[str, Any] = {"format": images.format} if images.format != "png" else {}
        if images.bleed:
            extra["bleed"] = images.bleed
        add("images", "images", [folder / "images"], dpi=images.dpi, backs=images.back_images, **extra)
    if "vendors" in outputs:
        for vendor in b.vendors:
            add(f"images-{vendor}", "images", [folder / f"images-{vendor}"], preset=vendor)
    if "showcase" in outputs and deck.kind == "cards":
        show = resolve(b, "showcase", ShowcaseIn).values
        add("showcase", "showcase", [folder / "showcase"], cards=list(show.cards), background=show.background,
            width=show.width)
    if "tuckbox" in outputs and deck.kind == "cards":  # as deckpress tuckbox, on the sheets' colour
        add("tuckbox", "tuckbox", [folder / "tuckbox.pdf"], color=b.sheets.color)


def sheet_settings(deck: Deck) -> tuple[list[str], dict[str, Any]]:
    """The pages and the sheet options a build's sheet jobs carry: ``build.sheets`` over
    the model's defaults (generator/deck/resolve.py, as ``cards`` and ``tiles`` resolve them).
    Checked here, so a bad page size or arrangement fails before anything is drawn,
    naming the deck file, the line and the setting."""
    from ..deck.resolve import checked, resolve
    from ..deck.settings import SheetsIn
    from ..render.sheet import SheetOptions
    from ..render.sheet_options import sheet_fields

    def check(sheets: SheetsIn) -> tuple[list[str], dict[str, Any]]:
        options = sheet_fields(sheets)
        pages = [str(page).lower() for page in sheets.pages]
        for page in pages:
            SheetOptions(page=page, **options)
        return pages, options

    return checked(deck, resolve(deck.build, "sheets", SheetsIn), check)


def project_booklets(deck: Deck, bundled: bool = False) -> list[tuple[str, str, tuple[str, ...]]]:
    """(job name, file, rule parameters) of each rule booklet a project's build writes:
    one per booklet its game's spec lists (War: classic and Russian), or per variant the
    project's ``build: booklets: variants:`` declares, from the
    project's own rules template when it has one (``rules/GAME.md.j2``), else the
    bundled text, both describing the project's deck; a designer's own game needs its
    template. Bundled decks get theirs from :func:`plan_rules` (``bundled``: theirs too,
    for a bundled deck's translations: Lighting's German booklet in ``lighting/de/``)."""
    from ..games.registry import builtin_names

    spec = _game(deck)
    if spec is None or (is_bundled(deck) and not bundled):
        return []
    if spec.name not in builtin_names():  # a game.py needs its template; a rules file's booklet is generated
        generated = str(spec.source).startswith("generator.games.rules.")
        return [("rules", "rules-booklet.pdf", ())] if generated or project_rules(deck) is not None else []
    declared = deck.build.booklets.variants
    books = dict(declared) if declared else (dict(spec.booklets) or {spec.name: ()})
    if declared:  # the project's own names: rules-<name>-booklet.pdf
        return [(f"rules-{name}", f"rules-{name}-booklet.pdf", tuple(sets)) for name, sets in books.items()]
    if len(books) == 1:
        return [("rules", "rules-booklet.pdf", tuple(next(iter(books.values()))))]
    return [(f"rules-{name.split('-', 1)[-1]}", f"rules-{name.split('-', 1)[-1]}-booklet.pdf", tuple(sets))
            for name, sets in books.items()]


def is_bundled(deck: Deck) -> bool:
    return deck.folder is not None and deck.folder.resolve() == deck_data_dir().resolve()


def project_rules(deck: Deck) -> Path | None:
    """A project's own rules template (``rules/GAME.md.j2`` beside its deck file)."""
    spec = _game(deck)
    if deck.folder is None or spec is None or is_bundled(deck):
        return None
    path = deck.folder / "rules" / f"{spec.name}.md.j2"
    return path if path.is_file() else None


def _game(deck: Deck) -> Any:
    """The deck's game spec, or None (no game, or one that does not load: the
    balance job reports why)."""
    from ..errors import DeckpressError
    from ..games.designer.enforce import ContractRefused

    try:
        return game_of(deck)
    except ContractRefused:
        raise  # a designer's game that breaks the game API's contract: build and watch refuse it (exit 2)
    except DeckpressError:
        return None


def plan_rules(out: Path) -> list[Job]:
    """One booklet per game (War: classic and Russian), in ``out/rules/``."""
    from ..deck import resolve_deck
    from ..games.registry import builtin_names, entry

    folder = out / "rules"
    jobs = []
    for game in builtin_names():  # each game's spec lists its booklets
        spec = entry(game)
        for name, sets in spec.booklets.items():
            deck_name = spec.default_deck or ""
            deck = resolve_deck(deck_name)
            options = {"game": game, "sets": list(sets), "format": "booklet", "page": "a4"}
            key = job_key(deck.digest, "rules", options)
            jobs.append(Job(f"rules/{name}", deck_name, "rules", (folder / f"{name}-booklet.pdf",), key, options))
    return jobs


def run_job(job: Job) -> JobResult:
    """Run one job (in a worker process). Input errors become the result's error."""
    from ..deck import resolve_deck
    from ..errors import DeckpressError

    result = JobResult(job)
    try:
        deck = resolve_deck(job.deck)
        translated: list[str] = []
        if job.lang:
            from ..deck.languages import localize

            source = deck
            deck, report = localize(deck, job.lang)
            translated = [str(w) for w in report.warnings()] if report is not None else []
            if job.kind == "cards":  # said once per language, with the sheets
                from ..render.overflow import translation_overflow

                translated += translation_overflow(source, deck)
        for path in job.outputs:
            path.parent.mkdir(parents=True, exist_ok=True)
        result.warnings = translated + _RUNNERS[job.kind](deck, job)
        result.written = [p for p in job.outputs if p.exists()]
    except DeckpressError as exc:
        result.error = str(exc)
    except Exception as exc:  # a bug in one job must not stop the others; report it
        result.error = f"{type(exc).__name__}: {exc}"
    return result


def _cards(deck: Deck, job: Job) -> list[str]:
    from ..render.cards import card_pieces
    from ..render.sheet import SheetOptions, write_sheets

    report = write_sheets(card_pieces(deck), job.outputs[0], SheetOptions(**job.options), title=deck.name)
    return list(getattr(report, "warnings", []))


def _tiles(deck: Deck, job: Job) -> list[str]:
    from ..render.piecepack import piecepack_pieces
    from ..render.sheet import SheetOptions, write_sheets

    report = write_sheets(piecepack_pieces(deck), job.outputs[0], SheetOptions(**job.options), title=deck.name)
    return list(getattr(report, "warnings", []))


def _images(deck: Deck, job: Job) -> list[str]:
    from ..images.export import export_images

    # Export into a fresh folder, then swap it in: a deleted card leaves no stale image
    # behind, and an interrupted export leaves the previous images intact.
    target = job.outputs[0]
    fresh, old = _staging(target)
    discard_staging(job)
    try:
        report = export_images(deck, fresh, **job.options)
    except BaseException:  # a broken card or Ctrl-C: no half-made folder stays behind
        with _signals_held():  # a second SIGTERM (the parent's, after the group's) must not cut it short
            shutil.rmtree(fresh, ignore_errors=True)
        raise
    if target.exists():
        target.rename(old)
    fresh.rename(target)
    shutil.rmtree(old, ignore_errors=True)
    return list(getattr(report, "warnings", []))


def _staging(target: Path) -> tuple[Path, Path]:
    """The folders an image export is made in (``.images.new``) and the previous images
    are moved to while it is swapped in (``.images.old``)."""
    return target.with_name(f".{target.name}.new"), target.with_name(f".{target.name}.old")


def discard_staging(job: Job) -> None:
    """Remove what an unfinished image export left (a worker stopped by SIGKILL, or by a
    signal during its own clean-up): the half-made folder goes; previous images caught
    mid-swap are put back."""
    if job.kind != "images":
        return
    target = job.outputs[0]
    fresh, old = _staging(target)
    with _signals_held():
        shutil.rmtree(fresh, ignore_errors=True)
        if old.is_dir() and not target.exists():
            old.rename(target)
        shutil.rmtree(old, ignore_errors=True)


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait (they are delivered after) while a clean-up runs."""
    import signal

    held = {signal.SIGINT, signal.SIGTERM}
    try:
        before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, OSError, ValueError):  # no pthread_sigmask on this platform
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _showcase(deck: Deck, job: Job) -> list[str]:
    from ..images.export import deck_pieces
    from ..images.showcase import ShowcaseOptions, write_showcase

    o = job.options
    write_showcase(deck_pieces(deck), job.outputs[0], ShowcaseOptions(o["width"], o["background"], tuple(o["cards"])))
    return []


def _rules(deck: Deck, job: Job) -> list[str]:
    from ..booklet import build_booklet
    from ..games.registry import make_params
    from ..i18n import booklet_languages

    spec = game_of(deck)  # the deck's game: a name, or its game.py (loaded in this worker)
    game = spec.name if spec is not None else job.options["game"]
    params = make_params(game, job.options["sets"])
    folders = locale_dirs(deck.folder)
    if not job.outputs or not has_booklet(job.lang or None, folders):  # a language no catalogue has
        made = job.options.get("not_made") or (job.outputs[0].name if job.outputs else "the booklet")
        return [f"no rule booklet in {job.lang!r} (booklets exist in {', '.join(booklet_languages(folders))}; "
                f"see docs/languages.md): {made} is not made"]
    report = build_booklet(game, params, deck, job.outputs[0], format=job.options["format"],
                           page=job.options["page"], lang=job.lang or None, color=job.options.get("color", "rgb"))
    return list(report.warnings)


def _balance(deck: Deck, job: Job) -> list[str]:
    import json

    from ..balance.checking import CheckOptions, check_deck
    from ..render.atomic import atomic_write

    # the check `deckpress check` makes (one library function), without the skill gap
    report = check_deck(deck, CheckOptions(games=job.options["games"], skill=False, pdf=job.outputs[0],
                                           charts=job.outputs[0].parent / "balance-charts")).report
    with atomic_write(job.outputs[1]) as tmp:
        Path(tmp).write_text(json.dumps(report.to_json(), indent=2))
    return [f"{f.level}: {f.message}" for f in report.findings]


def _tuckbox(deck: Deck, job: Job) -> list[str]:
    from ..render.cards import card_pieces
    from ..render.sheet import with_copies
    from ..render.tuckbox import TuckBoxOptions, write_tuckbox

    pieces = card_pieces(deck)
    write_tuckbox(job.outputs[0], pieces[0], deck.name, deck.colors, len(with_copies(pieces)),
                  TuckBoxOptions(color=job.options["color"]))
    return []


_RUNNERS = {"cards": _cards, "tiles": _tiles, "images": _images, "showcase": _showcase, "tuckbox": _tuckbox, "rules": _rules,
            "balance": _balance}
