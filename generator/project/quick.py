"""The quick path of ``deckpress watch``: after an edit to a few cards (a cell of the
spreadsheet, a card's art), redraw only those cards' images, then the printed sheets,
before the full rebuild of the booklet and the balance report.

The images job's output folder then matches the edited deck exactly, so its
manifest entry is brought up to date and the following ``build`` skips it; the
sheets are the build's own jobs (``quick_sheets``), run before the build plans the
rest, so a page never waits for a designer's game to be loaded and its contract
checked again (the deck changed, so the contract is checked anew: 20 games).
Anything broader (a layout, the deck's colours, a card added, removed or
reordered, a per-card back) returns None: the normal incremental build does it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from pathlib import Path

from ..deck import Deck
from .cache import read_manifest, write_manifest
from .gallery import write_record
from .jobs import Job, discard_staging, plan_printed, run_job
from .lock import build_lock

MAX_QUICK_CARDS = 12  # more changed cards than this: the whole images job is as quick


def changed_cards(old: Deck, new: Deck, changed_files: Collection[Path] = ()) -> list[str] | None:
    """Ids of the cards that differ between ``old`` and ``new`` (or whose art file is
    among ``changed_files``), or None when more than cards changed."""
    if old.kind == "piecepack" or new.kind == "piecepack" or old.key != new.key:
        return None
    if [c.id for c in old.cards] != [c.id for c in new.cards]:
        return None
    if dataclasses.replace(new, cards=old.cards) != old:  # anything besides the cards
        return None
    files = {p.resolve() for p in changed_files}
    ids = [n.id for o, n in zip(old.cards, new.cards, strict=True)
           if o != n or (n.art is not None and n.art.resolve() in files)]
    if any(o.back != n.back for o, n in zip(old.cards, new.cards, strict=True)) or len(ids) > MAX_QUICK_CARDS:
        return None
    return ids


def quick_images(target: str, old: Deck, new: Deck, out: Path, ids: list[str], balance_games: int | None) -> list[Path]:
    """Redraw the images of cards ``ids`` of ``new`` in ``out/<key>/images``; returns the files."""
    from ..images.export import deck_pieces, write_images
    from ..images.files import safe_name
    from ..images.presets import plan_export

    old_job, new_job = (_images_job(target, d, out) for d in (old, new))
    if old_job is None or new_job is None or set(new_job.options) != {"dpi", "backs"}:
        return []  # no plain images in this project's build, or in another format: the full build
    manifest = read_manifest(out)
    entry = manifest.get(old_job.id, {})
    if not ids or entry.get("key") != old_job.key or not new_job.outputs[0].is_dir():
        return []  # the images were not up to date before: leave it to the full build
    wanted, folder = set(ids), new_job.outputs[0]
    pieces = [p for p in deck_pieces(new) if p.id in wanted]
    # A card with a back of its own (<id>-back.png) gets it redrawn too; a shared back
    # (back.png) is the deck's, which changed_cards() has checked is the same.
    own = {p.id for p in pieces if (folder / f"{safe_name(p.id)}-back.png").is_file()}
    files: list[Path] = []
    for backs in (False, True):
        some = [p for p in pieces if (p.id in own) == backs]
        if some:
            options = plan_export(None, dpi=new_job.options["dpi"], backs=backs, bleed=new_job.options.get("bleed"),
                                  format=new_job.options.get("format")).options
            files += write_images(some, folder, options).files
    manifest[new_job.id] = {"key": new_job.key, "warnings": entry.get("warnings", [])}
    write_manifest(out, manifest)
    write_record(out, new)
    return files


def _images_job(target: str, deck: Deck, out: Path) -> Job | None:
    """The deck's images job as the build plans it; only the printed jobs are planned, so a
    designer's game is not loaded, nor its contract checked again, before the card is redrawn."""
    return next((job for job in plan_printed(target, deck, out) if job.id.endswith("/images")), None)


def quick_sheets(target: str, deck: Deck, out: Path) -> list[Path]:
    """Run the deck's sheet jobs (``cards-a4``, ``cards-letter``...) that are out of date, as
    the build would, and record them in the manifest so the build that follows skips them;
    returns the files written. A deck the validation refuses writes nothing (the build says
    why), and a sheet that fails stops here (the build runs it again and reports it)."""
    from ..errors import DeckpressError
    from ..render.cards import check_cards
    from ..validate.deck import validate_deck

    try:
        if any(issue.level == "error" for issue in validate_deck(deck)):
            return []
        check_cards(deck)  # what the build refuses a deck for, before any of its jobs runs
    except DeckpressError:
        return []
    written: list[Path] = []
    with build_lock(out):
        manifest = read_manifest(out)
        for job in plan_printed(target, deck, out):
            entry = manifest.get(job.id, {})
            if job.kind not in ("cards", "tiles") or job.lang or (
                    entry.get("key") == job.key and all(p.exists() for p in job.outputs)):
                continue
            try:
                result = run_job(job)
            except BaseException:  # interrupted: nothing half-made stays
                discard_staging(job)
                raise
            if result.error is not None:
                break
            manifest[job.id] = {"key": job.key, "warnings": result.warnings}
            write_manifest(out, manifest)
            written += result.written
    return written
