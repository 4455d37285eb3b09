"""Worker processes that die with their parent and stop cleanly.

Any process pool deckpress makes passes ``init_worker`` as its initializer (with
the parent's pid), runs its work through ``run_in_worker`` and ends with
``stop_pool`` when the parent is interrupted. Then:

- a worker's SIGTERM and SIGINT raise ``KeyboardInterrupt`` inside the running job,
  so its ``atomic_write`` removes the temporary file, and the worker exits instead
  of taking the next job;
- when the parent dies, however it dies (SIGKILL included), each worker gets SIGTERM
  from the kernel (Linux: ``prctl(PR_SET_PDEATHSIG)``); everywhere, a watchdog thread
  also checks every half second that the parent is still the same process;
- an interrupted parent cancels the jobs not yet started and sends SIGTERM to the
  workers, then SIGKILL to any still alive after ``GRACE_SECONDS``.

Standard library only; nothing here imports the rest of deckpress.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

T = TypeVar("T")
PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 0.5  # how often the watchdog thread checks the parent
GRACE_SECONDS = 5.0  # how long interrupted workers get to clean up before SIGKILL
EXIT_STOPPED = 143  # a worker stopped by SIGTERM or its parent's death (128 + 15)


def init_worker(parent: int) -> None:
    """Pool initializer: interrupts stop the job cleanly, the parent's death stops the worker."""
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    sys.unraisablehook = _unraisable
    _parent_death_signal()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(EXIT_STOPPED)
    threading.Thread(target=_watchdog, args=(parent,), daemon=True, name="deckpress-parent-watch").start()


def run_in_worker(func: Callable[..., T], *args: Any) -> T:
    """``func(*args)`` in a worker; an interrupt ends the worker process (after the job's own
    cleanup has run), so a pool never goes on to the next job after SIGTERM."""
    global _IN_JOB
    _IN_JOB = True
    try:
        return func(*args)
    except KeyboardInterrupt:
        os._exit(EXIT_STOPPED)
    finally:
        _IN_JOB = False


def stop_pool(pool: Executor) -> None:
    """After an interrupt in the parent: cancel what has not started, SIGTERM the workers,
    SIGKILL those that outlive ``GRACE_SECONDS``, and reap them all."""
    found = getattr(pool, "_processes", None)  # ProcessPoolExecutor's pid -> Process
    processes = list(found.values()) if isinstance(found, dict) else []
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(GRACE_SECONDS)
        if process.is_alive():
            process.kill()
            process.join(GRACE_SECONDS)
    pool.shutdown(wait=True, cancel_futures=True)


_IN_JOB = False  # a job is running in this worker: an interrupt unwinds it first


_SIGNAL = [int(signal.SIGTERM)]  # the last interrupt this worker received


def _interrupt(signum: int, frame: Any) -> None:
    if not _IN_JOB:  # idle, waiting for work: nothing to clean up
        os._exit(EXIT_STOPPED)
    _SIGNAL[0] = signum
    raise KeyboardInterrupt(f"signal {signum}")


def _unraisable(info: Any) -> None:
    """An interrupt that landed inside a callback Python cannot unwind (a garbage-collector
    callback, a finaliser) would be printed as "Exception ignored ... Traceback" and lost:
    ask for it again, so the job unwinds at the next safe point, without a traceback."""
    if isinstance(info.exc_value, KeyboardInterrupt):
        redeliver_later(_SIGNAL[0])
        return
    sys.__unraisablehook__(info)


REDELIVER_SECONDS = 0.05  # long enough for the unraisable hook to have returned


def redeliver_later(signum: int) -> None:
    """Deliver ``signum`` to the main thread again, from a helper thread, once the caller (an
    unraisable hook) has returned. Delivered inside the hook, its handler would raise there
    and Python would print "Exception ignored in sys.unraisablehook" with a traceback (the
    handler runs at the main thread's next safe point, and the hook's own code is one).

    On a loaded machine the main thread may still be starting the helper when the helper
    delivers: the interrupt then lands here, is caught, and one more is asked for, so
    exactly one stays pending for after the hook."""
    import _thread

    def deliver() -> None:
        time.sleep(REDELIVER_SECONDS)
        _thread.interrupt_main(signal.Signals(signum))

    while True:
        try:
            threading.Thread(target=deliver, daemon=True, name="deckpress-redeliver").start()
            return
        except KeyboardInterrupt:  # a delivery landed while the helper was starting: consumed here
            continue


def _parent_death_signal() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watchdog thread still stops the worker


def _watchdog(parent: int) -> None:
    event = threading.Event()
    while not event.wait(WATCH_SECONDS):
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGTERM)  # through the handler: the job cleans up
            event.wait(GRACE_SECONDS)
            os._exit(EXIT_STOPPED)
