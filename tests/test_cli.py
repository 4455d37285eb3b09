"""The CLI skeleton: help, version, decks, check; bad input exits 2 without a traceback."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator import __version__
from generator.cli import app

runner = CliRunner()
BROKEN = Path(__file__).parent / "deck" / "broken"


def test_help_and_version() -> None:
    assert runner.invoke(app, ["--help"]).exit_code == 0
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output


def test_decks_lists_bundled_decks_with_game_and_count() -> None:
    result = runner.invoke(app, ["decks"])
    assert result.exit_code == 0
    for name in ("lighting", "cognitio", "eagle", "piecepack", "viashi", "standard52"):
        assert name in result.output
    assert "54" in result.output and "weiji" in result.output


def test_check_bad_deck_exits_2_with_one_line_per_problem() -> None:
    result = runner.invoke(app, ["check", str(BROKEN / "not_numeric.yaml"), "--games", "0"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "card X2, field 'weight': not a number" in result.output


def test_cards_size_with_a_zero_side_says_why(tmp_path: Path) -> None:
    for size in ("0x0", "63x0"):
        result = runner.invoke(app, ["cards", "lighting", "--size", size, "-o", str(tmp_path / "c.pdf")])
        assert result.exit_code == 2, result.output
        assert "width and height must be positive" in result.output and "unknown card size" not in result.output
    assert not (tmp_path / "c.pdf").exists()
