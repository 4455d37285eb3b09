"""``deckpress images``: one image per card face (and back), presets for vendors.

``export_images(deck, out_dir, ...)`` takes the deck's pieces (cards, or the
piecepack's tiles, coins, dice and pawns) and ``export_pieces`` does the work
for any list of :class:`~generator.render.piece.Piece`. Every image is the
piece's own vector drawing (the one the sheets print) rasterised by pypdfium2
at the exact pixel size of the cut box, plus bleed when asked, at the DPI; the
DPI is recorded in the file.

Files: ``<card id>.<ext>`` per face; backs as ``back.<ext>`` when every back
is the same, else ``<card id>-back.<ext>``. Presets ``tts`` and ``dtc`` write
deck sheets and a vendor PDF instead (see tts.py, vendor_pdf.py); ``pcio`` a
playingcards.io room file (pcio.py).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from ..deck.model import CardSize, Deck
from ..errors import ParameterError
from ..render.piece import Piece
from .files import file_stems, group_name, is_round, size_key
from .options import ALPHA_FORMATS, PDFX, ImageOptions
from .presets import ExportPlan, plan_export
from .rasterise import pixel_size, pixels
from .report import ImageReport
from .work import Progress, Task, run_tasks


def deck_pieces(deck: Deck, layout: str | Path | None = None, size: CardSize | None = None,
                strict: bool = False) -> list[Piece]:
    """The deck's pieces: its cards, or a piecepack's tiles, coins, dice and pawns
    (``strict``: a character no font can draw is an error)."""
    if deck.kind == "piecepack":
        from ..render.piecepack import piecepack_pieces  # built alongside; imported when needed

        return list(piecepack_pieces(deck))
    from ..render.cards import card_pieces

    return card_pieces(deck, layout, size=size, strict=strict)


def export_images(
    deck: Deck,
    out_dir: Path,
    dpi: float | None = None,
    backs: bool | None = None,
    *,
    bleed: float | bool | None = None,  # mm (True: 1/8 in)
    format: str | None = None,
    preset: str | None = None,
    corner_radius: float | None = None,
    layout: str | Path | None = None,
    size: CardSize | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
) -> ImageReport:
    """Export ``deck`` into ``out_dir``; arguments left as None come from the preset or defaults."""
    plan = plan_export(preset, dpi=dpi, bleed=bleed, format=format, backs=backs,
                       corner_radius=corner_radius)
    pieces = deck_pieces(deck, layout, size)
    return export_pieces(pieces, Path(out_dir), plan, name=deck.key or "deck", title=deck.name,
                         jobs=jobs, progress=progress, language=deck.language if deck.languages else "")


def export_pieces(
    pieces: Sequence[Piece],
    out_dir: Path,
    plan: ExportPlan | ImageOptions,
    *,
    name: str = "deck",
    title: str = "",
    jobs: int = 1,
    progress: Progress | None = None,
    base_url: str | None = None,
    language: str = "",
) -> ImageReport:
    """Export any pieces as the plan says (plain images, TTS sheets or a vendor PDF).
    ``base_url``: where the TTS saved object's images will be on the web (else file:/// paths);
    ``language``: the deck's language where it declares several (the upload kit names it)."""
    if isinstance(plan, ImageOptions):
        plan = ExportPlan(plan)
    if not pieces:
        raise ParameterError("nothing to export: no pieces")
    start = time.perf_counter()
    if plan.output == "tts":
        from .tts import write_tts

        report = write_tts(pieces, out_dir, plan.options, jobs=jobs, progress=progress, title=title or name,
                           name=name, base_url=base_url)
    elif plan.output == "screentop":
        from .screentop import write_screentop

        report = write_screentop(pieces, out_dir, plan.options, jobs=jobs, progress=progress)
    elif plan.output == "pcio":
        from .pcio import write_pcio

        report = write_pcio(pieces, out_dir, plan.options, jobs=jobs, progress=progress, name=name,
                            title=title or name)
    elif plan.output == "pdf":
        from .vendor_pdf import write_vendor_pdfs

        stem = f"{name}-{plan.preset.name if plan.preset else 'vendor'}"
        report = write_vendor_pdfs(pieces, out_dir, stem, plan.options.bleed_mm, title=title,
                                   progress=progress, color=plan.options.color,
                                   pdfx=PDFX[plan.options.pdfx])
    else:
        if plan.preset is not None and plan.preset.name == "tabletopia":
            from .presets import check_tabletopia

            check_tabletopia(pieces)
        report = write_images(pieces, out_dir, plan.options, jobs=jobs, progress=progress)
    if plan.preset is not None and plan.preset.name in ("tgc", "mpc", "dtc"):
        from .kit import write_kit  # the upload form's quantities and steps

        report.files += write_kit(pieces, report, plan.preset, plan.options, title or name, language)
    report.seconds = time.perf_counter() - start
    return report


def unique_pieces(pieces: Sequence[Piece], notes: list[str]) -> list[Piece]:
    """One piece per id (the first); copies share one image."""
    seen: set[str] = set()
    out = []
    for piece in pieces:
        if piece.id in seen:
            continue
        seen.add(piece.id)
        out.append(piece)
    if len(out) < len(pieces):
        notes.append(f"{len(pieces) - len(out)} pieces share an id with an earlier one; "
                     "one image per id")
    return out


def write_images(
    pieces: Sequence[Piece],
    out_dir: Path,
    options: ImageOptions,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
) -> ImageReport:
    """One file per face (and back): exact pixel size, DPI recorded."""
    report = ImageReport(out_dir, "images")
    pieces = unique_pieces(pieces, report.notes)
    stems = file_stems([p.id for p in pieces])
    ext = options.format
    bleed = options.bleed_used
    fronts = [
        Task(i, "front", pixel_size(p.width, p.height, options.dpi, bleed), "save",
             out_dir / f"{stems[i]}.{ext}", ext, options.dpi, _corner_px(p, options),
             _round(p, options))
        for i, p in enumerate(pieces)
    ]
    two_sided = [i for i, p in enumerate(pieces) if getattr(p, "double_sided", True)]
    backs = [Task(i, "back", pixel_size(pieces[i].width, pieces[i].height, options.dpi, bleed),
                  "digest") for i in two_sided] if options.backs else []
    total = len(fronts) + 2 * len(backs)  # backs: hashed first, then saved (once if all alike)

    def step(offset: int) -> Progress | None:
        if progress is None:
            return None
        return lambda done, _total: progress(offset + done, total)

    out_dir.mkdir(parents=True, exist_ok=True)
    batch = run_tasks(pieces, [*fronts, *backs], bleed, jobs=jobs, progress=step(0))
    report.files += [t.path for t in fronts if t.path is not None]
    report.rendered = len(fronts)
    report.warnings += batch.warnings
    if backs:
        digests = {d.task.index: d.digest for d in batch.done if d.task.side == "back"}
        keep, paths = _back_files(pieces, backs, digests, stems, out_dir, ext, report.notes)
        saves = [Task(t.index, "back", t.size, "save", path, ext, options.dpi,
                      _corner_px(pieces[t.index], options), _round(pieces[t.index], options))
                 for t, path in zip(keep, paths, strict=True)]
        run_tasks(pieces, saves, bleed, jobs=jobs, progress=step(len(fronts) + len(backs)))
        report.files += paths
        report.rendered += len(saves)
        if progress is not None:
            progress(total, total)
    return report


def _back_files(
    pieces: Sequence[Piece], backs: Sequence[Task], digests: dict[int, str], stems: Sequence[str],
    out_dir: Path, ext: str, notes: list[str],
) -> tuple[list[Task], list[Path]]:
    """Which backs to write, and where: one shared file per size group whose backs are all alike."""
    groups: dict[tuple[float, float], list[Task]] = {}
    for task in backs:
        groups.setdefault(size_key(pieces[task.index]), []).append(task)
    keep: list[Task] = []
    paths: list[Path] = []
    taken = {stem.lower() for stem in stems}
    for tasks in groups.values():
        alike = len(tasks) > 1 and len({digests[t.index] for t in tasks}) == 1
        if alike:
            prefix = "" if len(groups) == 1 else group_name([pieces[t.index] for t in tasks]) + "-"
            stem = f"{prefix}back" if f"{prefix}back" not in taken else f"{prefix}shared-back"
            keep.append(tasks[0])
            paths.append(out_dir / f"{stem}.{ext}")
            notes.append(f"{len(tasks)} alike backs: one image, {paths[-1].name}")
        else:
            for t in tasks:
                stem = f"{stems[t.index]}-back"
                if stem.lower() in taken:
                    raise ParameterError(f"the back of card {pieces[t.index].id!r} would overwrite "
                                         f"the face of card {stem!r}; rename one of them")
                keep.append(t)
                paths.append(out_dir / f"{stem}.{ext}")
    return keep, paths


def _corner_px(piece: Piece, options: ImageOptions) -> float:
    return pixels(options.corner_radius, options.dpi) if options.corner_radius > 0 else 0.0


def _round(piece: Piece, options: ImageOptions) -> bool:
    """Round pieces (coins) get transparent surroundings (no bleed, a format with alpha)."""
    return is_round(piece) and not options.bleed and options.format in ALPHA_FORMATS
