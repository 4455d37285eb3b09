"""Time and peak memory of ``deckpress check P --games 0`` on a project made by
``deckpress new`` (its layout extending the bundled one, its rules template, its
build settings) with 10,000 and 100,000 card rows: whole processes, peak RSS
(``ru_maxrss``) of each child from ``os.wait4``.

The static check must grow linearly or n·log n (issue 41: 10,000 rows took 186 s and
100,000 did not finish in 600 s, the Weiji game ranking every card against every
other while the rules template was checked). Goal: 100,000 rows in at most 60 s and
1 GB. A baseline in the same run, ``deckpress decks`` (the CLI started, nothing
loaded), shows the fixed cost; the ratio 100k/10k should stay near 10.

Run: .venv/bin/python benchmarks/bench_check_project.py [N ...]
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = (10_000, 100_000)
LIMIT_MB = 1024
LIMIT_S = 60.0
DECKPRESS = str(Path(sys.executable).with_name("deckpress"))


def make_project(root: Path, n: int) -> Path:
    folder = root / f"p{n}"
    subprocess.run([DECKPRESS, "new", str(folder)], check=True, stdout=subprocess.DEVNULL)
    header = (folder / "cards.csv").read_text().splitlines()[0]
    rng = random.Random(n)
    rows = [f"C{i:06d},Card {i},{rng.randint(50, 300)},{rng.randint(500, 9000)},{rng.randint(100, 2000)},"
            f"{rng.randint(1, 9)},{rng.randint(1, 10)},Tag {i}" for i in range(n)]
    (folder / "cards.csv").write_text("\n".join([header, *rows]) + "\n")
    return folder


def run(args: list[str]) -> tuple[float, float, int, float]:
    """(seconds, peak RSS in MB, exit code, CPU seconds) of one child process (CPU: user +
    system of the child alone, the figure to compare on a shared machine)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        if code not in (0, 1):
            err.seek(0)
            raise SystemExit(f"{' '.join(args)} exited {code}:\n{err.read().decode(errors='replace')[-2000:]}")
    return seconds, usage.ru_maxrss / 1024, code, usage.ru_utime + usage.ru_stime  # ru_maxrss: KiB on Linux


def main(sizes: tuple[int, ...]) -> None:
    root = Path(tempfile.mkdtemp(prefix="deckpress-bench-project-"))
    try:
        base_s, base_mb, _, base_cpu = run([DECKPRESS, "decks"])
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"baseline `deckpress decks`: {base_mb:6.0f} MB, {base_s:5.1f} s, {base_cpu:5.1f} s CPU")
        print(f"{'rows':>8} {'peak RSS':>10} {'time':>8} {'CPU':>8}  exit")
        rows = []
        for n in sorted(sizes):
            folder = make_project(root, n)
            seconds, peak, code, cpu = run([DECKPRESS, "check", str(folder), "--games", "0"])
            rows.append((n, peak, cpu))
            print(f"{n:>8,} {peak:>7.0f} MB {seconds:>6.1f} s {cpu:>6.1f} s  {code}")
        if len(rows) > 1:
            (n0, _, s0), (n1, _, s1) = rows[0], rows[-1]
            print(f"CPU time ratio {n1:,}/{n0:,} rows: {s1 / s0:.1f} (linear: {n1 / n0:.0f})")
        n, peak, cpu = rows[-1]  # CPU seconds: wall time on a shared machine measures its load
        within = peak <= LIMIT_MB and cpu <= LIMIT_S
        print(f"largest: {n:,} rows in {cpu:.0f} s CPU and {peak:.0f} MB "
              f"({'within' if within else 'OVER'} the {LIMIT_S:.0f} s / {LIMIT_MB} MB goal)")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(tuple(int(a) for a in sys.argv[1:]) or SIZES)
