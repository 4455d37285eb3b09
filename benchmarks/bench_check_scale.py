"""Memory and time of ``deckpress check --games 0`` (the static checks) at 10k, 20k and
100k cards: whole processes, peak RSS from ``resource.getrusage(RUSAGE_CHILDREN)``.

Each size writes a Weiji deck (a YAML file naming a CSV, four attributes, one where
lower is better, values with ties and some "no data") and runs the installed
``deckpress check DECK --games 0`` in a fresh process: a new process per size, so
each peak is its own (``ru_maxrss`` of the children is the largest child so far,
and sizes run from small to large). Exit code 1 (findings) is expected; 0 too; any
other code fails the run. A baseline in the same run: ``deckpress decks`` (the CLI
started, nothing loaded) shows the fixed cost.

Goal (issue #25): 100,000 cards in at most 1 GB.

Run: .venv/bin/python benchmarks/bench_check_scale.py [N ...]
"""

from __future__ import annotations

import random
import resource
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
    """(seconds, peak RSS in MB of this child, exit code). Children run one at a time and
    grow in size, so the children's maximum after each run is this run's peak."""
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # Linux: KiB
    return seconds, peak, done.returncode


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
