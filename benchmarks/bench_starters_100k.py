"""``deckpress check --games 0`` on every starter grown to 100,000 card rows (issue #53):
whole processes, wall time and peak RSS (``ru_maxrss`` from ``os.wait4``) of each.

Each starter is made by the installed ``deckpress new NAME --game STARTER``; its card rows
are repeated (new ids and names) up to N rows; the check runs in a fresh process with an
empty user cache (a designer's game is checked against the contract, not read from a
cached verdict). CPU (user + system, from the same ``wait4``) is printed beside the wall
time: on a shared machine the wall time is mostly the wait for a core. A baseline in the
same run: ``deckpress decks`` (the CLI started, nothing loaded).

Goal (issue #53): each starter within 60 s and 1 GB. A run past LIMIT_S is stopped and
reported as such. Exit code 1 (findings) or 0 is a finished check; 2 an error it reports.

Run: .venv/bin/python benchmarks/bench_starters_100k.py [N [STARTER ...]]
"""

from __future__ import annotations

import csv
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STARTERS = ("weiji", "viashi", "war", "piecepack", "custom")  # templates/starters/starters.yaml and custom
ROWS = 100_000
LIMIT_S = 60.0
LIMIT_MB = 1024
DECKPRESS = str(Path(sys.executable).with_name("deckpress"))


def grow(folder: Path, n: int) -> None:
    """Repeat the starter's card rows (each with its own id and name) up to ``n`` rows."""
    path = folder / "cards.csv"
    if not path.is_file():
        return  # a starter without card rows (piecepack): the deck as made
    rows = list(csv.reader(path.open(newline="", encoding="utf-8")))
    head, body = rows[0], rows[1:]
    at_id, at_name = head.index("id"), head.index("name") if "name" in head else None
    out = [head]
    while len(out) <= n:
        row = list(body[(len(out) - 1) % len(body)])
        row[at_id] = f"R{len(out):06d}"
        if at_name is not None:
            row[at_name] = f"Card {len(out)}"
        out.append(row)
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(out)


def run(args: list[str], limit: float | None = None,
        env: dict[str, str] | None = None) -> tuple[float, float, int | None, float]:
    """(seconds, peak RSS in MB, exit code or None when stopped at ``limit``, CPU seconds)
    of one child."""
    start = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    timer = None
    if limit is not None:
        import threading

        timer = threading.Timer(limit, child.send_signal, (signal.SIGTERM,))
        timer.start()
    _, status, usage = os.wait4(child.pid, 0)
    if timer is not None:
        timer.cancel()
    seconds = time.perf_counter() - start
    code: int | None = os.waitstatus_to_exitcode(status)
    if limit is not None and seconds >= limit:
        code = None
    return seconds, usage.ru_maxrss / 1024, code, usage.ru_utime + usage.ru_stime


def main(n: int, starters: tuple[str, ...]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="deckpress-bench-starters-"))
    try:
        base_s, base_mb, _, _ = run([DECKPRESS, "decks"])
        print(f"baseline `deckpress decks`: {base_mb:6.0f} MB, {base_s:5.1f} s; load {os.getloadavg()[0]:.1f}")
        print(f"{'starter':>10} {'rows':>8} {'peak RSS':>10} {'time':>8} {'CPU':>8}  result")
        for starter in starters:
            project = folder / starter
            subprocess.run([DECKPRESS, "new", str(project), "--game", starter], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            grow(project, n)
            env = dict(os.environ, XDG_CACHE_HOME=str(folder / f"cache-{starter}"))
            seconds, peak, code, cpu = run([DECKPRESS, "--quiet", "check", str(project), "--games", "0"],
                                           limit=LIMIT_S * 4, env=env)
            met = code in (0, 1) and min(seconds, cpu) <= LIMIT_S and peak <= LIMIT_MB
            said = "stopped" if code is None else f"exit {code}"
            print(f"{starter:>10} {n:>8,} {peak:>7.0f} MB {seconds:>6.1f} s {cpu:>6.1f} s  {said}, "
                  f"{'met' if met else 'NOT met'} ({LIMIT_S:g} s, {LIMIT_MB} MB; load {os.getloadavg()[0]:.1f})")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else ROWS
    main(count, tuple(sys.argv[2:]) or STARTERS)
