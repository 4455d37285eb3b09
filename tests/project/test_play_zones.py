"""The table's zones, drawn from a view alone: the generic reading of the data, a
game's own ``table(view, seat)``, which actions become clickable cards, and the log's
words that never name a card the seat has not seen."""

from __future__ import annotations

from typing import Any

from generator.games.api import Action
from generator.project.play.zones import action_card, card_tokens, describe, generic_zones, words

IDS = frozenset({"9S", "KH", "2C", "QD"})
NAMES = {"9S": "Nine of Spades", "KH": "King of Hearts", "2C": "Two of Clubs", "QD": "Queen of Diamonds"}


def test_the_generic_table_reads_the_data() -> None:
    view = {"hand": ["9S", "KH"], "trick": [(1, "2C")], "stacks": [["QD"], []], "top": "QD", "turn": 1,
            "scores": [3, 4.5], "phase": "play", "printed": {c: 1 for c in IDS}, "long": "x" * 80, "empty": []}
    zones = generic_zones(view, IDS)
    by_title = {z["title"]: z for z in zones}
    assert by_title["hand"]["cards"] == ["9S", "KH"]
    assert by_title["trick"] == {"title": "trick", "key": "trick", "cards": ["2C"], "captions": ["seat 1"]}
    assert by_title["stacks: seat 0"]["cards"] == ["QD"] and by_title["stacks: seat 1"]["cards"] == []
    assert by_title["top"]["cards"] == ["QD"] and by_title["empty"]["cards"] == []
    # whose turn it is is left out (the table marks the seat to act); a number per seat names each seat
    assert by_title["values"]["values"] == [["scores", "seat 0 3 · seat 1 4.5"], ["phase", "play"]]
    assert "printed" not in by_title and "long" not in by_title  # a mapping and a long text are left out
    mine = {z["title"]: z for z in generic_zones(view, IDS, labels={"scores": "Crowns", "phase": None}, seat=1)}
    assert mine["values"]["values"] == [["Crowns", "seat 0 3 · you 4.5"]]  # the game's own words; None: left out


def test_all_hands_are_labelled_for_everyone() -> None:
    from generator.project.play.zones import third_person

    assert third_person("Your hand", 2) == "Seat 2's hand"
    assert third_person("You (team 0): your table", 0) == "Seat 0 (team 0): seat 0's table"
    assert third_person("Seat 1: table and hand", 0) == "Seat 1: table and hand"


def test_a_games_own_table_with_labels_events_and_the_trick_record() -> None:
    seen: list[Any] = []

    def table(view: Any, seat: int, trick: Any = None) -> dict[str, Any]:
        seen.append(trick)
        return {"zones": [{"title": "Yours", "cards": view["hand"], "backs": 2, "mine": True, "junk": 1}],
                "labels": {Action("play", "9S"): "lead the nine"}, "event": "trick 1 taken"}

    out = describe({"hand": ["9S"]}, 0, IDS, table, trick={"trick": 1})
    assert out == {"zones": [{"title": "Yours", "cards": ["9S"], "backs": 2, "mine": True}],
                   "labels": {"play:9S": "lead the nine"}, "event": "trick 1 taken"}
    assert seen == [{"trick": 1}]
    assert describe({"hand": []}, 0, IDS, lambda view, seat: [{"title": "only"}]) == {"zones": [{"title": "only"}],
                                                                                      "labels": {}}


def test_which_actions_are_cards() -> None:
    assert action_card(Action("play", "9S"), IDS) == ("9S", None)
    assert action_card(Action("play", "hand:KH"), IDS) == ("KH", "hand")
    assert action_card(Action("choose", "speed"), IDS) == (None, None)
    assert action_card(Action("pass"), IDS) == (None, None)
    assert card_tokens(("hand:9S", ["QD", {"k": "2C"}], {"KH": 1}), IDS) == {"9S", "QD", "2C"}  # not mapping keys


def test_the_log_names_only_seen_cards() -> None:
    assert words("Seat 1", Action("play", "hand:KH"), {"KH"}, IDS, NAMES) == "Seat 1: play hand: King of Hearts"
    assert words("Seat 1", Action("discard", "KH"), set(), IDS, NAMES) == "Seat 1: discard (hidden)"
    assert words("Chance", Action("deal", (("9S", "KH"), ("2C", "QD"))), {"9S", "KH"}, IDS, NAMES) == \
        "Chance: deal (hidden)"
    assert words("Chance", Action("pickup", (1, 0)), set(), IDS, NAMES) == "Chance: pickup"
    assert words("Seat 0", Action("choose", "speed"), set(), IDS, NAMES) == "Seat 0: choose speed"
    assert words("Seat 0", Action("pass"), set(), IDS, NAMES) == "Seat 0: pass"


def test_copies_count_apart_in_the_log() -> None:
    """Holding one copy of a card never lets a line name the copies another seat got."""
    from collections import Counter

    deal = Action("deal", (("9S", "9S", "KH"), ("9S", "KH")))
    assert words("Chance", deal, Counter({"9S": 2, "KH": 1}), IDS, NAMES) == "Chance: deal (hidden)"
    assert words("Chance", deal, Counter({"9S": 3, "KH": 2}), IDS, NAMES) == \
        "Chance: deal Nine of Spades ×3, King of Hearts ×2"
