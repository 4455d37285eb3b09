"""Starters grown to thousands of rows (issue #53: 100,000 rows through ``check --games 0``
on every starter within 60 s and 1 GB; the figures come from
``benchmarks/bench_starters_100k.py``, nothing here is timed).

The custom starter grown to 3,600 rows (its 36 cards a hundred times, 1,600 crowned):
its booklet lists 24 crowned cards and counts the other 1,576; its deal and its
``resample`` draw just the cards they need (a shuffle of every unseen card, 1,840 times
in the contract check, was what made 100,000 rows take minutes) and still pass the
contract.
"""

from __future__ import annotations

import csv
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.booklet.build import render_rules_text, rules_search_path
from generator.booklet.content import booklet_context
from generator.cli import app
from generator.deck import resolve_deck
from generator.games.designer import check_game
from generator.games.designer.find import game_of
from generator.games.registry import make_params

cli = CliRunner()
REPEATS = 100  # 3,600 rows: past the starter's MANY (1,000) cards


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("scale") / "crowns"
    result = cli.invoke(app, ["new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    path = folder / "cards.csv"
    head, *rows = list(csv.reader(path.open(newline="", encoding="utf-8")))
    assert len(rows) == 36 and sum(r[head.index("crowns")] not in ("", "0") for r in rows) == 16
    grown = [[f"{r[0]}-{k}", f"{r[1]} {k}", *r[2:]] for k in range(REPEATS) for r in rows]
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([head, *grown])
    return folder


def test_the_booklet_lists_24_crowned_cards_and_counts_the_rest(big: Path) -> None:
    deck = resolve_deck(big)
    spec = game_of(deck)
    assert spec is not None
    text = render_rules_text(spec.name, booklet_context(spec.name, make_params(spec), deck), rules_search_path(deck))
    crowns = text[text.index("# Crowns"):text.index("# Play")]
    named = re.findall(r"^- \*\*(.+?)\*\*: (\d) crowns?$", crowns, flags=re.M)
    assert len(named) == 24
    assert named[0] == ("One of Spades 0", "1") and named[15] == ("Nine of Clubs 0", "3")  # the first copy's 16
    assert named[16] == ("One of Spades 1", "1")
    assert "- and 1,576 more crowned cards (the `crowns` column of the card list)" in crowns  # 1,600 - 24
    assert len(text) < 3000


def test_a_big_deck_deals_and_resamples_without_shuffling_every_card(big: Path) -> None:
    """An rng whose shuffle fails: the deal and resample on 3,600 cards never shuffle (on
    36 cards both still do, as before: the small deck's games are unchanged)."""

    class NoShuffle(random.Random):
        def shuffle(self, x: list) -> None:  # type: ignore[override]
            raise AssertionError(f"shuffled {len(x)} cards")

    deck = resolve_deck(big)
    spec = game_of(deck)
    assert spec is not None
    game: Any = spec.make(deck, make_params(spec, ["players=3", "hand=9"]))
    state: Any = game.new_state()
    state.apply(state.sample_chance(NoShuffle(1)))
    assert [len(h) for h in state.hands] == [9, 9, 9] and len(state.rest) == 3600 - 27
    state.apply(state.legal_actions()[0])  # seat 0 leads; seat 1 is to play
    view = state.view(1)
    other = game.resample(view, 1, NoShuffle(2))
    assert other.view(1) == view
    assert [len(h) for h in other.hands] == [8, 9, 9] and len(other.rest) == 3600 - 27
    assert other.hands[0] != state.hands[0] or other.hands[2] != state.hands[2]  # dealt again
    seen = set(other.played).union(*other.hands)
    assert len(seen) == 27 and seen.isdisjoint(other.rest)  # every card in one place
    assert check_game(spec, deck, seeds=range(3)) == 3  # the contract holds on the big deck


def test_a_small_deck_still_shuffles_as_before(tmp_path: Path) -> None:
    folder = tmp_path / "small"
    assert cli.invoke(app, ["new", str(folder), "--game", "custom"]).exit_code == 0
    deck = resolve_deck(folder)
    spec = game_of(deck)
    assert spec is not None
    game: Any = spec.make(deck, make_params(spec))
    shuffled: list[int] = []

    class Counting(random.Random):
        def shuffle(self, x: list) -> None:  # type: ignore[override]
            shuffled.append(len(x))
            super().shuffle(x)

    state: Any = game.new_state()
    state.apply(state.sample_chance(Counting(1)))
    assert shuffled == [36]
    game.resample(state.view(0), 0, Counting(2))
    assert shuffled == [36, 27]  # the 27 cards seat 0 has not seen


def _grown(tmp_path: Path, starter: str, repeats: int) -> Path:
    folder = tmp_path / starter
    assert cli.invoke(app, ["new", str(folder), "--game", starter]).exit_code == 0
    path = folder / "cards.csv"
    head, *rows = list(csv.reader(path.open(newline="", encoding="utf-8")))
    at_id, at_name = head.index("id"), head.index("name")
    grown = []
    for k in range(repeats):
        for r in rows:
            r = list(r)
            r[at_id], r[at_name] = f"{r[at_id]}-{k:02d}", f"{r[at_name]} {k:02d}"
            grown.append(r)
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([head, *grown])
    return folder


@pytest.mark.parametrize(("starter", "shown"), [("war", 12), ("viashi", 12)])
def test_a_card_doubled_many_times_names_12_ids_and_counts_the_rest(tmp_path: Path, starter: str, shown: int) -> None:
    """20 copies of every row: each duplicate finding names 12 ids and says "and 8 more"
    (at 100,000 rows each named thousands: megabytes of terminal output); the finding's
    cards (the JSON) keep all 20."""
    import json

    folder = _grown(tmp_path, starter, 20)
    result = cli.invoke(app, ["--quiet", "check", str(folder), "--games", "0", "--json"])
    assert result.exit_code in (0, 1), result.output
    dups = [f for f in json.loads(result.stdout)["findings"] if f["code"] == "duplicate"]
    assert dups and all(len(f["cards"]) == 20 for f in dups)
    for f in dups:
        assert "is in the deck 20 times (" in f["message"] and " and 8 more" in f["message"], f["message"]
        named = [c for c in f["cards"] if re.search(rf"\b{re.escape(c)}\b", f["message"])]
        assert named == f["cards"][:shown]
