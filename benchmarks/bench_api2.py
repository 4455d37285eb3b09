"""Game API 2 (issue 35): the generic players on games unlike ours.

    .venv/bin/python benchmarks/bench_api2.py                  # the figures in docs/performance.md (~30 min on 2 busy cores)
    .venv/bin/python benchmarks/bench_api2.py --games 40       # a quick look

Rows, each through the real CLI on a project ``deckpress new --game custom`` writes
with tests/games/api2's game file as its game.py (seed 1, reference engine):

* sealed bids (5 cards, simultaneous): ``mcts`` vs ``mcts`` (target: seat 0's share,
  a draw counted half, within 3 points of 50 % and its 95 % interval holding 50 %);
  ``mcts`` vs ``random`` from both seats (target: ``mcts`` wins more than it loses).
* Kuhn poker (chips, utility (-2, 2)): ``random`` vs ``random`` (exact: +0.125 chips
  to player 0), ``mcts`` vs ``random`` and vs the Nash player from both seats (the
  game's value for player 0 is -1/18 under Nash play).
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKPRESS = str(Path(sys.executable).parent / "deckpress")
GAMES = ROOT / "tests" / "games" / "api2"


def project(base: Path, name: str) -> Path:
    folder = base / name
    subprocess.run([DECKPRESS, "new", str(folder), "--game", "custom"], check=True, capture_output=True)
    shutil.copy(GAMES / f"{name}.py", folder / "game.py")
    return folder


def simulate(folder: Path, strategy: str, games: int) -> dict:
    out = subprocess.run([DECKPRESS, "simulate", str(folder), "--games", str(games), "--seed", "1", "--strategy",
                          strategy, "--jobs", "1", "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def share(data: dict, seat: int) -> str:
    """The seat's share with draws counted half, and its 95 % normal interval."""
    n = data["games"]
    wins, draws = data["wins"][seat], data["draws"]
    mean = (wins + draws / 2) / n
    second = (wins + draws / 4) / n
    half = 1.96 * math.sqrt(max(0.0, second - mean * mean) / n)
    return f"{mean:.1%} ({mean - half:.1%}-{mean + half:.1%}; {wins} wins, {draws} draws of {n})"


def chips(data: dict, seat: int) -> str:
    r = data["mean_returns"][seat]
    return f"{r['mean']:+.3f} chips ({r['low']:+.3f} to {r['high']:+.3f}, {data['games']} hands)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per row (Kuhn rows: half as many)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sealed, kuhn = project(Path(tmp), "sealed"), project(Path(tmp), "kuhn")
        print("sealed bids, mcts vs mcts: seat 0", share(simulate(sealed, "mcts", args.games), 0))
        small = max(1, args.games // 5)
        print("sealed bids, mcts vs random: mcts (seat 0)", share(simulate(sealed, "mcts,random", small), 0))
        print("sealed bids, random vs mcts: mcts (seat 1)", share(simulate(sealed, "random,mcts", small), 1))
        hands = max(1, args.games // 2)
        print("kuhn, random vs random: player 0", chips(simulate(kuhn, "random", 4 * hands), 0), "(exact +0.125)")
        print("kuhn, mcts vs random: mcts (seat 0)", chips(simulate(kuhn, "mcts,random", hands), 0))
        print("kuhn, random vs mcts: mcts (seat 1)", chips(simulate(kuhn, "random,mcts", hands), 1))
        print("kuhn, mcts vs nash: mcts (seat 0)", chips(simulate(kuhn, "mcts,nash", hands), 0), "(value -1/18)")
        print("kuhn, nash vs mcts: mcts (seat 1)", chips(simulate(kuhn, "nash,mcts", hands), 1), "(value +1/18)")


if __name__ == "__main__":
    main()
