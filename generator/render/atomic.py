"""Atomic file output: no half-written file is ever left behind.

``with atomic_write(path) as tmp:`` yields a temporary :class:`Path` in the same
folder as ``path`` (same suffix, so Pillow and ReportLab see the right format).
Write the whole output to ``tmp``; on a clean exit it replaces ``path`` in one
``os.replace``; on any exception (including ``KeyboardInterrupt``) the temporary
file is removed and ``path`` is untouched. An operating-system error (disk
full, ``path`` is a folder, no permission) becomes a RenderError naming the file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import Problem, RenderError

# Every temporary output file's name starts with this, and only such files are ever swept
# away as leftovers: a user's own ``.notes.partial.txt`` beside the outputs is never touched.
PARTIAL_PREFIX = ".deckpress-tmp."


def is_partial(path: Path) -> bool:
    """Is ``path`` one of deckpress's own temporary output files (a leftover after SIGKILL)?"""
    return path.name.startswith(PARTIAL_PREFIX) and ".partial" in path.name


def _mode(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0o666 minus umask."""
    if target.exists():
        return target.stat().st_mode & 0o7777
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def atomic_write(path: Path | str) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; move it into place on success."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(
            prefix=f"{PARTIAL_PREFIX}{target.stem}.", suffix=f".partial{target.suffix}", dir=target.parent
        )
        os.close(fd)
    except OSError as exc:
        raise _cannot_write(exc, target) from None
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, _mode(target))
        os.replace(tmp, target)
    except OSError as exc:  # disk full, output is a folder, permission denied: a clean error
        tmp.unlink(missing_ok=True)
        raise _cannot_write(exc, target) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _cannot_write(exc: OSError, target: Path) -> RenderError:
    where = exc.filename if exc.filename and ".partial" not in str(exc.filename) else target
    return RenderError(Problem(f"{exc.strerror or exc} (while writing {target})", where))
