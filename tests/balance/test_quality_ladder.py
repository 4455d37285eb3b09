"""Game-quality measures, the skill ladder and the tournament (issue 38), each against
figures worked out by hand from the rules of Market Pick (tests/balance/decks/market)
or from a trace written out in the test."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.balance.ladder import Ladder, Match, Tournament
from generator.balance.quality import Decision, GameTrace, branching, lead_measures, quality
from generator.cli import app
from generator.games.designer.find import resolve
from generator.games.registry import make_params

MARKET = Path(__file__).parent / "decks" / "market"
runner = CliRunner()


def market(tmp_path: Path, worths: list[int]) -> Path:
    folder = tmp_path / "market"
    shutil.copytree(MARKET, folder)
    rows = "\n".join(f"M{i:02d},Market {i},{w}" for i, w in enumerate(worths))
    (folder / "cards.csv").write_text("id,name,worth\n" + rows + "\n")
    return folder


def test_quality_of_a_game_where_nothing_matters(tmp_path: Path) -> None:
    """20 cards all worth 5, one taken a turn: the row offers 20, 19, ..., 1 cards (mean
    10.5, one forced move in 20); every game is a draw and no choice changes a total."""
    spec, deck = resolve(str(market(tmp_path, [5] * 20)))
    q = quality(spec, deck, make_params(spec, []), games=30, strategy="random")
    assert q.branching.mean == pytest.approx(10.5) and q.branching.forced == pytest.approx(0.05)
    assert q.branching.max == 20
    assert q.decisions_matter is not None and q.decisions_matter.matter == 0 and q.decisions_matter.probed > 0
    assert q.lead is not None and q.lead.lead_changes == 0 and q.lead.decisiveness is None  # no game decided
    assert not any(m.dominant for m in q.moves)  # random play: every card about 1/10.5 of its offers
    assert q.to_json()["lead"] == {"lead_changes": 0}


def test_a_dominant_move(tmp_path: Path) -> None:
    """One card worth 15 among cards worth 3-7: greedy takes it whenever it is offered."""
    spec, deck = resolve(str(market(tmp_path, [*[3 + i % 5 for i in range(19)], 15])))
    q = quality(spec, deck, make_params(spec, []), games=40, strategy="greedy")
    top = q.moves[0]
    assert top.action == "take:M19" and top.share == 1.0 and top.dominant
    assert q.decisions_matter is not None and q.decisions_matter.share > 0.5


def _trace(standings: list[tuple[int, float]], winner: int | None) -> GameTrace:
    return GameTrace([Decision(s, 2, "a", ("a", "b"), v) for s, v in standings], winner)


def test_lead_measures_by_hand() -> None:
    # seat 0 leads, seat 1 takes the lead at decision 3, seat 0 back at decision 5 and wins:
    # leaders 0,0,1,1,0,0 -> 2 changes; the last decision another seat led is index 3, so the
    # winner leads for good over the last 2 of 6 decisions (1/3); seat 0 was behind at 1 of its 3
    # decisions (drama 1/3); its middle decision (index 1 of its 3) was behind: a comeback.
    t = _trace([(0, 1.0), (1, -2.0), (0, -1.0), (1, 1.0), (0, 3.0), (1, -3.0)], winner=0)
    m = lead_measures([t])
    assert m is not None
    assert m is not None and m.lead_changes == 2
    assert m.decisiveness == pytest.approx(1 / 3)
    assert m.drama == pytest.approx(1 / 3)
    assert m.comebacks is not None and m.comebacks.count == 1 and m.comebacks.of == 1
    wire = _trace([(0, 1.0), (1, -1.0), (0, 2.0), (1, -2.0)], winner=0)  # led from the first decision
    m2 = lead_measures([wire])
    assert m2 is not None and m2.lead_changes == 0 and m2.decisiveness == 1.0 and m2.drama == 0
    assert lead_measures([GameTrace([Decision(0, 3, "a", ("a",), None)], 0)]) is None  # no heuristic
    assert branching([GameTrace([Decision(0, 3, "a", ("a",), None), Decision(1, 1, "a", ("a",), None)])]).mean == 2


def test_ladder_verdicts() -> None:
    flat = Ladder("mcts", [Match("mcts:50", "mcts:25", 200, 104), Match("mcts:100", "mcts:50", 200, 96)])
    assert flat.verdict().startswith("flat")  # 52 % (45.1-58.8) and 48 %: both hold 50 %
    climbing = Ladder("mcts", [Match("mcts:50", "mcts:25", 200, 150), Match("mcts:100", "mcts:50", 200, 140)])
    assert climbing.verdict().startswith("still climbing")  # 70 % (63.3-76.0) at the top rung
    levels = Ladder("mcts", [Match("mcts:50", "mcts:25", 200, 150), Match("mcts:100", "mcts:50", 200, 101)])
    assert levels.verdict().startswith("climbs, then flattens")


def test_tournament_ratings_by_hand() -> None:
    """A beats B 3 games in 4 (odds 3:1 -> 400 log10 3 = 191 Elo points apart)."""
    t = Tournament(["A", "B"], [Match("A", "B", 1000, 750)])
    r = t.ratings()
    assert r["A"] - r["B"] == pytest.approx(191, abs=3)
    assert (r["A"] + r["B"]) / 2 == pytest.approx(1500)


def test_ladder_cli(tmp_path: Path) -> None:
    folder = market(tmp_path, [*[3 + i % 5 for i in range(19)], 15])
    result = runner.invoke(app, ["ladder", str(folder), "--rungs", "2,4", "--games", "10", "--tournament",
                                 "--strategies", "random,greedy", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (rung,) = data["ladder"]["rungs"]
    assert rung["hero"] == "mcts:4" and rung["rival"] == "mcts:2" and rung["games"] == 10
    (pair,) = data["tournament"]["matches"]
    assert pair["hero"] == "random" and pair["wins"] <= 2  # random against greedy: greedy takes the crown card first
    assert set(data["tournament"]["ratings"]) == {"random", "greedy"}
    bad = runner.invoke(app, ["ladder", str(folder), "--rungs", "4,2"])
    assert bad.exit_code == 2 and "each above the last" in bad.output


def test_check_quality_json(tmp_path: Path) -> None:
    folder = market(tmp_path, [5] * 20)
    result = runner.invoke(app, ["check", str(folder), "--games", "60", "--strategy", "random", "--quality", "--json"])
    assert result.exit_code in (0, 1), result.output
    q = json.loads(result.stdout)["playtest"]["quality"]
    assert q["branching"]["mean"] == pytest.approx(10.5)


def test_pdf_report_has_targets_and_quality(tmp_path: Path) -> None:
    folder = market(tmp_path, [5] * 20)
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text() + "balance:\n  targets: {length: [6, 10]}\n")
    pdf = tmp_path / "report.pdf"
    result = runner.invoke(app, ["check", str(folder), "--games", "60", "--strategy", "random", "--quality",
                                 "--report", str(pdf)])
    assert result.exit_code in (0, 1), result.output
    from pypdf import PdfReader

    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert "Design targets" in text and "median 20" in text and "missed" in text
    assert "Game quality" in text and "10.5 legal actions a decision" in text
