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

from ..errors import ParameterError

LOCK = ".deckpress-build.lock"


@contextmanager
def build_lock(out: Path, on_wait: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the output folder's build lock; if another build holds it, call
    ``on_wait`` with a message once, then wait for it to finish."""
    lock = FileLock(out / LOCK)
    try:
        try:
            lock.acquire(timeout=0)
        except Timeout:
            if on_wait is not None:
                on_wait(f"another deckpress build is writing {out}; waiting for it to finish")
            lock.acquire()
    except OSError as exc:  # a read-only folder: name the folder, not the lock file inside it
        raise ParameterError(f"{out}: cannot write in the output folder ({exc.strerror or exc}); "
                             "choose another one with -o, or make it writable") from None
    try:
        yield
    finally:
        lock.release()
