"""``check --games 0`` grows linearly (or n·log n) with the deck, never quadratically.

A project made by ``deckpress new`` with 10,000 card rows took 186 s to check and
100,000 did not finish in 600 s: the project's rules template is checked with the
booklet's context, which builds the Weiji game, which ranked every card against every
other (``WeijiGame._rank``: n² comparisons). No timing here: the work is counted as
Python function calls (deterministic) for 400 and 1,600 cards; four times the cards
may cost at most about four times the calls (a quadratic pass costs sixteen).
``benchmarks/bench_check_project.py`` times the whole command at 10k and 100k rows."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from generator.balance.checks import run_checks
from generator.balance.run import CheckOptions
from generator.booklet.build import check_project_rules
from generator.deck import resolve_deck
from generator.games.registry import make_params
from generator.games.weiji.game import WeijiGame
from generator.project.scaffold import scaffold
from generator.validate.deck import validate_deck

MAX_RATIO = 6.0  # 4x the cards; n·log n with fixed costs stays well under it, n² is ~16


def project_with(root: Path, n: int) -> Path:
    """A ``deckpress new`` project whose cards.csv has ``n`` rows (ties, as real decks have)."""
    folder = root / f"p{n}"
    scaffold(folder)
    header = (folder / "cards.csv").read_text().splitlines()[0]
    rng = random.Random(n)
    rows = [f"C{i:06d},Card {i},{rng.randint(50, 300)},{rng.randint(500, 9000)},{rng.randint(100, 2000)},"
            f"{rng.randint(1, 9)},{rng.randint(1, 10)},Tag {i}" for i in range(n)]
    (folder / "cards.csv").write_text("\n".join([header, *rows]) + "\n")
    return folder


def calls(work: object) -> int:
    """Python function calls (and generator resumptions) made by ``work()``."""
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        work()  # type: ignore[operator]
    finally:
        sys.setprofile(None)
    return count


def _checked(folder: Path) -> int:
    deck = resolve_deck(str(folder))

    def work() -> None:
        validate_deck(deck)
        check_project_rules(deck)  # the rules template with the booklet's context (it built the game)
        run_checks(deck, CheckOptions(games=0, skill=False))

    run_checks(deck, CheckOptions(games=0, skill=False))  # once before counting: lazy imports, compiled kernels, caches
    return calls(work)


def test_the_static_check_of_a_new_project_grows_at_most_n_log_n(tmp_path: Path) -> None:
    small, large = _checked(project_with(tmp_path, 400)), _checked(project_with(tmp_path, 1600))
    assert large / small <= MAX_RATIO, (small, large, large / small)


def test_ranking_the_cards_compares_each_card_with_a_sorted_column(tmp_path: Path) -> None:
    """The Weiji game's card ranks (the booklet's "strongest cards"): the same shares as
    counting every pair, with work that grows n·log n."""
    deck = resolve_deck(str(project_with(tmp_path, 300)))
    game = WeijiGame(deck, make_params("weiji"))
    for i in range(0, len(game.ids), 37):  # against the definition, by brute force
        for a in range(len(game.keys)):
            mine = game.values[i][a]
            if mine is None:
                assert game.ranks[i][a] == -1.0
                continue
            worse = sum(1 for c in game.cards if (v := game.values[c][a]) is not None and game.beats(a, mine, v))
            assert game.ranks[i][a] == worse / max(1, len(game.cards) - 1)
    small = calls(lambda: WeijiGame(resolve_deck(str(project_with(tmp_path, 500))), make_params("weiji")))
    large = calls(lambda: WeijiGame(resolve_deck(str(project_with(tmp_path, 2000))), make_params("weiji")))
    assert large / small <= MAX_RATIO, (small, large)
