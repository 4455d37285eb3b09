"""Random play of Leduc poker: deckpress against OpenSpiel (issue 48's cross-check).

    .venv/bin/python benchmarks/bench_openspiel.py                 # 20,000 hands, 3 runs each side (~30 s)
    .venv/bin/python benchmarks/bench_openspiel.py --games 5000 --runs 1

Both sides are whole processes, started alternately, timed as wall and CPU time
(user + system of the child), the median of ``--runs``:

* ``deckpress simulate PROJECT --strategy random --jobs 1 --json``: the tests' Leduc port
  (tests/balance/sides/leduc.py) as a designer's game.py, the State API's reference runner;
* a Python loop over ``pyspiel.load_game("leduc_poker")`` (OpenSpiel's C++ game through its
  Python binding): chance outcomes drawn by their probabilities, uniform random legal
  actions, the same number of hands.

Printed: hands a second on each side, the ratio deckpress / OpenSpiel (time per hand), and
each side's mean return for player 0 beside OpenSpiel's exact value under uniform random
play (-5/64). ``open_spiel`` is a test dependency (the ``dev`` extra).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKPRESS = str(Path(sys.executable).parent / "deckpress")
LEDUC = ROOT / "tests" / "balance" / "sides" / "leduc.py"

OPENSPIEL_LOOP = """
import json, random, sys
import pyspiel
games, seed = int(sys.argv[1]), int(sys.argv[2])
game = pyspiel.load_game("leduc_poker")
rng = random.Random(seed)
total = 0.0
for _ in range(games):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    total += state.returns()[0]
print(json.dumps({"games": games, "mean": total / games}))
"""


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the child's user + system) and stdout of one process."""
    before = os.times()
    start = time.perf_counter()
    out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, out


def project(base: Path) -> Path:
    folder = base / "leduc"
    subprocess.run([DECKPRESS, "new", str(folder), "--game", "custom"], check=True, capture_output=True)
    shutil.copy(LEDUC, folder / "game.py")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("game: game.py ", "game: game.py:Leduc "))
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="hands per run (default 20,000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per side, alternating (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = project(Path(tmp))
        ours_cmd = [DECKPRESS, "simulate", str(folder), "--games", str(args.games), "--seed", "1",
                    "--strategy", "random", "--jobs", "1", "--json"]
        theirs_cmd = [sys.executable, "-c", OPENSPIEL_LOOP, str(args.games), "1"]
        ours, theirs = [], []
        for _ in range(args.runs):
            ours.append(timed(ours_cmd))
            theirs.append(timed(theirs_cmd))
    o_wall, o_cpu = statistics.median(r[0] for r in ours), statistics.median(r[1] for r in ours)
    t_wall, t_cpu = statistics.median(r[0] for r in theirs), statistics.median(r[1] for r in theirs)
    o_mean = json.loads(ours[-1][2])["mean_returns"][0]
    t_mean = json.loads(theirs[-1][2])["mean"]
    n = args.games
    print(f"Leduc poker, random play, {n:,} hands, median of {args.runs} runs (load average {os.getloadavg()[0]:.2f})")
    print(f"  deckpress simulate --jobs 1: {o_wall:.2f} s wall, {o_cpu:.2f} s CPU, {n / o_wall:,.0f} hands/s;"
          f" player 0 {o_mean['mean']:+.4f} ({o_mean['low']:+.4f} to {o_mean['high']:+.4f})")
    print(f"  OpenSpiel (pyspiel, Python loop): {t_wall:.2f} s wall, {t_cpu:.2f} s CPU, {n / t_wall:,.0f} hands/s;"
          f" player 0 {t_mean:+.4f}")
    print(f"  ratio deckpress / OpenSpiel: {o_wall / t_wall:.2f}x wall, {o_cpu / t_cpu:.2f}x CPU"
          f"  (exact value under random play: {-5 / 64:+.4f})")


if __name__ == "__main__":
    main()
