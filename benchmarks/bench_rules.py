"""Rules files against Python (issue 49): random play of crazy-eights as the bundled
rules file against the same game written by hand the plain way as a ``game.py``
(benchmarks/games/crazy_eights/game.py), in one process, through the same runner
(``generator.games.runner.play``) and the same random players, alternately, and the
ratio. Goal: the rules file at least as fast (ratio >= 1.0).

    .venv/bin/python benchmarks/bench_rules.py                 # 2,000 games each way, 3 rounds, 2 players
    .venv/bin/python benchmarks/bench_rules.py --games 500 --players 4

Both play the same rules with the same decision points and the same shuffles of the
same zones, so they play the same games from the same seeds (the mean length printed
beside each is the same). "rules file" is the file as ``deckpress simulate`` plays it:
compiled on load into the plain Python generator/games/rules/to_python.py writes
(generator/games/rules/compiled.py); "interpreter" is the same file played on the
interpreter (what ``DECKPRESS_RULES_INTERPRET=1`` plays, and every file the writer
cannot write); "ejected" is the file as ``deckpress eject`` writes it, imported from a
game.py.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.games.players import RandomStrategy  # noqa: E402
from generator.games.rules.registered import bundled  # noqa: E402
from generator.games.runner import game_rng, play  # noqa: E402


def plain_game(players: int):  # type: ignore[no-untyped-def]
    path = ROOT / "benchmarks" / "games" / "crazy_eights" / "game.py"
    spec = importlib.util.spec_from_file_location("plain_eights", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CrazyEights(None, module.EightsParams(players=players))


def rules_game(players: int, interpreted: bool = False):  # type: ignore[no-untyped-def]
    spec = bundled("crazy-eights")
    game = spec.make(None, spec.params(players=players))  # type: ignore[arg-type,call-arg]
    assert game.compiled is not None, "crazy-eights is not compiled on load (is DECKPRESS_RULES_INTERPRET set?)"  # type: ignore[attr-defined]
    return game.interpreted() if interpreted else game  # type: ignore[attr-defined]


def ejected_game(players: int):  # type: ignore[no-untyped-def]
    """crazy-eights as ``deckpress eject`` writes it: plain Python (generator/games/rules/to_python.py)."""
    import tempfile

    from generator.games.rules.to_python import plain_python

    rules = rules_game(players)
    code = plain_python(rules.program, "Ejected", "crazy-eights.yaml")
    path = Path(tempfile.mkdtemp()) / "game.py"
    path.write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("ejected_eights", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Ejected(None, module.EjectedParams(players=players))


def run(game, games: int, players: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    strategies = [RandomStrategy() for _ in range(players)]
    start = time.process_time()
    length = 0
    for k in range(games):
        length += play(game, strategies, game_rng(1, k)).tricks
    return time.process_time() - start, length / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    games = {"rules file": rules_game(args.players), "interpreter": rules_game(args.players, interpreted=True),
             "game.py": plain_game(args.players), "ejected": ejected_game(args.players)}
    times: dict[str, list[float]] = {name: [] for name in games}
    lengths: dict[str, float] = {}
    for _ in range(args.rounds):
        for name, game in games.items():
            cpu, lengths[name] = run(game, args.games, args.players)
            times[name].append(cpu)
    best = {name: min(t) for name, t in times.items()}
    for name in games:
        print(f"{name:>11}: {best[name]:.2f} s CPU for {args.games} games ({1e6 * best[name] / args.games:.0f} us a game),"
              f" mean length {lengths[name]:.1f} turns")
    ratio = best["game.py"] / best["rules file"]
    print(f"rules file (as simulate plays it: compiled on load) speed / game.py speed: {ratio:.2f}x (goal: >= 1.0)"
          f" - {'met' if ratio >= 1.0 else 'NOT met'}")
    print(f"rules file on the interpreter (DECKPRESS_RULES_INTERPRET=1) speed / game.py speed:"
          f" {best['game.py'] / best['interpreter']:.2f}x")
    print(f"ejected game.py (deckpress eject: plain Python) speed / game.py speed: {best['game.py'] / best['ejected']:.2f}x")


if __name__ == "__main__":
    main()
