"""Viashi ``expert`` (issue 16): strength against ``greedy`` and ``random``, and speed.

Strength: three-player elvish Viashi (the bundled deck), one ``expert`` seat
against two ``greedy`` (target: it wins >= 45 % of the games; a fair share is
33 %) and against two ``random`` (target >= 70 %). Seats are rotated: the same
number of games with the expert in seat 0, 1 and 2, so no seat position is
favoured. Each figure has a 95 % Wilson interval; draws count as not won.

Speed: ``deckpress simulate viashi --games G --strategy expert,greedy,greedy
--jobs 2`` timed as a subprocess (target: 2,000 games in <= 60 s on two cores),
with the reference engine's all-``greedy`` run of the same games as the baseline
of the same run. Wall and CPU time (the command and its workers) are both
printed: on a machine shared with other work, CPU time / jobs is the honest
estimate for two free cores; fewer games than 2,000 are extrapolated.

Run: ``.venv/bin/python benchmarks/bench_expert.py`` (``--games`` per opponent
kind, default 900; ``--speed-games``, default 2000; ``--quick`` for a smoke run).
Never part of the unit tests.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.balance.intervals import wilson  # noqa: E402
from generator.deck.load import resolve_deck  # noqa: E402
from generator.games.registry import make_params  # noqa: E402
from generator.games.runner import simulate  # noqa: E402

TARGETS = {"greedy": 0.45, "random": 0.70}


def strength(opponent: str, games: int, expert: str, seed: int, jobs: int) -> tuple[int, int, int]:
    """(expert wins, draws, games) over the three seat positions."""
    deck = resolve_deck("viashi")
    params = make_params("viashi", [])
    wins = draws = total = 0
    for seat in range(3):
        names = [opponent] * 3
        names[seat] = expert
        summary = simulate("viashi", deck, params, games=games // 3, seed=seed + seat, strategy=",".join(names),
                           jobs=jobs)
        wins += summary.wins[seat]
        draws += summary.draws
        total += summary.games
    return wins, draws, total


def timed(*args: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and its worker processes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([str(ROOT / ".venv/bin/deckpress"), "simulate", "viashi", "--json", *args], check=True,
                   stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=900, help="games per opponent kind (split over 3 seats)")
    parser.add_argument("--speed-games", type=int, default=2000)
    parser.add_argument("--expert", default="expert", help="the strategy to measure (e.g. expert:48)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    games, speed_games = (60, 100) if args.quick else (args.games, args.speed_games)
    print(f"{args.expert} in three-player elvish Viashi, seats rotated, 95 % Wilson intervals")
    for opponent, target in TARGETS.items():
        start = time.perf_counter()
        wins, draws, total = strength(opponent, games, args.expert, 16, args.jobs)
        low, high = wilson(wins, total)
        verdict = "meets" if wins / total >= target else "MISSES"
        print(f"vs 2 {opponent:6}: wins {wins}/{total} = {wins / total:.1%} [{low:.1%}, {high:.1%}],"
              f" draws {draws}; target >= {target:.0%}: {verdict} ({time.perf_counter() - start:.0f} s)")
    timed("--games", "3", "--strategy", f"{args.expert},greedy,greedy")  # compile / load the kernels once
    jobs = ("--jobs", str(args.jobs))
    base, base_cpu = timed("--games", str(speed_games), "--strategy", "greedy", "--engine", "reference", *jobs)
    took, cpu = timed("--games", str(speed_games), "--strategy", f"{args.expert},greedy,greedy", *jobs)
    scale = 2000 / speed_games
    print(f"speed, {speed_games} games, --jobs {args.jobs}: one expert seat {took:.1f} s wall, {cpu:.1f} s CPU"
          f" ({cpu / speed_games * 1000:.0f} ms a game); all greedy (reference engine) {base:.1f} s wall,"
          f" {base_cpu:.1f} s CPU; CPU ratio {cpu / base_cpu:.1f}x")
    print(f"2,000 games extrapolated: {took * scale:.0f} s wall as measured here; {cpu * scale / args.jobs:.0f} s"
          f" on {args.jobs} free cores (CPU time / jobs; target <= 60 s). On a shared machine the wall time is"
          " inflated by the other load: compare the CPU figures.")

if __name__ == "__main__":
    main()
