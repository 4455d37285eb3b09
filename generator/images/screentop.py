"""Screentop.gg: a deck as one *card grid* image per group of equal-sized pieces.

Screentop makes a deck from a grid image: the user uploads the sheet and types its
number of columns and rows and how many cards it holds. Conventions kept here (the
same sheet arithmetic as :mod:`.tts`, without TTS's hidden slot):

- cards fill the grid left to right, top to bottom, in deck order, each card as often
  as its ``copies``; at most :data:`MAX_COLUMNS` x :data:`MAX_ROWS` cards a sheet and
  at most :data:`MAX_PIXELS` px a side (cells are reduced to fit, the effective DPI is
  recorded), more cards make more sheets;
- the back is one image (``back.png``), or one back sheet laid out like the faces when
  the backs differ;
- ``screentop.json`` lists, per sheet, what the upload form asks: the face file,
  ``columns``, ``rows``, ``count`` and the cards in slot order.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from ..render.atomic import atomic_write
from ..render.piece import Piece
from .files import group_name, save_image
from .options import ImageOptions
from .report import ImageReport
from .tts import MAX_PIXELS, SheetGrid, cell_size, render_sides, side_tasks, size_groups
from .work import Progress, Task

MAX_COLUMNS = 10
MAX_ROWS = 10


def grids(count: int) -> list[tuple[int, int, int]]:
    """(columns, rows, cards) of each sheet ``count`` cards need: as few rows as the
    cards allow, then as few columns."""
    out = []
    remaining = count
    while remaining > 0:
        n = min(MAX_COLUMNS * MAX_ROWS, remaining)
        rows = math.ceil(n / MAX_COLUMNS)
        columns = math.ceil(n / rows)
        out.append((columns, rows, n))
        remaining -= n
    return out



def _sheet(cells: Sequence[Image.Image], columns: int, rows: int, size: tuple[int, int]) -> Image.Image:
    sheet = Image.new("RGB", (columns * size[0], rows * size[1]), "white")
    for slot, image in enumerate(cells):
        sheet.paste(image, ((slot % columns) * size[0], (slot // columns) * size[1]))
    return sheet


def write_screentop(pieces: Sequence[Piece], out_dir: Path, options: ImageOptions, *, jobs: int = 1,
                    progress: Progress | None = None) -> ImageReport:
    report = ImageReport(out_dir, "screentop")
    plans = []
    tasks: list[Task] = []
    for order in size_groups(pieces):
        first = pieces[order[0]]
        sheets = grids(len(order))
        columns, rows, count = sheets[0]
        dpi, size = cell_size(first.width, first.height, options.dpi, SheetGrid(columns, rows, count))
        plans.append((order, sheets, dpi, size))
        tasks += side_tasks(pieces, order, size)
    images = render_sides(pieces, tasks, report, jobs, progress)
    out_dir.mkdir(parents=True, exist_ok=True)
    ext = options.format
    manifest = []
    for order, sheets, dpi, size in plans:
        prefix = "" if len(plans) == 1 else group_name([pieces[i] for i in order]) + "-"
        blank = Image.new("RGB", size, "white")
        backs = {i: images[(i, "back")] for i in dict.fromkeys(order) if (i, "back") in images}
        shared = len({d.digest for d in backs.values()}) <= 1
        back_file = None
        if backs and shared:
            back_path = out_dir / f"{prefix}back.{ext}"
            save_image(next(iter(backs.values())).image or blank, back_path, ext, dpi)
            report.files.append(back_path)
            back_file = back_path.name
        start = 0
        for n, (columns, rows, count) in enumerate(sheets, 1):
            ids = order[start:start + count]
            start += count
            face = out_dir / f"{prefix}sheet-{n}.{ext}"
            save_image(_sheet([images[(i, "front")].image or blank for i in ids], columns, rows, size), face, ext, dpi)
            report.files.append(face)
            sheet_back = back_file
            if backs and not shared:
                path = out_dir / f"{prefix}back-sheet-{n}.{ext}"
                cells = [(backs[i].image if i in backs else None) or blank for i in ids]
                save_image(_sheet(cells, columns, rows, size), path, ext, dpi)
                report.files.append(path)
                sheet_back = path.name
            manifest.append({"face": face.name, "back": sheet_back, "columns": columns, "rows": rows,
                             "count": count, "card_px": list(size), "dpi": round(dpi, 2),
                             "cards": [pieces[i].id for i in ids]})
        if dpi < options.dpi:
            report.notes.append(f"{prefix.rstrip('-') or 'cards'}: {options.dpi:g} dpi would pass {MAX_PIXELS} px "
                                f"per sheet; cells are {size[0]} x {size[1]} px ({dpi:.1f} dpi)")
    path = out_dir / "screentop.json"
    with atomic_write(path) as tmp:
        Path(tmp).write_text(json.dumps({"sheets": manifest}, indent=2) + "\n")
    report.files.append(path)
    return report
