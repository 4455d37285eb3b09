"""``deckpress check viashi --strategy expert`` as a designer runs it (issue 29).

Goal: the default command (``--jobs auto``, sequential testing, the expert's
default budget) takes <= 30 s on a 2-core machine, whole process, against the
settings before issue 29 measured in the same run: every one of the 1,000
playtest games and 300 skill-gap games played (no sequential testing), the
expert at 24 samples per play decision and 72 per draw (``expert:24``) without
the early stop per decision, and ``--jobs 2``. The baseline runs ``run_checks`` in a fresh Python process with
those settings (the command line no longer offers them).

Printed per side: wall time, CPU time (the process and its workers), the games
each measurement used, and the ratios. On a machine shared with other work the
wall time is inflated by the other load: CPU time / cores is the honest figure
for free cores.

Run: ``.venv/bin/python benchmarks/bench_check_expert.py`` (``--runs``, default
1; ``--games`` for both sides, default 1000). Never part of the unit tests.
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
PYTHON = str(ROOT / ".venv/bin/python")

OLD = """
import json, sys
from generator.balance import CheckOptions, run_checks
from generator.deck import resolve_deck
from generator.games.viashi import expert
expert.STOP_Z = 0.0  # the search before issue 29: every sample of every decision
report = run_checks(resolve_deck("viashi"), CheckOptions(games={games}, strategy="expert:24"), jobs=2, sequential=False)
print(json.dumps(report.to_json()))
"""


def timed(args: list[str]) -> tuple[float, float, dict]:
    """(wall s, CPU s of the process and its workers, the JSON it printed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout)


def used(report: dict) -> str:
    play = report.get("playtest") or {}
    return f"playtest {play.get('games')} games, skill gap {play.get('skill', {}).get('games')} games"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{cores} cores; load average {os.getloadavg()[0]:.1f} at the start")
    timed([DECKPRESS, "check", "viashi", "--strategy", "expert:2", "--games", "6", "--json"])  # load the kernels once
    new_cmd = [DECKPRESS, "check", "viashi", "--strategy", "expert", "--json"]
    if args.games != 1000:
        new_cmd += ["--games", str(args.games)]
    old_cmd = [PYTHON, "-c", OLD.format(games=args.games)]
    for run in range(args.runs):
        old_wall, old_cpu, old = timed(old_cmd)
        new_wall, new_cpu, new = timed(new_cmd)
        print(f"run {run + 1}: before issue 29 (expert:24, every game, --jobs 2): {old_wall:.1f} s wall, {old_cpu:.1f} s CPU;"
              f" {used(old)}")
        print(f"run {run + 1}: now (default options: --jobs auto): {new_wall:.1f} s wall, {new_cpu:.1f} s CPU; {used(new)}")
        print(f"  ratio old / new: wall {old_wall / new_wall:.1f}x, CPU {old_cpu / new_cpu:.1f}x;"
              f" on {cores} free cores about {new_cpu / cores:.1f} s (target <= 30 s)")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
