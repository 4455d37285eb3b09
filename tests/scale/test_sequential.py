"""Sequential testing: a costly playtest (a seat searches) stops once every seat's
verdict is decided; the games played are the first N of the seeded run, so the
result equals a fixed run of N games. Cheap strategies play every game."""

from __future__ import annotations

import json

from generator.balance import CheckOptions, run_checks
from generator.balance.checks import planned_games
from generator.balance.run import Run
from generator.balance.sequential import costly, seats_decided
from generator.balance.simulate import playtest
from generator.balance.skill import decided
from generator.deck.load import resolve_deck
from generator.deck.thresholds import Thresholds
from generator.games.registry import GAMES, make_params
from generator.games.runner import simulate
from generator.games.stats import Summary

T = Thresholds(confidence=0.95, seat_edge_warn=0.10, seat_edge_error=0.20)


def summary(wins: list[int], strategy: str = "expert") -> Summary:
    return Summary(game="viashi", params={}, seed=1, players=3, strategy=strategy, games=sum(wins), wins=wins)


def test_a_seat_verdict_is_decided_when_its_interval_sits_in_one_band() -> None:
    # the thresholds are stated for two sides and scale by 2/k (balance/sides.py): for three
    # seats 10 and 20 points become 6.67 and 13.3 points over the fair 33.3 %
    # 100 of 300: Wilson 95 % is 28.2 % to 38.9 %, under 33.3 % + 6.67 = 40.0 %: no finding, decided
    assert seats_decided(summary([100, 100, 100]), T, 3)
    # 50 of 150: 26.3 % to 41.2 %, straddles 40.0 %: undecided (the old flat 10 points decided it)
    assert not seats_decided(summary([50, 50, 50]), T, 3)
    # 5 of 15: 15.2 % to 58.3 %, straddles 40.0 %: undecided
    assert not seats_decided(summary([5, 5, 5]), T, 3)
    # 300 of 450 (66.7 %, 62.2-70.9 %): beyond fair + 13.3 points at both ends: an error; but
    # seats 1 and 2 at 75 (16.7 %, 13.5-20.4 %) are 12.9-19.8 points short, straddling the
    # shortfall threshold 6.67 x (3 - 1) = 13.3 points (a seat_disadvantage): undecided
    assert not seats_decided(summary([300, 75, 75]), T, 3)
    # 330 and 60 each of 450: seat 0 73.3 % (69.1-77.2 %) an error; 13.3 % (10.5-16.8 %) is
    # 16.5-22.8 points short, between 13.3 and 26.7 at both ends: a warning each, decided
    assert seats_decided(summary([330, 60, 60]), T, 3)
    # 120 of 300 (40 %, 34.6-45.6 %): straddles fair + 6.67 points: undecided
    assert not seats_decided(summary([120, 90, 90]), T, 3)
    # seats playing different strategies have no seat verdict: never stop early
    assert not seats_decided(summary([50, 50, 50], "expert,greedy,greedy"), T, 3)


def test_the_skill_gap_level_is_decided_when_its_interval_sits_in_one_band() -> None:
    assert decided(0.5, 0.37, 0.63)  # much at both ends
    assert decided(0.0, -0.05, 0.02)  # none at both ends (under 3 points)
    assert not decided(0.1, 0.02, 0.2)  # none, some or much
    assert not decided(0.12, 0.05, 0.16)  # some or much


def test_only_search_players_are_costly() -> None:
    assert costly("expert") and costly("expert:4") and costly("greedy,expert:2,random")
    assert not costly(None) and not costly("greedy") and not costly("best,random")


def test_rounds_equal_one_run_of_the_games_played() -> None:
    deck, params = resolve_deck("viashi"), make_params("viashi", [])
    looks: list[int] = []

    def stop_after_two_rounds(s: Summary) -> bool:
        looks.append(s.games)
        return len(looks) == 2

    ticks: list[int] = []
    run = Run(GAMES["viashi"], deck, params, 100, 4, strategy="greedy", progress=ticks.append)
    pt = playtest(run, decided=stop_after_two_rounds, round_games=30)
    assert looks == [30, 60] and pt.summary.games == 60
    assert sum(ticks) == 100  # the progress bar reaches its end: the 40 games not needed count as done
    fixed = simulate("viashi", deck, params, games=60, seed=4, strategy="greedy")
    assert json.dumps(pt.summary.to_json()) == json.dumps(fixed.to_json())
    assert pt.seat_scores == list(fixed.seat_scores)


def test_a_costly_check_stops_early_and_equals_a_check_of_that_many_games() -> None:
    deck = resolve_deck("viashi")
    ticks: list[int] = []
    # 0.15 and 0.3 for two sides are the old flat 10 and 20 points for Viashi's three (x 2/3)
    loose = {"seat_edge_warn": 0.15, "seat_edge_error": 0.3}
    report = run_checks(deck, CheckOptions(games=600, strategy="expert:1", seed=2, thresholds=loose), progress=ticks.append)
    assert report.playtest is not None
    played = report.playtest.games
    assert sum(ticks) == planned_games(deck, 600) == 900  # the bar reaches its end though both stopped early
    assert played < 600 and played % 150 == 0, played
    note = next(n for n in report.notes if n.startswith("sequential testing"))
    assert f"stopped after {played:,} of 600 games" in note
    fixed = run_checks(deck, CheckOptions(games=played, strategy="expert:1", seed=2, thresholds=loose), sequential=False)
    assert fixed.playtest is not None
    assert {k: v for k, v in fixed.playtest.to_json().items() if k != "skill"} == \
        {k: v for k, v in report.playtest.to_json().items() if k != "skill"}
    skill = report.playtest.skill
    assert skill is not None and skill.games <= 300 and skill.games % 90 == 0  # rounds of 30 games per seat position


def test_cheap_strategies_play_every_game() -> None:
    report = run_checks(resolve_deck("viashi"), CheckOptions(games=400, seed=2))
    assert report.playtest is not None and report.playtest.games == 400
    assert report.playtest.skill is not None and report.playtest.skill.games == 300
    assert not any(n.startswith("sequential testing") for n in report.notes)
