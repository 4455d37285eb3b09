"""The classic games of the catalogue, each with a fact derived by hand from its rules."""

from __future__ import annotations

from generator.games.api import Action
from generator.games.rules.expr import compile_expr

from .helpers import game, hand, restart, stacked


def _cards(state, names):  # type: ignore[no-untyped-def]
    return [state.game.program.index[c] for c in names]


# -- beggar-my-neighbour --------------------------------------------------------
def _beggar(seat0, seat1):  # type: ignore[no-untyped-def]
    """A game with these stacks (the last card named is the top), before its first card."""
    s = game("beggar-my-neighbour").new_state()  # paused at the shuffle: nothing dealt yet
    p = s.game.program
    base = p.by_name["stack"].base
    s.z[p.by_name["box"].base] = []
    s.z[base], s.z[base + 1] = _cards(s, seat0), _cards(s, seat1)
    restart(s, "turn")
    return s


def test_beggar_an_ace_asks_four_cards_and_an_unanswered_payment_wins_the_pile():
    # seat 0 turns up the ace; seat 1 pays 7, 6, 5, 4 (no court card): the five cards go under
    # seat 0's stack, which leads again: 2 (seat 0), 3 (seat 1), 4 (seat 0); seat 1 has none left
    s = _beggar(["2S", "AS"], ["3H", "4H", "5H", "6H", "7H"])
    assert s.is_over()
    r = s.result()
    assert r.winner == 0 and r.counts == [4, 0] and r.tricks == 8
    assert hand(s, "pile") == ["2S", "3H", "4H"]


def test_beggar_a_court_card_while_paying_turns_the_payment_round():
    # seat 0: K; seat 1 pays with a jack, so seat 0 owes 1: the 8; seat 1 takes K J 8, plays 2;
    # seat 0 plays its 9; seat 1 plays the 8; seat 0 has none left and loses
    s = _beggar(["9C", "8C", "KS"], ["2D", "JD"])
    assert s.is_over() and s.result().winner == 1 and s.result().tricks == 6


# -- twenty-one ----------------------------------------------------------------
def test_twenty_one_totals_aces_one_or_eleven_faces_ten():
    s = game("twenty-one").new_state()
    total = compile_expr("total(0)", s.game.program.scope)
    base = s.game.program.by_name["hand"].base
    for cards, expected in ((["AS", "KS"], 21), (["AS", "AH", "9S"], 21), (["KS", "QH", "2D"], 22),
                            (["AS", "5H", "9D"], 15), (["7S", "8H"], 15)):
        s.z[base] = _cards(s, cards)
        assert total(s, {}) == expected, cards


def test_twenty_one_hit_or_stand_and_the_highest_not_over_wins():
    s = game("twenty-one").new_state()
    s.apply(stacked(s, ["KS", "7H", "9C", "QD", "4S"]))  # seat 0: K 7; seat 1: 9 Q, then 4
    assert sorted(hand(s, "hand", 0)) == ["7H", "KS"]
    assert [a.value for a in s.legal_actions()] == ["hit", "stand"]
    s.apply(Action("decide", "stand"))  # 17
    assert sorted(hand(s, "hand", 1)) == ["9C", "QD"]
    s.apply(Action("decide", "stand"))  # 19
    assert s.is_over() and s.result().winner == 1 and s.result().scores == [17.0, 19.0]


# -- knockout whist --------------------------------------------------------------
def _whist(hands, trump):  # type: ignore[no-untyped-def]
    s = game("knockout-whist", players=len(hands)).new_state()
    p = s.game.program
    base = p.by_name["hand"].base
    s.z[p.by_name["stock"].base] = []
    for seat, cards in enumerate(hands):
        s.z[base + seat] = _cards(s, cards)
    s.v.update(trump=trump, size=len(hands[0]), leader=0)
    restart(s, "trick")
    return s


def test_knockout_whist_follow_suit_and_a_trump_takes_the_trick():
    s = _whist([["9H", "2C"], ["KH", "3S"], ["4D", "5C"]], trump="S")
    assert sorted(a.value for a in s.legal_actions()) == ["2C", "9H"]  # the leader plays anything
    s.apply(Action("play", "9H"))
    assert [a.value for a in s.legal_actions()] == ["KH"]  # seat 1 must follow hearts
    s.apply(Action("play", "KH"))
    assert sorted(a.value for a in s.legal_actions()) == ["4D", "5C"]  # seat 2 has no heart: anything
    s.apply(Action("play", "4D"))
    assert s.v["taken"] == [0, 1, 0] and s.current() == 1  # the king of the suit led wins; its player leads
    s.apply(Action("play", "3S"))
    s.apply(Action("play", "5C"))  # seat 2 has no spade; seat 0 neither: the 3 of trumps wins
    s.apply(Action("play", "2C"))
    # seat 1 took both tricks: seats 0 and 2 took none and are out; seat 1 is the last one left
    assert s.is_over() and s.result().winner == 1 and s.result().tricks == 2


# -- oh hell -------------------------------------------------------------------
def test_oh_hell_the_dealer_may_not_make_the_bids_add_up_and_exact_bids_score():
    s = game("oh-hell", players=3).new_state()
    s.v["size"] = 1  # the last hand: one card each
    s.apply(stacked(s, ["AS", "2S", "3S", "4H"]))  # seats 0, 1, 2 get AS, 2S, 3S; hearts are trump
    assert s.v["trump"] == "H" and s.current() == 1  # left of the dealer (seat 0) bids first
    assert sorted(a.value for a in s.legal_actions()) == [0, 1]
    s.apply(Action("bid", 0))
    s.apply(Action("bid", 0))
    assert s.current() == 0 and [a.value for a in s.legal_actions()] == [0]  # 0 + 0 + 1 would be 1 trick
    s.apply(Action("bid", 0))
    for card in ("2S", "3S", "AS"):  # seat 1 leads
        s.apply(Action("play", card))
    # the ace takes the trick: seat 0 missed its bid (0); seats 1 and 2 made theirs: 10 + 0 each
    assert s.is_over() and s.v["score"] == [0, 10, 10] and s.result().winner is None


# -- sushi draft -----------------------------------------------------------------
def test_sushi_scoring_pairs_sets_dumplings_and_nigiri():
    s = game("sushi-draft", players=3).new_state()
    picked = s.game.program.by_name["picked"].base
    s.z[picked] = _cards(s, ["tempura-1", "tempura-2", "tempura-3", "sashimi-1", "sashimi-2", "sashimi-3",
                             "dumpling-1", "dumpling-2", "dumpling-3", "dumpling-4", "salmon-1", "squid-1"])
    points = compile_expr("points(0)", s.game.program.scope)
    assert points(s, {}) == 5 + 10 + 10 + 2 + 3  # one pair of tempura (the third scores nothing)


def test_sushi_everyone_picks_at_once_and_passes_left():
    from generator.games.api import SIMULTANEOUS

    s = game("sushi-draft", players=3).new_state()
    s.apply(stacked(s, []))
    assert s.current() == SIMULTANEOUS and all(len(s.legal_actions(q)) == 7 for q in range(3))
    before = [sorted(hand(s, "hand", q)) for q in range(3)]
    picks = [s.legal_actions(q)[0] for q in range(3)]
    s.apply_joint(picks)
    for q in range(3):
        # seat q now holds what seat q-1 held, less the card seat q-1 picked
        assert sorted(hand(s, "hand", q)) == sorted(c for c in before[q - 1] if c != picks[q - 1].value)
        assert hand(s, "picked", q) == [picks[q].value]


# -- hearts ----------------------------------------------------------------------
def test_hearts_the_two_of_clubs_leads_and_no_points_on_the_first_trick():
    s = game("hearts").new_state()
    p = s.game.program
    base = p.by_name["hand"].base
    s.z[p.by_name["stock"].base] = []
    s.z[base] = _cards(s, ["5C", "9H"])
    s.z[base + 1] = _cards(s, ["2C", "3D"])
    s.z[base + 2] = _cards(s, ["QS", "KH", "4D"])  # no club: may not play the queen or a heart
    s.z[base + 3] = _cards(s, ["AH", "JH"])  # only hearts: may play one
    s.v.update(leader=1, first=True, broken=False)
    restart(s, "trick")
    assert s.current() == 1 and [a.value for a in s.legal_actions()] == ["2C"]
    s.apply(Action("play", "2C"))
    assert [a.value for a in s.legal_actions()] == ["4D"]
    s.apply(Action("play", "4D"))
    assert sorted(a.value for a in s.legal_actions()) == ["AH", "JH"]
    s.apply(Action("play", "AH"))
    assert [a.value for a in s.legal_actions()] == ["5C"]
    s.apply(Action("play", "5C"))
    assert s.v["w"] == 0 and s.v["broken"] is True  # the 5 of clubs is the highest club; a heart was played


def test_hearts_points_a_heart_each_and_13_for_the_queen_of_spades():
    s = game("hearts").new_state()
    s.z[s.game.program.by_name["taken"].base] = _cards(s, ["2H", "9H", "AH", "QS", "KS", "3C"])
    assert compile_expr("penalty(0)", s.game.program.scope)(s, {}) == 3 + 13


# -- scopa -------------------------------------------------------------------------
def test_scopa_a_same_rank_capture_is_compulsory_else_a_sum_and_clearing_the_table_is_a_scopa():
    s = game("scopa").new_state()
    p = s.game.program
    base, table = p.by_name["hand"].base, p.by_name["table"].base
    s.z[p.by_name["stock"].base] = []
    s.z[table] = _cards(s, ["3cups", "4swords", "7clubs"])
    s.z[base] = _cards(s, ["7coins", "5cups"])
    s.z[base + 1] = _cards(s, ["9clubs"])
    restart(s, "play")
    ix = p.index
    options = {(p.ids[a.value[0]], tuple(sorted(p.ids[c] for c in a.value[1]))) for a in s.legal_actions()}
    # the 7 must take the 7 (not 3 + 4); the 5 has no equal card and no sum: it stays on the table
    assert options == {("7coins", ("7clubs",)), ("5cups", ())}
    s.apply(next(a for a in s.legal_actions() if a.value[0] == ix["7coins"]))
    assert sorted(hand(s, "captured", 0)) == ["7clubs", "7coins"] and s.v["last"] == 0
    # seat 1's 9: no 9 on the table, and 3 + 4 = 7, not 9: it stays on the table
    assert [a.value for a in s.legal_actions()] == [(ix["9clubs"], ())]
    s.apply(s.legal_actions()[0])
    assert sorted(hand(s, "table")) == ["3cups", "4swords", "9clubs"]
    assert s.v["scopas"] == [0, 0]


def test_scopa_points_for_cards_coins_the_seven_of_coins_sevens_and_scopas():
    s = game("scopa").new_state()
    p = s.game.program
    cap = p.by_name["captured"].base
    s.z[cap] = _cards(s, ["7coins", "7cups", "1coins", "2swords"])
    s.z[cap + 1] = _cards(s, ["7swords", "3cups", "4clubs"])
    s.v["scopas"] = [1, 2]
    points = compile_expr("points(0)", p.scope)
    other = compile_expr("points(1)", p.scope)
    assert points(s, {}) == 1 + 1 + 1 + 1 + 1  # cards 4-3, coins 2-0, the 7 of coins, sevens 2-1, a scopa
    assert other(s, {}) == 2  # two scopas only


# -- euchre --------------------------------------------------------------------------
def test_euchre_the_left_bower_is_a_trump_and_the_right_bower_takes_the_trick():
    s = game("euchre").new_state()
    p = s.game.program
    base = p.by_name["hand"].base
    s.z[p.by_name["stock"].base] = []
    hands = [["AH", "9C"], ["JD", "10D"], ["JH", "QS"], ["9H", "KC"]]
    for seat, cards in enumerate(hands):
        s.z[base + seat] = _cards(s, cards)
    s.v.update(trump="H", tcolour="red", maker=0, alone=False, leader=0, dealer=3)
    restart(s, "trick")
    s.apply(Action("play", "AH"))
    # hearts led: the jack of diamonds is the left bower, a heart: seat 1 must play it
    assert [a.value for a in s.legal_actions()] == ["JD"]
    s.apply(Action("play", "JD"))
    s.apply(Action("play", "JH"))
    s.apply(Action("play", "9H"))
    assert s.v["w"] == 2 and s.v["taken0"] == 1  # the right bower beats the left bower and the ace
