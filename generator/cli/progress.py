"""The progress bar every long command shows: on stderr, only on a terminal, gone when done.

Off a terminal (a pipe, a log, CI) it draws nothing at all, so stdout keeps only
the results and stderr only the notes, warnings and errors, with no stray blank line.
"""

from __future__ import annotations

import sys

from rich.progress import Progress, ProgressColumn

from ..console import SafeConsole


def progress_bar(*columns: str | ProgressColumn) -> Progress:
    return Progress(*columns, console=SafeConsole(stderr=True), disable=not sys.stderr.isatty(), transient=True)
