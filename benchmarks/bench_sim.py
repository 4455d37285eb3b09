"""Simulator speed (issues 6 and 10): games/s and tricks/s, every ratio from one run.

Figures, each the best of ``REPEAT`` alternating timings (the machine may be
shared, so the best run is the least disturbed one):

* War, 2 players, shuffled pickup, 1 and 2 piecepacks and the 52-card deck:
  the reference State-API engine, the fast (numba) engine, and the C yardstick
  ../shared/bench/refwar.c compiled here with ``gcc -O2`` into a temporary
  folder and run under the same conventions (same deck, deal, war rule, pickup,
  turn cap; its own timer excludes process start-up, ours times the
  ``simulate()`` call). Ratio: our War tricks/s / C tricks/s (target >= 0.5).
* A numpy-vectorised War (all games in lock step, ``war_numpy.py``) against the
  numba kernel on the same rules, to show why the kernels are numba.
* Weiji with each bundled pack (lighting, cognitio, eagle), 2 and 4 players,
  ``best`` chooser; Viashi (elvish, greedy and random): fast / reference games/s
  (target >= 20x). A game with no fast kernel prints "reference only".
* ``--jobs 2`` / ``--jobs 1`` wall-clock throughput on the same run with identical
  results (target >= 1.8x), start-up of the worker processes included.
* Peak memory (ru_maxrss) of a fresh process simulating 1,000,000 War games
  (target < 300 MB).

Run: ``.venv/bin/python benchmarks/bench_sim.py`` (about 3 minutes; ``--quick``
for a smoke run). Never part of the unit tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generator.deck.load import resolve_deck  # noqa: E402
from generator.games.registry import (  # noqa: E402
    GAMES,
    make_game,
    make_params,  # noqa: E402
)
from generator.games.runner import simulate  # noqa: E402
from generator.games.stats import Summary  # noqa: E402

# The C yardstick outside the project (a worktree sits one folder deeper); REFWAR=path overrides.
REFWAR = next((p for p in (Path(os.environ.get("REFWAR", "")), ROOT.parent / "shared" / "bench" / "refwar.c",
                           ROOT.parent.parent / "shared" / "bench" / "refwar.c") if p.is_file()), Path("refwar.c"))
REPEAT = 3
WAR_REPEAT = 5  # War against C: the ratio the target is about, so more alternating runs
CAP = 10_000  # the turn cap, ours (max_tricks) and refwar's

MEMORY_CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from generator.deck.load import resolve_deck
from generator.games.registry import make_params
from generator.games.runner import simulate
def peak():
    # VmHWM: this address space's peak. ru_maxrss (Linux: KiB) also counts the parent's memory
    # at fork time (it survives exec), so it only serves where /proc is missing.
    try:
        for row in open("/proc/self/status"):
            if row.startswith("VmHWM:"):
                return int(row.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
simulate("war", resolve_deck("piecepack"), make_params("war"), games=10, seed=1)  # numba and the kernels loaded
warm = peak()
start = time.perf_counter()
s = simulate("war", resolve_deck("piecepack"), make_params("war"), games=1_000_000, seed=1)
print(json.dumps({"games": s.games, "engine": s.engine, "seconds": time.perf_counter() - start,
                  "warm_mb": warm, "peak_mb": peak(),
                  "ru_maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def best(fn: Callable[[], tuple[float, Any]], repeat: int = REPEAT) -> tuple[float, Any]:
    """(fastest seconds, last result) over ``repeat`` runs."""
    times, out = [], None
    for _ in range(repeat):
        seconds, out = fn()
        times.append(seconds)
    return min(times), out


def timed_sim(game: str, deck: str, params: dict[str, Any], games: int, engine: str,
              strategy: str | None = None, jobs: int = 1) -> tuple[float, Summary]:
    d = resolve_deck(deck)
    p = make_params(game, **params)
    start = time.perf_counter()
    s = simulate(game, d, p, games=games, seed=1, strategy=strategy, engine=engine, jobs=jobs)
    return time.perf_counter() - start, s


def compile_refwar(folder: Path) -> Path | None:
    if not REFWAR.exists() or shutil.which("gcc") is None:
        return None
    exe = folder / "refwar"
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(REFWAR)], check=True)
    return exe


def run_refwar(exe: Path, games: int, deck: str) -> tuple[float, float]:
    """(seconds, tricks/s) as refwar reports them: shuffled pickup, classic, face down in wars."""
    out = subprocess.run([str(exe), str(games), "1", deck, "shuffle", str(CAP), "classic", "2"],
                         capture_output=True, text=True, check=True).stdout.split()
    fields = dict(zip(out[::2], out[1::2], strict=False))
    return float(fields["seconds"]), float(fields["tricks_per_s"])


def line(label: str, games: int, seconds: float, tricks: float) -> None:
    print(f"  {label:<34} {games / seconds:>12,.0f} games/s {tricks / seconds:>14,.0f} tricks/s")


def bench_war(exe: Path | None, quick: bool) -> None:
    print("\nWar, 2 players, shuffled pickup (target: fast tricks/s >= 0.5 x C)")
    cases = (("1 piecepack", "piecepack", {"packs": 1}, "pp1", 400_000),
             ("2 piecepacks", "piecepack", {"packs": 2}, "pp2", 100_000),
             ("standard 52", "standard52", {}, "52", 50_000))
    for label, deck, params, cdeck, games in cases:
        games = games // 20 if quick else games
        ref_games = max(200, games // 200)
        ref_s, ref = best(lambda d=deck, p=params, g=ref_games: timed_sim("war", d, p, g, "reference"), 1)
        fast_times, c_times = [], []
        fast = None
        for _ in range(WAR_REPEAT):  # alternate ours and C, keep the best of each
            seconds, fast = timed_sim("war", deck, params, games, "fast")
            fast_times.append(fast.tricks / seconds)
            if exe is not None:
                c_times.append(run_refwar(exe, games, cdeck)[1])
        assert fast is not None
        print(f" {label}: mean {fast.tricks / fast.games:.1f} tricks per game")
        line("reference engine", ref.games, ref_s, ref.tricks)
        fast_tps = max(fast_times)
        print(f"  {'fast engine (numba)':<34} {fast_tps / (fast.tricks / fast.games):>12,.0f} games/s {fast_tps:>14,.0f} tricks/s")
        ref_tps = ref.tricks / ref_s
        print(f"  fast / reference: {fast_tps / ref_tps:,.0f}x")
        if c_times:
            c_tps = max(c_times)
            print(f"  {'C yardstick refwar.c -O2':<34} {'':>12}         {c_tps:>14,.0f} tricks/s")
            print(f"  ours / C tricks/s: {fast_tps / c_tps:.2f}  (target >= 0.50)")
        else:
            print("  C yardstick: skipped (no gcc or no ../shared/bench/refwar.c)")


def bench_numpy(quick: bool) -> None:
    import numpy as np
    from war_numpy import numba_war, numpy_war

    print("\nWhy numba: the same War (2 players, winner-first pickup, 2 piecepacks) three ways")
    game = make_game("war", resolve_deck("piecepack"), make_params("war", packs=2, pickup="winner-first"))
    cards = np.array(game.cards, np.int64)
    strength = np.array(game.strength, np.int64)
    games = 5_000 if quick else 40_000
    numba_war(cards, strength, 100, CAP)  # compile
    nb_s, nb_tricks = best(lambda: numba_war(cards, strength, games, CAP))
    np_s, np_tricks = best(lambda: numpy_war(cards, strength, games, CAP), 1)
    line("numpy, vectorised across games", games, np_s, np_tricks)
    line("numba kernel", games, nb_s, nb_tricks)
    print(f"  numba / numpy tricks/s: {(nb_tricks / nb_s) / (np_tricks / np_s):.1f}x")


def bench_ratio(title: str, cases: list[tuple[str, str, str, dict[str, Any], str | None, int]], quick: bool) -> None:
    print(f"\n{title} (target: fast >= 20x reference games/s)")
    for label, game, deck, params, strategy, ref_games in cases:
        ref_games = max(50, ref_games // 10) if quick else ref_games
        ref_s, ref = best(lambda g=game, d=deck, p=params, s=strategy, n=ref_games: timed_sim(g, d, p, n, "reference", s), 2)
        _, probe = timed_sim(game, deck, params, 10, "auto", strategy)
        print(f" {label}")
        line("reference engine", ref.games, ref_s, ref.tricks)
        if probe.engine != "fast":
            print("  fast engine: none for this game yet (reference only)")
            continue
        games = ref_games * (10 if quick else 100)
        fast_s, fast = best(lambda g=game, d=deck, p=params, s=strategy, n=games: timed_sim(g, d, p, n, "fast", s))
        line("fast engine (numba)", fast.games, fast_s, fast.tricks)
        print(f"  fast / reference games/s: {(fast.games / fast_s) / (ref.games / ref_s):,.0f}x")


def bench_jobs(quick: bool) -> None:
    games = 100_000 if quick else 1_000_000
    print(f"\n--jobs 2 vs 1: War, 2 piecepacks, {games:,} games, wall clock with worker start-up (target >= 1.8x)")
    one_s = two_s = one_cpu = two_cpu = float("inf")
    for _ in range(2):  # alternate, keep the best of each (the machine may be shared)
        before = os.times()
        seconds, one = timed_sim("war", "piecepack", {"packs": 2}, games, "fast", jobs=1)
        one_s, one_cpu = min(one_s, seconds), min(one_cpu, _cpu(os.times()) - _cpu(before))
        before = os.times()
        seconds, two = timed_sim("war", "piecepack", {"packs": 2}, games, "fast", jobs=2)
        two_s, two_cpu = min(two_s, seconds), min(two_cpu, _cpu(os.times()) - _cpu(before))
    line("--jobs 1", one.games, one_s, one.tricks)
    line("--jobs 2", two.games, two_s, two.tricks)
    same = one.to_json() == two.to_json()
    print(f"  jobs 2 / jobs 1: {one_s / two_s:.2f}x; identical results: {same}")
    print(f"  CPU seconds (this process and its workers): jobs 1 {one_cpu:.1f}, jobs 2 {two_cpu:.1f}; "
          f"with two free cores: about {one_cpu / (two_cpu / 2):.2f}x")
    try:
        load = os.getloadavg()[0]
        print(f"  (load average {load:.1f} on {os.cpu_count()} cores at the end: other work on the machine"
              " takes cores from --jobs 2)")
    except OSError:
        pass


def _cpu(t: os.times_result) -> float:
    return t.user + t.system + t.children_user + t.children_system


def bench_memory() -> None:
    import json

    print("\nPeak memory, 1,000,000 War games (piecepack, fresh process) (target < 300 MB)")
    out = subprocess.run([sys.executable, "-c", MEMORY_CHILD, str(ROOT)], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"  {data['games']:,} games on the {data['engine']} engine in {data['seconds']:.1f} s: "
          f"peak RSS {data['peak_mb']:.0f} MB ({data['warm_mb']:.0f} MB after 10 games: numba and the kernels; "
          f"getrusage ru_maxrss {data['ru_maxrss_mb']:.0f} MB, which includes this benchmark's own memory at fork)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (figures are rough)")
    args = parser.parse_args()
    started = time.perf_counter()
    simulate("war", resolve_deck("piecepack"), make_params("war"), games=10, seed=1)  # load or compile kernels
    simulate("weiji", resolve_deck("lighting"), make_params("weiji"), games=10, seed=1)
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_refwar(Path(tmp))
        bench_war(exe, args.quick)
    bench_numpy(args.quick)
    weiji = [(f"Weiji {pack}, {n} players, best", "weiji", pack, {"players": n}, "best", 600)
             for pack in ("lighting", "cognitio", "eagle") for n in (2, 4)]
    bench_ratio("Weiji", weiji, args.quick)
    if "viashi" in GAMES:
        viashi = [(f"Viashi elvish, {s}", "viashi", "viashi", {}, s, 300) for s in ("greedy", "random")]
        bench_ratio("Viashi", viashi, args.quick)
    bench_jobs(args.quick)
    bench_memory()
    print(f"\nbenchmark took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
