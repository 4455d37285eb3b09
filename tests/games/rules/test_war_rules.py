"""war-rules (the seeds' War as a rules file) plays as the built-in war does: random
play (War has no decisions) gives the same win shares, draws and length within
sampling error, in every variant."""

from __future__ import annotations

import os

import pytest

from generator.deck import resolve_deck
from generator.games.registry import entry, make_params
from generator.games.runner import game_rng

from .equivalence import assert_plays_alike

CASES = [("2 players", ()), ("3 players", ("players=3",)),
         ("russian", ("variant=russian",)),
         ("russian, objective 2, one tile up", ("variant=russian", "objective=2", "tie_method=1")),
         ("2 packs", ("packs=2",))]


def same(name: str, sets: tuple[str, ...], games: int) -> None:
    assert_plays_alike("war-rules", "war", "piecepack", sets, games, name, decisions=False)  # War has no decisions


@pytest.mark.parametrize(("name", "sets"), CASES, ids=[c[0] for c in CASES])
def test_war_rules_plays_as_the_built_in_war(name, sets):
    same(name, sets, 150 if "packs=2" in sets else 300)  # two packs: twice as long a game


def test_war_rules_packs_plays_copies_of_the_deck():
    """packs=2: every tile twice (the second copy's ids end /2), dealt all out to the players,
    the same range as the built-in war's packs (1-4)."""
    from generator.errors import ParameterError

    spec = entry("war-rules")
    one = spec.make(resolve_deck("piecepack"), spec.params())
    two = spec.make(resolve_deck("piecepack"), spec.params(packs=2))
    ids = one.program.ids
    assert two.program.ids == ids + tuple(f"{c}/2" for c in ids)
    assert len(set(two.program.ids)) == 2 * len(ids)
    assert two.program.cards.fields["strength"] == one.program.cards.fields["strength"] * 2
    s = two.new_state()
    s.apply(s.sample_chance(game_rng(3, 0)))
    # every tile of both packs dealt (none set aside: the count is even) and still in play
    assert len(ids) % 2 == 0 and not s.z[two.program.by_name["aside"].base]
    assert sorted(c for z in s.z for c in z) == list(range(2 * len(ids)))
    with pytest.raises((ParameterError, ValueError)):
        make_params("war-rules", ("packs=5",))
    assert spec.params.model_fields["packs"].metadata == entry("war").params.model_fields["packs"].metadata


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("DECKPRESS_EQUIVALENCE"), reason="10,000 games a side (minutes of CPU): "
                    "run with DECKPRESS_EQUIVALENCE=1")
@pytest.mark.parametrize(("name", "sets"), [*CASES, ("4 players", ("players=4",))],
                         ids=[*(c[0] for c in CASES), "4 players"])
def test_war_rules_plays_as_the_built_in_war_over_10000_games(name, sets):
    same(name, sets, 10_000)


def test_war_rules_first_trick_by_hand():
    """A hand-made deal: seat 0 turns up the strongest tile, seat 1 the weakest: seat 0
    takes both, which are shuffled and go under its stack."""
    from generator.games.api import CHANCE, Action

    from .helpers import hand, stacked

    spec = entry("war-rules")
    game = spec.make(resolve_deck("piecepack"), spec.params())
    s = game.new_state()
    ids = game.program.ids
    strength = game.program.cards.fields["strength"]
    strong = ids[max(range(len(ids)), key=lambda c: strength[c])]
    weak = ids[min(range(len(ids)), key=lambda c: strength[c])]
    # the last two tiles dealt are the top of each stack (a dealt stack is turned over):
    # seat 0 turns up the strongest, seat 1 the weakest
    s.apply(stacked(s, [c for c in ids if c not in (strong, weak)] + [strong, weak]))
    assert s.current() == CHANCE and s.v["tricks"] == 1 and s.v["w"] == 0
    assert sorted(hand(s, "won")) == sorted([strong, weak])
    assert len(hand(s, "stack", 0)) == len(hand(s, "stack", 1)) == len(ids) // 2 - 1
    s.apply(Action("shuffle", (weak, strong)))
    assert hand(s, "stack", 0)[:2] == [weak, strong]  # under the stack, in the order shuffled
