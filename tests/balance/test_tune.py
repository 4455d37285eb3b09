"""The balance assistant on planted problems (issue 38): a deck with a known fault, its
design targets, and `deckpress tune` must find a change that brings every target inside
its band, from the same seed, within a stated budget. The game is Market Pick
(tests/balance/decks/market/game.py): players take cards from a face-up row, the higher
total worth wins; `take` cards a turn (a game is ceil(cards / take) turns), `komi` points
for the second player.

Each fault was derived by hand from the rules:
- one card worth 15 among cards worth 3-7 (mean 5): its holder wins far more than half
  of the games it is in (its 15 points against a difference of a few);
- take=1 with 20 cards: every game is 20 turns, against a wanted length of 6-10 turns
  (take=2 gives 10, take=3 gives 7, take=4 gives 5);
- 21 cards and take=1: seat 0 takes 11 cards, seat 1 ten, about 5 points more for seat 0
  (random play): the first seat wins well over half; komi of about 5 points evens it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.balance.run import Run
from generator.balance.targets import MET, Measures, distance, evaluate
from generator.balance.tune import parse_budget, tune
from generator.cli import app
from generator.deck import load_deck
from generator.deck.targets import TargetsIn
from generator.errors import DeckError, ParameterError
from generator.games.designer.find import resolve
from generator.games.registry import make_params

MARKET = Path(__file__).parent / "decks" / "market"
runner = CliRunner()


def project(tmp_path: Path, worths: list[int], targets: str, tune_section: str = "") -> Path:
    folder = tmp_path / "market"
    shutil.copytree(MARKET, folder)
    rows = "\n".join(f"M{i:02d},Market {i},{w}" for i, w in enumerate(worths))
    (folder / "cards.csv").write_text("id,name,worth\n" + rows + "\n")
    extra = f"balance:\n  targets: {targets}\n" + (f"  tune: {tune_section}\n" if tune_section else "")
    (folder / "deck.yaml").write_text((MARKET / "deck.yaml").read_text() + extra)
    return folder


def even(n: int) -> list[int]:
    return [3 + i % 5 for i in range(n)]


def run_tune(folder: Path, vary: list[str], budget: int = 12, strategy: str = "random", games: int = 200,
             confirm: int = 800):
    spec, deck = resolve(str(folder))
    assert deck is not None
    run = Run(spec, deck, make_params(spec, []), games, 3, strategy=strategy)
    return deck, tune(run, deck.design.targets, vary, confirm_games=confirm, budget=budget)


def test_planted_strong_card(tmp_path: Path) -> None:
    folder = project(tmp_path, [*even(19), 15], "{card_share: [30, 70]}")
    deck, report = run_tune(folder, ["cards.*.worth=1..15"])
    assert report.before.results[0].status == "missed"  # the crown card wins far more than 70 %
    assert "M19" in report.before.results[0].measured
    assert [v.key for v in report.varied][0] == "cards.M19.worth"  # the card out of band is the one varied
    best = report.best[0]
    assert all(r.status == MET for r in best.results), best.results
    assert best.values["cards.M19.worth"] <= 9  # brought near the others' worth


def test_planted_drag(tmp_path: Path) -> None:
    folder = project(tmp_path, even(20), "{length: [6, 10]}")
    _deck, report = run_tune(folder, ["take=1..4"])
    assert report.before.results[0].measured.startswith("median 20 turns")
    best = report.best[0]
    assert best.values["take"] in (2, 3) and all(r.status == MET for r in best.results)


def test_planted_first_seat_advantage(tmp_path: Path) -> None:
    folder = project(tmp_path, even(21), "{seat_spread: 5}")
    _deck, report = run_tune(folder, ["komi=0..10"], budget=20, games=400, confirm=2000)
    assert report.before.results[0].status == "missed" and "seat 0" in report.before.results[0].measured
    best = report.best[0]
    assert 3 <= best.values["komi"] <= 7 and all(r.status == MET for r in best.results), best


def test_same_seed_same_result(tmp_path: Path) -> None:
    folder = project(tmp_path, even(20), "{length: [6, 10]}")
    _d, one = run_tune(folder, ["take=1..4"], budget=6)
    _d, two = run_tune(folder, ["take=1..4"], budget=6)
    assert [c.values for c in one.best] == [c.values for c in two.best]


def test_cli_tune_apply_then_check(tmp_path: Path) -> None:
    """From the deck file's own tune section to a written CSV and a clean check."""
    folder = project(tmp_path, [*even(19), 15], "{card_share: [30, 70]}",
                     "{vary: ['cards.*.worth=1..15'], budget: 12}")
    result = runner.invoke(app, ["tune", str(folder), "--strategy", "random", "--games", "200",
                                 "--confirm-games", "800", "--seed", "3", "--apply"])
    assert result.exit_code == 0, result.output
    assert "wrote cards.csv: M19 worth=" in result.output and "meets every target" in result.output
    worth = int(next(line for line in (folder / "cards.csv").read_text().splitlines()
                     if line.startswith("M19")).split(",")[2])
    assert worth <= 9
    check = runner.invoke(app, ["check", str(folder), "--strategy", "random", "--games", "800",
                                "--fail-on", "targets", "--json"])
    assert check.exit_code in (0, 1), check.output
    data = json.loads(check.stdout)
    (target,) = data["targets"]
    # check's playtest stops once its own verdict is decided (a designer's game), so its card
    # intervals may still straddle the band: never missed, as it was before the change
    assert target["target"] == "card_share" and target["status"] in ("met", "undecided"), target
    assert "M19" not in target["measured"] or target["status"] != "missed"


def test_check_fail_on_targets(tmp_path: Path) -> None:
    folder = project(tmp_path, even(20), "{length: [6, 10], draws: 50}")
    result = runner.invoke(app, ["check", str(folder), "--strategy", "random", "--games", "300",
                                 "--fail-on", "targets"])
    assert result.exit_code == 1, result.output
    assert "design targets" in result.output and "missed" in result.output
    assert "--fail-on targets: a design target is missed" in result.output
    folder2 = project(tmp_path / "b", even(20), "{length: [15, 25]}")
    ok = runner.invoke(app, ["check", str(folder2), "--strategy", "random", "--games", "300",
                             "--fail-on", "targets"])
    assert "--fail-on targets" not in ok.output


@pytest.mark.parametrize(("targets", "words"), [
    ("{lenght: [6, 10]}", "lenght"),
    ("{length: [10, 6]}", "above the high end"),
    ("{length: 8}", "is a band [LOW, HIGH]"),
    ("{card_share: [30, 170]}", "percentages"),
    ("{seat_spread: 80}", "less than or equal to 50"),
])
def test_targets_are_validated(tmp_path: Path, targets: str, words: str) -> None:
    folder = project(tmp_path, even(20), targets)
    with pytest.raises(DeckError) as err:
        load_deck(folder / "deck.yaml")
    assert "deck.yaml:" in str(err.value) and words in str(err.value), str(err.value)


def test_vary_and_budget_mistakes(tmp_path: Path) -> None:
    folder = project(tmp_path, even(20), "{length: [6, 10]}")
    for vary, words in ((["tkae=1..4"], "not a rule parameter of this game; valid: take, komi"),
                        (["cards.*.wroth=1..4"], "no card field 'wroth'"),
                        (["take=4..1"], "above the high end"),
                        (["take"], "NAME=LOW..HIGH")):
        with pytest.raises(ParameterError) as err:
            run_tune(folder, vary, budget=1)
        assert words in str(err.value), (vary, str(err.value))
    assert parse_budget("10m") == (None, 600.0) and parse_budget("40") == (40, None)
    with pytest.raises(ParameterError):
        parse_budget("soon")


def test_target_statuses_by_hand() -> None:
    """met / missed / undecided from intervals worked out by hand (Wilson, 95 %)."""
    from collections import Counter

    t = TargetsIn(seat_spread=5, draws=10)
    clear = Measures(sides=2, games=2000, wins=[1000, 1000], draws=0, lengths=Counter({10: 2000}))
    assert [r.status for r in evaluate(t, clear)] == ["met", "met"]  # 50 % (47.8-52.2); 0 draws (0-0.2 %)
    skewed = Measures(sides=2, games=2000, wins=[1300, 500], draws=200, lengths=Counter({10: 2000}))
    statuses = [r.status for r in evaluate(t, skewed)]
    assert statuses[0] == "missed"  # 72.2 % of decided games, interval 70.1-74.2 outside 45-55
    assert statuses[1] == "undecided"  # 10.0 % draws, 8.8-11.4 straddles 10
    small = Measures(sides=2, games=40, wins=[22, 18], draws=0, lengths=Counter({10: 40}))
    assert evaluate(t, small)[0].status == "undecided"  # 55 %, 39.8-69.3: can't tell yet
    assert distance(t, clear) == 0 and distance(t, skewed) == pytest.approx(72.22 - 55, abs=0.01)
    drawn = Measures(sides=2, games=300, wins=[0, 0], draws=300, lengths=Counter({20: 300}))
    spread, draws = evaluate(t, drawn)
    assert spread.status == "undecided" and "no game was decided" in spread.measured
    assert draws.status == "missed"  # 100 % draws (98.7-100)


def test_tune_a_built_in_game_and_combinations_it_refuses(tmp_path: Path) -> None:
    """War's rule parameters: objective and tie_method apply to the Russian version only, so
    classic War refuses every candidate (exit 2, the game's words); with --set variant=russian
    the search runs, and tie_method=1 (one pile per tie) makes games longer than tie_method=2."""
    deck = tmp_path / "war.yaml"
    deck.write_text((Path(__file__).parents[2] / "deck_data" / "piecepack.yaml").read_text()
                    + "balance:\n  targets: {length: [20, 60]}\n")
    args = ["tune", str(deck), "--vary", "objective=1..2", "--vary", "tie_method=1..2", "--budget", "6",
            "--games", "100", "--confirm-games", "200"]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2 and "apply only to the Russian version" in refused.output
    assert "Traceback" not in refused.output and "internal error" not in refused.output
    result = runner.invoke(app, [*args, "--set", "variant=russian", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["varied"] == ["objective", "tie_method"] and data["best"][0]["targets"][0]["status"] == "met"
