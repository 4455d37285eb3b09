"""A designer's game checked sequentially: the playtest is the baseline of card
impact and card removal, a card's games are skipped only where they would repeat
the usual game move for move, the cards run on workers with the same result, and
the playtest stops once the whole play verdict is decided."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.balance import card_impact, card_removal
from generator.balance.card_paired import band
from generator.balance.card_runs import card_measures, planned
from generator.balance.run import Run
from generator.balance.sequential import change_decided, verdict_decided
from generator.cli import app
from generator.deck import resolve_deck
from generator.deck.thresholds import Thresholds
from generator.executor import ProcessPool
from generator.games import runner
from generator.games.designer.find import game_of
from generator.games.registry import make_params, seat_strategies
from generator.games.spec import GameSpec
from generator.games.stats import Summary

MARKET = Path(__file__).resolve().parents[2] / "benchmarks" / "games" / "market"
T = Thresholds(**{"confidence": 0.95, "seat_edge_warn": 0.10, "seat_edge_error": 0.20, "draws_max": 0.05,
     "unfinished_max": 0.01, "length_p95_max": 1000})


@pytest.fixture(scope="module")
def crowns(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("runs") / "crowns"
    result = CliRunner().invoke(app, ["new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    return folder


def _setup(folder: Path, sets: list[str]) -> tuple[GameSpec, Any, Any]:
    deck = resolve_deck(folder)
    spec = game_of(deck)
    assert spec is not None
    return spec, deck, make_params(spec, sets)


def test_a_seat_that_never_took_the_card_scores_its_usual_game(crowns: Path) -> None:
    """The shortcut is exact: every game played again gives the same row."""
    spec, deck, params = _setup(crowns, ["hand=4"])
    run = Run(spec, deck, params, 20, 3, confidence=0.95)  # type: ignore[arg-type]
    built = runner.make_game(spec, deck, params)  # type: ignore[arg-type]
    names = seat_strategies(spec, None, 2)
    limits = band(Thresholds(), 2)
    played: list[int] = []

    def usual(index: int) -> card_impact.Usual:
        return card_impact.usual_game(built, run, names, index)

    def everything_taken(index: int) -> card_impact.Usual:
        played.append(index)
        return usual(index)._replace(seen=(frozenset(c.id for c in deck.cards),) * 2)  # type: ignore[attr-defined]

    for card in deck.cards[:6]:  # type: ignore[attr-defined]
        fast = card_impact.impact_row(run, built, names, card, 20, usual, limits)
        slow = card_impact.impact_row(run, built, names, card, 20, everything_taken, limits)
        assert fast == slow
    assert played  # the slow side played every game again


def test_card_removal_compares_with_the_playtests_own_games(crowns: Path) -> None:
    spec, deck, params = _setup(crowns, ["hand=3"])
    name = spec.name
    run = Run(spec, deck, params, 60, 5, confidence=0.95)  # type: ignore[arg-type]
    summary = runner.simulate(name, deck, params, games=90, seed=5)  # type: ignore[arg-type]
    out = card_removal.card_removal(run, base=summary)
    assert out.base is not None and out.base.games == 90 and out.base.first_share == summary.wins[0] / 90
    tally = card_removal._Tally()
    names = seat_strategies(name, None, 2)
    for index in range(90):  # the playtest's games played one by one: the same tally
        tally.add(runner.play(runner.make_game(name, deck, params), [runner.make_strategy(name, n) for n in names],
                              runner.game_rng(5, index)))
    whole = card_removal.base_tally(summary)
    assert (whole.games, whole.first, whole.draws, whole.total, whole.squares) == \
        (tally.games, tally.first, tally.draws, tally.total, tally.squares)
    impact = card_impact.card_impact(run, base=summary)
    assert impact.usual_games == 180 and impact.usual_share == sum(summary.wins) / 180
    built = runner.make_game(name, deck, params)  # type: ignore[arg-type]
    for row in out.cards:  # each card's games against the same seeded games of the whole deck
        usual = [card_impact.usual_game(built, run, names, i).values[0] for i in range(row.games)]
        assert row.first_share - row.first_change == pytest.approx(sum(usual) / row.games)


def test_cards_on_two_workers_equal_one_process() -> None:
    spec, deck, params = _setup(MARKET, ["players=2", "rounds=2"])
    summary = runner.simulate(spec.name, deck, params, games=60, seed=2)  # type: ignore[arg-type]
    ticks: list[int] = []
    run = Run(spec, deck, params, 60, 2, confidence=0.95)  # type: ignore[arg-type]
    one = card_measures(run.but(progress=ticks.append), summary)
    two = card_measures(run.but(executor=ProcessPool(2)), summary)
    assert one == two
    assert sum(ticks) == planned(60, 40)  # the bar reaches its end whatever stopped early
    assert one[0] is not None and one[1] is not None and len(one[0].cards) == len(one[1].cards) == 40


def test_the_play_verdict_is_decided_only_when_draws_are_too() -> None:
    def summary(wins: list[int], draws: int) -> Summary:
        s = Summary(game="g", params={}, seed=1, players=2, strategy="greedy", games=sum(wins) + draws, wins=wins)
        s.draws = draws
        s.lengths[9] = s.games
        return s

    assert verdict_decided(summary([225, 225], 0), T, 2)  # 50 %, no draws: no finding, decided
    assert verdict_decided(summary([200, 200], 50), T, 2)  # 11 % draws (8.4-14.4 %): above 5 % at both ends
    assert not verdict_decided(summary([210, 210], 30), T, 2)  # 6.7 % draws (4.7-9.3 %): straddles 5 %
    assert not verdict_decided(summary([60, 90], 0), T, 2)  # a seat at 40 % (32.5-48 %): straddles
    long = summary([225, 225], 0)
    long.lengths = Counter({900: 420, 1100: 30})  # the 95th percentile straddles length_p95_max
    assert not verdict_decided(long, T, 2)


def test_a_change_is_decided_in_one_band_either_way() -> None:
    assert change_decided(-0.2, -0.3, -0.16) and change_decided(0.08, 0.04, 0.12)
    assert not change_decided(0.0, -0.07, 0.07) and not change_decided(-0.1, -0.17, -0.04)
    assert change_decided(0.0, -0.02, 0.02)


def test_check_of_a_designers_game_stops_once_decided_and_says_so(crowns: Path) -> None:
    # the scaffold's second seat wins about 54 %: under the default 7.5 points its interval needs
    # about 1,000 games to settle; at 10 points (this test's) it settles well before 600
    result = CliRunner().invoke(app, ["check", str(crowns), "--games", "600", "--json",
                                      "--jobs", "1", "--threshold", "seat_edge_warn=0.1"])
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.stdout)
    play = report["playtest"]
    assert play["games"] < 600 and play["games"] % 150 == 0
    assert play["card_removal"]["base"]["games"] == play["games"]
    assert any(f"stopped after {play['games']:,} of 600 games" in n for n in report.get("notes", []))
