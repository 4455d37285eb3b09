"""Your own game: speed of the scaffolded game and strength of the generic players.

    .venv/bin/python benchmarks/bench_own_game.py                 # everything (about 5-10 minutes on 2 cores)
    .venv/bin/python benchmarks/bench_own_game.py --skip viashi   # the scaffolded game only (a few minutes)

Rows (targets from issue 26):

* speed: ``deckpress simulate PROJECT --games N --strategy random`` as a whole
  process, on the project ``deckpress new x --game custom`` writes, one job;
  games per CPU second of the play itself = N / (CPU(N games) - CPU(0 games)),
  the 0-game run (start-up, loading the game) measured in the same run; CPU
  time (user + system) rather than wall time, so a busy machine does not hide
  the figure (wall times are printed too). Target >= 1,000 games/s on one core.
* mcts vs random on the scaffolded game, 2 players, seats rotated (half the
  games mcts sits first): mcts's share of the games, with its 95 % Wilson
  interval. Target >= 75 %.
* Viashi (3 players, elvish, one hand): mcts against two ``greedy`` players, mcts
  rotated over the three seats: its share with the 95 % interval. Target >= 55 %
  (the dedicated ``expert`` wins about 89 %).
"""

from __future__ import annotations

import argparse
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKPRESS = str(Path(sys.executable).with_name("deckpress"))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def timed(args: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def speed(project: Path, games: int, runs: int) -> None:
    base = [DECKPRESS, "simulate", str(project), "--strategy", "random", "--jobs", "1", "--json"]
    empty, full = [], []
    for _ in range(runs):  # alternate the two sides
        empty.append(timed([*base, "--games", "0"]))
        full.append(timed([*base, "--games", str(games)]))
    e, f = sorted(empty)[runs // 2], sorted(full)[runs // 2]
    ec, fc = sorted(c for _, c in empty)[runs // 2], sorted(c for _, c in full)[runs // 2]
    rate = games / (fc - ec)
    print(f"speed: {games} random games of the scaffolded game, one job: whole process {f[0]:.2f} s wall,"
          f" {fc:.2f} s CPU (start-up, 0 games: {e[0]:.2f} s wall, {ec:.2f} s CPU): {rate:,.0f} games per CPU"
          f" second of play, {games / fc:,.0f} per CPU second of the whole process; target >= 1,000 per core: "
          f"{'met' if rate >= 1000 else 'NOT met'}")


def share(game: str, deck: str | None, seats: list[list[str]], games: int, jobs: int, sets: list[str],
          searcher: str) -> tuple[int, int]:
    """Games won by the seat playing ``searcher`` over the seat rotations."""
    from generator.deck import resolve_deck
    from generator.games.designer.find import resolve
    from generator.games.registry import make_params
    from generator.games.runner import simulate

    spec, own = resolve(game)
    loaded = resolve_deck(deck) if deck else own
    assert loaded is not None
    won = total = 0
    for k, names in enumerate(seats):
        params = make_params(spec.name, sets)
        summary = simulate(spec.name, loaded, params, games=games, seed=100 + k, strategy=",".join(names), jobs=jobs)
        seat = names.index(searcher)
        won += summary.wins[seat]
        total += summary.games
    return won, total


def report(label: str, won: int, total: int, target: float, seconds: float) -> None:
    low, high = wilson(won, total)
    verdict = "met" if low >= target else "point estimate met" if won / total >= target else "NOT met"
    print(f"{label}: {won}/{total} = {won / total:.1%} (95 % interval {low:.1%}-{high:.1%}); target >= {target:.0%}:"
          f" {verdict}; {seconds:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200, help="games per seat rotation (strength rows)")
    ap.add_argument("--viashi-games", type=int, default=60, help="games per seat rotation on Viashi")
    ap.add_argument("--budget", type=int, default=200, help="mcts iterations per decision")
    ap.add_argument("--speed-games", type=int, default=20_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--skip", action="append", default=[], choices=["speed", "crowns", "viashi"])
    args = ap.parse_args()
    mcts = f"mcts:{args.budget}"
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "bench-game"
        subprocess.run([DECKPRESS, "new", str(project), "--game", "custom"], check=True, stdout=subprocess.DEVNULL)
        if "speed" not in args.skip:
            speed(project, args.speed_games, args.runs)
        if "crowns" not in args.skip:
            start = time.perf_counter()
            won, total = share(str(project), None, [[mcts, "random"], ["random", mcts]], args.games, args.jobs, [],
                               mcts)
            report(f"scaffolded game, {mcts} vs random (2 players, seats rotated)", won, total, 0.75,
                   time.perf_counter() - start)
    if "viashi" not in args.skip:
        start = time.perf_counter()
        rotations = [[mcts, "greedy", "greedy"], ["greedy", mcts, "greedy"], ["greedy", "greedy", mcts]]
        won, total = share("viashi", "viashi", rotations, args.viashi_games, args.jobs, [], mcts)
        report(f"Viashi, {mcts} vs two greedy (seats rotated)", won, total, 0.55, time.perf_counter() - start)


if __name__ == "__main__":
    main()
