"""Weiji rules: hand-made deals with outcomes worked out by hand (in the comments).

Unless a test says otherwise, pickup is winner-first (deterministic) and the
deck has three attributes: power (higher is better), weight (LOWER is better)
and speed (higher is better). A card is written name: (power, weight, speed),
None meaning "no data".
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.deck.model import Attribute, Card, Deck
from generator.errors import ParameterError
from generator.games.api import CHANCE, Action, Result, Turn
from generator.games.registry import make_params
from generator.games.runner import play_deal
from generator.games.strategies import BestStrategy
from generator.games.table import deal_action, stack_ids
from generator.games.weiji.game import WeijiGame

ATTRS = (
    Attribute("power", "Power"),
    Attribute("weight", "Weight", unit="kg", better="lower"),
    Attribute("speed", "Speed"),
)


def weiji_deck(cards: dict[str, tuple[float | None, ...]], attrs: tuple[Attribute, ...] = ATTRS) -> Deck:
    keys = [a.key for a in attrs]
    return Deck(
        name="test",
        game="weiji",
        cards=tuple(Card(id=k, name=k, values=dict(zip(keys, v, strict=True))) for k, v in cards.items()),
        attributes=attrs,
    )


def run(cards: dict[str, tuple[float | None, ...]], stacks: list[list[str]], choices: list[str] | None = None,
        **params: Any) -> tuple[Result, list[dict[str, Any]]]:
    params.setdefault("pickup", "winner-first")
    deck = weiji_deck(cards)
    trace: list[dict[str, Any]] = []
    deal: dict[str, Any] = {"stacks": stacks}
    if choices is not None:
        deal["choices"] = choices
    result = play_deal("weiji", deck, make_params("weiji", players=len(stacks), **params), deal, observer=trace.append)
    return result, [t for t in trace if t["event"] == "showdown"]


def test_best_value_wins_and_better_lower_is_respected() -> None:
    cards = {"A": (5, 3, 1), "B": (3, 1, 1)}
    # power: 5 beats 3, seat 0 takes both cards and has them all
    result, _ = run(cards, [["A"], ["B"]], ["power"])
    assert (result.winner, result.tricks, result.counts) == (0, 1, [0 + 2, 0])
    # weight is better LOW: 1 kg beats 3 kg, seat 1 wins
    result, _ = run(cards, [["A"], ["B"]], ["weight"])
    assert (result.winner, result.tricks, result.counts) == (1, 1, [0, 2])
    assert result.details["chooser_wins"] == 0 and result.card_stats["B"] == (1, 1)


def test_tie_goes_to_the_middle_same_chooser_next_winner_takes_the_middle() -> None:
    cards = {"A1": (3, 5, 1), "A2": (1, 5, 4), "A3": (9, 5, 1), "B1": (7, 5, 1), "B2": (1, 5, 4), "B3": (2, 5, 1)}
    # t1 seat 0 picks power: 3 < 7, seat 1 wins -> B: B2 B3 B1 A1, A: A2 A3; seat 1 chooses
    # t2 seat 1 picks speed: 4 = 4, a tie -> A2 B2 to the middle; seat 1 chooses again
    # t3 seat 1 picks power: 9 > 2, seat 0 wins A3 B3 and the middle (A2 B2):
    #    winner-first: A2 A3 (seat 0's cards in play order) then B2 B3 -> A: A2 A3 B2 B3, B: B1 A1
    # the cap of 3 tricks stops the game there: unfinished, counts [4, 2]
    result, trace = run(cards, [["A1", "A2", "A3"], ["B1", "B2", "B3"]], ["power", "speed", "power"], max_tricks=3)
    assert [t["chooser"] for t in trace] == [0, 1, 1]
    assert [t["winner"] for t in trace] == [1, None, 0]
    assert trace[2]["table"] == 4  # the third showdown's winner takes four cards
    assert (result.winner, result.unfinished, result.tricks, result.counts) == (None, True, 3, [4, 2])
    assert result.details["ties"] == 1 and result.details["ties:speed"] == 1 and result.details["no_data_ties"] == 0
    assert result.details["ties:power"] == 0 and result.details["chosen:power"] == 2


def test_winner_first_order_of_the_collected_cards() -> None:
    # same deal as above, applied through the State API to look at the stacks
    cards = {"A1": (3, 5, 1), "A2": (1, 5, 4), "A3": (9, 5, 1), "B1": (7, 5, 1), "B2": (1, 5, 4), "B3": (2, 5, 1)}
    game = WeijiGame(weiji_deck(cards), make_params("weiji", pickup="winner-first"))
    state = game.new_state()
    state.apply(deal_action([["A1", "A2", "A3"], ["B1", "B2", "B3"]]))
    assert state.current() == 0  # seat 0 chooses first
    state.apply(Action("choose", "power"))
    assert stack_ids(state.stacks, game.ids) == [["A2", "A3"], ["B2", "B3", "B1", "A1"]]
    assert state.current() == 1
    state.apply(Action("choose", "speed"))
    assert state.current() == 1 and stack_ids(state.stacks, game.ids) == [["A3"], ["B3", "B1", "A1"]]
    state.apply(Action("choose", "power"))
    assert stack_ids(state.stacks, game.ids) == [["A2", "A3", "B2", "B3"], ["B1", "A1"]]
    assert state.current() == 0


def test_no_data_for_any_player_is_a_tie() -> None:
    cards = {"A1": (1, 1, None), "A2": (9, 1, 1), "B1": (1, 1, 3), "B2": (1, 1, 1)}
    # t1 speed: A1 has no data -> a tie even though B1 has 3; both to the middle, seat 0 again
    # t2 power: 9 > 1, seat 0 takes all four cards and wins
    result, trace = run(cards, [["A1", "A2"], ["B1", "B2"]], ["speed", "power"])
    assert [t["no_data"] for t in trace] == [True, False]
    assert (result.winner, result.tricks, result.counts) == (0, 2, [4, 0])
    assert result.details["ties"] == 1 and result.details["no_data_ties"] == 1 and result.details["ties:speed"] == 1
    assert result.details["chooser_wins"] == 1


def test_players_drop_out_and_the_last_one_collects_everything() -> None:
    cards = {"A1": (9, 1, 1), "B1": (1, 1, 1), "C1": (5, 1, 1), "C2": (4, 1, 1)}
    # t1 power: 9 > 5 > 1, seat 0 wins -> A: A1 B1 C1; seat 1 is out; C: C2
    # t2 power (best also picks power for A1): 9 > 4, seat 0 takes the last card -> wins with 5
    result, trace = run(cards, [["A1"], ["B1"], ["C1", "C2"]], ["power", "power"])
    assert trace[1]["shown"] == ["A1", None, "C2"]  # the dropped seat shows nothing
    assert (result.winner, result.tricks, result.counts) == (0, 2, [4, 0, 0])
    assert result.details["chooser_wins"] == 2
    assert result.card_stats["A1"] == (2, 2) and result.card_stats["C2"] == (1, 0) and result.card_stats["B1"] == (1, 0)


def test_chooser_out_after_a_tie_tiebreak_draw_on_the_first_attribute() -> None:
    cards = {"A1": (5, 1, 1), "B1": (5, 1, 1), "B2": (3, 1, 1), "C1": (2, 1, 1), "C2": (7, 1, 1)}
    # t1 seat 0 picks power: 5 = 5 > 2, a tie; A1 B1 C1 to the middle; seat 0 has no cards
    # tiebreak draw on power (the first attribute): B2 3 < C2 7 -> seat 2 chooses;
    #    each drawn card goes to the bottom of its owner's (one-card) stack
    # t2 seat 2 picks power: 7 > 3, seat 2 takes the middle too -> wins with all 5
    result, trace = run(cards, [["A1"], ["B1", "B2"], ["C1", "C2"]], ["power", "power"])
    assert trace[1]["chooser"] == 2
    assert (result.winner, result.tricks, result.counts) == (2, 2, [0, 0, 5])
    assert result.details["tiebreak_draws"] == 1 and result.details["tiebreak_ties"] == 0


def test_tiebreak_draw_tie_goes_to_the_first_tied_seat_left_of_the_dropped_chooser() -> None:
    cards = {"A1": (5, 1, 1), "B1": (5, 1, 1), "B2": (7, 1, 1), "C1": (2, 1, 1), "C2": (7, 2, 1)}
    # t1 a tie as before; the draw ties (7 = 7): seats 1 and 2 tie, seat 1 sits first
    #    to the left of seat 0 -> seat 1 chooses
    # t2 seat 1 picks weight: 1 kg < 2 kg (lower is better) -> seat 1 wins with all 5
    result, trace = run(cards, [["A1"], ["B1", "B2"], ["C1", "C2"]], ["power", "weight"])
    assert trace[1]["chooser"] == 1
    assert (result.winner, result.counts) == (1, [0, 5, 0])
    assert result.details["tiebreak_draws"] == 1 and result.details["tiebreak_ties"] == 1


@pytest.mark.parametrize(("reading", "chooser"), [("best", 3), ("highest", 2)])
def test_tiebreak_draw_no_data_cannot_win_and_better_lower_first_attribute(reading: str, chooser: int) -> None:
    attrs = (Attribute("weight", "Weight", better="lower"), Attribute("power", "Power"))
    deck = weiji_deck({"A1": (1, 5), "B1": (1, 5), "B2": (None, 1), "C1": (1, 2), "C2": (9, 4), "D1": (1, 1), "D2": (3, 1)}, attrs)
    # t1 seat 0 picks power: 5 = 5 -> tie; seat 0 is out. Draw on weight (better LOW):
    #    B2 no data cannot win; tiebreak_draw=best: D2 3 kg beats C2 9 kg -> seat 3 chooses;
    #    tiebreak_draw=highest (the seed's words): C2 9 kg beats D2 3 kg -> seat 2 chooses
    # t2 the chooser picks power: C2 4 beats B2 1 and D2 1 -> seat 2 takes all 7 cards and wins
    params = make_params("weiji", players=4, pickup="winner-first", tiebreak_draw=reading)
    trace: list[dict[str, Any]] = []
    deal = {"stacks": [["A1"], ["B1", "B2"], ["C1", "C2"], ["D1", "D2"]], "choices": ["power", "power"]}
    result = play_deal("weiji", deck, params, deal, observer=trace.append)
    assert [t["chooser"] for t in trace if t["event"] == "showdown"] == [0, chooser]
    assert (result.winner, result.counts) == (2, [0, 0, 7, 0])


def test_last_players_running_out_together_is_a_draw() -> None:
    cards = {"A": (5, 1, 1), "B": (5, 2, 1)}
    # power 5 = 5: both cards go to the middle and neither player has a card left: a draw
    result, _ = run(cards, [["A"], ["B"]], ["power"])
    assert (result.winner, result.draw, result.unfinished, result.counts) == (None, True, False, [0, 0])
    assert result.details["left_on_table"] == 2


def test_sole_survivor_of_a_tie_wins_and_takes_the_middle() -> None:
    cards = {"A1": (5, 1, 1), "A2": (1, 1, 1), "B1": (5, 1, 1), "C1": (5, 1, 1)}
    # power 5 = 5 = 5: a tie; seats 1 and 2 are out, seat 0 alone wins and takes the middle
    result, _ = run(cards, [["A1", "A2"], ["B1"], ["C1"]], ["power"])
    assert (result.winner, result.tricks, result.counts) == (0, 1, [4, 0, 0])


@pytest.mark.parametrize("pickup", ["winner-first", "shuffled"])
def test_the_trace_counts_are_taken_after_the_winner_picks_up(pickup: str) -> None:
    # as test_no_data_for_any_player_is_a_tie: t1 a tie (2 cards to the middle), t2 power
    # 9 > 1: seat 0 takes all four and wins; the last line's counts are the result's
    cards = {"A1": (1, 1, None), "A2": (9, 1, 1), "B1": (1, 1, 3), "B2": (1, 1, 1)}
    result, trace = run(cards, [["A1", "A2"], ["B1", "B2"]], ["speed", "power"], pickup=pickup)
    assert (result.winner, result.counts) == (0, [4, 0])
    assert [t["counts"] for t in trace] == [[1, 1], [4, 0]]
    assert [t["table"] for t in trace] == [2, 4]  # the middle at each showdown: the winner takes it
    assert trace[-1]["counts"] == result.counts


def test_the_sole_survivor_of_a_tie_takes_the_middle_in_the_trace_too() -> None:
    cards = {"A1": (5, 1, 1), "A2": (1, 1, 1), "B1": (5, 1, 1), "C1": (5, 1, 1)}
    result, trace = run(cards, [["A1", "A2"], ["B1"], ["C1"]], ["power"])
    assert trace[-1]["winner"] is None and trace[-1]["counts"] == result.counts == [4, 0, 0]
    # a drawn game: the middle stays on the table
    result, trace = run({"A": (5, 1, 1), "B": (5, 2, 1)}, [["A"], ["B"]], ["power"])
    assert result.draw and trace[-1]["counts"] == result.counts == [0, 0] and trace[-1]["table"] == 2


def test_deal_is_as_equal_as_possible_and_seat_0_chooses_first() -> None:
    cards = {f"X{i}": (i, i, i) for i in range(30)}
    game = WeijiGame(weiji_deck(cards), make_params("weiji", players=4))
    state = game.new_state()
    assert state.current() == CHANCE
    deal = state.sample_chance(random.Random(1))
    assert [len(s) for s in deal.value] == [8, 8, 7, 7]
    assert sorted(c for s in deal.value for c in s) == sorted(cards)
    state.apply(deal)
    assert state.current() == 0


def test_best_strategy_picks_the_attribute_where_my_card_ranks_highest() -> None:
    # X: power 9 beats both others (1.0); weight 5 kg beats none (0.0) -> power
    # Y: weight 1 kg beats both (lower is better) -> weight; Z: speed no data ranks lowest
    cards = {"X": (9, 5, 2), "Y": (1, 1, 2), "Z": (5, 3, None)}
    game = WeijiGame(weiji_deck(cards), make_params("weiji", players=3))
    state = game.new_state()
    state.apply(deal_action([["X"], ["Y"], ["Z"]]))
    assert BestStrategy().choose(Turn.at(state, 0), random.Random(0)) == Action("choose", "power")
    assert BestStrategy().choose(Turn.at(state, 1), random.Random(0)) == Action("choose", "weight")
    assert state.view(2)["ranks"][2] == -1.0


def test_shuffled_pickup_is_a_chance_node_permuting_the_won_cards() -> None:
    cards = {"A1": (9, 1, 1), "A2": (1, 1, 1), "B1": (1, 1, 1), "B2": (1, 1, 1)}
    game = WeijiGame(weiji_deck(cards), make_params("weiji"))  # pickup=shuffled by default
    state = game.new_state()
    state.apply(deal_action([["A1", "A2"], ["B1", "B2"]]))
    state.apply(Action("choose", "power"))
    assert state.current() == CHANCE
    # winner-first order would be A1 B1; the permutation (1, 0) puts B1 first
    state.apply(Action("pickup", (1, 0)))
    assert stack_ids(state.stacks, game.ids) == [["A2", "B1", "A1"], ["B2"]]
    assert state.current() == 0


def test_cycle_detection_with_winner_first_and_best_strategy() -> None:
    attrs = (Attribute("power", "Power"), Attribute("speed", "Speed"))
    deck = weiji_deck({"A1": (4, 4), "A2": (1, 2), "B1": (3, 4), "B2": (6, 3)}, attrs)
    # best strategy, winner-first: t1 power 4 > 3 seat 0 wins (A: A2 A1 B1, B: B2);
    # t2 power 1 < 6 seat 1 wins (A: A1 B1, B: B2 A2); ... after 12 tricks the
    # stacks are A1 A2 / B1 B2 again with seat 0 to choose: a cycle of 12 tricks.
    # Play is deterministic, so the game is cut off as unfinished long before the cap.
    trace: list[dict[str, Any]] = []
    params = make_params("weiji", pickup="winner-first", max_tricks=10_000)
    result = play_deal("weiji", deck, params, {"stacks": [["A1", "A2"], ["B1", "B2"]]}, observer=trace.append)
    assert trace[12]["shown"] == trace[0]["shown"] == ["A1", "B1"] and trace[12]["chooser"] == 0
    assert trace[1]["winner"] == 1 and trace[0]["winner"] == 0
    assert result.unfinished and result.winner is None and 12 < result.tricks < 50
    # the same deal with the random strategy is no cycle: it runs to the cap or an end
    random_play = play_deal("weiji", deck, make_params("weiji", pickup="winner-first", max_tricks=40),
                            {"stacks": [["A1", "A2"], ["B1", "B2"]], "seed": 3}, strategy="random")
    assert random_play.tricks == 40 or not random_play.unfinished


def test_turn_cap_counts_as_unfinished_in_the_summary() -> None:
    from generator.games.runner import simulate

    cards = {f"X{i}": (i % 3, i % 4, i % 5) for i in range(12)}
    summary = simulate("weiji", weiji_deck(cards), make_params("weiji", max_tricks=3), games=30, seed=1, strategy="random")
    assert summary.unfinished > 0
    assert summary.unfinished + summary.draws + sum(summary.wins) == 30
    assert summary.length()["max"] <= 3


def test_bad_deal_and_choices_are_clear_errors() -> None:
    cards = {"A": (5, 3, 1), "B": (3, 1, 1)}
    with pytest.raises(ParameterError, match="unknown card id 'Q'"):
        run(cards, [["A"], ["Q"]])
    with pytest.raises(ParameterError, match="more often than the deck holds"):
        run(cards, [["A"], ["A"]])
    with pytest.raises(ParameterError, match=r"choices\[0\]: 'colour' is not an attribute.*valid: power, weight, speed"):
        run(cards, [["A"], ["B"]], ["colour"])
    with pytest.raises(ParameterError, match="no attributes"):
        WeijiGame(Deck(name="plain", game="weiji", cards=(Card(id="A", name="A"),)), make_params("weiji"))
