"""gin-rummy: melds and deadwood (hand-derived), knock, gin and undercut scoring on
hand-made deals, the dead hand, and random play that ends every game."""

from __future__ import annotations

import pytest

from generator.games.api import CHANCE, Action
from generator.games.players import RandomStrategy
from generator.games.rules.melds import deadwood, melds
from generator.games.runner import game_rng, play

from .helpers import game, hand, stacked

MELDERS = ["2S", "3S", "4S", "8H", "8D", "8C", "JS", "QS", "KS", "9C"]  # three melds and the 9 of clubs


def test_the_best_melds_of_a_hand_where_a_card_could_join_a_set_or_a_run():
    # 4-5-6-7 of hearts is a run, and 7H 7S 7D a set: the 7 of hearts can be in one only.
    # The run of four leaves 7S 7D KC QC 2D 3C = 7+7+10+10+2+3 = 39; the set and the run
    # 4-5-6 leave KC QC 2D 3C = 25, the best.
    cards = [(4, "H"), (5, "H"), (6, "H"), (7, "H"), (7, "S"), (7, "D"), (13, "C"), (12, "C"), (2, "D"), (3, "C")]
    assert deadwood(cards) == 25
    assert sorted(map(sorted, melds(cards))) == [[(4, "H"), (5, "H"), (6, "H")], [(7, "D"), (7, "H"), (7, "S")]]
    # the ace is low only: A-2-3 is a run (deadwood 0 for it), Q-K-A is not (1 + 10 + 10)
    assert deadwood([(1, "S"), (2, "S"), (3, "S")]) == 0
    assert deadwood([(12, "S"), (13, "S"), (1, "S")]) == 21
    # four nines give one up: 9S 9H 9D a set, 9C 10C JC a run, no deadwood; without the
    # 10 of clubs the four nines are one set and the jack is deadwood (10)
    assert deadwood([(9, "S"), (9, "H"), (9, "D"), (9, "C"), (10, "C"), (11, "C")]) == 0
    assert deadwood([(9, "S"), (9, "H"), (9, "D"), (9, "C"), (11, "C")]) == 10


def test_laying_off_extends_the_knockers_run_card_by_card():
    knocker = [[(6, "C"), (7, "C"), (8, "C")], [(9, "H"), (9, "S"), (9, "D")]]
    # 5C joins the run (5-8), then 4C (4-8); 9C joins the set or the run; KD is left: 10
    assert deadwood([(4, "C"), (5, "C"), (9, "C"), (13, "D")], knocker) == 10
    assert deadwood([(4, "C"), (13, "D")], knocker) == 14  # 4C alone is not next to the run


def deal(seat0: list[str], seat1: list[str], upcard: str) -> object:
    """A new game with these hands (seat 1 deals first, so seat 0 plays first)."""
    s = game("gin-rummy").new_state()
    order = [c for pair in zip(seat0, seat1, strict=True) for c in pair] + [upcard]
    s.apply(stacked(s, order))
    assert sorted(hand(s, "hand", 0)) == sorted(seat0) and hand(s, "discard") == [upcard]
    return s


LOSER = ["5S", "AH", "2H", "3D", "6C", "7C", "10H", "10D", "4C", "QH"]  # no meld; 5S lays off onto 2-3-4S
UNDERCUT = ["AH", "AD", "AC", "5H", "6H", "7H", "9D", "10D", "JD", "2C"]  # deadwood 2


@pytest.mark.parametrize(("upcard", "seat1", "scores"), [
    # knock with 5 (the 5 of diamonds): seat 1 lays off the 5S, keeps 1+2+3+6+7+10+10+4+10 = 53: 53 - 5 = 48
    ("5D", LOSER, [48, 0]),
    # gin (the 10 of spades makes 10-J-Q-K): no lay-off, 25 + 58 (the 5S counts too)
    ("10S", LOSER, [83, 0]),
    # undercut: seat 1's deadwood 2 is at most the knocker's 5: 25 + 5 - 2 = 28 to seat 1
    ("5D", UNDERCUT, [0, 28]),
], ids=["knock", "gin", "undercut"])
def test_a_knock_scores_as_the_rules_say(upcard, seat1, scores):
    s = deal(MELDERS, seat1, upcard)
    assert s.current() == 0  # the non-dealer decides first on the upcard
    s.apply(Action("upcard", "take"))
    assert "9C" in [a.value for a in s.legal_actions()] and upcard not in [a.value for a in s.legal_actions()]
    s.apply(Action("discard", "9C"))
    assert [a.value for a in s.legal_actions()] == ["knock", "play on"]
    s.apply(Action("knock", "knock"))
    assert s.v["score"] == scores
    assert s.v["dealer"] == scores.index(max(scores))  # the hand's winner deals the next
    assert s.current() == CHANCE and s.v["hands"] == 2  # the second hand's shuffle


def test_a_hand_with_no_knock_is_dead_when_the_stock_is_down_to_two_cards():
    # high cards, no meld: nobody can knock while each discards the card just drawn
    seat0 = ["KS", "QH", "JD", "9C", "KH", "QD", "JC", "9S", "7H", "5D"]
    seat1 = ["KD", "QC", "JS", "9H", "KC", "QS", "JH", "9D", "7C", "5S"]
    s = deal(seat0, seat1, "2C")
    s.apply(Action("upcard", "pass"))
    s.apply(Action("upcard", "pass"))  # both pass: the non-dealer draws from the stock
    turns = 0
    while s.current() != CHANCE:
        if s.legal_actions()[0].kind == "draw":
            s.apply(Action("draw", "stock"))
        drawn = hand(s, "hand", s.current())[-1]
        s.apply(Action("discard", drawn))
        turns += 1
    # 52 - 20 - 1 = 31 cards in the stock: 29 draws leave 2, and the hand is dead
    assert turns == 29 and s.v["turns"] == 29
    assert s.v["score"] == [0, 0] and s.v["dealer"] == 1 and s.v["hands"] == 2  # the same dealer deals the second hand


def test_random_play_ends_every_game():
    """200 random games (3 hands at most each) all end, each within 3 x 150 turns: a hand
    ends by a knock or when the stock is down to two cards (31 - 2 = 29 draws from the
    stock; random play draws there half the time, about 58 turns a hand)."""
    g = game("gin-rummy", max_hands=3)
    lengths = []
    for k in range(200):
        r = play(g, [RandomStrategy(), RandomStrategy()], game_rng(7, k))
        assert not r.unfinished
        lengths.append(r.tricks)
    assert max(lengths) <= 3 * 150
