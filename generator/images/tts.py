"""Tabletop Simulator custom decks: sheets of card faces plus a back image.

TTS imports a deck as one image holding a grid of card faces (at most 10
columns by 7 rows, at most 4096 x 4096 px) and one back image. Conventions
kept here:

- cards fill the grid left to right, top to bottom, in deck order, each card
  as often as its ``copies`` (so the imported deck has the right count);
- the last slot of every sheet (bottom right) is left for TTS's *hidden card*
  image, shown to the other players while a card is in someone's hand; we put
  the deck's back there (the first card's back when backs differ), so a
  sheet holds at most 69 cards, and more cards
  make more sheets (``sheet-1.png``, ``sheet-2.png``, ...);
- the grid has as few rows as the cards allow, then as few columns (at least
  2 x 2, TTS's minimum): 54 cards make 10 x 6, 12 cards 7 x 2;
- cells are the cards at the requested DPI, reduced when the sheet would
  pass 4096 px (the effective DPI is recorded in the file and in tts.json);
- every back alike: one ``back.png``; backs that differ: ``back-sheet-N.png``
  with the same grid (tick "Unique backs" in TTS's import dialog);
- pieces of different sizes (piecepack tiles, coins, ...) get their own sheets,
  named by their kind: ``tile-sheet-1.png``, ``coin-back-sheet-1.png``, ...;
- one-sided pieces (``double_sided = False``: piecepack dice nets, pawns) have
  no back: a group of them writes no back file (``"back": null`` in tts.json)
  and its hidden slot is left white;
- a piecepack's dice also get a TTS custom-die texture each,
  ``die-<suit>-texture.png`` (:mod:`.tts_dice`), listed under ``"dice"`` in tts.json;
  the saved object makes them real dice, the net sheets stay for Tabletop Playground.

``tts.json`` lists, per sheet, what the import dialog asks: face and back
files, width (columns), height (rows) and number of cards. Beside it, one
``<sheet>.ttp.json`` per sheet is the Tabletop Playground card template for the
same images (:mod:`.ttp`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..render.atomic import atomic_write
from ..render.piece import Piece
from .files import group_name, save_image, size_key
from .options import ImageOptions
from .rasterise import MM_PER_INCH, pixel_size
from .report import ImageReport
from .work import Done, Progress, Task, run_tasks

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_PIXELS = 4096
MIN_GRID = 2
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card


@dataclass(frozen=True)
class SheetGrid:
    columns: int
    rows: int
    cards: int  # cards on this sheet (the hidden slot not counted)


def sheet_grids(count: int) -> list[SheetGrid]:
    """The sheets ``count`` cards need, each with room for the hidden card in its last slot."""
    grids = []
    remaining = count
    while remaining > 0:
        n = min(PER_SHEET, remaining)
        rows = max(MIN_GRID, math.ceil((n + 1) / MAX_COLUMNS))
        columns = max(MIN_GRID, math.ceil((n + 1) / rows))
        grids.append(SheetGrid(columns, rows, n))
        remaining -= n
    return grids


def cell_size(width_mm: float, height_mm: float, dpi: float, grid: SheetGrid) -> tuple[float, tuple[int, int]]:
    """(effective DPI, cell pixels): the cards at ``dpi`` unless the sheet would pass 4096 px."""
    d = min(dpi, MAX_PIXELS / (grid.columns * width_mm / MM_PER_INCH),
            MAX_PIXELS / (grid.rows * height_mm / MM_PER_INCH))
    size = pixel_size(width_mm, height_mm, d)
    while size[0] * grid.columns > MAX_PIXELS or size[1] * grid.rows > MAX_PIXELS:
        d *= 0.999
        size = pixel_size(width_mm, height_mm, d)
    return d, size


def size_groups(pieces: Sequence[Piece]) -> list[list[int]]:
    """Piece indices, each repeated by its copies, grouped by size (in deck order)."""
    groups: dict[tuple[float, float], list[int]] = {}
    for i, piece in enumerate(pieces):
        groups.setdefault(size_key(piece), []).extend([i] * max(0, int(getattr(piece, "copies", 1))))
    return [g for g in groups.values() if g]


def side_tasks(pieces: Sequence[Piece], order: Sequence[int], size: tuple[int, int]) -> list[Task]:
    """One image task per side of each distinct piece in ``order`` (no back for a one-sided piece)."""
    tasks = []
    for i in dict.fromkeys(order):
        tasks.append(Task(i, "front", size, "image"))
        if getattr(pieces[i], "double_sided", True):
            tasks.append(Task(i, "back", size, "image"))
    return tasks


def render_sides(pieces: Sequence[Piece], tasks: Sequence[Task], report: ImageReport, jobs: int,
                 progress: Progress | None) -> dict[tuple[int, str], Done]:
    """Rasterise ``tasks`` (counted and warned in ``report``): (piece index, side) -> image."""
    batch = run_tasks(pieces, tasks, 0.0, jobs=jobs, progress=progress)
    report.rendered = len(tasks)
    report.warnings += batch.warnings
    return {(d.task.index, d.task.side): d for d in batch.done}


def compose(cells: Sequence[Image.Image], grid: SheetGrid, size: tuple[int, int],
            hidden: Image.Image) -> Image.Image:
    """The sheet: ``cells`` left to right, top to bottom; ``hidden`` in the last slot."""
    cw, ch = size
    sheet = Image.new("RGB", (grid.columns * cw, grid.rows * ch), "white")
    for slot, cell in enumerate(cells):
        sheet.paste(cell, ((slot % grid.columns) * cw, (slot // grid.columns) * ch))
    last = grid.columns * grid.rows - 1
    sheet.paste(hidden, ((last % grid.columns) * cw, (last // grid.columns) * ch))
    return sheet


def write_tts(
    pieces: Sequence[Piece],
    out_dir: Path,
    options: ImageOptions,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    title: str = "",
    name: str = "deck",
    base_url: str | None = None,
) -> ImageReport:
    report = ImageReport(out_dir, "tts")
    groups = size_groups(pieces)
    plans = []
    tasks: list[Task] = []
    for order in groups:
        first = pieces[order[0]]
        grids = sheet_grids(len(order))
        dpi, size = cell_size(first.width, first.height, options.dpi, grids[0])
        plans.append((order, grids, dpi, size))
        tasks += side_tasks(pieces, order, size)
    images = render_sides(pieces, tasks, report, jobs, progress)
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = []
    grouped = []
    for order, grids, dpi, size in plans:
        prefix = "" if len(plans) == 1 else group_name([pieces[i] for i in order]) + "-"
        entries = _write_group(pieces, order, grids, (dpi, size), images, (out_dir, prefix), options, report)
        manifest += entries
        grouped.append((prefix.rstrip("-"), entries))
        if dpi < options.dpi:
            report.notes.append(f"{prefix.rstrip('-') or 'cards'}: {options.dpi:g} dpi would pass {MAX_PIXELS} px "
                                f"per sheet; cells are {size[0]} x {size[1]} px ({dpi:.1f} dpi)")
    from .tts_dice import write_textures  # a piecepack's dice: TTS custom-die textures

    textures = write_textures(pieces, out_dir, options.format, report, jobs)
    path = out_dir / "tts.json"
    index: dict[str, object] = {"hidden_slot": "last (bottom right): the back", "decks": manifest}
    if textures:
        index["dice"] = [{"die": die, "texture": file, "type": "d6"} for die, file in textures.items()]
    with atomic_write(path) as tmp:
        tmp.write_text(json.dumps(index, indent=2) + "\n")
    report.files.append(path)
    from .ttp import write_ttp  # Tabletop Playground reads the same sheets

    report.files += write_ttp(manifest, pieces, out_dir, title)
    from .tts_save import (
        write_saved_object,  # the same sheets as a TTS saved object: loads in one step
    )

    report.files.append(write_saved_object(grouped, pieces, out_dir, name, title or name, base_url, textures))
    return report


def _write_group(
    pieces: Sequence[Piece], order: list[int], grids: list[SheetGrid], raster: tuple[float, tuple[int, int]],
    images: dict[tuple[int, str], Done], target: tuple[Path, str], options: ImageOptions, report: ImageReport,
) -> list[dict[str, object]]:
    """``raster``: the sheets' dpi and each image's size in pixels; ``target``: the output
    folder and the group's file-name prefix."""
    (dpi, size), (out_dir, prefix) = raster, target
    ext = options.format
    backs = {i: images[(i, "back")] for i in dict.fromkeys(order) if (i, "back") in images}
    blank = Image.new("RGB", size, "white")
    back_images = {i: d.image or blank for i, d in backs.items()}
    shared = len({d.digest for d in backs.values()}) <= 1
    hidden = next(iter(back_images.values()), blank)
    one_sided = not backs  # dice nets, pawns: nothing to put on a back image
    back_path: Path | None = None
    if shared and not one_sided:
        back_path = out_dir / f"{prefix}back.{ext}"
        save_image(hidden, back_path, ext, dpi)
        report.files.append(back_path)
    entries: list[dict[str, object]] = []
    start = 0
    for n, grid in enumerate(grids, 1):
        ids = order[start : start + grid.cards]
        start += grid.cards
        faces = [images[(i, "front")].image or blank for i in ids]
        face_path = out_dir / f"{prefix}sheet-{n}.{ext}"
        save_image(compose(faces, grid, size, hidden), face_path, ext, dpi)
        report.files.append(face_path)
        sheet_back: Path | None
        if shared:
            sheet_back = back_path
        else:
            sheet_back = out_dir / f"{prefix}back-sheet-{n}.{ext}"
            cells = [back_images.get(i, blank) for i in ids]
            save_image(compose(cells, grid, size, hidden), sheet_back, ext, dpi)
            report.files.append(sheet_back)
        entries.append({
            "face": face_path.name, "back": sheet_back.name if sheet_back else None,
            "unique_backs": not shared,
            "width": grid.columns, "height": grid.rows, "number": grid.cards,
            "card_px": list(size), "dpi": round(dpi, 2),
            "cards": [pieces[i].id for i in ids],
        })
    return entries
