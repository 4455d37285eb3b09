"""A designer's loop (issue 37): the default ``check`` of an own game, random play
against a plain loop of the same rules, and the start of the commands.

    .venv/bin/python benchmarks/bench_designer.py                  # everything (a few minutes on 2 cores)
    .venv/bin/python benchmarks/bench_designer.py --skip check     # random play and start-ups only
    .venv/bin/python benchmarks/bench_designer.py --verify         # also: the same verdict as a full run
    git archive 527ecc0 | tar -x -C /tmp/before                    # the code before issue 37, and then
    .venv/bin/python benchmarks/bench_designer.py --before /tmp/before   # each row beside it, same run

Every row times whole processes (the installed ``deckpress`` script, or the plain
loop as its own ``python``), the median of ``--runs`` runs with the two sides of a
comparison run alternately, and prints CPU time (user + system, the workers
included) beside the wall time: on a shared machine the CPU column is the honest
one. Ratios come from the same run. The ``generator`` packages timed are compiled to
bytecode first, as an installed wheel is: with ``PYTHONDONTWRITEBYTECODE=1`` and no
``__pycache__``, every process would compile deckpress from source (about 0.5 s).

Games: the project ``deckpress new g --game custom`` writes (Crown Tricks: 36
cards, 2 players, 9 tricks) and benchmarks/games/market (Market Draft: 40 cards,
3 players, 4 rounds of drafting; the default ``StateBase`` clone, no heuristic).

``--before SRC`` runs the same commands with the ``generator`` package of another
source tree (``python -c "...; from generator.cli import main; main()"`` with SRC
first on the path), alternately with this one, and prints the ratio.

Rows and goals:

* ``check PROJECT`` with default options (1,000 games at most, ``--jobs auto``):
  <= 30 s on 2 cores. ``--verify`` also runs the checks without sequential
  stopping (every game of every measure, in this process's library:
  ``run_checks(..., sequential=False)``) and compares the findings and the skill
  gap's level with the default run's.
* ``simulate PROJECT --strategy random --jobs 1 --games N`` against
  benchmarks/plain_games.py (the same rules as a plain loop): <= 2x, whole
  processes; the play alone (less a 0-game run's start-up) is printed too.
* start-ups: ``--version`` <= 0.25 s, ``simulate war --games 1`` <= 0.5 s,
  ``build PROJECT`` again with nothing changed <= 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKPRESS = str(Path(sys.executable).with_name("deckpress"))
MARKET = ROOT / "benchmarks" / "games" / "market"
PLAIN = ROOT / "benchmarks" / "plain_games.py"


def timed(args: list[str], cwd: Path | None = None) -> tuple[float, float, str]:
    """Wall time, CPU time (user + system of the process and its workers) and stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} exited {done.returncode}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def spread(values: list[float]) -> str:
    return f"{min(values):.2f}-{max(values):.2f}"


def command(before: str | None) -> list[str]:
    """How to start deckpress: the installed script, or another source tree's package."""
    if before is None:
        return [DECKPRESS]
    boot = f"import sys; sys.argv[0] = 'deckpress'; sys.path.insert(0, {before!r}); from generator.cli import main; main()"
    return [sys.executable, "-c", boot]


def scaffold(where: Path) -> Path:
    project = where / "g"
    subprocess.run([DECKPRESS, "new", str(project), "--game", "custom"], check=True, stdout=subprocess.DEVNULL)
    return project


def check_row(name: str, project: Path, runs: int, verify: bool, before: str | None) -> None:
    walls, cpus, old_walls, old_cpus = [], [], [], []
    report: dict = {}
    old: dict = {}
    for _ in range(runs):
        wall, cpu, out = timed([DECKPRESS, "check", str(project), "--json"])
        walls.append(wall)
        cpus.append(cpu)
        report = json.loads(out)
        if before is not None:
            wall, cpu, out = timed([*command(before), "check", str(project), "--json"])
            old_walls.append(wall)
            old_cpus.append(cpu)
            old = json.loads(out)
    play = report["playtest"]
    used = (f"playtest {play['games']}, skill gap {play['skill']['games']}, impact "
            f"{sum(r['games'] for r in play['card_impact']['cards'])} (nominal), removal "
            f"{sum(r['games'] for r in play['card_removal']['cards'])} games")
    print(f"check {name}: {median(walls):.1f} s wall ({spread(walls)}), {median(cpus):.1f} s CPU ({spread(cpus)});"
          f" {used}; goal <= 30 s on 2 cores: {'met' if median(walls) <= 30 else 'NOT met'} by the wall time"
          f" (CPU / 2 = {median(cpus) / 2:.1f} s)")
    print(f"  verdict: {report['verdict']}; findings {[f['code'] for f in report['findings']]};"
          f" skill gap {play['skill']['level']}")
    if before is not None:
        same = [(f["level"], f["code"]) for f in old["findings"]] == [(f["level"], f["code"]) for f in report["findings"]]
        print(f"  before: {median(old_walls):.1f} s wall ({spread(old_walls)}), {median(old_cpus):.1f} s CPU"
              f" ({spread(old_cpus)}): now {median(old_walls) / median(walls):.1f}x faster by the wall,"
              f" {median(old_cpus) / median(cpus):.1f}x by CPU; the same findings: {'yes' if same else 'NO'};"
              f" skill gap before {old['playtest']['skill']['level']}")
    if verify:
        probe = ("import json, sys\nfrom generator.balance import run_checks\nfrom generator.deck import resolve_deck\n"
                 f"r = run_checks(resolve_deck({str(project)!r}), jobs='auto', sequential=False)\n"
                 "print(json.dumps({'findings': [[f.level, f.code] for f in r.findings],"
                 " 'skill': r.to_json()['playtest']['skill']['level'], 'games': r.to_json()['playtest']['games']}))\n")
        wall, cpu, out = timed([sys.executable, "-c", probe])
        full = json.loads(out)
        same = full["findings"] == [[f["level"], f["code"]] for f in report["findings"]] \
            and full["skill"] == play["skill"]["level"]
        print(f"  full run (every game, {full['games']} playtest games): {wall:.1f} s wall, {cpu:.1f} s CPU;"
              f" the same verdict: {'yes' if same else 'NO: ' + json.dumps(full)}")


def random_row(name: str, project: Path, plain: str, games: int, runs: int, before: str | None) -> None:
    base = ["simulate", str(project), "--strategy", "random", "--jobs", "1", "--json"]
    ours, empty, yard, old = [], [], [], []
    for _ in range(runs):
        ours.append(timed([DECKPRESS, *base, "--games", str(games)]))
        yard.append(timed([sys.executable, str(PLAIN), plain, str(games)]))
        empty.append(timed([DECKPRESS, *base, "--games", "0"]))
        if before is not None:
            old.append(timed([*command(before), *base, "--games", str(games)]))
    o_wall, o_cpu = median([r[0] for r in ours]), median([r[1] for r in ours])
    y_wall, y_cpu = median([r[0] for r in yard]), median([r[1] for r in yard])
    e_cpu = median([r[1] for r in empty])
    print(f"random play, {name}, {games:,} games: deckpress {o_wall:.2f} s wall / {o_cpu:.2f} s CPU, plain loop"
          f" {y_wall:.2f} s / {y_cpu:.2f} s: {o_wall / y_wall:.1f}x wall, {o_cpu / y_cpu:.1f}x CPU (goal <= 2x);"
          f" the play alone (less deckpress's 0-game start-up, {e_cpu:.2f} s CPU): {(o_cpu - e_cpu) / y_cpu:.1f}x")
    if old:
        w, c = median([r[0] for r in old]), median([r[1] for r in old])
        print(f"  before: {w:.2f} s wall / {c:.2f} s CPU: {w / y_wall:.1f}x / {c / y_cpu:.1f}x the plain loop")


def startup_rows(project: Path, runs: int) -> None:
    timed([DECKPRESS, "build", str(project), "-o", str(project / "out")])  # the first build
    timed([DECKPRESS, "simulate", "war", "--games", "1"])  # compiled kernels cached
    for label, args, goal in (("--version", [DECKPRESS, "--version"], 0.25),
                              ("simulate war --games 1", [DECKPRESS, "simulate", "war", "--games", "1"], 0.5),
                              ("build PROJECT, nothing changed", [DECKPRESS, "build", str(project), "-o",
                                                                 str(project / "out")], 0.5)):
        rows = [timed(args) for _ in range(runs)]
        wall, cpu = median([r[0] for r in rows]), median([r[1] for r in rows])
        print(f"{label}: {wall:.2f} s wall ({spread([r[0] for r in rows])}), {cpu:.2f} s CPU; goal <= {goal} s:"
              f" {'met' if wall <= goal else 'NOT met'} by the wall time, {'met' if cpu <= goal else 'NOT met'} by CPU")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=10_000, help="random games per run")
    parser.add_argument("--skip", nargs="*", default=[], choices=["check", "random", "start"])
    parser.add_argument("--verify", action="store_true", help="compare with a check that plays every game")
    parser.add_argument("--before", help="another source tree (its generator package) to time beside this one")
    args = parser.parse_args()
    import compileall

    for tree in (ROOT, *([Path(args.before)] if args.before else [])):
        compileall.compile_dir(tree / "generator", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        crowns = scaffold(Path(tmp))
        if "check" not in args.skip:
            check_row("scaffold (Crown Tricks)", crowns, args.runs, args.verify, args.before)
            check_row("Market Draft", MARKET, args.runs, args.verify, args.before)
        if "random" not in args.skip:
            random_row("scaffold (Crown Tricks)", crowns, "crowns", args.games, args.runs, args.before)
            random_row("Market Draft", MARKET, "market", args.games, args.runs, args.before)
        if "start" not in args.skip:
            startup_rows(crowns, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
