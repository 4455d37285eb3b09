"""Scaling on Dask (issue 29): the same expert check on 1, 2, 4 ... local workers.

Runs ``deckpress check viashi --strategy expert --json --cluster local:N`` as a
whole process for each N (``--workers``, default ``1 2``; add 4 on a machine with
4 free cores), the games it played (playtest + skill gap: the same for every N,
the runs are seeded) per second of wall time, the speed-up over one worker and
the efficiency (speed-up / N). ``--jobs 1`` (no cluster) is the baseline of the
same run. Wall time includes starting the local cluster (a few seconds), as a
designer pays it; CPU time (the process and its workers) is printed beside it.

The same results for every N are checked (the JSON must be identical).

Run: ``.venv/bin/python benchmarks/bench_cluster.py [--workers 1 2 4] [--games 1000]``.
Needs the cluster extra (``pip install 'deckpress[cluster]'``). Never part of the
unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKPRESS = str(ROOT / ".venv/bin/deckpress")


def timed(args: list[str]) -> tuple[float, float, dict]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([DECKPRESS, *args], capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"deckpress {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout)


def played(report: dict) -> int:
    play = report["playtest"]
    return int(play["games"]) + int(play.get("skill", {}).get("games", 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--strategy", default="expert")
    args = parser.parse_args()
    base = ["check", "viashi", "--strategy", args.strategy, "--games", str(args.games), "--json"]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{cores} cores; load average {os.getloadavg()[0]:.1f} at the start; {' '.join(base)}")
    timed(["check", "viashi", "--strategy", "expert:2", "--games", "6", "--json"])  # load the kernels once
    wall1, cpu1, ref = timed([*base, "--jobs", "1"])
    games = played(ref)
    print(f"--jobs 1 (this process): {games} games in {wall1:.1f} s wall ({games / wall1:.2f} games/s), {cpu1:.1f} s CPU")
    first: tuple[int, float] | None = None
    for n in args.workers:
        wall, cpu, out = timed([*base, "--cluster", f"local:{n}"])
        same = json.dumps(out, sort_keys=True) == json.dumps(ref, sort_keys=True)
        rate = games / wall
        first = first or (n, rate)  # the first row (one worker by default): the yardstick
        speedup = rate / first[1]
        print(f"local:{n}: {wall:.1f} s wall ({rate:.2f} games/s), {cpu:.1f} s CPU; speed-up over local:{first[0]}"
              f" {speedup:.2f}x, efficiency {speedup * first[0] / n:.0%}; same JSON as --jobs 1: {same}")
        if not same:
            sys.exit("results differ")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
