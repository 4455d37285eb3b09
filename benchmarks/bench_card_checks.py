"""Issue 48's two speed goals, whole commands as subprocesses, ratios from one run:

* ``deckpress check benchmarks/games/tricks40`` with default options (a 40-card
  2-player trick-taker written the plain way: ``StateBase.clone``, a backtracking
  ``resample``; card impact and card removal on common random numbers, each card
  stopped once decided): <= 30 s on 2 cores, with the same verdict as a full run
  (``run_checks(..., sequential=False)``: every game of every measure).
* ``deckpress simulate benchmarks/games/tricks40 --strategy random --jobs 1 --games N``
  against benchmarks/bare_loop.py (a bare loop over the same game.py: the deck
  loaded, the game made, uniform choices, no runner): <= 1.15x, start-up included.

    .venv/bin/python benchmarks/bench_card_checks.py               # a few minutes on 2 cores
    .venv/bin/python benchmarks/bench_card_checks.py --skip check  # random play only
    .venv/bin/python benchmarks/bench_card_checks.py --runs 1 --games 20000
    .venv/bin/python benchmarks/bench_card_checks.py --skip check --instructions  # + valgrind's count

Each row prints the wall time and the CPU time (user + system of the process and its
workers): on a shared machine the CPU column is the honest one. On a loaded machine even
that swings by 20-50 % from run to run, so the random row adds the runner's cost a game
taken in-process (the best of alternated rounds) and the whole-command ratio it gives
with the measured start-ups. ``--instructions`` adds the one figure no load can touch:
instructions executed (valgrind's callgrind, where valgrind is installed) by each whole
command at 0 and 2,000 games, projected to ``--games`` (a few minutes more).
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

ROOT = Path(__file__).resolve().parents[1]
DECKPRESS = str(Path(sys.executable).with_name("deckpress"))
GAME = ROOT / "benchmarks" / "games" / "tricks40"
BARE = ROOT / "benchmarks" / "bare_loop.py"


def timed(args: list[str]) -> tuple[float, float, str]:
    """Wall time, CPU time (the child and its workers) and stdout of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=False, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} exited {done.returncode}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def check_row(runs: int) -> None:
    rows = [timed([DECKPRESS, "check", str(GAME), "--json"]) for _ in range(runs)]
    wall, cpu = median([r[0] for r in rows]), median([r[1] for r in rows])
    report = json.loads(rows[-1][2])
    play = report["playtest"]
    print(f"check tricks40 (default options): {wall:.1f} s wall, {cpu:.1f} s CPU (CPU / 2 = {cpu / 2:.1f} s);"
          f" playtest {play['games']}, skill gap {play['skill']['games']}, impact"
          f" {sum(r['games'] for r in play['card_impact']['cards'])} seat-games, removal"
          f" {sum(r['games'] for r in play['card_removal']['cards'])} games;"
          f" {wall / 30:.2f}x the goal (<= 30 s on 2 cores): {'met' if wall <= 30 else 'NOT met'} by the wall time")
    probe = ("import json\nfrom generator.balance import run_checks\nfrom generator.deck import resolve_deck\n"
             f"r = run_checks(resolve_deck({str(GAME)!r}), jobs='auto', sequential=False)\n"
             "print(json.dumps({'findings': [[f.level, f.code, list(f.cards)] for f in r.findings],"
             " 'games': r.to_json()['playtest']['games']}))\n")
    full_wall, full_cpu, out = timed([sys.executable, "-c", probe])
    full = json.loads(out)
    ours = [[f["level"], f["code"], f.get("cards", [])] for f in report["findings"]]
    print(f"  verdict: {report['verdict']}; findings {ours}")
    print(f"  full run (every game of every measure, {full['games']} playtest games): {full_wall:.1f} s wall,"
          f" {full_cpu:.1f} s CPU: {full_wall / wall:.1f}x the default check; the same verdict:"
          f" {'yes' if full['findings'] == ours else 'NO: ' + json.dumps(full['findings'])}")


def random_row(games: int, runs: int) -> None:
    base = [DECKPRESS, "simulate", str(GAME), "--strategy", "random", "--jobs", "1", "--json"]
    ours, bare, empty = [], [], []
    for _ in range(runs):  # alternately, so a load on the machine falls on both sides alike
        ours.append(timed([*base, "--games", str(games)]))
        bare.append(timed([sys.executable, str(BARE), str(GAME), str(games)]))
        empty.append(timed([*base, "--games", "0"]))
    o_wall, o_cpu = median([r[0] for r in ours]), median([r[1] for r in ours])
    b_wall, b_cpu = median([r[0] for r in bare]), median([r[1] for r in bare])
    e_cpu = median([r[1] for r in empty])
    bare_start = median([timed([sys.executable, str(BARE), str(GAME), "0"])[1] for _ in range(runs)])
    print(f"random play, tricks40, {games:,} games: simulate --jobs 1 {o_wall:.2f} s wall / {o_cpu:.2f} s CPU,"
          f" bare loop {b_wall:.2f} s / {b_cpu:.2f} s: {o_wall / b_wall:.2f}x wall, {o_cpu / b_cpu:.2f}x CPU"
          f" (goal <= 1.15x, start-up included: {'met' if o_cpu / b_cpu <= 1.15 else 'NOT met'} by CPU);"
          f" deckpress's 0-game start-up {e_cpu:.2f} s CPU; the load average {os.getloadavg()[0]:.1f}")
    per_game_row(500, 20, (e_cpu, bare_start), games)


def per_game_row(games: int, rounds: int, starts: tuple[float, float], projected: int) -> None:
    """The runner's own cost a game, steadier on a loaded machine than whole processes: in
    this process, ``rounds`` alternated rounds of ``games`` random games through
    ``runner.simulate(..., jobs=1)`` and through the bare loop, the best round of each; then
    the ratio a whole command would have at ``projected`` games, with ``starts`` (the
    0-game start-up CPU of deckpress and of the bare loop) added."""
    sys.path[:0] = [str(ROOT), str(BARE.parent)]
    import bare_loop  # type: ignore[import-not-found]

    from generator.deck import resolve_deck
    from generator.games import runner
    from generator.games.designer.find import game_of

    deck = resolve_deck(str(GAME))
    spec = game_of(deck)
    assert spec is not None
    params = spec.params()
    ours, bare = [], []
    plain = bare_loop.load(str(GAME))  # the deck and the game made once, as simulate's deck is resolved once
    for _ in range(rounds):
        start = time.process_time()
        bare_loop.play(plain, games)
        bare.append(time.process_time() - start)
        start = time.process_time()
        runner.simulate(spec.name, deck, params, games=games, seed=1, strategy="random", jobs=1)
        ours.append(time.process_time() - start)
    o, b = min(ours) / games, min(bare) / games
    whole = (starts[0] + projected * o) / (starts[1] + projected * b)
    print(f"  in-process, best of {rounds} alternated rounds of {games} games: {o * 1e6:.1f} us a game against"
          f" the bare loop's {b * 1e6:.1f} us: {o / b:.2f}x; with the start-up ({starts[0]:.2f} s against"
          f" {starts[1]:.2f} s) at {projected:,} games: {whole:.2f}x (goal <= 1.15x:"
          f" {'met' if whole <= 1.15 else 'NOT met'} by this figure)")


def instructions(args: list[str]) -> int:
    """Instructions one whole command executes, counted by callgrind."""
    import re
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *args],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False, cwd=ROOT)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode not in (0, 1) or found is None:
        raise SystemExit(f"valgrind {' '.join(args)} exited {done.returncode}")
    return int(found.group(1))


def instructions_row(projected: int, games: int = 2000) -> None:
    """Whole-command instruction counts at 0 and ``games`` games, the bare loop's alike;
    the ratio a ``projected``-game command has by them."""
    import shutil

    if shutil.which("valgrind") is None:
        print("  instructions: valgrind is not installed (skipped)")
        return
    ours = [DECKPRESS, "simulate", str(GAME), "--strategy", "random", "--jobs", "1", "--json", "--games"]
    bare = [sys.executable, str(BARE), str(GAME)]
    o0, o1 = instructions([*ours, "0"]), instructions([*ours, str(games)])
    b0, b1 = instructions([*bare, "0"]), instructions([*bare, str(games)])
    og, bg = (o1 - o0) / games, (b1 - b0) / games
    whole = (o0 + projected * og) / (b0 + projected * bg)
    print(f"  instructions (callgrind): start-up {o0 / 1e9:.2f} G against the bare loop's {b0 / 1e9:.2f} G;"
          f" a game {og / 1e6:.3f} M against {bg / 1e6:.3f} M: {og / bg:.3f}x; at {projected:,} games"
          f" {whole:.3f}x (goal <= 1.15x: {'met' if whole <= 1.15 else 'NOT met'} by this figure)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=50_000, help="random games per run")
    parser.add_argument("--skip", nargs="*", default=[], choices=["check", "random"])
    parser.add_argument("--instructions", action="store_true", help="add valgrind's instruction counts")
    args = parser.parse_args()
    import compileall

    compileall.compile_dir(ROOT / "generator", quiet=1)  # as an installed wheel is
    if "check" not in args.skip:
        check_row(args.runs)
    if "random" not in args.skip:
        random_row(args.games, args.runs)
        if args.instructions:
            instructions_row(args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
