"""An interrupt that lands inside a finaliser (``__del__``, a weakref or garbage-collector
callback) cannot unwind there; Python hands it to ``sys.unraisablehook``. Ours asks for the
interrupt again, after the hook has returned, so the command (or the worker's job) still
stops cleanly and nothing prints "Exception ignored ... Traceback".

Each case runs in a fresh interpreter, since it installs signal handlers and hooks. The
finaliser raises the interrupt itself, as a handler would if the signal arrived there."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_the_command_stops_after_a_sigterm_caught_in_a_finaliser() -> None:
    done = _run(
        """
        import time
        from generator.cli import signals
        signals.install()

        class Finalised:
            def __del__(self):
                raise signals.Terminated()

        try:
            Finalised()
            for _ in range(500):  # up to 5 s: the re-delivery comes long before
                time.sleep(0.01)
            print("not re-delivered")
        except KeyboardInterrupt as exc:
            print("stopped by", type(exc).__name__, signals.exit_code(exc))
        """
    )
    assert done.stdout.strip() == "stopped by Terminated 143", done
    assert done.stderr == "", done.stderr


def test_ctrl_c_caught_in_a_finaliser_stays_an_interrupt() -> None:
    done = _run(
        """
        import time
        from generator.cli import signals
        signals.install()

        class Finalised:
            def __del__(self):
                raise KeyboardInterrupt()

        try:
            Finalised()
            for _ in range(500):
                time.sleep(0.01)
            print("not re-delivered")
        except KeyboardInterrupt as exc:
            print("stopped", signals.exit_code(exc))
        """
    )
    assert done.stdout.strip() == "stopped 130", done
    assert done.stderr == "", done.stderr


def test_a_worker_job_interrupted_in_a_finaliser_unwinds_and_the_worker_exits_143() -> None:
    done = _run(
        """
        import os, signal, time
        from generator import workers
        workers.init_worker(os.getppid())

        class Finalised:
            def __del__(self):
                os.kill(os.getpid(), signal.SIGTERM)  # the handler raises inside the finaliser
                time.sleep(0.2)

        def job():
            try:
                Finalised()
                for _ in range(500):
                    time.sleep(0.01)
                print("not re-delivered", flush=True)
            finally:
                print("cleaned up", flush=True)

        workers.run_in_worker(job)
        print("took the next job", flush=True)
        """
    )
    assert done.returncode == workers_exit_stopped(), done
    assert done.stdout.split() == ["cleaned", "up"], done
    assert done.stderr == "", done.stderr


def test_exactly_one_interrupt_is_redelivered_when_it_lands_while_the_hook_starts_the_helper() -> None:
    # a loaded machine can leave the main thread inside the hook (starting the helper thread)
    # when the helper delivers: made certain here by a start that dawdles; the interrupt that
    # lands there is caught and asked for again, so exactly one reaches the code after the hook
    done = _run(
        """
        import threading, time
        from generator.cli import signals
        signals.install()
        real_start = threading.Thread.start
        starts = []

        def dawdling_start(self):
            real_start(self)
            if self.name == "deckpress-redeliver":
                starts.append(self)
                if len(starts) % 2:  # every other start: the helper delivers after 0.05 s, while we are in here
                    time.sleep(0.2)

        threading.Thread.start = dawdling_start

        class Finalised:
            def __del__(self):
                raise KeyboardInterrupt()

        stopped = lost = 0
        for _ in range(10):
            try:
                Finalised()
                for _ in range(300):
                    time.sleep(0.01)
                lost += 1
            except KeyboardInterrupt:
                stopped += 1
        try:
            time.sleep(0.5)  # a second delivery would land here
            print(stopped, lost, len(starts), "none extra")
        except KeyboardInterrupt:
            print(stopped, lost, len(starts), "one extra")
        """
    )
    assert done.stdout.split() == ["10", "0", "20", "none", "extra"], done  # each landing asked for one more
    assert done.stderr == "", done.stderr


def test_other_unraisable_errors_are_still_reported() -> None:
    done = _run(
        """
        from generator.cli import signals
        signals.install()

        class Finalised:
            def __del__(self):
                raise ValueError("a real bug")

        Finalised()
        """
    )
    assert done.returncode == 0
    assert "Exception ignored" in done.stderr and "ValueError: a real bug" in done.stderr


def workers_exit_stopped() -> int:
    from generator.workers import EXIT_STOPPED

    return EXIT_STOPPED
