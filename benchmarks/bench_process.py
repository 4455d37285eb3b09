"""Speed as the user feels it (issue 15): whole commands, timed as subprocesses.

Every figure is the wall-clock time of a whole process as a user types it (the
installed ``deckpress`` script: start-up, imports, loading, checking, writing),
the median of ``--runs`` runs, and a row's two sides run alternately so a busy
machine disturbs both alike. Ratios come from the same run.

| row | measured | goal |
|-----|----------|------|
| cards | ``deckpress cards big.yaml`` (540 cards, duplex backs) vs protograf drawing the same cards from the same rows | ours >= 5x faster |
| version / help | ``deckpress --version``, ``deckpress --help`` | <= 0.25 s |
| simulate start | ``deckpress simulate war --games 1`` (and, for comparison, with ``--engine fast``) | <= 0.5 s |
| no-op build | ``deckpress build -o OUT`` again with nothing changed (every bundled deck) | <= 0.5 s |
| simulate | ``deckpress simulate war --deck standard52 --games 400000`` vs the C yardstick (``../shared/bench/refwar.c``, ``gcc -O2``, same rules and games) | C time / ours >= 0.6 |

Run: ``.venv/bin/python benchmarks/bench_process.py`` (``--runs 3`` for a quicker,
rougher run; ``--skip build`` etc. to leave rows out). The first full build
(for the no-op row) is made once into ``benchmarks/_build/out`` and reused.
Never part of the unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_cards import PROTOGRAF_CARDS, PROTOGRAF_IMPORT  # noqa: E402

BUILD = ROOT / "benchmarks" / "_build"
# The C yardstick outside the project (a worktree sits one folder deeper); REFWAR=path overrides.
REFWAR = next((p for p in (Path(os.environ.get("REFWAR", "")), ROOT.parent / "shared" / "bench" / "refwar.c",
                           ROOT.parent.parent / "shared" / "bench" / "refwar.c") if p.is_file()), Path("refwar.c"))
DECKPRESS = Path(sys.executable).parent / "deckpress"
REPEAT = 10  # the Viashi deck ten times over: 540 cards
WAR_GAMES = 400_000

PROTOGRAF = (  # the same cards as bench_cards.py draws, from big.csv
    "import csv, sys\n"
    "out, rows = sys.argv[1], list(csv.reader(open(sys.argv[2], encoding='utf-8'))); sys.argv = sys.argv[:1]\n"
    + PROTOGRAF_IMPORT + PROTOGRAF_CARDS
)


# As an installed deckpress runs: its modules compiled to bytecode once (pip does that on
# install), so PYTHONDONTWRITEBYTECODE, which makes every run compile every module again, is dropped.
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "COLUMNS": "100"}
CPU: dict[int, float] = {}  # id of a command -> median CPU seconds (user + system) of its process


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], cwd: Path | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one whole process."""
    cpu, start = _cpu(), time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - start, _cpu() - cpu


def alternate(runs: int, *commands: Callable[[], tuple[float, float]]) -> list[tuple[float, float]]:
    """(median wall, median CPU) seconds of each command, run alternately ``runs`` times.
    CPU time (user + system) is printed beside the wall time: on a busy machine it shows
    what the process itself spent, while the goals are about the wall clock."""
    times: list[list[tuple[float, float]]] = [[] for _ in commands]
    for _ in range(runs):
        for i, command in enumerate(commands):
            times[i].append(command())
    return [(statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for t in times]


def shown(figure: tuple[float, float]) -> str:
    return f"{figure[0]:.2f} s (CPU {figure[1]:.2f} s)"


def verdict(ok: bool) -> str:
    return "goal met" if ok else "GOAL NOT MET"


def write_big_deck(folder: Path) -> tuple[Path, Path]:
    """big.yaml (the Viashi deck's header with its 54 cards ten times, ids made unique) and
    big.csv (the same cards' rows for protograf)."""
    import yaml

    text = (ROOT / "deck_data" / "viashi.yaml").read_text(encoding="utf-8")
    # game: none: the deck is drawn, not played (Viashi refuses a deck with each card ten times)
    head = re.sub(r"(?m)^game:.*$", "game: none", text.split("\ncards:\n")[0])
    raw = yaml.safe_load(text)
    suits = {s["key"]: s for s in raw["suits"]}
    lines, rows = [], [["name", "subtitle", "rank", "color", "suit"]]
    for i in range(REPEAT):
        for card in raw["cards"]:
            card = {**card, "id": f"{card['id']}-{i}"}
            lines.append("  - " + json.dumps(card, ensure_ascii=False))
            suit = suits[card["suit"]]
            rows.append([card["name"], card.get("subtitle", ""), card["rank"], suit["color"], suit["name"]])
    deck = folder / "big.yaml"
    deck.write_text(head + "\ncards:\n" + "\n".join(lines) + "\n", encoding="utf-8")
    data = folder / "big.csv"
    data.write_text("\n".join(",".join(r) for r in rows) + "\n", encoding="utf-8")
    return deck, data


def row_cards(runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        deck, data = write_big_deck(folder)
        ours, theirs = alternate(
            runs,
            lambda: timed([str(DECKPRESS), "cards", str(deck), "-o", str(folder / "ours.pdf"), "--backs", "duplex-long"]),
            lambda: timed([sys.executable, "-c", PROTOGRAF, str(folder / "protograf.pdf"), str(data)], cwd=folder),
        )
    ratio = theirs[0] / ours[0]
    print(f"cards     540 cards, duplex: deckpress {shown(ours)}, protograf {shown(theirs)}: "
          f"{ratio:.1f}x (CPU {theirs[1] / ours[1]:.1f}x) (goal >= 5x) {verdict(ratio >= 5)}")


def row_start(runs: int) -> None:
    version, help_ = alternate(runs, lambda: timed([str(DECKPRESS), "--version"]),
                               lambda: timed([str(DECKPRESS), "--help"]))
    for label, seconds in (("--version", version), ("--help", help_)):
        print(f"start     deckpress {label}: {shown(seconds)} (goal <= 0.25 s) {verdict(seconds[0] <= 0.25)}")


def row_startup(runs: int) -> None:
    timed([str(DECKPRESS), "simulate", "war", "--games", "1", "--engine", "fast"])  # kernels compiled and cached
    auto, fast = alternate(runs, lambda: timed([str(DECKPRESS), "simulate", "war", "--games", "1"]),
                           lambda: timed([str(DECKPRESS), "simulate", "war", "--games", "1", "--engine", "fast"]))
    print(f"startup   deckpress simulate war --games 1: {shown(auto)} (goal <= 0.5 s) {verdict(auto[0] <= 0.5)}; "
          f"with --engine fast (numba and the cached kernel): {shown(fast)}")


def row_build(runs: int) -> None:
    out = BUILD / "out"
    first = timed([str(DECKPRESS), "build", "-o", str(out)])  # builds, or refreshes what changed
    print(f"build     first build (or refresh) of every bundled deck: {first[0]:.1f} s")
    (noop,) = alternate(runs, lambda: timed([str(DECKPRESS), "build", "-o", str(out)]))
    print(f"build     no-op rebuild, every bundled deck: {shown(noop)} (goal <= 0.5 s) {verdict(noop[0] <= 0.5)}")


def row_simulate(runs: int) -> None:
    if not REFWAR.exists() or shutil.which("gcc") is None:
        print("simulate  skipped: no gcc or no ../shared/bench/refwar.c")
        return
    BUILD.mkdir(parents=True, exist_ok=True)
    exe = BUILD / "refwar"
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(REFWAR)], check=True)
    games = str(WAR_GAMES)
    timed([str(DECKPRESS), "simulate", "war", "--deck", "standard52", "--games", "1000"])  # kernels cached
    ours, c = alternate(
        runs,
        lambda: timed([str(DECKPRESS), "simulate", "war", "--deck", "standard52", "--games", games]),
        lambda: timed([str(exe), games, "1", "52", "shuffle", "10000", "classic", "2"]),
    )
    ratio = c[0] / ours[0]
    print(f"simulate  war, standard 52, {WAR_GAMES:,} games: deckpress {shown(ours)}, C {shown(c)}: "
          f"{ratio:.2f} of C (CPU {c[1] / ours[1]:.2f}) (goal >= 0.6) {verdict(ratio >= 0.6)}")


ROWS = {"start": row_start, "startup": row_startup, "cards": row_cards, "build": row_build,
        "simulate": row_simulate}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="alternating runs per row (median)")
    parser.add_argument("--skip", action="append", default=[], choices=sorted(ROWS), help="leave a row out")
    args = parser.parse_args()
    if not DECKPRESS.exists():
        sys.exit(f"no deckpress script beside {sys.executable}: pip install -e '.[dev,bench]' first")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], check=True,
                   stdout=subprocess.DEVNULL, env=ENV)  # bytecode, as after an install
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"whole-process timings, median of {args.runs} alternating runs; load average {load:.1f} "
          f"on {os.cpu_count()} cores")
    for name, row in ROWS.items():
        if name not in args.skip:
            row(args.runs)
    end = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the end: {end:.1f}")


if __name__ == "__main__":
    main()
