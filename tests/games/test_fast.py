"""The fast engine against the reference engine (the contract of issue 10).

* Scripted deals: the kernel and the State-API engine play the same deal and
  must agree trick by trick (winner, tiles or attribute, counts) and on the
  result; later chance (shuffled pickups, the random chooser) comes from the
  same random stream, so those agree too.
* Whole runs on the reference's own random streams (``rng.PYTHON``): the
  summaries are identical, counters and card statistics included.

The kernels' verification mode (``rng.PYTHON``) draws the ``random`` chooser's
choices from the game's one stream, as the reference engine did before each
seat got its own stream; for ``random`` the reference side of these identity
tests is therefore played with :class:`Coupled` seats, which draw from the
chance stream on purpose (a test-only coupling that checks the kernels'
arithmetic draw for draw). The reference engine's own games (each seat its own
stream) are compared with the fast engine's statistically
(:func:`test_fast_statistics_agree_with_the_reference`).
* Runs on the fast engine's own streams: the same statistics within tight
  bounds; deterministic; ``jobs`` 1 and 2 identical.
* Fallback to the reference for what the kernels do not serve.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest

from generator.deck.load import resolve_deck
from generator.deck.model import Attribute, Card, Deck, Rank, Suit
from generator.errors import ParameterError
from generator.games import registry
from generator.games.api import Result, Turn
from generator.games.fast import rng
from generator.games.fast.engine import play_range
from generator.games.fast.scripted import play_stacks
from generator.games.registry import make_game, make_params
from generator.games.runner import play_deal, simulate
from generator.games.stats import Summary
from generator.games.strategies import RandomStrategy


class Coupled:
    """``random`` drawing from the game's chance stream ``rng`` (see the module docstring)."""

    name = "random"
    deterministic = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, turn: Turn, own: random.Random) -> Any:
        return self.rng.choice(turn.legal)


def coupled_play(game: Any, strategy: str | None, rng: random.Random, scripted: Any = (), observer: Any = None,
                 choices: Any = ()) -> Result:
    """One game on the reference engine, a ``random`` chooser drawing from ``rng`` (the chance stream)."""
    from generator.games.registry import make_strategy
    from generator.games.runner import play
    from generator.games.strategies import FixedStrategy

    players = int(game.params.players)
    seats: list[Any] = [Coupled(rng) if strategy == "random" else make_strategy(game.name, strategy)
                        for _ in range(players)]
    if choices:
        seats = [FixedStrategy(choices, then=seats[0])] * players
    return play(game, seats, rng, observer, scripted)


RANKS = (("n", 0), ("a", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5))


def small_pack(ranks: int = 6) -> Deck:
    """A piecepack cut to its lowest ``ranks`` ranks: many ties, wars and run-outs."""
    suits = ("s", "m", "c", "r")
    kept = RANKS[:ranks]
    return Deck(name="small", game="war", kind="piecepack",
                cards=tuple(Card(id=f"{r}{s}", name=f"{r}{s}", suit=s, rank=r) for s in suits for r, _ in kept),
                suits=tuple(Suit(s, s) for s in suits), ranks=tuple(Rank(r, r, v) for r, v in kept))


def weiji_deck(n: int = 12, none_share: float = 0.15, seed: int = 3, weight_first: bool = False) -> Deck:
    """Small integer values (many ties), some "no data", a lower-is-better attribute
    (first with ``weight_first``: the tiebreak draw's two readings differ)."""
    attrs = (Attribute("power", "Power"), Attribute("weight", "Weight", better="lower"), Attribute("speed", "Speed"))
    if weight_first:
        attrs = (attrs[1], attrs[0], attrs[2])
    r = random.Random(seed)
    cards = []
    for i in range(n):
        values = {a.key: (None if r.random() < none_share else float(r.randint(1, 4))) for a in attrs}
        cards.append(Card(id=f"C{i:02d}", name=f"C{i:02d}", values=values))
    return Deck(name="weiji test", game="weiji", cards=tuple(cards), attributes=attrs)


# The reference's trace gives the counts after the trick's pickup; the kernels' trace
# rows give them before it (the table still holding the trick's cards).
def before_pickup_war(record: dict[str, Any]) -> list[int]:
    counts = list(record["counts"])
    if record["winner"] is not None:
        counts[record["winner"]] -= record["tiles"]
    return counts


def before_pickup_weiji(record: dict[str, Any], last: Result | None) -> list[int]:
    """``last``: the result, for the last record (a tie leaving one player, who takes the middle)."""
    counts = list(record["counts"])
    taker = record["winner"] if record["winner"] is not None else last.winner if last is not None else None
    if taker is not None:
        counts[taker] -= record["table"]
    return counts


def code(result: Result) -> int:
    return -2 if result.unfinished else -1 if result.winner is None else result.winner


def random_stacks(game: Any, players: int, r: random.Random, equal: bool) -> list[list[str]]:
    cards = [game.ids[c] for c in game.cards]
    r.shuffle(cards)
    n = len(cards) - len(cards) % players if equal else len(cards)
    cut = r.randint(players, n)  # sometimes fewer cards, so games end in odd ways
    return [cards[:cut][s::players] for s in range(players)]


# -- scripted deals, trick by trick -------------------------------------------------------
WAR_CASES = [
    ("small4", {"players": 2}), ("small4", {"players": 3}), ("small4", {"players": 4}),
    ("small3", {"players": 2, "pickup": "shuffled"}), ("small4", {"players": 3, "pickup": "shuffled"}),
    ("small4", {"variant": "russian", "objective": 1, "tie_method": 1}),
    ("small4", {"variant": "russian", "objective": 2, "tie_method": 2, "pickup": "shuffled"}),
    ("small3", {"variant": "russian", "objective": 1, "tie_method": 2}),
    ("piecepack", {"players": 2, "packs": 2}), ("standard52", {"players": 4, "pickup": "shuffled"}),
    ("small2", {"players": 2, "max_tricks": 30}),
]


def war_deck(name: str) -> Deck:
    return small_pack(int(name[-1])) if name.startswith("small") else resolve_deck(name)


@pytest.mark.parametrize(("deck_name", "values"), WAR_CASES, ids=str)
def test_war_scripted_deals_agree_trick_by_trick(deck_name: str, values: dict[str, Any]) -> None:
    values = {"pickup": "winner-first", **values}
    deck = war_deck(deck_name)
    params = make_params("war", **values)
    game = make_game("war", deck, params)
    r = random.Random(deck_name + str(values))
    for deal_no in range(40):
        stacks = random_stacks(game, params.players, r, equal=True)
        trace: list[dict[str, Any]] = []
        ref = play_deal("war", deck, params, {"stacks": stacks, "seed": deal_no}, observer=trace.append)
        ref_rows = [[-1 if t["winner"] is None else t["winner"], t["tiles"], *before_pickup_war(t)] for t in trace]
        for general in (False, True):  # two players: the two-player loop and the general one
            fast = play_stacks("war", game, stacks, seed=deal_no, general=general)
            assert fast["trace"] == ref_rows, f"deal {deal_no}: {stacks}"
            assert (fast["code"], fast["tricks"], fast["counts"]) == (code(ref), ref.tricks, ref.counts)
            assert fast["details"]["wars"] == ref.details["wars"]
            assert fast["details"]["left_on_table"] == ref.details["left_on_table"]


WEIJI_CASES = [
    ({"players": 2}, None, 0.15), ({"players": 3}, None, 0.3), ({"players": 4}, "random", 0.15),
    ({"players": 2, "pickup": "shuffled"}, "random", 0.1), ({"players": 3, "pickup": "shuffled"}, None, 0.2),
    ({"players": 5}, None, 0.5), ({"players": 2, "max_tricks": 25}, None, 0.0),
    # the first attribute lower-is-better: the tiebreak draw's highest and best readings
    ({"players": 3, "tiebreak_draw": "highest"}, None, 0.3), ({"players": 3, "tiebreak_draw": "best"}, None, 0.3),
    ({"players": 4, "tiebreak_draw": "best"}, "random", 0.2),
]


@pytest.mark.parametrize(("values", "strategy", "none_share"), WEIJI_CASES, ids=str)
def test_weiji_scripted_deals_agree_trick_by_trick(values: dict[str, Any], strategy: str | None,
                                                   none_share: float) -> None:
    values = {"pickup": "winner-first", **values}
    deck = weiji_deck(none_share=none_share, weight_first="tiebreak_draw" in values)
    params = make_params("weiji", **values)
    game = make_game("weiji", deck, params)
    r = random.Random(str(values) + str(strategy))
    for deal_no in range(40):
        stacks = random_stacks(game, params.players, r, equal=False)
        choices = [r.choice(game.keys) for _ in range(r.randint(0, 4))]
        deal = {"stacks": stacks, "choices": choices, "seed": deal_no}
        trace: list[dict[str, Any]] = []
        if strategy == "random":
            from generator.games.registry import entry
            from generator.games.runner import game_rng

            ref = coupled_play(game, strategy, game_rng(deal_no, 0), entry("weiji").deal_actions(game, deal),
                               trace.append, choices)
        else:
            ref = play_deal("weiji", deck, params, deal, strategy=strategy, observer=trace.append)
        fast = play_stacks("weiji", game, stacks, choices, strategy=strategy, seed=deal_no)
        ref_rows = [
            [0, game.attr[t["attribute"]], t["chooser"], -1 if t["winner"] is None else t["winner"],
             *before_pickup_weiji(t, ref if i == len(trace) - 1 else None)]
            if t["event"] == "showdown" else [1, -1, t["chooser"], -1, *t["counts"]]
            for i, t in enumerate(trace)
        ]
        assert fast["trace"] == ref_rows, f"deal {deal_no}: {stacks} {choices}"
        assert (fast["code"], fast["tricks"], fast["counts"]) == (code(ref), ref.tricks, ref.counts)
        assert fast["details"] == ref.details


# -- whole runs on the reference's random streams: identical summaries ------------------------
def reference_stream_run(game: str, deck: Deck, params: Any, strategy: str | None, games: int, seed: int) -> Summary:
    built = make_game(game, deck, params)
    summary = Summary(game=game, params=params.describe(), seed=seed, players=params.players, strategy=strategy)
    return play_range(game, built, strategy, summary, 0, games, mode=rng.PYTHON)


IDENTICAL = [
    ("war", "piecepack", {}, None), ("war", "standard52", {"pickup": "winner-first"}, None),
    ("war", "piecepack", {"players": 3, "packs": 2}, None), ("war", "piecepack", {"players": 4}, None),
    ("war", "piecepack", {"variant": "russian", "objective": 2, "tie_method": 1}, None),
    ("weiji", "lighting", {}, "best"), ("weiji", "cognitio", {"players": 4}, "best"),
    ("weiji", "eagle", {"players": 3, "pickup": "winner-first"}, "best"),
    ("weiji", "eagle", {"players": 2}, "random"), ("weiji", "cognitio", {"players": 4}, "fixed"),
    ("weiji", "eagle", {"players": 4, "tiebreak_draw": "best"}, "best"),
    ("viashi", "viashi", {}, "greedy"), ("viashi", "viashi", {"hands": 9}, "random"),
    ("viashi", "viashi", {"variant": "human", "hands": 3}, "greedy"),
    ("viashi", "viashi", {"hands": 3, "max_tricks": 40}, "random"),
]


@pytest.mark.parametrize(("game", "deck_name", "values", "strategy"), IDENTICAL, ids=str)
def test_same_random_stream_gives_the_reference_summary(game: str, deck_name: str, values: dict[str, Any],
                                                        strategy: str | None) -> None:
    deck = resolve_deck(deck_name)
    params = make_params(game, **values)
    if strategy == "random":
        from generator.games.runner import game_rng

        built = make_game(game, deck, params)
        ref_summary = Summary(game=game, params=params.describe(), seed=4, players=params.players, strategy=strategy)
        for i in range(150):
            ref_summary.add(coupled_play(built, strategy, game_rng(4, i)))
    else:
        ref_summary = simulate(game, deck, params, games=150, seed=4, strategy=strategy, engine="reference")
    fast_summary = reference_stream_run(game, deck, params, strategy, 150, 4)
    ref, fast = ref_summary.to_json(), fast_summary.to_json()
    assert ref.pop("engine") == "reference"
    assert fast.pop("engine") == "fast"
    assert fast == ref
    assert fast_summary.seat_scores == ref_summary.seat_scores  # Viashi: points -> games per seat


@pytest.mark.parametrize(("values", "strategy"), [({}, "greedy"), ({"variant": "human", "hands": 2}, "random")],
                         ids=str)
def test_viashi_games_agree_one_by_one(values: dict[str, Any], strategy: str) -> None:
    """Each game on the same stream: winner, tricks, points, every counter and card statistic."""
    from generator.games.registry import make_strategy
    from generator.games.runner import game_rng, play

    deck = resolve_deck("viashi")
    params = make_params("viashi", **values)
    built = make_game("viashi", deck, params)
    for i in range(25):
        ref = coupled_play(built, strategy, game_rng(9, i)) if strategy == "random" else \
            play(built, [make_strategy("viashi", strategy) for _ in range(3)], game_rng(9, i))
        one = play_range("viashi", built, strategy, Summary("viashi", {}, 9, 3, strategy=strategy), i, i + 1,
                         mode=rng.PYTHON)
        assert one.wins == [int(ref.winner == s) for s in range(3)] and one.draws == int(ref.draw)
        assert (one.tricks, one.scores, one.details) == (ref.tricks, ref.scores, ref.details)
        assert one.card_stats == {k: list(v) for k, v in ref.card_stats.items()}


# -- the fast engine's own streams: statistics, determinism, jobs ---------------------------------
STATS = [("war", "piecepack", {}, None), ("weiji", "eagle", {"players": 4}, "best"),
         ("weiji", "lighting", {"players": 2}, "random"), ("weiji", "cognitio", {"players": 3, "pickup": "shuffled"},
                                                           "random"),
         ("viashi", "viashi", {}, "greedy"), ("viashi", "viashi", {"hands": 2}, "random")]


@pytest.mark.parametrize(("game", "deck_name", "values", "strategy"), STATS, ids=str)
def test_fast_statistics_agree_with_the_reference(game: str, deck_name: str, values: dict[str, Any],
                                                  strategy: str | None) -> None:
    deck = resolve_deck(deck_name)
    params = make_params(game, **values)
    ref = simulate(game, deck, params, games=1000, seed=8, strategy=strategy, engine="reference")
    fast = simulate(game, deck, params, games=30_000, seed=8, strategy=strategy, engine="fast")
    assert fast.engine == "fast" and ref.engine == "reference"

    def mean_sd(s: Summary) -> tuple[float, float]:
        mean = s.tricks / s.games
        var = sum(n * (length - mean) ** 2 for length, n in s.lengths.items()) / s.games
        return mean, math.sqrt(var)

    (m1, sd1), (m2, sd2) = mean_sd(ref), mean_sd(fast)
    assert abs(m1 - m2) <= 4 * math.sqrt(sd1**2 / ref.games + sd2**2 / fast.games) + 1e-9
    for seat in range(params.players):  # win shares
        p1, p2 = ref.wins[seat] / ref.games, fast.wins[seat] / fast.games
        p = (ref.wins[seat] + fast.wins[seat]) / (ref.games + fast.games)
        assert abs(p1 - p2) < 4 * math.sqrt(p * (1 - p) * (1 / ref.games + 1 / fast.games)) + 1e-9
    for a, b in zip(ref.scores, fast.scores, strict=True):  # Viashi: mean points per seat
        assert abs(a / ref.games - b / fast.games) <= 0.05 * max(1.0, a / ref.games)
    for key, total in ref.details.items():  # per-game counters (ties, wars, choices...)
        a, b = total / ref.games, fast.details[key] / fast.games
        assert abs(a - b) <= 0.1 * max(a, b) + 0.05, key


def test_fast_runs_are_deterministic_and_seeded() -> None:
    deck = resolve_deck("lighting")
    params = make_params("weiji", players=3)
    one = simulate("weiji", deck, params, games=3000, seed=21).to_json()
    assert one["engine"] == "fast"
    assert simulate("weiji", deck, params, games=3000, seed=21).to_json() == one
    assert simulate("weiji", deck, params, games=3000, seed=22).to_json() != one
    # game i depends only on (seed, i): a range played alone equals its part of a longer run
    built = make_game("weiji", deck, params)
    part = play_range("weiji", built, "best", Summary("weiji", {}, 21, 3), 1000, 1500)
    whole = play_range("weiji", built, "best", Summary("weiji", {}, 21, 3), 0, 1000)
    whole.merge(part)
    assert whole.lengths == simulate("weiji", deck, params, games=1500, seed=21).lengths


def test_jobs_1_and_2_give_identical_fast_results() -> None:
    deck = resolve_deck("piecepack")
    params = make_params("war", packs=2)
    one = simulate("war", deck, params, games=40_000, seed=3).to_json()
    two = simulate("war", deck, params, games=40_000, seed=3, jobs=2).to_json()
    assert one == two and one["engine"] == "fast"
    viashi = resolve_deck("viashi")
    one_v = simulate("viashi", viashi, make_params("viashi"), games=3000, seed=3)
    two_v = simulate("viashi", viashi, make_params("viashi"), games=3000, seed=3, jobs=2)
    assert one_v.to_json() == two_v.to_json() and one_v.seat_scores == two_v.seat_scores
    assert sum(one_v.seat_scores[0].values()) == 3000


def test_the_fast_rng_matches_python_when_asked() -> None:
    import numpy as np

    mt = rng.python_state(5, 9)
    sm = np.zeros(1, np.uint64)
    a = np.arange(40)
    rng.shuffle(rng.PYTHON, sm, mt, a, 40)
    expected = list(range(40))
    r = random.Random("deckpress:5:9")
    r.shuffle(expected)
    assert a.tolist() == expected
    assert [rng.below(rng.PYTHON, sm, mt, 7) for _ in range(700)] == [r.randrange(7) for _ in range(700)]


# -- fallback ---------------------------------------------------------------------------------
class AlwaysFirst(RandomStrategy):
    name = "always-first"

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        return turn.legal[0]


def test_custom_strategy_falls_back_to_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    weiji = registry.GAMES["weiji"]
    custom = dataclasses.replace(weiji, strategies={**weiji.strategies, "always-first": AlwaysFirst})
    monkeypatch.setattr(registry, "GAMES", {**registry.GAMES, "weiji": custom})
    deck = resolve_deck("lighting")
    params = make_params("weiji")
    summary = simulate("weiji", deck, params, games=50, seed=1, strategy="always-first")
    assert summary.engine == "reference" and summary.games == 50
    assert summary.details["chosen:lumens"] == summary.tricks  # always the first attribute
    with pytest.raises(ParameterError, match="no fast kernel"):
        simulate("weiji", deck, params, games=5, seed=1, strategy="always-first", engine="fast")
    assert simulate("weiji", deck, params, games=50, seed=1).engine == "fast"


@pytest.mark.parametrize("values", [{"players": 6}, {"handicap": True, "hands": 3}], ids=str)
def test_viashilym_and_the_handicap_fall_back_to_the_reference(values: dict[str, Any]) -> None:
    deck = resolve_deck("viashi")
    summary = simulate("viashi", deck, make_params("viashi", **values), games=4, seed=1)
    assert summary.engine == "reference" and summary.games == 4


def test_engine_choice_is_validated_and_reference_can_be_forced() -> None:
    deck = resolve_deck("piecepack")
    params = make_params("war")
    assert simulate("war", deck, params, games=20, seed=1, engine="reference").engine == "reference"
    with pytest.raises(ParameterError, match="unknown engine 'turbo'; valid: auto, fast, reference"):
        simulate("war", deck, params, games=20, seed=1, engine="turbo")
