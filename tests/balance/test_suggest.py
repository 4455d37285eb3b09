"""``--suggest``: the smallest change for a flagged card, verified, as a diff of the deck file."""

from __future__ import annotations

from typer.testing import CliRunner

from generator.balance import CheckOptions, run_checks
from generator.balance.suggest import suggest_changes
from generator.cli import app

from .conftest import DECKS, fixture_deck


def test_unbeatable_card_gets_a_verified_change_shown_as_a_diff() -> None:
    deck = fixture_deck("unbeatable")
    report = run_checks(deck, CheckOptions(games=200))
    suggestions = {s.card: s for s in suggest_changes(deck, report, seed=1)}
    s = suggestions["U01"]
    assert s.direction == "weaken" and s.ok, s
    assert s.changes and all(c.to != c.from_ for c in s.changes.values())
    diff = s.diff.splitlines()
    assert diff[0].startswith("--- ") and diff[1].endswith("(suggested)")
    assert sum(line.startswith("-  - {id: U01") for line in diff) == 1
    assert sum(line.startswith("+  - {id: U01") for line in diff) == 1


def test_hopeless_card_is_strengthened_and_the_cli_prints_the_diff() -> None:
    result = CliRunner().invoke(app, ["check", str(DECKS / "hopeless.yaml"), "--games", "150", "--suggest"])
    assert result.exit_code == 0, result.output
    assert "suggestion for H01 (strengthen)" in result.output and "+  - {id: H01" in result.output


def test_nothing_to_suggest_for_a_balanced_deck() -> None:
    deck = fixture_deck("balanced")
    assert suggest_changes(deck, run_checks(deck, CheckOptions(games=0))) == []
