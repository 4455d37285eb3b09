"""SIGTERM is Ctrl-C: what ``timeout``, systemd, Docker and CI cancellation send ends a
command the same clean way (temporary files removed, worker processes stopped, finished
build jobs recorded), with exit code 143 (128 + SIGTERM; Ctrl-C keeps 130)."""

from __future__ import annotations

import signal
import sys
from typing import Any

EXIT_INTERRUPTED = 130  # SIGINT, Ctrl-C
EXIT_TERMINATED = 143  # SIGTERM
_received: list[int] = []


class Terminated(KeyboardInterrupt):
    """Raised in the main thread on SIGTERM, so every ``except KeyboardInterrupt`` cleans up."""


def install() -> None:
    """Handle SIGTERM like SIGINT (main thread only; elsewhere Python allows no handler)."""
    try:
        signal.signal(signal.SIGTERM, _terminate)
    except ValueError:
        return  # not the main thread (an embedding application): leave its handling alone
    sys.unraisablehook = _unraisable


def _unraisable(info: Any) -> None:
    """Ctrl-C or SIGTERM inside a callback Python cannot unwind (a garbage-collector
    callback, a finaliser) would print "Exception ignored ... Traceback" and be lost: ask
    for it again, so the command stops at the next safe point, cleanly."""
    if isinstance(info.exc_value, KeyboardInterrupt):
        from generator.workers import redeliver_later

        redeliver_later(signal.SIGTERM if isinstance(info.exc_value, Terminated) else signal.SIGINT)
        return
    sys.__unraisablehook__(info)


def _terminate(signum: int, frame: Any) -> None:
    _received.append(signum)
    raise Terminated()


def exit_code(exc: BaseException | None = None) -> int:
    """143 after SIGTERM (also when a library turned it into a plain KeyboardInterrupt), else 130."""
    return EXIT_TERMINATED if isinstance(exc, Terminated) or _received else EXIT_INTERRUPTED


def message() -> str:
    return "terminated (SIGTERM)" if _received else "interrupted"
