"""War for piecepack: hand-made deals with outcomes worked out by hand.

Test tiles are named rank + suit: ranks n (null), a (ace), 2, 3, 4, 5 and
suits s, m, c, r, e.g. "5s" is the five of suns. Pickup is winner-first (the
winner's tiles in play order, then the other seats' from the winner's left),
so every outcome is deterministic.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.deck.load import resolve_deck
from generator.deck.model import Card, Deck, Rank, Suit
from generator.errors import ParameterError
from generator.games.api import CHANCE, Result
from generator.games.registry import make_params
from generator.games.runner import play_deal
from generator.games.table import stack_ids
from generator.games.war.game import WarGame

RANKS = (("n", 0), ("a", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5))
SUITS = ("s", "m", "c", "r")


def pack(cards: int | None = None) -> Deck:
    tiles = tuple(Card(id=f"{r}{s}", name=f"{r}{s}", suit=s, rank=r) for s in SUITS for r, _ in RANKS)
    return Deck(
        name="test pack",
        game="war",
        kind="piecepack",
        cards=tiles[:cards] if cards else tiles,
        suits=tuple(Suit(s, s) for s in SUITS),
        ranks=tuple(Rank(r, r, strength) for r, strength in RANKS),
    )


def run(stacks: list[list[str]], deck: Deck | None = None, **params: Any) -> tuple[Result, list[dict[str, Any]]]:
    params.setdefault("pickup", "winner-first")
    trace: list[dict[str, Any]] = []
    p = make_params("war", players=len(stacks), **params)
    result = play_deal("war", deck or pack(), p, {"stacks": stacks}, observer=trace.append)
    return result, trace


def test_higher_tile_wins_the_trick() -> None:
    # 5 beats 3: seat 0 takes both tiles and has them all
    result, _ = run([["5s"], ["3s"]])
    assert (result.winner, result.tricks, result.counts) == (0, 1, [2, 0])
    # ace beats null
    result, _ = run([["ns"], ["am"]])
    assert (result.winner, result.counts) == (1, [0, 2])


def test_war_face_down_then_face_up_winner_takes_all_six() -> None:
    # 4 = 4: war; face down a / 5m, face up 5s vs 2m: seat 0 wins all six tiles
    result, trace = run([["4s", "as", "5s"], ["4m", "5m", "2m"]])
    assert (result.winner, result.tricks, result.counts) == (0, 1, [6, 0])
    assert result.details["wars"] == 1
    assert trace[0]["played"] == [["4s", "as", "5s"], ["4m", "5m", "2m"]]


def test_war_repeats_while_face_up_tiles_tie() -> None:
    # 3 = 3 war: down 2s/2m, up 4s = 4m -> war again: down as/am, up 5s vs nm -> seat 0, 10 tiles
    result, _ = run([["3s", "2s", "4s", "as", "5s", "3c"], ["3m", "2m", "4m", "am", "nm", "3r"]], max_tricks=1)
    assert (result.unfinished, result.tricks, result.counts) == (True, 1, [11, 1])
    assert result.details["wars"] == 2


def test_winner_first_pickup_order() -> None:
    game = WarGame(pack(), make_params("war", pickup="winner-first"))
    state = game.new_state()
    from generator.games.table import deal_action

    # with winner-first pickup play is deterministic, so apply(deal) plays to the end:
    # t1 3s < 4m: B takes its own 4m first, then 3s -> A: 5s, B: 2m 4m 3s
    # t2 5s > 2m -> A: 5s 2m, B: 4m 3s;   t3 5s > 4m -> A: 2m 5s 4m, B: 3s
    # t4 2m < 3s -> A: 5s 4m, B: 3s 2m;   t5 5s > 3s -> A: 4m 5s 3s, B: 2m
    # t6 4m > 2m -> A: 5s 3s 4m 2m and B is out: seat 0 wins after 6 tricks
    state.apply(deal_action([["3s", "5s"], ["4m", "2m"]]))
    assert state.is_over() and state.result().winner == 0 and state.result().tricks == 6
    assert stack_ids(state.stacks, game.ids) == [["5s", "3s", "4m", "2m"], []]


def test_running_out_during_a_war_loses() -> None:
    # 3 = 3: war; seat 0 puts 2s face down and has no tile to turn up -> seat 1 wins
    result, _ = run([["3s", "2s"], ["3m", "4m", "5m", "5c"]])
    assert (result.winner, result.tricks, result.counts) == (1, 1, [0, 6])
    # seat 0 cannot even put a tile face down
    result, _ = run([["3s"], ["3m", "4m"]])
    assert (result.winner, result.counts) == (1, [0, 3])


def test_both_running_out_in_a_war_is_a_draw() -> None:
    # 3 = 3, down 2s / 2m, then neither has a tile to turn up: a draw, 4 tiles stay on the table
    result, _ = run([["3s", "2s"], ["3m", "2m"]])
    assert (result.winner, result.draw, result.counts) == (None, True, [0, 0])
    assert result.details["left_on_table"] == 4


def test_three_players_all_take_part_in_a_war() -> None:
    # 4 = 4 > 2: war, and seat 2 (who played the low 2) takes part too:
    # down as / am / nc, up 2s, 5m, 3c -> seat 1 takes all 9 tiles; seat 0 is out,
    # seat 2 keeps only its 5c. Cap 1 trick: unfinished with counts [0, 9, 1]
    result, trace = run([["4s", "as", "2s"], ["4m", "am", "5m"], ["2c", "nc", "3c", "5c"]], max_tricks=1)
    assert (result.unfinished, result.counts) == (True, [0, 9, 1])
    assert trace[0]["played"][2] == ["2c", "nc", "3c"]


def test_three_players_no_war_when_the_highest_is_single() -> None:
    # 2 = 2 but 5 is higher: no war, seat 2 wins all three and the others are out
    result, _ = run([["2s"], ["2m"], ["5c"]])
    assert (result.winner, result.counts, result.details["wars"]) == (2, [0, 0, 3], 0)


def test_three_players_drop_out_and_the_last_with_tiles_wins() -> None:
    # 5 tiles in play. t1 5 > 3 > 2: seat 0 wins 5s 2m 3c (holds 4); seat 1 is out.
    # t2 (seats 0 and 2 only): 5c > 4c, seat 0 takes both: 5 tiles, seat 2 is out.
    result, trace = run([["5s", "5c"], ["2m"], ["3c", "4c"]])
    assert (result.winner, result.tricks, result.counts) == (0, 2, [5, 0, 0])
    assert trace[1]["played"][1] == []


def test_three_players_running_out_in_a_war_drops_only_that_player() -> None:
    # 4 = 4 = 4: war; seat 0 has nothing to put down and drops out; seats 1 and 2
    # go on: down a / n, up 5m vs 3c -> seat 1 takes all 7 tiles and wins
    result, _ = run([["4s"], ["4m", "am", "5m"], ["4c", "nc", "3c"]])
    assert (result.winner, result.counts) == (1, [0, 7, 0])


def test_equal_hands_and_the_remainder_set_aside() -> None:
    game = WarGame(pack(10), make_params("war", players=3))
    state = game.new_state()
    assert state.current() == CHANCE
    deal = state.sample_chance(random.Random(2))
    assert [len(s) for s in deal.value] == [3, 3, 3]  # 10 tiles, 3 players: 1 set aside
    state.apply(deal)
    while not state.is_over():
        state.apply(state.sample_chance(random.Random(3)))
    result = state.result()
    assert result.details["set_aside"] == 1
    assert sum(result.counts) + result.details["set_aside"] + result.details["left_on_table"] == 10


def test_russian_five_beats_null_but_is_otherwise_lowest() -> None:
    # Russian, objective 2 (running out first loses): 5 beats null -> seat 0 wins
    result, _ = run([["5s"], ["ns"]], variant="russian", objective=2)
    assert result.winner == 0
    # null is high: null beats ace
    result, _ = run([["as"], ["ns"]], variant="russian", objective=2)
    assert result.winner == 1
    # five is low: four beats five
    result, _ = run([["5s"], ["4m"]], variant="russian", objective=2)
    assert result.winner == 1


def test_russian_objective_1_vs_2_on_the_same_deal() -> None:
    # 5 beats null: seat 0 collects all the tiles, seat 1 has run out.
    # objective 1: whoever ends with all the tiles LOSES -> seat 1 wins
    # objective 2: whoever runs out first loses -> seat 0 wins
    one, _ = run([["5s"], ["ns"]], variant="russian", objective=1)
    two, _ = run([["5s"], ["ns"]], variant="russian", objective=2)
    assert (one.winner, two.winner) == (1, 0)
    assert one.counts == two.counts == [2, 0]


def test_russian_tie_method_1_vs_2() -> None:
    deal = [["3s", "2s", "4s"], ["3m", "4m", "2m"]]
    # method 1 (one new tile face up): 3 = 3, then 2s vs 4m: in Russian the lower wins
    # -> seat 0 takes 3s 2s 3m 4m: A = 4s 3s 2s 3m 4m, B = 2m; cap 1: counts [5, 1]
    one, _ = run(deal, variant="russian", tie_method=1, objective=2, max_tricks=1)
    assert (one.unfinished, one.counts, one.details["wars"]) == (True, [5, 1], 1)
    # method 2 (face down, then face up): down 2s / 4m, up 4s vs 2m -> 2 beats 4:
    # seat 1 takes all six and seat 0 has run out (objective 2: seat 1 wins)
    two, _ = run(deal, variant="russian", tie_method=2, objective=2, max_tricks=1)
    assert (two.winner, two.counts) == (1, [0, 6])


def test_classic_always_puts_one_tile_face_down() -> None:
    # as test_russian_tie_method_1_vs_2's deal, 3 = 3, down 2s / 4m, up 4s vs 2m ->
    # 4 beats 2 in classic: seat 0 takes six
    result, _ = run([["3s", "2s", "4s"], ["3m", "4m", "2m"]])
    assert (result.winner, result.counts) == (0, [6, 0])


@pytest.mark.parametrize(
    ("sets", "message"),
    [
        (["objective=2"], "objective=2 applies only to the Russian version"),
        (["tie_method=1"], "tie_method=1 applies only to the Russian version"),
        (["variant=classic", "objective=1"], "objective=1 applies only to the Russian version"),
        (["objective=2", "tie_method=1"], "objective=2 and tie_method=1 apply only to the Russian version"),
    ],
)
def test_russian_only_parameters_with_classic_are_rejected_not_ignored(sets: list[str], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        make_params("war", sets)
    with pytest.raises(ParameterError, match="only to the Russian version"):
        make_params("war", **{k: int(v) for k, v in (s.split("=") for s in sets) if k != "variant"})
    # the defaults (not given) are fine, and the Russian version takes them
    assert make_params("war", ["variant=classic"]).variant == "classic"
    russian = make_params("war", ["variant=russian", *(s for s in sets if not s.startswith("variant="))])
    assert russian.variant == "russian"


def test_a_key_given_as_option_and_in_set_must_agree() -> None:
    with pytest.raises(ParameterError, match="players given twice: --players 4 and --set players=3"):
        make_params("war", ["players=3"], players=4)
    assert make_params("war", ["players=4"], players=4).players == 4  # the same value twice is fine
    assert make_params("war", ["players=3"], players=None).players == 3  # an unset option is no conflict


@pytest.mark.parametrize("pickup", ["winner-first", "shuffled"])
def test_the_trace_counts_are_taken_after_the_winner_picks_up(pickup: str) -> None:
    # t1 5s > 3s: seat 0 takes both -> 5 v 3. t2 4s = 4m: war, down 2s / 2m, up 5m > as:
    # seat 0 takes the six tiles of the trick and seat 1 is out -> 8 v 0
    result, trace = run([["5s", "4s", "2s", "5m"], ["3s", "4m", "2m", "as"]], pickup=pickup)
    assert (result.winner, result.tricks, result.counts) == (0, 2, [8, 0])
    assert trace[-1]["counts"] == result.counts
    assert [t["counts"] for t in trace] == [[5, 3], [8, 0]]
    assert [t["tiles"] for t in trace] == [2, 6]


def test_a_drawn_war_leaves_the_tiles_on_the_table_in_the_trace_too() -> None:
    result, trace = run([["5s"], ["5s"]], packs=2)
    assert result.draw and trace[-1]["counts"] == result.counts == [0, 0] and trace[-1]["tiles"] == 2


def test_standard52_ranks_by_rank_strength() -> None:
    deck = resolve_deck("standard52")
    result, _ = run([["AS"], ["KS"]], deck)  # ace (14) beats king (13)
    assert result.winner == 0
    result, _ = run([["2S"], ["AH"]], deck, variant="russian", objective=2)  # Russian: ace is lowest but beats 2
    assert result.winner == 1
    result, _ = run([["2S"], ["3H"]], deck, variant="russian", objective=2)  # Russian: 2 is highest
    assert result.winner == 0


def test_packs_allow_each_tile_once_per_pack() -> None:
    result, _ = run([["5s"], ["5s"]], packs=2)  # two fives of suns: a war, and both run out -> draw
    assert result.draw
    with pytest.raises(ParameterError, match="more often than the deck holds"):
        run([["5s"], ["5s"]])


def test_cycle_with_winner_first_pickup_is_unfinished() -> None:
    # t1 4m = 4s: war, down 4c / 5r, up ar < 2m: B takes 6 -> A: 5m, B: 2s 4s 5r 2m 4m 4c ar
    # t2 5m > 2s -> A: 5m 2s, B: 4s 5r 2m 4m 4c ar
    # t3 5m > 4s -> A: 2s 5m 4s;  t4 2s < 5r -> B: 2m 4m 4c ar 5r 2s, A: 5m 4s
    # t5 5m > 2m -> A: 4s 5m 2m;  t6 4s = 4m: war, down 5m / 4c, up 2m > ar: A takes 6
    #    -> A: 4s 5m 2m 4m 4c ar, B: 5r 2s;  t7 4s < 5r -> B: 2s 5r 4s
    # t8 5m > 2s -> A: 2m 4m 4c ar 5m 2s, B: 5r 4s;  t9 2m < 5r -> B: 4s 5r 2m
    # t10 4m = 4s: war, down 4c / 5r, up ar < 2m -> A: 5m 2s, B: 4s 5r 2m 4m 4c ar
    # = the position after t2: a cycle of 8 tricks, found long before the cap
    result, trace = run([["4m", "4c", "ar", "5m"], ["4s", "5r", "2m", "2s"]], max_tricks=10_000)
    assert trace[2]["played"] == trace[10]["played"] == [["5m"], ["4s"]]
    assert (result.unfinished, result.winner) == (True, None)
    assert 10 < result.tricks < 40


def test_cap_makes_games_unfinished() -> None:
    result, _ = run([["5s", "4s", "3s"], ["ns", "am", "2m"]], max_tricks=1)
    assert (result.unfinished, result.winner, result.tricks) == (True, None, 1)


def test_bad_parameters_are_clear_errors() -> None:
    with pytest.raises(ParameterError, match="Russian version is for 2 players"):
        make_params("war", ["variant=russian", "players=3"])
    with pytest.raises(ParameterError, match="valid: 1, 2"):
        make_params("war", ["objective=3"])
    with pytest.raises(ParameterError, match="3 stacks for 2 players"):
        play_deal("war", pack(), make_params("war"), {"stacks": [["5s"], ["4s"], ["3s"]]})
    with pytest.raises(ParameterError, match="unknown key 'choices'"):
        play_deal("war", pack(), make_params("war"), {"stacks": [["5s"], ["4s"]], "choices": ["x"]})
    with pytest.raises(ParameterError, match="no ranks"):
        WarGame(Deck(name="plain", game="war", cards=(Card(id="A", name="A"),)), make_params("war"))
