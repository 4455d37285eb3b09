"""Per-card impact by removal (generator.balance.card_removal), on Crown Tricks cut to
a deck whose games can be counted by hand.

Three cards, no crowns: 9S, 1S, 5H; two players, one card each, so every move is
forced. Seat 0 leads its card; seat 1 follows suit if it can; the trick decides
(equal crowns, one trick to none). Of the 6 equally likely deals (ordered pairs),
seat 1 wins only (1S, 9S): seat 0 wins 5/6.

* without 5H: {9S, 1S}: seat 0 wins with 9S led, loses with 1S led: 1/2, change -1/3;
* without 1S: {9S, 5H}: seat 1 can never follow: seat 0 wins 1, change +1/6;
* without 9S: {1S, 5H}: likewise 1, change +1/6.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.balance.card_paired import band
from generator.balance.card_removal import REMOVAL_GAMES, card_removal, without
from generator.balance.run import Run
from generator.cli import app
from generator.deck import resolve_deck
from generator.deck.thresholds import Thresholds
from generator.games.designer.find import game_of
from generator.games.registry import make_params

EXACT = {"5H": 1 / 2 - 5 / 6, "1S": 1 - 5 / 6, "9S": 1 - 5 / 6}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("removal") / "tiny"
    result = CliRunner().invoke(app, ["new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    (folder / "cards.csv").write_text("id,name,suit,rank,crowns\n9S,Nine of Spades,S,9,0\n1S,One of Spades,S,1,0\n"
                                      "5H,Five of Hearts,H,5,0\n")
    return folder


def test_removing_a_card_changes_the_first_seats_share_as_counted_by_hand(tiny: Path) -> None:
    deck = resolve_deck(tiny)
    spec = game_of(deck)
    assert spec is not None
    run = Run(spec, deck, make_params(spec, ["players=2", "hand=1"]), REMOVAL_GAMES, 3, confidence=0.95)
    out = card_removal(run)
    assert out.base is not None and abs(out.base.first_share - 5 / 6) < 0.08 and out.base.draws == 0
    rows = {r.card: r for r in out.cards}
    assert set(rows) == set(EXACT) and out.skipped == ()
    for card, exact in EXACT.items():
        r = rows[card]
        assert r.low <= exact <= r.high, (card, r)
        assert r.length == 1 and r.length_change == 0  # one trick, whatever the deck
    assert rows["1S"].first_share == rows["9S"].first_share == 1.0  # never followed: exact
    assert rows["5H"].matters and rows["5H"].name == "Five of Hearts"
    assert [r.card for r in out.cards][0] == "5H"  # the largest drop first
    # sequential: the default band's edges (20 and 40 points for 2 seats) sit near these changes, so
    # every card plays its most; with edges at 70 and 90 points each change is decided after one round
    assert all(r.games == REMOVAL_GAMES for r in out.cards)
    wide = card_removal(run, limits=band(Thresholds(card_edge_warn=1.4, card_edge_error=1.8), 2))
    assert all(r.games == 50 for r in wide.cards)


def test_a_card_the_game_cannot_lose_is_listed_with_the_reason(tiny: Path) -> None:
    deck = resolve_deck(tiny)
    spec = game_of(deck)
    assert spec is not None
    out = card_removal(Run(spec, deck, make_params(spec, ["players=3", "hand=1"]), 60, 1, confidence=0.95))
    assert out.cards == () and {s.card for s in out.skipped} == {"9S", "1S", "5H"}
    assert all("cannot deal" in s.reason for s in out.skipped)


def test_without_takes_every_copy_out(tiny: Path) -> None:
    deck = resolve_deck(tiny)
    assert [c.id for c in without(deck, "1S").cards] == ["9S", "5H"]
    assert len(without(deck, "nope").cards) == 3
