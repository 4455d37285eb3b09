"""viashi-rules (the seeds' Viashi as a rules file: elvish, human, Viashilym's teams)
plays as the built-in viashi does under random play: the same win shares, draws and
length within sampling error; and its capture rules, checked on hand-made positions."""

from __future__ import annotations

import os

import pytest

from generator.deck import resolve_deck
from generator.games.api import Action
from generator.games.registry import entry

from .equivalence import assert_plays_alike
from .helpers import restart

CASES = [("elvish", ()), ("Viashilym", ("players=6",))]
SLOW = [*CASES, ("human", ("variant=human",)), ("elvish, 4 hands, handicap", ("hands=4", "handicap=true")),
        ("human set, handicap", ("variant=human", "hands=3", "handicap=true")),
        ("Viashilym, 2 hands, handicap", ("players=6", "hands=2", "handicap=true"))]


def same(name: str, sets: tuple[str, ...], games: int) -> None:
    # every hand is 18 tricks in both (removed tricks count): the length is the same number
    hands = int(dict(s.split("=") for s in sets).get("hands", 1))
    assert_plays_alike("viashi-rules", "viashi", "viashi", sets, games, name, length=18 * hands)


@pytest.mark.parametrize(("name", "sets"), CASES, ids=[c[0] for c in CASES])
def test_viashi_rules_plays_as_the_built_in_viashi(name, sets):
    same(name, sets, 300)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("DECKPRESS_EQUIVALENCE"), reason="10,000 games a side (minutes of CPU): "
                    "run with DECKPRESS_EQUIVALENCE=1")
@pytest.mark.parametrize(("name", "sets"), SLOW, ids=[c[0] for c in SLOW])
def test_viashi_rules_plays_as_the_built_in_viashi_over_10000_games(name, sets):
    same(name, sets, 10_000)


def position(hands: list[list[str]], tables: list[list[str]], **params: object) -> object:
    """A game of viashi-rules started from these hands and tables, seat 0 to lead."""
    spec = entry("viashi-rules")
    game = spec.make(resolve_deck("viashi"), spec.params(players=len(hands), **params))
    s = game.new_state()
    p = game.program
    for zone in ("pile", "removed"):
        s.z[p.by_name[zone].base] = []
    for seat, (h, t) in enumerate(zip(hands, tables, strict=True)):
        s.z[p.by_name["hand"].base + seat] = [p.index[c] for c in h]
        s.z[p.by_name["table"].base + seat] = [p.index[c] for c in t]
    s.v["leader"] = 0
    restart(s, "trick")
    return s


def test_the_fool_takes_its_queen_and_the_changeling_takes_the_lady():
    # seat 0 leads its Queen of Winds; seat 1 has only the Fool of Winds, seat 2 a Warrior:
    # the Fool captures (its suit's Queen is in the trick) and leads the table trick, the
    # Changeling, which takes seat 0's Lady. Seat 1 owns both tricks: 4 captives, and 9
    # for more than both others together (0 + 0): 13 points, the game (one hand).
    s = position([["winds-1"], ["winds-9"], ["winds-5"]], [["gods-1"], ["gods-9"], ["flames-3"]])
    assert [a.value for a in s.legal_actions()] == ["hand:winds-1", "table:gods-1"]
    s.apply(Action("play", "hand:winds-1"))
    assert [a.value for a in s.legal_actions()] == ["hand:winds-9"]  # from the hand, as the leader played
    s.apply(Action("play", "hand:winds-9"))
    s.apply(Action("play", "hand:winds-5"))
    assert s.current() == 1 and s.v["won_n"] == [0, 1, 0]  # the Fool's seat leads next
    s.apply(Action("play", "table:gods-9"))
    s.apply(Action("play", "table:flames-3"))  # no god on seat 2's table: any table card
    s.apply(Action("play", "table:gods-1"))
    r = s.result()
    assert s.is_over() and r.winner == 1 and r.tricks == 2
    assert s.v["score"] == [0, 13, 0]


def test_in_the_human_rules_the_fool_takes_the_king_not_the_queen():
    # the same first trick: the Queen is no longer the top card, so she captures (strongest);
    # seat 0 takes the hand trick (1 point) and leads its table's Warrior of Leaves; seat 1's
    # Fool takes seat 2's King (1); a tie for the most tricks gives nobody the 2: a draw
    s = position([["winds-1"], ["winds-9"], ["winds-5"]], [["leaves-5"], ["leaves-9"], ["leaves-2"]],
                 variant="human")
    for card in ("hand:winds-1", "hand:winds-9", "hand:winds-5"):
        s.apply(Action("play", card))
    assert s.v["won_n"] == [1, 0, 0]
    for card in ("table:leaves-5", "table:leaves-9", "table:leaves-2"):
        s.apply(Action("play", card))
    assert s.is_over() and s.v["score"] == [1, 1, 0] and s.result().winner is None


def test_viashilym_twins_are_dead_and_a_trick_nobody_captures_leaves_the_game():
    # trick 1 (hands): seat 0 leads the 5 of Winds, seat 1 plays its twin: both dead, no other
    # Winds and no god: nobody captures, the six cards leave the game and seat 0 leads again.
    # Trick 2 (tables): seat 1's Prince of Winds beats seat 0's Worker: team 1 (seats 1 and 4)
    # owns one trick: 5 points, and 10 for more captives than both other teams (5 > 0 + 0): 15.
    hands = [["winds-5#1"], ["winds-5#2"], ["flames-1#1"], ["flames-2#1"], ["leaves-1#1"], ["stones-1#1"]]
    tables = [["winds-7#1"], ["winds-3#1"], ["waves-1#1"], ["waves-2#1"], ["waves-3#1"], ["waves-4#1"]]
    s = position(hands, tables)
    for seat in range(6):
        s.apply(Action("play", "hand:" + hands[seat][0].split("#")[0]))
    p = s.game.program
    assert len(s.z[p.by_name["removed"].base]) == 6 and s.current() == 0 and s.v["tricks"] == 1
    for seat in range(6):
        s.apply(Action("play", "table:" + tables[seat][0].split("#")[0]))
    r = s.result()
    assert s.is_over() and r.winner == 1 and r.tricks == 2
    assert s.v["score"] == [0, 15, 0, 0, 15, 0]
    assert entry("viashi-rules").teams_of(entry("viashi-rules").params(players=6)) == ((0, 3), (1, 4), (2, 5))


# -- the constructs viashi-rules added: player_counts, decks, teams per number of players --

TINY = """\
name: tiny
players: [2, 4]
cards: {numbered: [1, 12]}
zones:
  stock: hidden
  hand: {owner: each, visible: owner}
winner: {highest: "sum(c.rank for c in hand(p))"}
phases:
  setup:
    - shuffle: stock
    - deal: {from: stock, to: hand, count: 1}
    - end: true
"""


def tiny(tmp_path, extra: str):
    from generator.games.rules.gamespec import spec_from_file

    path = tmp_path / "game.yaml"
    path.write_text(TINY + extra, encoding="utf-8")
    return spec_from_file(path, "test"), path


def test_decks_copies_the_cards_with_one_face_per_card_and_player_counts_refuse_the_others(tmp_path):
    spec, _ = tiny(tmp_path, 'player_counts: [2, 4]\ndecks: "2 if players == 4 else 1"\nteams: {4: [[0, 2], [1, 3]]}\n')
    two = spec.make(None, spec.params(players=2)).program  # type: ignore[arg-type]
    four = spec.make(None, spec.params(players=4)).program  # type: ignore[arg-type]
    assert two.ids[:2] == ("1", "2") and len(two.ids) == 12
    assert four.ids[:3] == ("1#1", "1#2", "2#1") and len(four.ids) == 24
    assert four.cards.fields["face"][:3] == ["1", "1", "2"] and four.cards.fields["rank"][:3] == [1, 1, 2]
    assert spec.teams_of(spec.params(players=4)) == ((0, 2), (1, 3)) and spec.teams_of(spec.params(players=2)) is None
    with pytest.raises(ValueError, match="2 or 4"):
        spec.params(players=3)


@pytest.mark.parametrize(("extra", "key", "words"), [
    ("player_counts: [2, 5]\n", "player_counts", "within players"),
    ("teams: {4: [[0, x]]}\n", "teams", "one per number of players"),
    ('decks: "players - 2"\n', "decks", "give a number from 1 to 16"),
])
def test_a_wrong_player_counts_teams_or_decks_is_refused_naming_file_and_line(tmp_path, extra, key, words):
    from generator.errors import DeckpressError

    with pytest.raises(DeckpressError) as info:
        tiny(tmp_path, extra)
    message = str(info.value)
    assert f"game.yaml:{TINY.count(chr(10)) + 1}" in message and key in message and words in message
