"""The per-card measures speak of sides (issue 48): a seat's team where the game has partners,
and card removal keeps one base for the whole deck's line and every card's row (side 0's
share of all games, a draw shared, or its mean return).

The team game is Team Pass (tests/balance/decks/teampass/game.py): Sushi Pass for four
players, seats 0 and 2 against 1 and 3, the larger team total wins."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pypdf
import pytest
from typer.testing import CliRunner

from generator.balance.card_sides import (
    base_share,
    removal_base,
    side_label,
    side_value,
    side_words,
)
from generator.balance.result import CardRemoval, RemovalBase
from generator.cli import app
from generator.games.stats import Summary

TEAMPASS = Path(__file__).parent / "decks" / "teampass" / "planted.yaml"
cli = CliRunner()


class Teams:
    teams = ((0, 2), (1, 3))
    params = None


def test_a_sides_value_is_its_seats_share_together_or_their_mean_return() -> None:
    """Team 0 won (winner seat 2): seat 0 holds 0 of the win, its team all of it. A draw
    shares 1/4 a seat: a team of two gets 1/2. In chips the team's is its seats' mean."""
    won_by_partner = [0.0, 0.0, 1.0, 0.0]
    assert side_value(won_by_partner, 0, Teams(), "share") == 1.0
    assert side_value(won_by_partner, 1, Teams(), "share") == 0.0
    assert side_value([0.25] * 4, 3, Teams(), "share") == 0.5
    assert side_value([3.0, -3.0, 1.0, -1.0], 0, Teams(), "return") == 2.0
    assert side_value(won_by_partner, 2, None, "share") == 1.0  # no teams: the seat's own
    assert side_label(Teams()) == "team 0 (seats 0 and 2)" and side_label(Teams(), 3) == "team 1 (seats 1 and 3)"
    assert side_label(object()) == "seat 0"
    assert "fair 50.0 % for 2 teams" in side_words(Teams(), "share")


def test_card_removals_base_is_of_all_games_with_draws_shared() -> None:
    """20 games of three seats: seat 0 won 8, seat 1 6, seat 2 2, 4 draws. Of all games, a draw
    shared: (8 + 4/3) / 20 = 46.7 % (not 8/20 = 40 % of all games, nor 8/16 = 50 % of the
    decided ones), the base every card's row is measured on."""
    summary = Summary(game="nosuchgame", params={}, seed=1, players=3, games=20, wins=[8, 6, 2], draws=4)
    assert base_share(summary, "share") == pytest.approx((8 + 4 / 3) / 20)
    removal = CardRemoval(base=RemovalBase(20, (8 + 4 / 3) / 20, 0.2, 3.0))
    assert removal_base(removal) == "seat 0 wins 46.7 % of all games (a draw shared)"
    chips = Summary(game="nosuchgame", params={}, seed=1, players=2, games=4, returns=[2.0, -2.0])
    assert base_share(chips, "return") == 0.5


@pytest.fixture(scope="module")
def teampass(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str, str]:
    args = ["check", str(TEAMPASS), "--jobs", "1", "--games", "100"]
    report = cli.invoke(app, [*args, "--json"])
    assert report.exit_code in (0, 1), report.output
    pdf = tmp_path_factory.mktemp("teampass") / "report.pdf"
    shown = cli.invoke(app, [*args, "--report", str(pdf)])
    assert shown.exit_code in (0, 1), shown.output
    pages = " ".join(" ".join((page.extract_text() or "").split()) for page in pypdf.PdfReader(pdf).pages)
    return json.loads(report.stdout), " ".join(shown.stdout.split()), pages


def test_card_removal_and_impact_speak_of_teams(teampass: tuple[dict[str, Any], str, str]) -> None:
    report, text, pdf = teampass
    play = report["playtest"]
    removal, impact = play["card_removal"], play["card_impact"]
    assert removal["side"] == "team 0 (seats 0 and 2)" and impact["side"].startswith("each seat's team's win share")
    # the whole deck's line: team 0's wins (seats 0 and 2 together) and the draws shared, of all games
    seats = play["seats"]
    draws = play["draws"]["count"]
    whole = (seats["seats"][0]["count"] + draws * 2 / 4) / play["games"]
    assert removal["base"]["first_share"] == pytest.approx(whole)
    for row in removal["cards"]:  # each row's usual side lies on the same base (a team's share: near a half)
        assert 0.2 < row["first_share"] - row["first_change"] < 0.8
    for row in impact["cards"]:
        assert 0.2 < row["usual"] < 0.8  # a team's share, not a seat's quarter
    assert "team 0 (seats 0 and 2) wins" in text and "of all games (a draw shared)" in text
    assert "seat 0 wins" not in text
    assert "each seat's team's win share" in text
    assert "team 0 (seats 0 and 2) wins" in pdf and "of all games (a draw shared)" in pdf  # the PDF's tables
    assert "each seat's team's win share" in pdf and "seat 0 wins" not in pdf
