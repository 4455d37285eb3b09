"""Issue 35, "a report in the game's own words": a designer's game gets a balance report
that speaks of its game, not of War or Weiji.

The game is Round Up (written below, in the test): four players in two teams (seats 0
and 2 against 1 and 3), every hand open on the table. Twelve cards carry one attribute,
``power`` 1-6, each value twice (the deck declares ``attributes:``, as a Top-Trumps deck
does, but the game plays them its own way). Each seat is dealt 3 cards; a game is three
rounds, and in each round seats 0-3 play one card in turn. The highest power takes the
round for its team (one point); a round whose top power is played twice scores for
nobody. Team 0 starts with ``bonus`` points (default 1). The higher total wins; equal
totals are a draw (a shared top score).

By hand, every seat playing at random: team 0 never loses a game in which the two teams take the same number of rounds,
so it wins more than half of the decided games (a team advantage), and every game whose
team 1 takes exactly one round more than team 0 is a draw (many: more than 5 %). A game is
always 3 rounds. With ``partners=False`` every seat plays for itself and seat 0 has the bonus.
"""

from __future__ import annotations

import json
import re
import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from rich.console import Console
from typer.testing import CliRunner

from generator.balance.findings import Report
from generator.balance.result import Playtest, Share, SkillGap
from generator.balance.skill import skill_line
from generator.balance.terminal import print_report
from generator.cli import app
from generator.deck.thresholds import Thresholds
from generator.games.registry import GAMES

GAME = '''
"""Round Up: see tests/balance/test_game_words.py."""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase
from generator.games.params import Params


class RoundParams(Params):
    players: int = Field(default=4, ge=4, le=4, description="number of players")
    bonus: int = Field(default=1, ge=0, le=3, description="points team 0 (seat 0) starts with")
    partners: bool = Field(default=True, description="seats 0 and 2 against 1 and 3")


def partnerships(params: Any) -> Any:
    return ((0, 2), (1, 3)) if params.partners else None


class RoundUp:
    """Round Up: the highest power takes the round."""

    name = "roundup"
    title = "Round Up"
    Params = RoundParams
    players = (4, 4)
    unit = "round"
    teams = partnerships
    default_strategy = "greedy"

    def __init__(self, deck: Any, params: RoundParams) -> None:
        self.params = params
        self.ids = [c.id for c in deck.cards for _ in range(c.copies)]
        self.power = {c.id: float(c.value("power") or 0) for c in deck.cards}

    def new_state(self, observer: Any = None) -> RoundState:
        return RoundState(self)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> RoundState:
        state = RoundState(self)  # every hand is open: the view is the whole state
        state.hands = [list(h) for h in view["hands"]]
        state.played = list(view["played"])
        state.points = list(view["points"])
        state.rounds, state.turn, state.dealt = view["rounds"], view["turn"], view["dealt"]
        return state


class RoundState(StateBase):
    def __init__(self, game: RoundUp) -> None:
        self.game = game
        self.hands: list[list[str]] = [[], [], [], []]
        self.played: list[str] = []
        self.points = [0, 0, 0, 0]
        self.rounds = 0
        self.turn = 0
        self.dealt = False
        self.stats: dict[str, list[int]] = {}

    def side(self, seat: int) -> int:
        return seat % 2 if self.game.params.partners else seat

    def current(self) -> int:
        if not self.dealt:
            return CHANCE
        return TERMINAL if self.rounds == 3 else self.turn

    def legal_actions(self) -> list[Action]:
        if not self.dealt or self.rounds == 3:
            return []
        return [Action("play", c) for c in sorted(set(self.hands[self.turn]))]

    def sample_chance(self, rng: random.Random) -> Action:
        order = list(self.game.ids)
        rng.shuffle(order)
        return Action("deal", tuple(order))

    def apply(self, action: Action) -> None:
        if action.kind == "deal":
            cards = list(action.value)
            self.hands = [sorted(cards[3 * s:3 * s + 3]) for s in range(4)]
            self.points = [self.game.params.bonus, 0, 0, 0]
            self.dealt = True
            return
        self.hands[self.turn].remove(action.value)
        self.played.append(action.value)
        self.turn += 1
        if self.turn < 4:
            return
        power = [self.game.power[c] for c in self.played]
        top = max(power)
        winner = power.index(top) if power.count(top) == 1 else None
        if winner is not None:
            self.points[self.side(winner)] += 1
        for seat, card in enumerate(self.played):
            entry = self.stats.setdefault(card, [0, 0])
            entry[0] += 1
            entry[1] += int(seat == winner)
        self.played, self.turn = [], 0
        self.rounds += 1

    def is_over(self) -> bool:
        return self.dealt and self.rounds == 3

    def result(self) -> Result:
        top = max(self.points)
        leaders = [s for s, p in enumerate(self.points) if p == top]
        winner = leaders[0] if len(leaders) == 1 else None
        scores = [float(self.points[self.side(s)]) for s in range(4)]
        return Result(winner=winner, tricks=self.rounds, counts=[len(h) for h in self.hands], scores=scores,
                      card_stats={k: (v[0], v[1]) for k, v in self.stats.items()})

    def view(self, seat: int) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "played": list(self.played), "points": list(self.points),
                "rounds": self.rounds, "turn": self.turn, "dealt": self.dealt}
'''

DECK = """name: Round Up
game: game.py
layout: base
attributes:
- key: power
  label: Power
  unit: ''
  better: higher
cards: cards.csv
"""

runner = CliRunner()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("roundup") / "roundup"
    folder.mkdir()
    (folder / "game.py").write_text(GAME, encoding="utf-8")
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    rows = [f"R{i + 1:02d},Rounder {i + 1},{1 + i // 2}" for i in range(12)]
    (folder / "cards.csv").write_text("id,name,power\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return folder


def _check(folder: Path, *extra: str) -> Any:
    result = runner.invoke(app, ["check", str(folder), "--games", "400", "--seed", "1", "--strategy", "random", *extra])
    assert result.exit_code in (0, 1), result.output
    return result


@pytest.fixture(scope="module")
def checked(project: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One `check` of Round Up: its JSON, its terminal output and its PDF's text."""
    pdf = tmp_path_factory.mktemp("report") / "report.pdf"
    as_json = json.loads(_check(project, "--json").stdout)
    terminal = re.sub(r"\s+", " ", _check(project, "--report", str(pdf), "--suggest").output)
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    return {"json": as_json, "terminal": terminal, "pdf": re.sub(r"\s+", " ", text)}


WRONG = ("(tricks)", "in tricks", "ran out of cards", "first player", "unbeatable", "hopeless", "dominated",
         "strength_max", "card_win_max", "tie_rate_warn", "rank_count_spread")


def test_the_json_speaks_of_rounds_teams_and_shared_top_scores(checked: dict[str, Any]) -> None:
    data = checked["json"]
    play = data["playtest"]
    assert play["length"]["max"] == play["length"]["median"] == 3  # three rounds, always
    findings = {f["code"]: f["message"] for f in data["findings"]}
    assert "end in a draw: a shared top score (draws_max 5%)" in findings["draws"]
    assert findings["seat_advantage"].startswith("team 0 (seats 0 and 2) wins")
    assert "a team advantage of" in findings["seat_advantage"]
    assert play["seats"]["teams"] is True and len(play["seats"]["seats"]) == 2
    assert play["seats"]["fair_share"] == 0.5
    # two teams: team 0's wins are seats 0 and 2's, team 1's seats 1 and 3's
    wins = play["wins"]
    assert [s["count"] for s in play["seats"]["seats"]] == [wins[0] + wins[2], wins[1] + wins[3]]
    text = json.dumps({k: v for k, v in data.items() if k != "thresholds"})  # (the JSON keeps every threshold's value)
    for wrong in WRONG:
        assert wrong not in text, wrong
    from generator.balance.changes import game_measures

    typed = Playtest.from_json(play)
    assert "team 0 advantage" in {m.measure for m in game_measures(typed, typed)}  # --against's words too
    assert data["static"]["kind"] == "none"  # attributes, but the game does not compare them in showdowns
    assert not data.get("suggestions")


def test_the_json_gives_each_card_played_won_and_its_interval(checked: dict[str, Any]) -> None:
    play = checked["json"]["playtest"]
    cards = play["cards"]
    assert {c["card"] for c in cards} == {f"R{i:02d}" for i in range(1, 13)}
    by_id = {c["card"]: c for c in cards}
    assert set(cards[0]) == {"card", "name", "played", "won", "share", "low", "high"}
    assert by_id["R01"]["name"] == "Rounder 1"
    games = play["games"]
    assert sum(c["played"] for c in cards) == 12 * games  # every card is dealt and played once a game
    # power 1 (R01, R02) never takes a round (two cards of four are higher); power 6 wins
    # every round it is played in unless its twin is played too
    assert by_id["R01"]["won"] == by_id["R02"]["won"] == 0
    assert by_id["R12"]["share"] > 0.5
    for c in cards:
        assert c["low"] <= c["share"] <= c["high"]
        assert c["share"] == pytest.approx(c["won"] / c["played"])
    assert cards[0]["share"] >= cards[-1]["share"]  # the best first


def test_the_terminal_speaks_of_rounds_teams_and_card_statistics(checked: dict[str, Any]) -> None:
    out = checked["terminal"]
    assert "game length, mean (rounds)" in out
    assert "team 0 (seats 0 and 2) wins" in out and "team 1 (seats 1 and 3) wins" in out
    assert "a shared top score" in out
    assert "cards in play" in out and re.search(r"R12 Rounder 12\s+\d", out)
    assert "does not compare the cards' attributes" in out  # why no Top-Trumps checks
    assert "only for games that compare attributes" in out  # --suggest does not contradict
    for wrong in WRONG:
        assert wrong not in out, wrong


def test_the_pdf_speaks_of_rounds_teams_and_lists_the_thresholds_that_apply(checked: dict[str, Any]) -> None:
    text = checked["pdf"]
    assert "mean game length (rounds)" in text
    assert "team 0 (seats 0 and 2) wins" in text
    assert "Cards in play" in text and "Rounder 12" in text
    assert "seat_edge_warn" in text and "draws_max" in text and "length_p95_max" in text
    assert "game length in rounds" in text  # the threshold's meaning in the game's unit
    assert "share of drawn games (a shared top score)" in text  # ... and its draws
    for wrong in WRONG:
        assert wrong not in text, wrong


def test_first_player_only_where_the_game_says_who_starts(project: Path, tmp_path: Path) -> None:
    """Every seat for itself: "seat 0" plainly; with ``first_player = 0`` declared, "seat 0 (first player)"."""
    plain = _check(project, "--set", "partners=false", "--json")
    data = json.loads(plain.stdout)
    assert "first player" not in json.dumps(data)
    assert not data["playtest"]["seats"]["teams"] and len(data["playtest"]["seats"]["seats"]) == 4
    advantage = next(f for f in data["findings"] if f["code"] == "seat_advantage")  # seat 0 has the bonus
    assert advantage["message"].startswith("seat 0 wins") and "an advantage of" in advantage["message"]
    assert "seat 0 wins" in _check(project, "--set", "partners=false").output

    starts = tmp_path / "starts"
    shutil.copytree(project, starts)
    (starts / "game.py").write_text(GAME.replace('    unit = "round"\n', '    unit = "round"\n    first_player = 0\n'
                                                 '    draws = "every team took as many rounds"\n'), encoding="utf-8")
    data = json.loads(_check(starts, "--set", "partners=false", "--json").stdout)
    messages = {f["code"]: f["message"] for f in data["findings"]}
    assert messages["seat_advantage"].startswith("the first player (seat 0) wins")
    assert "end in a draw: every team took as many rounds" in messages["draws"]
    assert "seat 0 (first player) wins" in _check(starts, "--set", "partners=false").output


def test_a_seat_out_of_range_as_first_player_is_refused(project: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    shutil.copytree(project, bad)
    (bad / "game.py").write_text(GAME.replace('    unit = "round"\n', '    unit = "round"\n    first_player = 4\n'),
                                 encoding="utf-8")
    result = runner.invoke(app, ["check", str(bad), "--games", "20"])
    assert result.exit_code == 2
    assert "first_player must be a seat from 0 to 3" in result.output


def test_a_negative_skill_gap_says_the_default_player_loses_to_random(checked: dict[str, Any]) -> None:
    """A gap whose whole interval is below zero (random beats the default player by 14
    points, interval -21.7 to -6.0) is said so, with its interval; never "none"."""
    skill = SkillGap("none", skilled="greedy", games=600, gap=-0.14, low=-0.217, high=-0.06,
                     skilled_share=Share(258, 600, 0.43, 0.39, 0.47), random_share=Share(342, 600, 0.57, 0.53, 0.61))
    label, value, interval = skill_line(skill)
    assert "the greedy player loses to random" in value and interval == "-21.7 to -6.0"
    label, value, interval = skill_line(skill, GAMES["roundup"])  # Round Up's default player is greedy
    assert value.startswith("-14.0 points: the default player (greedy) loses to random")
    assert "none" not in value and interval == "-21.7 to -6.0"
    report = Report(deck="Round Up", key="roundup", game="roundup", cards=12, thresholds={"confidence": 0.95})
    report.playtest = Playtest.from_json(checked["json"]["playtest"])
    report.playtest.skill = skill
    console = Console(file=StringIO(), width=200)
    print_report(report, console)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "the default player (greedy) loses to random" in out and "-21.7 to -6.0" in out


def test_built_in_games_keep_their_words() -> None:
    """War and Weiji draws are the last players running out together; their length is
    in tricks; Weiji's and Viashi's seat 0 starts, War's seats play at once."""
    from generator.balance.playstats import draw_words, first_player, unit_of

    war, weiji, viashi = GAMES["war"], GAMES["weiji"], GAMES["viashi"]
    assert draw_words(war) == draw_words(weiji) == "the last players ran out of cards together"
    assert draw_words(viashi) == "a shared top score"
    assert unit_of(war) == unit_of(weiji) == unit_of(viashi) == "tricks"
    assert first_player(weiji) == first_player(viashi) == 0 and first_player(war) is None


def test_a_team_game_stops_its_playtest_on_the_teams_verdict() -> None:
    """Round Up records a team's win on seat 0 or 1: wins [2400, 1600, 0, 0] of 4,000. Per
    seat (fair 25 %), seat 0's 60 % is an error and seat 1's 40 % (38.5-41.5 %) a warning at
    both ends, seats 2 and 3 at 0 % no finding: decided. Per team (fair 50 %), team 0's 60 %
    (58.5-61.5 %) straddles the 10-point warning edge: not decided, so a sequential
    playtest must go on."""
    from generator.balance.sequential import verdict_decided
    from generator.games.stats import Summary

    s = Summary(game="g", params={}, seed=1, players=4, strategy="random", games=4000, wins=[2400, 1600, 0, 0])
    s.lengths[3] = 4000
    t = Thresholds(**{"confidence": 0.95, "seat_edge_warn": 0.1, "seat_edge_error": 0.2, "draws_max": 0.05,
         "unfinished_max": 0.01, "length_p95_max": 1000})
    assert verdict_decided(s, t, 4)  # seats: (wrongly, for a team game) decided
    assert not verdict_decided(s, t, 4, ((0, 2), (1, 3)))
    s.wins = [3000, 1000, 0, 0]  # team 0: 75 % (73.6-76.3 %), an error at both ends
    assert verdict_decided(s, t, 4, ((0, 2), (1, 3)))
