"""Viashi card rules and scoring, worked out by hand on the bundled deck.

Card ids are ``{suit}-{n}``; n = 1 is the strongest rank (Queen), 2 King,
3 Prince, ... 8 Magician/Scholar, 9 Fool. Gods: gods-1 the Lady (strongest),
gods-2 the Dark Lord, ..., gods-9 the Changeling (weakest).
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from generator.deck.load import resolve_deck
from generator.errors import ParameterError
from generator.games.registry import make_params
from generator.games.viashi.cards import CardRules
from generator.games.viashi.game import ViashiGame
from generator.games.viashi.scoring import score_hand


@cache
def game(*sets: str) -> ViashiGame:
    return ViashiGame(resolve_deck("viashi"), make_params("viashi", sets))


def rules(*sets: str) -> CardRules:
    return game(*sets).rules


def capture(trick: list[str], *sets: str) -> tuple[str | None, str]:
    """The capturing card id (None: removed) and the rule."""
    r = rules(*sets)
    pos, rule = r.capture([r.number[c] for c in trick])
    return (trick[pos] if pos >= 0 else None), rule


ELVISH: tuple[str, ...] = ()
HUMAN = ("variant=human",)
TEAMS = ("players=6",)


# -- capture ------------------------------------------------------------------
def test_highest_card_of_the_suit_led_captures() -> None:
    # winds led: the Prince of Winds (3) beats the Warrior (5); the Queen of Flames is another suit
    assert capture(["winds-5", "winds-3", "flames-1"]) == ("winds-3", "suit")
    # nobody follows: the led card captures, however weak
    assert capture(["stones-8", "waves-1", "leaves-2"]) == ("stones-8", "suit")


def test_any_god_captures_and_the_top_god_wins() -> None:
    # the weakest god still beats the Queen of the suit led
    assert capture(["winds-1", "gods-8", "winds-2"]) == ("gods-8", "god")
    # two gods: the Dark Lord (2) beats the Thief (4)
    assert capture(["gods-4", "winds-1", "gods-2"]) == ("gods-2", "god")


def test_fool_captures_the_queen_of_the_suit_led() -> None:
    # Queen and Fool of winds in the trick: the Fool captures, the King does not matter
    assert capture(["winds-1", "winds-9", "winds-2"]) == ("winds-9", "fool")
    # Fool led, Queen follows: still the Fool
    assert capture(["winds-9", "winds-5", "winds-1"]) == ("winds-9", "fool")
    # Fool without its Queen is the weakest card of the suit
    assert capture(["winds-9", "winds-2", "winds-5"]) == ("winds-2", "suit")
    # the Fool of another suit takes nothing: flames-9 and flames-1 are off-suit
    assert capture(["winds-3", "flames-9", "flames-1"]) == ("winds-3", "suit")
    # with a god in the trick the Fool rule does not apply
    assert capture(["winds-1", "winds-9", "gods-7"]) == ("gods-7", "god")


def test_changeling_captures_the_lady() -> None:
    # the Lady and the Changeling: the Changeling, even with the Dark Lord in the trick
    assert capture(["gods-1", "gods-9", "gods-2"]) == ("gods-9", "changeling")
    # gods played off-suit to a regular lead follow the same rule
    assert capture(["winds-3", "gods-1", "gods-9"]) == ("gods-9", "changeling")
    # without the Lady the Changeling is the weakest god
    assert capture(["gods-9", "gods-5", "winds-1"]) == ("gods-5", "god")


def test_human_rules_the_king_is_high_and_the_fool_takes_the_king() -> None:
    assert capture(["winds-1", "winds-2", "winds-3"], *HUMAN) == ("winds-2", "suit")
    assert capture(["winds-2", "winds-9", "winds-1"], *HUMAN) == ("winds-9", "fool")
    # the Fool does not take the Queen in the human game: the Queen is just second
    assert capture(["winds-1", "winds-9", "winds-5"], *HUMAN) == ("winds-1", "suit")
    # the god order never changes
    assert capture(["gods-1", "gods-2", "gods-9"], *HUMAN) == ("gods-9", "changeling")
    assert capture(["gods-2", "gods-1", "winds-2"], *HUMAN) == ("gods-1", "god")


def test_viashilym_twins_are_dead_and_can_be_taken() -> None:
    # both winds-5 dead: the live winds-7 captures them
    assert capture(["winds-5", "winds-7", "winds-5", "flames-1", "stones-1", "leaves-1"], *TEAMS) == ("winds-7", "suit")
    # a dead Queen does not let the Fool capture: the strongest live winds card (6) does
    assert capture(["winds-1", "winds-9", "winds-1", "winds-6", "stones-2", "waves-2"], *TEAMS) == ("winds-6", "suit")
    # a dead Lady: no Changeling capture, the strongest live god (5) captures
    assert capture(["gods-1", "gods-9", "gods-1", "gods-5", "winds-1", "winds-2"], *TEAMS) == ("gods-5", "god")
    # dead gods only: no god captures, the lead suit decides
    assert capture(["winds-5", "gods-2", "gods-2", "winds-7", "flames-1", "waves-3"], *TEAMS) == ("winds-5", "suit")
    # single copies are live in Viashilym too
    assert capture(["winds-1", "winds-9", "winds-2", "winds-3", "winds-4", "winds-5"], *TEAMS) == ("winds-9", "fool")


def test_viashilym_dead_led_card_without_other_suit_or_god_removes_the_trick() -> None:
    # led winds-5 and its twin are dead; no other winds card, no god: nobody captures
    assert capture(["winds-5", "flames-1", "winds-5", "stones-1", "waves-1", "leaves-1"], *TEAMS) == (None, "removed")
    # ... but any live god captures
    assert capture(["winds-5", "flames-1", "winds-5", "gods-9", "waves-1", "leaves-1"], *TEAMS) == ("gods-9", "god")
    # ... and so does another live card of the suit led, even a weak one
    assert capture(["winds-5", "flames-1", "winds-5", "winds-9", "waves-1", "leaves-1"], *TEAMS) == ("winds-9", "suit")
    # ours: dead gods and dead cards of the suit led do not capture either: removed
    assert capture(["winds-5", "gods-2", "winds-5", "gods-2", "winds-3", "winds-3"], *TEAMS) == (None, "removed")
    # a dead led god with no other live god: removed
    assert capture(["gods-3", "winds-1", "gods-3", "flames-1", "waves-1", "leaves-1"], *TEAMS) == (None, "removed")


def test_following_suit_or_god() -> None:
    r = rules()
    n = r.number
    own = [n[c] for c in ("winds-9", "flames-2", "gods-5", "gods-9")]
    ids = r.ids
    assert [ids[c] for c in r.follow(own, n["winds-1"])] == ["winds-9"]  # must follow winds
    assert [ids[c] for c in r.follow(own, n["gods-1"])] == ["gods-5", "gods-9"]  # a god led: a god
    # void in stones: any card, gods included
    assert [ids[c] for c in r.follow(own, n["stones-1"])] == ["winds-9", "flames-2", "gods-5", "gods-9"]


# -- scoring ------------------------------------------------------------------
def owned(*cards: list[str], teams: bool = False) -> list[list[int]]:
    n = rules(*(TEAMS if teams else ())).number
    return [[n[c] for c in seat] for seat in cards]


def test_elvish_scoring_captives_bonus_3_and_magicians() -> None:
    r = rules()
    # tricks 9/5/4 -> captives 18/10/8; 18 is the most but not more than 10 + 8: +3.
    # seat 0 owns winds-8 and stones-8, seat 2 owns waves-8: +2 and +1.
    score = score_hand(r, "elvish", [9, 5, 4], owned(["winds-8", "stones-8", "winds-1"], ["flames-1"], ["waves-8"]))
    assert score.points == [18 + 3 + 2, 10, 8 + 1] and score.captives == [18, 10, 8] and score.winner == 0
    assert score.details["bonus3"] == 1 and score.details["magician_points"] == 3
    assert score.details["captive_points"] == 36


def test_elvish_scoring_bonus_9_for_more_than_both_opponents() -> None:
    # 10/4/4 tricks -> 20 captives > 8 + 8: +9 instead of +3
    score = score_hand(rules(), "elvish", [10, 4, 4], [[], [], []])
    assert score.points == [29, 8, 8] and score.details["bonus9"] == 1 and "bonus3" not in score.details


def test_elvish_shared_most_gets_no_bonus_and_ties_have_no_winner() -> None:
    # 7/7/4 -> 14/14/8: the most is shared, nobody gets +3; 14 = 14: no winner
    score = score_hand(rules(), "elvish", [7, 7, 4], [[], [], []])
    assert score.points == [14, 14, 8] and score.winner is None and score.details["bonus_ties"] == 1
    # a magician breaks the tie on points
    score = score_hand(rules(), "elvish", [7, 7, 4], owned([], ["leaves-8"], []))
    assert score.points == [14, 15, 8] and score.winner == 1


def test_human_scoring_a_point_per_trick_and_2_for_most() -> None:
    # 8/6/4 tricks: 10/6/4 = 20 points; no Magician bonus
    score = score_hand(rules(*HUMAN), "human", [8, 6, 4], owned(["winds-8", "flames-8"], [], []))
    assert score.points == [10, 6, 4] and sum(score.points) == 20 and score.details["bonus2"] == 1
    # 7/7/4: shared most, no bonus, 18 points
    score = score_hand(rules(*HUMAN), "human", [7, 7, 4], [[], [], []])
    assert score.points == [7, 7, 4] and score.winner is None


def test_viashilym_team_scoring() -> None:
    r = rules(*TEAMS)
    # seats s and s+3 are team s. Tricks per seat 4,2,2 / 5,3,1 -> teams 9, 5, 3 (one trick removed).
    # captives 5 a trick: 45, 25, 15; 45 > 25 + 15 = 40: +10. Team 0 owns both winds-1 (a set of
    # twins, one copy with each partner); the two gods-2 are split between teams 0 and 1: no set.
    # Team 2 owns both leaves-9 in one seat: a set.
    cards = owned(["winds-1", "gods-2"], ["gods-2"], ["leaves-9", "leaves-9"], ["winds-1"], [], [], teams=True)
    score = score_hand(r, "elvish", [4, 2, 2, 5, 3, 1], cards)
    team = [5 * 9 + 10 + 1, 5 * 5, 5 * 3 + 1]
    assert score.points == team + team and score.winner == 0
    assert score.captives == [20, 10, 10, 25, 15, 5]
    assert score.details["bonus10"] == 1 and score.details["twin_points"] == 2 and score.details["trick_points"] == 85
    # 3 tricks each team, 15 captives each: shared, no bonus, a draw
    score = score_hand(r, "elvish", [1, 1, 1, 2, 2, 2], [[]] * 6)
    assert score.points == [15] * 6 and score.winner is None and score.details["bonus_ties"] == 1
    # 7/6/5: the most (35) but not more than 30 + 25: +5
    score = score_hand(r, "elvish", [7, 6, 5, 0, 0, 0], [[]] * 6)
    assert score.points[:3] == [40, 30, 25] and score.details["bonus5"] == 1


# -- parameters -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("sets", "message"),
    [
        (["players=4"], "valid: 3, 6"),
        (["variant=dwarvish"], "valid: elvish, human"),
        (["players=6", "variant=human"], "Viashilym (6 players) is played with the elvish rules"),
        (["hands=0"], "valid: 1 to 99"),
        (["colour=red"], "unknown rule parameter 'colour' for viashi"),
    ],
)
def test_bad_parameters_are_clear_errors(sets: list[str], message: str) -> None:
    with pytest.raises(ParameterError, match=re.escape(message)):
        make_params("viashi", sets)


def test_a_deck_without_gods_cannot_play() -> None:
    with pytest.raises(ParameterError, match="needs one suit of gods"):
        ViashiGame(resolve_deck("standard52"), make_params("viashi"))
