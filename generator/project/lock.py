"""One build at a time per output folder.

Two builds writing the same folder would trip over each other's half-made files
(an image folder swapped away mid-export, a manifest overwritten). ``build`` holds
``<out>/.deckpress-build.lock`` (an OS file lock via filelock: released when the
process ends, however it ends) while it plans, runs and records; a second build
into the same folder waits for it, and then finds the first one's outputs up to date.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

LOCK = ".deckpress-build.lock"


@contextmanager
def build_lock(out: Path, on_wait: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the output folder's build lock; if another build holds it, call
    ``on_wait`` with a message once, then wait for it to finish."""
    lock = FileLock(out / LOCK)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        if on_wait is not None:
            on_wait(f"another deckpress build is writing {out}; waiting for it to finish")
        lock.acquire()
    try:
        yield
    finally:
        lock.release()
