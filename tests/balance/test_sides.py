"""Sides, not seats (issue 48): teams judged as sides against 1/k with thresholds that scale
with k, a game with utility judged in its returns, a simultaneous game's quality, the
ladder's draws, ranges and the game's own words. The test games are in tests/balance/sides/
(not the scaffold); every expected figure is worked out by hand in their docstrings."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.balance.ladder import Ladder, Match
from generator.balance.quality_result import Branching, Move, Quality
from generator.balance.ranges import span
from generator.balance.result import Edge, Length, Playtest, Seats, SeatShare
from generator.balance.sides import deficit, scaled, utility_threshold
from generator.balance.verdict_sides import side_findings
from generator.cli import app
from generator.deck.thresholds import Thresholds
from generator.games.reporting import Share

SIDES = Path(__file__).parent / "sides"
KUHN = Path(__file__).parents[1] / "games" / "api2" / "kuhn.py"
T = Thresholds(confidence=0.95, seat_edge_warn=0.075, seat_edge_error=0.15)
cli = CliRunner()
Project = Callable[[str, str, str], Path]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    """``project(name, source, cls)``: a `deckpress new --game custom` project whose game.py is
    ``source`` and whose deck plays its class ``cls``."""

    def make(name: str, source: str, cls: str) -> Path:
        folder = tmp_path_factory.mktemp(name) / name
        made = cli.invoke(app, ["new", str(folder), "--game", "custom"])
        assert made.exit_code == 0, made.output
        (folder / "game.py").write_text(source, encoding="utf-8")
        deck = folder / "deck.yaml"
        deck.write_text(deck.read_text().replace("game: game.py ", f"game: game.py:{cls} "))
        return folder

    return make


def kuhn_source() -> str:
    """tests/games/api2/kuhn.py with the stacked deal of sides/kuhn_edge.py: one game.py."""
    edge = (SIDES / "kuhn_edge.py").read_text().split("# -- the game.py: tests/games/api2/kuhn.py, then everything below --\n")[1]
    return KUHN.read_text() + "\nfrom generator.games.spec import CardMeasures\n\n" + edge


def check(folder: Path, *args: str) -> dict[str, Any]:
    result = cli.invoke(app, ["check", str(folder), "--jobs", "1", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def seat_findings(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in report["findings"] if f["code"] == "seat_advantage"]


# -- the thresholds scale with the number of sides --------------------------------------


def test_the_thresholds_scale_with_the_number_of_sides() -> None:
    assert scaled(T, 2) == pytest.approx((0.075, 0.15))  # stated for two sides
    assert scaled(T, 4) == pytest.approx((0.0375, 0.075))  # x 2/4
    assert scaled(T, 3) == pytest.approx((0.05, 0.10))
    assert utility_threshold(T, 2) == pytest.approx((0.15, 0.30))  # standard deviations: a fair coin's is 0.5


def _play(wins: list[int], teams: bool = False) -> Playtest:
    """A playtest of ``sum(wins)`` decided games with these wins per side (Wilson intervals)."""
    from generator.balance.intervals import wilson

    decided = sum(wins)
    fair = 1 / len(wins)
    shares = []
    for w in wins:
        lo, hi = wilson(w, decided)
        shares.append(SeatShare(w, decided, w / decided, lo, hi, w / decided - fair))
    length = Length(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ((1, decided),))
    nothing = Share(0, decided, 0.0, 0.0, 0.0)
    seats = Seats(decided, fair, tuple(shares), teams, Edge(shares[0].edge, shares[0].low - fair, shares[0].high - fair))
    return Playtest("teamdice" if teams else "nosuchgame", {}, decided, 1, "random", [], length, nothing, nothing,
                    list(wins), seats, {})


def test_a_two_team_race_won_59_percent_by_the_first_team_is_a_team_advantage() -> None:
    """Team 0 wins 1,180 of 2,000 (59 %, Wilson 56.8-61.1 %): 9 points over a fair 50 %, above
    the 7.5 points for two sides (the old flat 10 points let it pass)."""
    (finding,) = side_findings(_play([1180, 820], teams=True), T)
    assert finding.level == "warning" and finding.code == "seat_advantage"
    assert "a team advantage of 9.0 points" in finding.message and "for 2 sides" in finding.message
    assert side_findings(_play([1080, 920], teams=True), T) == []  # 54 %: under 7.5 points


def test_four_seats_are_judged_against_a_quarter_with_a_quarter_of_the_error_band() -> None:
    """Seat 0 wins 620 of 2,000 (31 %, 29.0-33.1 %) against 25 %: 6 points, above 3.75 and
    below 7.5: a warning. 700 (35 %): 10 points, an error."""
    (warn,) = side_findings(_play([620, 460, 460, 460]), T)
    assert warn.level == "warning" and warn.evidence["sides"] == 4
    errors = side_findings(_play([700, 434, 433, 433]), T)
    assert [f.level for f in errors] == ["error"]


def test_three_sides_are_judged_against_a_third_and_a_squeezed_side_is_a_disadvantage() -> None:
    """Seats 0 and 1 win 1,200 of 3,000 each (40 %, Wilson 38.3-41.8 %) against 33.3 %: 6.7
    points, above the 5 points for three sides (under the old flat 10 points). Seat 2's 20 %
    (18.6-21.5 %) is 13.3 points short: beyond the shortfall threshold, 5 x (3 - 1) = 10
    points, below the error's 20: a disadvantage warning of its own."""
    found = {(f.code, f.evidence["seat"]): f.level for f in side_findings(_play([1200, 1200, 600]), T)}
    assert found == {("seat_advantage", 0): "warning", ("seat_advantage", 1): "warning",
                     ("seat_disadvantage", 2): "warning"}
    assert deficit(T, 3) == pytest.approx((0.10, 0.20)) and deficit(T, 4) == pytest.approx((0.1125, 0.225))
    assert deficit(T, 2) == (math.inf, math.inf)  # two sides: the shortfall is the other's advantage


def test_one_seat_of_three_at_ten_percent_is_a_disadvantage_error() -> None:
    """Seat 2 wins 300 of 3,000 (10 %, Wilson 9.0-11.1 %): 23.3 points short of a third, beyond
    the 20 points of the error; a seat 9 points short (24.3 %) is within the 10-point band."""
    (short,) = [f for f in side_findings(_play([1350, 1350, 300]), T) if f.code == "seat_disadvantage"]
    assert short.level == "error" and short.evidence["seat"] == 2
    assert short.message.startswith("seat 2 wins only 10% of decided games (95% interval 9%-11%)")
    assert "a disadvantage of 23.3 points" in short.message
    assert not [f for f in side_findings(_play([1136, 1136, 728]), T) if f.code == "seat_disadvantage"]


def test_a_squeezed_side_in_chips_is_a_disadvantage_in_standard_deviations() -> None:
    """Three seats of a chips game: seat 2's edge over the table is -0.6 chip a game with a
    spread of 2 (sd), over 900 games: -0.3 standard deviations, beyond 0.1 x (3 - 1) = 0.2
    (the threshold for three sides in standard deviations, 2 x 0.05, times k - 1) and
    within 0.4: a warning. Seats 0 and 1 at +0.3 (0.15 standard deviations, between 0.1
    and 0.2): advantage warnings."""
    from dataclasses import replace

    from generator.balance.sides import ReturnEdge

    half = 1.96 * 2 / 30  # the normal interval's half width: z x sd / sqrt(900)
    edges = tuple(ReturnEdge(m, m - half, m + half, 2.0, 900) for m in (0.3, 0.3, -0.6))
    play = replace(_play([300, 300, 300]), return_edges=edges)
    found = {(f.code, f.evidence["seat"]): f.level for f in side_findings(play, T)}
    assert found == {("seat_advantage", 0): "warning", ("seat_advantage", 1): "warning",
                     ("seat_disadvantage", 2): "warning"}
    (short,) = [f for f in side_findings(play, T) if f.code == "seat_disadvantage"]
    assert short.message.startswith("seat 2 gets -0.6 a game against the table's mean return")
    assert "a disadvantage of 0.30 standard deviations" in short.message


def test_a_squeezed_third_seat_is_found_by_default(project: Project) -> None:
    """Lopsided Dice (sides/lopsided_dice.py): seat 2 rolls a d4 against two d6 and wins
    14/114 = 12.3 % of the decided games: 21 points short of a third, beyond 10 points."""
    folder = project("lopsided", (SIDES / "lopsided_dice.py").read_text(), "LopsidedDice")
    report = check(folder)
    (short,) = [f for f in report["findings"] if f["code"] == "seat_disadvantage"]
    seat2 = report["playtest"]["seats"]["seats"][2]
    assert short["evidence"]["seat"] == 2 and seat2["low"] <= 14 / 114 <= seat2["high"]
    assert short["level"] in ("warning", "error") and report["verdict"] != "no problems found"
    fair = check(project("fairdice", (SIDES / "lopsided_dice.py").read_text(), "FairDice"))
    assert not [f for f in fair["findings"] if f["code"].startswith("seat_")]


# -- teams, end to end -------------------------------------------------------------------


def test_a_planted_first_team_edge_is_a_team_advantage_by_default(project: Project) -> None:
    """Team Dice: equal sums go to team 0, which wins 50/81 = 61.7 % (sides/team_dice.py)."""
    folder = project("teamdice", (SIDES / "team_dice.py").read_text(), "TeamDice")
    report = check(folder)
    seats = report["playtest"]["seats"]
    assert seats["teams"] and seats["fair_share"] == 0.5 and len(seats["seats"]) == 2
    team0 = seats["seats"][0]
    assert team0["low"] <= 50 / 81 <= team0["high"]
    (finding,) = seat_findings(report)
    assert finding["level"] == "warning" and finding["message"].startswith("team 0 (seats 0 and 2) wins")
    assert "team advantage" in finding["message"]
    assert finding["evidence"]["random_play"] == "confirmed"  # random play of the same deals: 50/81 too
    assert finding["evidence"]["random"]["low"] <= 50 / 81 <= finding["evidence"]["random"]["high"]
    shown = cli.invoke(app, ["check", str(folder), "--jobs", "1", "--games", "300"])
    assert "team 0 (seats 0 and 2) wins" in shown.stdout and "team 1 (seats 1 and 3) wins" in shown.stdout
    skill = report["playtest"]["skill"]
    assert skill["games"] % 2 == 0  # the skill gap rotates a skilled team over the two teams, not four seats


def test_a_fair_team_game_has_no_seat_finding_and_partners_share_the_win(project: Project) -> None:
    folder = project("fairteams", (SIDES / "team_dice.py").read_text(), "FairTeamDice")
    report = check(folder)
    assert seat_findings(report) == [] and report["verdict"] == "no problems found"
    from generator.deck import resolve_deck
    from generator.games.api import Action
    from generator.games.designer.loader import ensure
    from generator.games.registry import make_game, make_params

    spec = ensure(f"{folder / 'game.py'}:FairTeamDice")
    game: Any = make_game(spec.name, resolve_deck(folder), make_params(spec, []))
    state = game.new_state()
    for die in (3, 1, 3, 1):  # team 0: 6, team 1: 2
        state.apply(Action("roll"))
        state.apply(Action("die", die))
    assert state.result().winner == 0 and state.returns() == [0.5, 0.0, 0.5, 0.0]  # StateBase.returns, teams


# -- chips: judged in utility ---------------------------------------------------------------


def test_fair_kuhn_poker_gets_no_seat_finding_at_its_known_values(project: Project) -> None:
    """Random play: seat 0 wins +1/8 chip a hand (kuhn_edge.py's sum); Nash play: -1/18. Both
    are real, and small (under 0.1 standard deviations of a hand): no finding."""
    folder = project("kuhnfair", kuhn_source(), "Kuhn")
    for strategy, value in (("random", 1 / 8), ("nash", -1 / 18)):
        report = check(folder, "--strategy", strategy, "--games", "1500")
        (edge0, edge1) = report["playtest"]["return_edges"]
        assert edge0["low"] <= value <= edge0["high"], (strategy, edge0)
        assert edge1["mean"] == pytest.approx(-edge0["mean"])  # zero-sum: the table's mean is 0
        assert seat_findings(report) == [], (strategy, report["findings"])
    default = check(folder)
    assert seat_findings(default) == [] and default["playtest"]["skill"]["unit"] == "return"


def test_kuhns_skill_gap_is_named_in_chips_by_default(project: Project) -> None:
    """Greedy beats random by about +0.15 chips a hand (3,000 paired games each seat order:
    +0.145, sd 1.34). Paired with random play of the same deals and played up to --games,
    the default check's interval lies above 0: "some", in chips a hand. A skill_gap target
    reads the same unit: 1 chip a hand is missed, 0.01 met."""
    folder = project("kuhnskill", kuhn_source(), "Kuhn")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text() + "\nbalance:\n  targets:\n    skill_gap: 1\n")
    skill = (report := check(folder))["playtest"]["skill"]
    assert skill["unit"] == "return" and skill["level"] == "some", skill
    assert 0 < skill["low"] < 0.15 < skill["high"] < 0.4 and skill["games"] == 1000
    (target,) = report["targets"]
    assert target["status"] == "missed" and "a game" in target["wanted"] and "points" not in target["measured"]
    assert target["high"] == pytest.approx(skill["high"])  # in chips, as measured (not x 100)
    short = check(folder, "--games", "40")["playtest"]["skill"]  # 40 games cannot tell: never "none"
    assert short["level"] == "not resolved" and short["low"] < 0 < short["high"], short


def test_a_stacked_kuhn_deal_is_a_seat_advantage_in_chips(project: Project) -> None:
    """Seat 0 holds the higher card 2 deals in 3: +11/24 = +0.458 chips a hand under random play."""
    folder = project("kuhnedge", kuhn_source(), "EdgeKuhn")
    report = check(folder, "--strategy", "random")
    edge0 = report["playtest"]["return_edges"][0]
    assert edge0["low"] <= 11 / 24 <= edge0["high"]
    (finding,) = seat_findings(report)
    assert finding["evidence"]["seat"] == 0 and "standard deviations" in finding["message"]
    assert finding["message"].startswith("seat 0 gets +0.")  # kuhn.py names no first player
    (default,) = seat_findings(check(folder))  # the default player finds the stacked deal too
    assert default["level"] == "error" and default["evidence"]["strategy"] == "greedy"
    assert default["evidence"]["random_play"] == "confirmed"  # ... and random play of the same deals confirms it
    assert default["evidence"]["random"]["low"] <= 11 / 24 <= default["evidence"]["random"]["high"]
    assert "random_play" not in finding["evidence"]  # random play by --strategy: nothing to confirm


def test_a_split_pot_is_no_draws_finding_where_the_game_says_so(project: Project) -> None:
    """Kuhn where a showdown of equal cards splits the pot (no winner): every deal pairs two
    different ranks here, so make the deal equal 1 time in 3 and declare the split no draw."""
    source = kuhn_source() + '''

class SplitKuhn(Kuhn):
    name = "splitkuhn"
    equal_results_draw = False

    def new_state(self, observer: Any = None) -> SplitState:
        return SplitState(self, observer)


class SplitState(KuhnState):
    def sample_chance(self, rng: random.Random) -> Action:
        a = rng.randrange(3)
        return Action("deal", (a, a) if rng.random() < 1 / 3 else (a, (a + 1 + rng.randrange(2)) % 3))

    def chips(self) -> list[float]:
        if self.cards[0] == self.cards[1] and self.history not in (["bet", "pass"], ["pass", "bet", "pass"]):
            return [0.0, 0.0]
        return super().chips()

    def result(self) -> Result:
        if self.is_over() and self.chips() == [0.0, 0.0]:
            return Result(winner=None, tricks=len(self.history), counts=[1, 1], scores=[0.0, 0.0])
        return super().result()
'''
    folder = project("splitkuhn", source, "SplitKuhn")
    report = check(folder, "--strategy", "random", "--games", "300")
    assert report["playtest"]["draws"]["share"] > 0.1  # a third of the deals, less the folds
    assert report["playtest"]["equal_results_draw"] is False
    assert not [f for f in report["findings"] if f["code"] == "draws"]


# -- a simultaneous game ------------------------------------------------------------------------


def test_goofspiel_gets_no_seat_finding_and_its_quality_is_measured(project: Project) -> None:
    folder = project("goof5", (SIDES / "goofspiel.py").read_text(), "Goofspiel")
    result = cli.invoke(app, ["check", str(folder), "--jobs", "1", "--games", "200", "--quality"])
    assert result.exit_code in (0, 1), result.output
    assert "game quality" in result.stdout and "decisions that matter" in result.stdout
    assert "failed" not in result.stdout and "is not legal now" not in result.output
    report = check(folder, "--games", "200", "--quality")
    assert seat_findings(report) == []  # symmetric: no seat may be reported stronger
    quality = report["playtest"]["quality"]
    assert quality["decisions_matter"]["probed"] > 0 and "failed" not in quality


def test_a_failing_measure_is_named_and_the_rest_still_prints(project: Project) -> None:
    source = (SIDES / "goofspiel.py").read_text().replace(
        '        return float(view["points"][seat] - view["points"][1 - seat])',
        '        if view["rounds"] == 3 and view["prize"] is not None:  # at a decision, never one step after\n'
        '            raise KeyError("no lead after three rounds")\n'
        '        return float(view["points"][seat] - view["points"][1 - seat])')
    folder = project("goofbroken", source, "Goofspiel")
    result = cli.invoke(app, ["check", str(folder), "--jobs", "1", "--games", "200", "--quality", "--strategy", "random"])
    assert result.exit_code in (0, 1), result.output
    text = " ".join(result.stdout.split())
    assert "branching" in text and "most chosen" in text  # the other measures
    assert "failed" in text and "game.py:" in text and "no lead after three rounds" in text
    assert "a bug in deckpress" not in text  # the designer's own error, in their file


# -- the ladder --------------------------------------------------------------------------------------


def test_the_ladder_counts_draws_half_and_follows_the_intervals() -> None:
    """mcts:400 against mcts:200 in Goofspiel-6 (the issue): 64 wins, 92 draws of 200 games is
    (64 + 46) / 200 = 55 %, not 32 %; its interval (48-62 %) holds 50 %: level, not below."""
    rung = Match("mcts:400", "mcts:200", 200, 64, 92)
    assert rung.share == pytest.approx(0.55) and rung.standing() == "level"
    climbing = Match("mcts:200", "mcts:100", 200, 140, 0)
    assert Ladder("mcts", [climbing, rung]).verdict().startswith("climbs, then flattens")
    losing = Match("mcts:400", "mcts:200", 200, 50, 20)  # 30 %: the whole interval below 50 %
    assert losing.standing() == "below"
    assert Ladder("mcts", [climbing, losing]).verdict().startswith("uneven: mcts:400 loses to the rung below")
    assert rung.to_json()["standing"] == "level"


def test_the_ladder_cli_on_a_game_with_draws(project: Project) -> None:
    folder = project("goofladder", (SIDES / "goofspiel.py").read_text(), "Goofspiel")
    result = cli.invoke(app, ["ladder", str(folder), "--rungs", "2,8", "--games", "40", "--json"])
    assert result.exit_code == 0, result.output
    (rung,) = json.loads(result.stdout)["ladder"]["rungs"]
    assert rung["share"] == pytest.approx((rung["wins"] + rung["draws"] / 2) / rung["games"])


# -- ranges and the game's own words ------------------------------------------------------------


def test_ranges_with_a_negative_end_say_to() -> None:
    assert span(-0.24, -0.07, ".2f") == "-0.24 to -0.07"
    assert span(-2, 1) == "-2 to 1" and span(2, 5) == "2-5" and span(0.1, 0.25, "+.2f") == "+0.10 to +0.25"


def test_kuhn_points_print_their_negative_ranges_unambiguously(project: Project) -> None:
    folder = project("kuhnranges", kuhn_source(), "Kuhn")
    shown = cli.invoke(app, ["check", str(folder), "--jobs", "1", "--games", "300", "--strategy", "random"])
    assert re.search(r"median -?1, -2 to 2\)", shown.stdout), shown.stdout
    assert not re.search(r"\d--\d", shown.stdout) and "-2-" not in shown.stdout


def test_action_names_are_never_markup_nor_emoji(capsys: pytest.CaptureFixture[str]) -> None:
    from generator.balance.quality import print_quality

    q = Quality(10, Branching(10, 2.0, 2.0, 2, 0.0),
                (Move("play:dash", 9, 10, 0.9, 0.6, 1.0, True), Move("take:[bold]crown[/bold]", 1, 10, 0.1, 0.0, 0.4, False)))
    print_quality(q)
    out = capsys.readouterr().out
    assert "play:dash:" in out and "\N{DASH SYMBOL}" not in out
    assert "take:[bold]crown[/bold]" in out


def test_return_edges_are_paired_per_game_and_merge_across_workers() -> None:
    """Three games of a 3-seat game with returns (3, 0, 0), (0, 3, 0), (1, 1, 1): the table's
    mean is 1 each time, so seat 0's edges are +2, -1, 0: mean 1/3, the sample standard
    deviation sqrt(((5/3)**2 + (4/3)**2 + (1/3)**2) / 2) = sqrt(7/3). Two workers' summaries
    merged give the same figures as one."""
    import math

    from generator.balance.sides import return_edges
    from generator.games.api import Result
    from generator.games.stats import Summary

    games = [[3.0, 0.0, 0.0], [0.0, 3.0, 0.0], [1.0, 1.0, 1.0]]
    whole = Summary(game="x", params={}, seed=1, players=3)
    first, second = Summary(game="x", params={}, seed=1, players=3), Summary(game="x", params={}, seed=1, players=3)
    for i, r in enumerate(games):
        result = Result(winner=None, tricks=1, counts=[0, 0, 0], returns=r)
        whole.add(result)
        (first if i < 2 else second).add(result)
    first.merge(second)
    (e0, e1, e2) = return_edges(whole, None, 0.95)
    assert e0.mean == pytest.approx(1 / 3) and e0.sd == pytest.approx(math.sqrt(7 / 3))
    assert e2.mean == pytest.approx(-2 / 3)
    assert return_edges(first, None, 0.95) == (e0, e1, e2)
    (team,) = return_edges(whole, ((0, 1),), 0.95)  # a team: its seats' mean edge
    assert team.mean == pytest.approx(1 / 3)


def test_a_designers_findings_hook_still_gets_a_read_only_mapping() -> None:
    """Issue 47: the thresholds are a typed record inside, but a designer's ``findings``
    hook (docs/own-game.md) is called with a mapping it indexes by key, as before."""
    from dataclasses import replace
    from types import MappingProxyType

    from generator.balance.verdict_play import play_findings
    from generator.games.reporting import MappingSection, ReportHooks

    seen: list[Any] = []

    def hook(section: Any, t: Any, flagged: set[str], games: int) -> list[dict[str, Any]]:
        seen.append(t)
        return [{"level": "warning", "code": "own", "message": f"draws_max is {t['draws_max']:g}"}]

    play = replace(_play([500, 500]), section=MappingSection(data={}, hooks=ReportHooks(findings=hook)))
    found = play_findings(play, Thresholds(draws_max=0.2), set())
    assert isinstance(seen[0], MappingProxyType) and seen[0]["draws_max"] == 0.2
    assert [f.message for f in found if f.code == "own"] == ["draws_max is 0.2"]
