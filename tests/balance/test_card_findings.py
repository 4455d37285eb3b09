"""Per-card findings on common random numbers, and design targets as findings (issue 48).

The game is Sushi Pass (tests/balance/decks/draft/game.py): 3 players, 4 cards each dealt
from the deck, every round all keep one card at once and pass the rest on; the most
points wins. planted.yaml has 17 cards of 1-6 points and a Dragon kind (D01, 2 copies)
raised from 3 to 12 points: 12 points against a hand of four cards worth about 3.5 each,
so a seat that keeps a Dragon nearly always wins, and one that never takes it almost
never does. fair.yaml has the same deck with the Dragons at 3 points (no card worth more
than 6) and a Blank card (B01) the game never deals: its games are the same with or
without it, so both its measures read exactly 0. It plays CoinPass, where a coin among
the tied seats breaks equal top totals: a fair symmetric simultaneous game without draws,
whose default check finds nothing at all.
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path
from typing import Any

import pypdf
import pytest
from typer.testing import CliRunner

from generator.balance.card_findings import card_findings, interval
from generator.balance.card_paired import Paired, band, decided, level
from generator.balance.result import CardImpact, ImpactRow
from generator.balance.target_findings import target_findings
from generator.balance.targets import TargetResult
from generator.cli import app
from generator.deck.thresholds import Thresholds
from generator.project.gallery import _verdict

DRAFT = Path(__file__).parent / "decks" / "draft"
MARKET = Path(__file__).parent / "decks" / "market"
runner = CliRunner()


def check(*args: str) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["check", *args, "--json"])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture(scope="module")
def planted() -> tuple[int, dict[str, Any]]:
    return check(str(DRAFT / "planted.yaml"))  # default options: what a designer types


@pytest.fixture(scope="module")
def fair() -> tuple[int, dict[str, Any]]:
    return check(str(DRAFT / "fair.yaml"))


def test_a_planted_strong_card_is_a_finding_naming_it(planted: tuple[int, dict[str, Any]]) -> None:
    code, report = planted
    cards = [f for f in report["findings"] if f["code"] in ("strong_card", "trap_card", "card_shifts_seats")]
    assert [(f["code"], f["cards"]) for f in cards] == [("strong_card", ["D01"])]
    (found,) = cards
    assert found["level"] in ("warning", "error") and report["verdict"] != "no problems found"
    assert code == (1 if report["errors"] else 0)
    assert found["message"].startswith("Dragon (D01) carries the game: a seat that never takes it wins")
    assert "greedy" in found["message"] and "--strategy NAME" in found["message"]  # whose play it measures
    row = found["evidence"]
    # the band for 3 sides: 0.4 and 0.8 times a fair share of 1/3
    assert row["band"]["warn"] == pytest.approx(0.4 / 3) and row["band"]["error"] == pytest.approx(0.8 / 3)
    assert row["high"] < -0.4 / 3  # the whole interval beyond the warning edge
    assert row["share"] < 0.15 and 0.25 < row["usual"] < 0.42  # without it about 5 %, as usual about a third
    assert any("describe greedy play at every seat" in n for n in report["notes"])


def test_another_strategy_measures_the_cards_again(planted: tuple[int, dict[str, Any]]) -> None:
    _, greedy = planted
    _, report = check(str(DRAFT / "planted.yaml"), "--strategy", "random", "--games", "150")
    assert any("describe random play at every seat" in n for n in report["notes"])
    rows = {r["card"]: r for r in report["playtest"]["card_impact"]["cards"]}
    before = {r["card"]: r for r in greedy["playtest"]["card_impact"]["cards"]}
    assert rows["D01"]["impact"] != before["D01"]["impact"]  # measured again, with random seats
    for found in report["findings"]:
        if found["code"] == "strong_card":
            assert "every seat playing random" in found["message"]


def test_a_fair_symmetric_game_gets_no_per_card_finding(fair: tuple[int, dict[str, Any]]) -> None:
    code, report = fair
    assert not [f for f in report["findings"] if f["code"] in ("strong_card", "trap_card", "card_shifts_seats")]
    # by default (what a designer types): no finding of any kind, exit 0
    assert report["findings"] == [] and report["verdict"] == "no problems found" and code == 0
    assert report["playtest"]["draws"]["count"] == 0 and report["playtest"]["seats"]["fair_share"] == pytest.approx(1 / 3)
    impact = report["playtest"]["card_impact"]
    assert len(impact["cards"]) == 19 and impact["unit"] == "share"
    assert all(abs(r["impact"]) < 0.4 / 3 for r in impact["cards"])


def test_a_card_that_changes_nothing_reads_0(fair: tuple[int, dict[str, Any]]) -> None:
    """The Blank is never dealt: no seat takes it (impact: every pair the same game) and the
    deck without it deals the same cards from the same stream (removal: the same games)."""
    _, report = fair
    play = report["playtest"]
    (impact,) = [r for r in play["card_impact"]["cards"] if r["card"] == "B01"]
    (removal,) = [r for r in play["card_removal"]["cards"] if r["card"] == "B01"]
    assert (impact["impact"], impact["low"], impact["high"]) == (0.0, 0.0, 0.0)
    assert impact["share"] == impact["usual"]
    assert (removal["first_change"], removal["low"], removal["high"]) == (0.0, 0.0, 0.0)
    assert (removal["draw_change"], removal["length_change"]) == (0.0, 0.0)
    assert removal["games"] == 50  # decided after its first round: nothing to wait for


def test_paired_differences_by_hand() -> None:
    pairs = Paired()
    for mine, usual in ((1, 0), (0, 0), (1, 1), (0, 1)):  # differences 1, 0, 0, -1
        pairs.add(mine, usual)
    # two pseudo-differences of +-1/2: variance (2 + 1/2 - 0) / 5 = 1/2; half 1.96 * sqrt(1/2 / 4)
    mean, low, high = pairs.interval(0.95)
    half = 1.959964 * math.sqrt(0.5 / 4)
    assert mean == 0.0 and low == pytest.approx(-half, abs=1e-5) and high == pytest.approx(half, abs=1e-5)
    assert pairs.means() == (0.5, 0.5)
    same = Paired()
    for value in (1, 0, 1):
        same.add(value, value)
    assert same.interval(0.95) == (0.0, 0.0, 0.0)  # the same games: exactly 0
    sure = Paired()
    for _ in range(7):
        sure.add(0, 1)  # seven losses of a whole win: never read as certain
    mean, low, high = sure.interval(0.95)
    # n + 2 = 9, centre -7/9, variance (7 + 1/2 - 9 * 49/81) / 8 = 1/4 + 1/36 ... about 0.257
    variance = (7 + 0.5 - 9 * (7 / 9) ** 2) / 8
    assert mean == -1 and low == -1 and high == pytest.approx(-1 + 1.959964 * math.sqrt(variance / 7), abs=1e-5)


def test_the_band_scales_with_the_sides_and_judges_whole_intervals() -> None:
    two, three = band(Thresholds(), 2), band(Thresholds(), 3)
    assert (two.warn, two.error) == pytest.approx((0.2, 0.4)) and three.warn == pytest.approx(0.4 / 3)
    assert level(-0.36, -0.21, two) == "warning" and level(-0.6, -0.41, two) == "error"
    assert level(-0.3, -0.1, two) is None and level(-0.1, 0.3, two) is None  # straddling: no finding
    assert level(0.25, 0.35, two) == "warning"  # either way
    assert decided(-0.1, 0.1, two) and decided(-0.3, -0.25, two) and not decided(-0.25, -0.15, two)
    own = band(Thresholds(card_edge_warn=0.5, card_edge_error=1.0), 2, utility=(-2.0, 2.0), spread=1.2)
    assert (own.unit, own.warn, own.error, own.span, own.pseudo) == ("return", pytest.approx(0.6), pytest.approx(1.2),
                                                                     4.0, 1.2)


def test_a_chips_game_is_judged_in_mean_return() -> None:
    """Sushi Pass paying chips (chips=true, utility declared): a seat's return is its points
    less the others' mean; the Dragon (12 points) is found in chips, not in win shares."""
    _, report = check(str(DRAFT / "planted.yaml"), "--set", "chips=true")
    impact = report["playtest"]["card_impact"]
    assert impact["unit"] == "return"
    (found,) = [f for f in report["findings"] if f["code"] == "strong_card"]
    assert found["cards"] == ["D01"] and "has a mean return of" in found["message"]
    assert "points" not in found["message"].split("(")[1]  # the change is in chips: "-4.53 over ..."
    row = found["evidence"]
    assert row["band"]["unit"] == "return" and row["band"]["span"] == 96.0  # utility (-48, 48): 12 points x 4 cards
    assert row["high"] < -row["band"]["warn"] < 0 and row["usual"] == pytest.approx(0.0, abs=0.6)


def test_a_utility_game_speaks_in_returns_and_ranges_read_unambiguously() -> None:
    limits = band(Thresholds(), 2, utility=(-2.0, 2.0), spread=1.0)
    row = ImpactRow("K", "King", 300, -0.55, 0.2, -0.75, -0.98, -0.52)
    (found,) = card_findings(CardImpact((row,), unit="return"), None, limits, 0.95, ["greedy", "greedy"])
    assert found.code == "strong_card" and found.level == "warning" and found.cards == ("K",)
    assert "has a mean return of -0.55 where" in found.message and "-0.75 over 300 seat-games" in found.message
    assert "interval -0.98 to -0.52" in found.message and "points" not in found.message
    assert interval(-0.24, -0.07, "share") == "-24.0 to -7.0"


def market_project(tmp_path: Path, targets: str) -> Path:
    folder = tmp_path / "market"
    shutil.copytree(MARKET, folder)
    rows = "\n".join(f"M{i:02d},Market {i},{3 + i % 5}" for i in range(20))
    (folder / "cards.csv").write_text("id,name,worth\n" + rows + "\n")
    (folder / "deck.yaml").write_text((MARKET / "deck.yaml").read_text() + f"balance:\n  targets: {targets}\n")
    return folder


def test_a_missed_target_is_a_warning_then_an_error_with_fail_on_targets(tmp_path: Path) -> None:
    """Market Pick with 20 cards and take=1 lasts 20 turns: a wanted length of 6-10 is missed."""
    folder = market_project(tmp_path, "{length: [6, 10]}")
    pdf = tmp_path / "report.pdf"
    code, report = check(str(folder), "--strategy", "random", "--games", "150", "--report", str(pdf))
    (missed,) = [f for f in report["findings"] if f["code"] == "target_missed"]
    assert missed["level"] == "warning" and report["verdict"].endswith("warning(s)")
    assert missed["message"].startswith("design target length missed: wanted median length 6-10 turns")
    assert code == (1 if report["errors"] else 0)
    first = pypdf.PdfReader(pdf).pages[0].extract_text()
    assert "target_missed" in first or "design target length missed" in first  # on the PDF's first page
    (tmp_path / "balance.json").write_text(json.dumps(report))
    assert _verdict(tmp_path / "balance.json")[0] in ("warnings", "errors")  # the gallery's badge
    code, strict = check(str(folder), "--strategy", "random", "--games", "150", "--fail-on", "targets")
    assert code == 1 and [f["level"] for f in strict["findings"] if f["code"] == "target_missed"] == ["error"]
    met = market_project(tmp_path / "b", "{length: [15, 25]}")
    _, fine = check(str(met), "--strategy", "random", "--games", "150")
    assert not [f for f in fine["findings"] if f["code"] == "target_missed"]


def test_undecided_targets_are_not_findings() -> None:
    rows = [TargetResult("draws", "at most 5 % draws", "4.0 % (1.0-9.0)", "undecided"),
            TargetResult("length", "median length 6-10 turns", "median 20 turns (20-20)", "missed")]
    (found,) = target_findings(rows, "error")
    assert (found.level, found.code, found.evidence["target"]) == ("error", "target_missed", "length")
