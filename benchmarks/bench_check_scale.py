"""Memory and time of ``deckpress check --games 0`` (the static checks) at 10k, 20k and
100k cards: whole processes, peak RSS (``ru_maxrss``) of each child from ``os.wait4``.

Each size writes a Weiji deck (a YAML file naming a CSV, four attributes, one where
lower is better, values with ties and some "no data") and runs the installed
``deckpress check DECK --games 0`` in a fresh process, so each peak is its own.
Exit code 1 (findings) or 0 is expected; any other code fails the run. A baseline in the same run: ``deckpress decks`` (the CLI
started, nothing loaded) shows the fixed cost.

Goal (issue #25): 100,000 cards in at most 1 GB.

Run: .venv/bin/python benchmarks/bench_check_scale.py [N ...]
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

SIZES = (10_000, 20_000, 100_000)
LIMIT_MB = 1024
DECKPRESS = str(Path(sys.executable).with_name("deckpress"))


def write_deck(folder: Path, n: int) -> Path:
    rng = random.Random(n)
    rows = ["id,name,speed,power,range,weight"]
    for i in range(n):
        cells = [str(rng.randint(0, 999)) if rng.random() > 0.02 else "" for _ in range(4)]
        rows.append(f"C{i:06d},Card {i}," + ",".join(cells))
    (folder / "cards.csv").write_text("\n".join(rows) + "\n")
    (folder / "deck.yaml").write_text(
        "name: Scale\ngame: weiji\nattributes:\n"
        "  - {key: speed, label: Speed}\n  - {key: power, label: Power}\n"
        "  - {key: range, label: Range}\n  - {key: weight, label: Weight, better: lower}\n"
        "cards: cards.csv\n")
    return folder / "deck.yaml"


def run(args: list[str]) -> tuple[float, float, int]:
    """(seconds, peak RSS in MB, exit code) of one child process."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = code = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        if code not in (0, 1):
            err.seek(0)
            raise SystemExit(f"{' '.join(args)} exited {code}:\n{err.read().decode(errors='replace')[-2000:]}")
    return seconds, usage.ru_maxrss / 1024, code  # Linux: KiB


def main(sizes: tuple[int, ...]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="deckpress-bench-check-"))
    try:
        base_s, base_mb, _ = run([DECKPRESS, "decks"])
        print(f"baseline `deckpress decks`: {base_mb:6.0f} MB, {base_s:5.1f} s")
        print(f"{'cards':>8} {'peak RSS':>10} {'time':>8}  exit")
        rows = []
        for n in sorted(sizes):
            deck = write_deck(folder, n)
            seconds, peak, code = run([DECKPRESS, "check", str(deck), "--games", "0"])
            rows.append((n, peak, seconds))
            print(f"{n:>8,} {peak:>7.0f} MB {seconds:>6.1f} s  {code}")
        n, peak, _ = rows[-1]
        print(f"largest: {n:,} cards in {peak:.0f} MB ({'within' if peak <= LIMIT_MB else 'OVER'} the {LIMIT_MB} MB goal)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main(tuple(int(a) for a in sys.argv[1:]) or SIZES)
