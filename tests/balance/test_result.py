"""The typed balance result (generator/balance/result.py): a report's playtest writes
itself as the documented JSON and reads itself back; a game's own section renders to
the terminal, the JSON and the PDF; the per-card measures follow the game's spec."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import pypdf
import pytest
from rich.console import Console
from typer.testing import CliRunner

from generator.balance.checks import planned_games, run_checks
from generator.balance.findings import BalanceReport, Report
from generator.balance.report_pdf import write_report_pdf
from generator.balance.result import Playtest, SkillGap
from generator.balance.run import CheckOptions
from generator.balance.terminal import print_report
from generator.cli import app
from generator.deck import resolve_deck
from generator.games.registry import GAMES
from generator.games.reporting import MappingSection, ReportHooks, Share, Showdowns
from generator.games.spec import CardMeasures

# The keys docs/balance.md documents for the playtest, in the order the JSON has them.
PLAYTEST_KEYS = ["game", "params", "games", "seed", "strategy", "strategies", "length", "unfinished", "draws", "wins",
                 "seats", "counters"]


@pytest.fixture(scope="module")
def eagle() -> Report:
    return run_checks(resolve_deck("eagle"), CheckOptions(games=60, seed=2))


@pytest.fixture(scope="module")
def piecepack() -> Report:
    return run_checks(resolve_deck("piecepack"), CheckOptions(games=40, seed=2))


def _text(console: Console) -> str:
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def test_the_report_name_stays_and_the_playtest_is_typed(eagle: Report) -> None:
    assert Report is BalanceReport
    play = eagle.playtest
    assert isinstance(play, Playtest) and play.game == "weiji" and play.games == 60
    assert play.length.mean_low <= play.length.mean <= play.length.mean_high
    assert sum(s.count for s in play.seats.seats) == play.seats.decided
    assert isinstance(play.skill, SkillGap) and play.skill.measured
    shown = play.showdowns
    assert isinstance(shown, Showdowns) and set(shown.cards) == {c.id for c in resolve_deck("eagle").cards}


@pytest.mark.parametrize("fixture", ["eagle", "piecepack"])
def test_a_playtest_reads_back_what_it_wrote(fixture: str, request: pytest.FixtureRequest) -> None:
    report: Report = request.getfixturevalue(fixture)
    written = report.to_json()
    assert list(written["playtest"])[: len(PLAYTEST_KEYS)] == PLAYTEST_KEYS
    again = Report.from_json(json.loads(json.dumps(written)))
    assert isinstance(again.playtest, Playtest)
    assert json.dumps(again.to_json()) == json.dumps(written)  # the same bytes


def test_war_keeps_its_grid_in_its_own_section(piecepack: Report) -> None:
    play = piecepack.playtest
    assert play is not None and play.grid is not None and len(play.grid) == 6
    war = play.to_json()["war"]
    assert list(war) == ["wars_per_game", "wars_per_trick", "set_aside_per_game", "grid"]
    assert war["grid"][0] == {"players": 2, "packs": 1, **{k: war["grid"][0][k] for k in
                                                           ("games", "mean", "median", "p95", "max", "unfinished")}}


def test_an_old_balance_json_still_reads(eagle: Report) -> None:
    """A balance.json from another version: keys this one does not know are kept, a playtest
    it cannot read is no playtest (the comparison then speaks of the static checks)."""
    old = eagle.to_json()
    old["playtest"]["someday"] = {"x": 1}
    again = Report.from_json(old)
    assert again.playtest is not None and again.playtest.to_json()["someday"] == {"x": 1}
    broken = eagle.to_json()
    del broken["playtest"]["length"]
    assert Report.from_json(broken).playtest is None
    assert Report.from_json({**eagle.to_json(), "playtest": None}).playtest is None


def test_a_game_section_renders_to_the_terminal_the_json_and_the_pdf(eagle: Report, tmp_path: Path) -> None:
    play = eagle.playtest
    assert play is not None and play.section is not None
    section = play.section.to_json()  # JSON: playtest.weiji
    assert eagle.to_json()["playtest"]["weiji"] == section
    assert set(section["tie_rate"]) == {"count", "of", "share", "low", "high"}
    console = Console(file=StringIO(), width=200)
    print_report(eagle, console)
    terminal = _text(console)
    for label, _value, _interval in play.section.rows(False):
        assert label in terminal
    pdf = tmp_path / "eagle.pdf"
    write_report_pdf(eagle, pdf)
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)
    assert "showdowns that tie" in text and "tiebreak draws (chooser out after a tie)" in text
    tie = play.section.rows(True)[0]
    assert tie[1] in text  # the count of tied showdowns, as the PDF's row gives it
    assert "card impact and card removal not measured" in text  # the spec's reason, among the notes


def test_a_designer_section_given_as_a_mapping_renders_through_its_hooks() -> None:
    """A designer's ``section`` hook may return plain data (with the shares the report
    hands it): its rows come from its ``rows`` hook, its JSON is the data itself."""
    hooks = ReportHooks(section=lambda s, deck, share: {"steals": share(3, 12), "note": "ok"},
                        rows=lambda data, pdf: [("steals", f"{data['steals']['count']:g}" + (" (pdf)" if pdf else ""), "")])
    made = hooks.make(None, None, lambda k, n: Share(k, n, k / n, 0.1, 0.5))
    assert isinstance(made, MappingSection)
    assert made.to_json() == {"steals": {"count": 3, "of": 12, "share": 0.25, "low": 0.1, "high": 0.5}, "note": "ok"}
    assert list(made.rows(False)) == [("steals", "3", "")] and list(made.rows(True)) == [("steals", "3 (pdf)", "")]
    assert hooks.read(made.to_json()).to_json() == made.to_json()


def test_the_built_in_games_declare_their_card_measures_with_a_reason() -> None:
    for name in ("war", "weiji", "viashi"):
        measures = GAMES[name].card_measures
        assert not measures.any and len(measures.reason) > 20, name
    assert CardMeasures().impact and CardMeasures().removal  # a designer's game: both, by default


def test_a_weiji_check_prints_why_it_measures_no_card(eagle: Report) -> None:
    play = eagle.playtest
    assert play is not None and play.card_impact is None and play.card_removal is None
    assert "card_impact" not in eagle.to_json()["playtest"]
    console = Console(file=StringIO(), width=300)
    print_report(eagle, console)
    assert "note: card impact and card removal not measured: the cards come in the dealt order" in _text(console)
    assert not any("card impact" in n for n in eagle.notes)  # the JSON's notes are as before


def _designer_project(tmp_path: Path, measures: str | None) -> Path:
    folder = tmp_path / "crowns"
    result = CliRunner().invoke(app, ["new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    if measures is not None:
        game = folder / "game.py"
        text = game.read_text(encoding="utf-8")
        game.write_text(text.replace("class CrownTricks:", "from generator.games.spec import CardMeasures\n\n\n"
                                                          f"class CrownTricks:\n    card_measures = {measures}", 1),
                        encoding="utf-8")
    return folder


def test_a_designer_game_that_declares_no_card_measure_gets_none(tmp_path: Path) -> None:
    folder = _designer_project(tmp_path, 'CardMeasures(impact=False, removal=False, reason="every card is alike")')
    deck = resolve_deck(folder)
    assert planned_games(deck, 40) == 40 + 40  # the playtest and the skill gap: no card's games
    result = CliRunner().invoke(app, ["check", str(folder), "--games", "40"], env={"COLUMNS": "300"})
    assert "card impact and card removal not measured: every card is alike" in result.output, result.output
    data = json.loads(CliRunner().invoke(app, ["check", str(folder), "--games", "40", "--json"]).stdout)
    assert "card_impact" not in data["playtest"] and "card_removal" not in data["playtest"]


def test_a_designer_game_may_keep_one_measure(tmp_path: Path) -> None:
    folder = _designer_project(tmp_path, 'CardMeasures(impact=False, reason="no seat avoids a card")')
    data: dict[str, Any] = json.loads(CliRunner().invoke(app, ["check", str(folder), "--games", "30", "--json"]).stdout)
    play = data["playtest"]
    assert "card_impact" not in play and play["card_removal"]["cards"]
    shown = CliRunner().invoke(app, ["check", str(folder), "--games", "30"], env={"COLUMNS": "300"}).output
    assert "note: card impact not measured: no seat avoids a card" in shown and "card removal not measured" not in shown
    again = Playtest.from_json(play)
    assert again.card_removal is not None and again.card_removal.base is not None
    assert again.to_json() == play


def test_a_designer_game_by_default_measures_both(tmp_path: Path) -> None:
    folder = _designer_project(tmp_path, None)
    shutil.rmtree(folder / "tests", ignore_errors=True)
    data = json.loads(CliRunner().invoke(app, ["check", str(folder), "--games", "30", "--json"]).stdout)
    assert data["playtest"]["card_impact"]["cards"] and data["playtest"]["card_removal"]["cards"]
    assert Playtest.from_json(data["playtest"]).to_json() == data["playtest"]


def test_a_designer_card_measures_of_the_wrong_kind_is_refused(tmp_path: Path) -> None:
    folder = _designer_project(tmp_path, '"none"')
    result = CliRunner().invoke(app, ["check", str(folder), "--games", "10"])
    assert result.exit_code == 2 and "CrownTricks.card_measures must be a CardMeasures" in result.output
