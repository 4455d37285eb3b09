"""Render many piece sides to pixels, in worker processes when that pays off.

A :class:`Task` names one side of one piece, its exact pixel size and what to
do with the pixels: ``save`` (write a file), ``digest`` (only hash it: are all
backs the same?) or ``image`` (return it, for composing sheets). Tasks are
done in chunks: each chunk draws its sides as pages of one PDF (fonts are
embedded once per chunk) and pypdfium2 rasterises each page.

Processes, not threads: PDFium is not thread-safe. Workers come from
:mod:`generator.executor` and start with ``spawn`` (no fork of a process that
runs a progress-bar thread); they receive the pieces once, pickled, through the
pool initializer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from ..executor import ProcessPool
from ..render.fonts import register_fonts
from ..render.piece import Piece
from .files import digest, save_image, with_corners
from .pages import piece_pages_bytes
from .rasterise import render_document

PARALLEL_MIN_PIXELS = 40_000_000  # below this, starting workers (~0.5 s each) costs more than it saves
SERIAL_CHUNK = 16  # sides per PDF when rendering here: fonts are embedded once per PDF
CHUNKS_PER_WORKER = 4

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Task:
    index: int  # into the pieces
    side: str  # "front" or "back"
    size: tuple[int, int]  # exact pixels, bleed included
    action: str = "save"  # save | digest | image
    path: Path | None = None
    fmt: str = "png"
    dpi: float = 300.0
    corner_px: float = 0.0  # transparent rounded corners (0: none)
    ellipse: bool = False  # transparent outside an ellipse (round pieces)


@dataclass
class Done:
    task: Task
    digest: str  # of the pixels ("" for saved files: nobody compares those)
    image: Image.Image | None = None


@dataclass
class Batch:
    done: list[Done] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def render_tasks(pieces: Sequence[Piece], tasks: Sequence[Task], bleed_mm: float) -> Batch:
    """Do ``tasks`` here and now (one PDF for all of them)."""
    register_fonts()
    data = piece_pages_bytes([(pieces[t.index], t.side) for t in tasks], bleed_mm)
    batch = Batch()
    for task, image in zip(tasks, render_document(data, [t.size for t in tasks]), strict=True):
        found = digest(image) if task.action != "save" else ""
        if task.corner_px > 0 or task.ellipse:
            image = with_corners(image, task.corner_px, task.ellipse)
        if task.action == "save":
            assert task.path is not None
            save_image(image, task.path, task.fmt, task.dpi)
            batch.done.append(Done(task, found))
        elif task.action == "image":
            batch.done.append(Done(task, found, image))
        else:
            batch.done.append(Done(task, found))
    for index in sorted({t.index for t in tasks}):
        for warning in getattr(pieces[index], "warnings", ()):
            if warning not in batch.warnings:
                batch.warnings.append(warning)
    return batch


_WORKER_PIECES: Sequence[Piece] = ()


def _init_worker(pieces: Sequence[Piece]) -> None:
    global _WORKER_PIECES
    _WORKER_PIECES = pieces
    register_fonts()


def _worker(tasks: Sequence[Task], bleed_mm: float) -> Batch:
    return render_tasks(_WORKER_PIECES, tasks, bleed_mm)


def _chunks(tasks: Sequence[Task], count: int) -> list[list[Task]]:
    size = max(1, math.ceil(len(tasks) / max(1, count)))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def run_tasks(
    pieces: Sequence[Piece],
    tasks: Sequence[Task],
    bleed_mm: float,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
) -> Batch:
    """Do every task, in order of ``tasks`` in the result; ``progress(done, total)`` as chunks finish."""
    total = len(tasks)
    pixels = sum(w * h for w, h in (t.size for t in tasks))
    result = Batch()
    by_task: dict[int, Done] = {}
    done = 0
    if jobs > 1 and total >= 2 * jobs and pixels >= PARALLEL_MIN_PIXELS:
        chunks = _chunks(tasks, jobs * CHUNKS_PER_WORKER)
        for _, batch in ProcessPool(jobs).run(_worker, [(chunk, bleed_mm) for chunk in chunks],
                                              initializer=_init_worker, initargs=(list(pieces),)):
            _merge(result, batch, by_task)
            done += len(batch.done)
            if progress is not None:
                progress(done, total)
    else:
        for chunk in _chunks(tasks, math.ceil(total / SERIAL_CHUNK)):
            batch = render_tasks(pieces, chunk, bleed_mm)
            _merge(result, batch, by_task)
            done += len(batch.done)
            if progress is not None:
                progress(done, total)
    result.done = [by_task[_key(t)] for t in tasks]
    return result


def _merge(result: Batch, batch: Batch, by_task: dict[int, Done]) -> None:
    for item in batch.done:
        by_task[_key(item.task)] = item
    for warning in batch.warnings:
        if warning not in result.warnings:
            result.warnings.append(warning)


def _key(task: Task) -> int:
    """Tasks are unique per (piece, side)."""
    return task.index * 2 + (task.side == "back")
