"""`deckpress rules` through the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.games.registry import builtin_names

runner = CliRunner()


def test_rules_writes_a_booklet_and_says_how_to_print_it(tmp_path: Path) -> None:
    out = tmp_path / "war.pdf"
    result = runner.invoke(app, ["rules", "war", "-o", str(out), "--set", "variant=russian",
                                 "--set", "objective=2", "--set", "tie_method=1"])
    assert result.exit_code == 0, result.output
    assert "booklet" in result.output and "short edge" in result.output
    assert len(PdfReader(out).pages) % 2 == 0


def test_rules_sheet_with_another_deck(tmp_path: Path) -> None:
    out = tmp_path / "w.pdf"
    result = runner.invoke(app, ["rules", "weiji", "-o", str(out), "--deck", "cognitio",
                                 "--imposition", "sheet", "--page", "letter"])
    assert result.exit_code == 0, result.output
    assert round(PdfReader(out).pages[0].mediabox.width) == 612


def test_bad_parameters_exit_2_listing_the_valid_values(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    cases = [
        (["war", "--set", "variant=swiss"], "valid: classic, russian"),
        (["war", "--set", "variant=russian", "--set", "objective=3"], "valid: 1, 2"),
        (["war", "--set", "players=5"], "valid: 2 to 4"),
        (["viashi", "--set", "players=4"], "valid: 3, 6"),
        (["war", "--set", "colour=red"], "valid: max_tricks, players"),
        (["war", "--set", "objective=2"], "objective=2 applies only to the Russian version"),
        (["war", "--set", "tie_method=1"], "tie_method=1 applies only to the Russian version"),
        (["chess"], f"games: {', '.join(builtin_names())}"),  # the registry's games, in order
        (["weiji", "--format", "zine"], "valid: booklet, sheet"),
    ]
    for args, needle in cases:
        result = runner.invoke(app, ["rules", *args, "-o", str(out)])
        assert result.exit_code == 2, (args, result.output)
        assert needle in result.output, (args, result.output)
    assert not out.exists()


@pytest.mark.parametrize("deck", ["piecepack", "standard52"])
def test_a_deck_that_cannot_play_the_game_is_a_clear_error_and_writes_nothing(tmp_path: Path, deck: str) -> None:
    out = tmp_path / "viashi.pdf"
    result = runner.invoke(app, ["rules", "viashi", "--deck", deck, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "needs one suit of gods and regular suits to play Viashi" in result.output
    assert "template" not in result.output and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("page", "sheet_pt", "page_pt"), [
    ("a3", (1190.55, 841.89), (595.28, 841.89)),      # A3 sheet, landscape; A4 pages two-up
    ("a5", (595.28, 419.53), (297.64, 419.53)),       # A5 sheet; A6 pages
    ("8.5x11in", (792.0, 612.0), (396.0, 612.0)),     # letter by its inches = letter
])
def test_rules_takes_every_page_size_cards_takes(tmp_path: Path, page: str, sheet_pt: tuple[float, float],
                                                  page_pt: tuple[float, float]) -> None:
    assert page_pt[0] * 2 == pytest.approx(sheet_pt[0], abs=0.02)  # two booklet pages side by side
    for fmt, size in (("booklet", sheet_pt), ("sheet", (sheet_pt[1], sheet_pt[0]))):  # sheet: portrait
        out = tmp_path / f"{fmt}.pdf"
        result = CliRunner().invoke(app, ["rules", "weiji", "-o", str(out), "--format", fmt, "--page", page])
        assert result.exit_code == 0, result.output
        box = PdfReader(str(out)).pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.05)
