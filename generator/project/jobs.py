"""What ``deckpress build`` makes for a deck: one job per output.

A job is plain data (picklable, so it runs in a worker process); ``run_job``
does the work by calling the same library functions as the single commands.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..games.registry import game_of
from ..i18n import has_booklet, locale_dirs
from ..paths import deck_data_dir
from .cache import job_key, project_hash

if TYPE_CHECKING:
    from ..deck import Deck
    from ..deck.settings import SheetsIn

PAGES = ("a4", "letter")


@dataclass(frozen=True)
class Job:
    id: str  # unique within a build, e.g. "viashi/cards-a4"
    deck: str  # what resolve_deck() takes
    kind: str  # cards | tiles | images | rules | balance
    outputs: tuple[Path, ...]
    key: str
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    lang: str = ""  # a declared language other than the source: the deck is localized first


@dataclass
class JobResult:
    job: Job
    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    skipped: bool = False


def plan_deck(target: str, deck: Deck, out: Path, balance_games: int | None = None) -> list[Job]:
    """Every job for one deck, writing into ``out/<deck key>/``: what the deck's
    ``build:`` section names (generator/deck/settings.py), by default today's build:
    sheets in A4 and Letter with duplex-long backs, 150 dpi images, the project's
    booklet and the balance report. ``balance_games`` (``--balance-games``) wins over
    ``build.balance.games``."""
    folder = out / deck.key
    jobs: list[Job] = []
    own = "" if is_bundled(deck) else project_hash(deck.folder)  # bundled ones: the toolchain hash
    b = deck.build
    outputs = set(b.outputs)

    def add(name: str, kind: str, outputs: list[Path], **options: Any) -> None:
        key = job_key(deck.digest, own, kind, options)
        jobs.append(Job(f"{deck.key}/{name}", target, kind, tuple(outputs), key, options))

    _printed(deck, folder, add)
    for lang in deck.languages[1:]:  # each translation into out/<deck>/<lang>/: what is printed
        def add_in(name: str, kind: str, outputs: list[Path], lang: str = lang, **options: Any) -> None:
            key = job_key(deck.digest, own, kind, options, lang)
            jobs.append(Job(f"{deck.key}/{lang}/{name}", target, kind, tuple(outputs), key, options, lang))

        _printed(deck, folder / lang, add_in)
        if "booklets" in outputs:  # the booklet in that language too, beside the translated sheets
            speaks = has_booklet(lang, locale_dirs(deck.folder))
            for name, file, sets in project_booklets(deck, bundled=True):
                if speaks:
                    add_in(name, "rules", [folder / lang / file], game=deck.game, sets=list(sets),
                           format=b.booklets.imposition, page=b.booklets.page)
                else:  # no catalogue: a job that only warns and makes no file (so it is up to date after)
                    add_in(name, "rules", [], game=deck.game, sets=list(sets), format=b.booklets.imposition,
                           page=b.booklets.page, not_made=f"{lang}/{file}")
    if "booklets" in outputs:
        for name, file, sets in project_booklets(deck):
            add(name, "rules", [folder / file], game=deck.game, sets=list(sets), format=b.booklets.imposition,
                page=b.booklets.page)
    if _game(deck) is not None and "balance" in outputs:
        games = balance_games if balance_games is not None else b.balance.games
        add("balance", "balance", [folder / "balance.pdf", folder / "balance.json"], games=games)
    return jobs


def _printed(deck: Deck, folder: Path, add: Any) -> None:
    """The jobs whose outputs carry the deck's text: sheets, images, vendor kits, showcase."""
    b = deck.build
    outputs = set(b.outputs)
    if "sheets" in outputs:
        sheet = sheet_settings(b.sheets)
        kind = "tiles" if deck.kind == "piecepack" else "cards"
        for page in b.sheets.pages:
            add(f"{kind}-{page}", kind, [folder / f"{kind}-{page}.pdf"], page=page, **sheet)
    if "images" in outputs:
        extra: dict[str, Any] = {"format": b.images.format} if b.images.format != "png" else {}
        if b.images.bleed:
            extra["bleed"] = b.images.bleed
        add("images", "images", [folder / "images"], dpi=b.images.dpi, backs=b.images.back_images, **extra)
    if "vendors" in outputs:
        for vendor in b.vendors:
            add(f"images-{vendor}", "images", [folder / f"images-{vendor}"], preset=vendor)
    if "showcase" in outputs and deck.kind == "cards":
        add("showcase", "showcase", [folder / "showcase"], cards=list(b.showcase.cards),
            background=b.showcase.background, width=b.showcase.width)


def sheet_settings(sheets: SheetsIn) -> dict[str, Any]:
    """The sheet options a job carries: backs always, the rest only where the project
    sets them (so a default build's jobs, and their cache keys, stay as they were).
    Checked here, so a bad page size or arrangement fails before anything is drawn."""
    from ..errors import ParameterError
    from ..render.sheet import SheetOptions

    options: dict[str, Any] = {"backs": sheets.backs}
    for key in ("bleed", "margin", "gap", "arrangement"):
        if getattr(sheets, key) is not None:
            options[key] = getattr(sheets, key)
    if not sheets.crop_marks:
        options["crop_marks"] = False
    if sheets.cut_lines:
        options["cut_lines"] = True
    if sheets.color != "rgb":
        options["color"] = sheets.color
    for page in sheets.pages:
        try:
            SheetOptions(page=page, **options)
        except ParameterError as exc:
            raise ParameterError(f"build.sheets: {exc}") from None
    return options


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
    if spec.name not in builtin_names():
        return [("rules", "rules-booklet.pdf", ())] if project_rules(deck) is not None else []
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

    try:
        return game_of(deck)
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
    fresh = target.with_name(f".{target.name}.new")
    old = target.with_name(f".{target.name}.old")
    for leftover in (fresh, old):
        shutil.rmtree(leftover, ignore_errors=True)
    try:
        report = export_images(deck, fresh, **job.options)
    except BaseException:  # a broken card or Ctrl-C: no half-made folder stays behind
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    if target.exists():
        target.rename(old)
    fresh.rename(target)
    shutil.rmtree(old, ignore_errors=True)
    return list(getattr(report, "warnings", []))


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
                           page=job.options["page"], lang=job.lang or None)
    return list(report.warnings)


def _balance(deck: Deck, job: Job) -> list[str]:
    import json

    from ..balance import run_checks, write_report_pdf
    from ..render.atomic import atomic_write

    report = run_checks(deck, games=job.options["games"], players=None, seed=1, sets=(), thresholds={}, skill=False)
    write_report_pdf(report, job.outputs[0], job.outputs[0].parent / "balance-charts")
    with atomic_write(job.outputs[1]) as tmp:
        Path(tmp).write_text(json.dumps(report.to_json(), indent=2))
    return [f"{f.level}: {f.message}" for f in report.findings]


_RUNNERS = {"cards": _cards, "tiles": _tiles, "images": _images, "showcase": _showcase, "rules": _rules,
            "balance": _balance}
