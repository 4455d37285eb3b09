"""A rules file plays as the built-in game it restates (war-rules, weiji-rules,
viashi-rules): the same win shares, draws and game length under random play, within
sampling error. One comparison for the three tests (tests/games/rules/test_*_rules.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.deck import resolve_deck
from generator.games.players import RandomStrategy
from generator.games.registry import entry, make_params
from generator.games.runner import game_rng, play

BAND = 4.5  # standard errors: a difference beyond this is not sampling error


@dataclass(frozen=True)
class Played:
    wins: list[int]  # per seat
    draws: int
    mean: float  # game length in its units (tricks)
    sd: float


def played(name: str, deck: str, sets: tuple[str, ...], games: int, seed: int, *, decisions: bool = True) -> Played:
    """``games`` seeded games of ``name`` on the bundled ``deck``, random players at every
    seat (``decisions=False``: a game without choices, played with no players: War)."""
    params = make_params(name, sets)
    game = entry(name).make(resolve_deck(deck), params)
    players = int(params.players)  # type: ignore[attr-defined]
    wins = [0] * players
    draws, lengths = 0, []
    for k in range(games):
        strategies = [RandomStrategy() for _ in range(players)] if decisions else []
        r = play(game, strategies, game_rng(seed, k))
        assert not r.unfinished
        if r.winner is None:
            draws += 1
        else:
            wins[r.winner] += 1
        lengths.append(r.tricks)
    mean = sum(lengths) / games
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (games - 1))
    return Played(wins, draws, mean, sd)


def assert_plays_alike(rules: str, built_in: str, deck: str, sets: tuple[str, ...], games: int, label: str, *,
                       decisions: bool = True, length: int | None = None) -> None:
    """``rules`` (seed 1) against ``built_in`` (seed 2), ``games`` each: the mean length within
    :data:`BAND` standard errors (``length``: every game exactly so long in both), each seat's
    wins and the draws likewise."""
    a = played(rules, deck, sets, games, 1, decisions=decisions)
    b = played(built_in, deck, sets, games, 2, decisions=decisions)
    if length is not None:
        assert a.mean == b.mean == length, f"{label}: length"
        assert a.sd == b.sd == 0
    else:
        se = math.sqrt(a.sd ** 2 / games + b.sd ** 2 / games)
        assert abs(a.mean - b.mean) < BAND * se, f"{label}: mean length {a.mean:.1f} against {b.mean:.1f}"
    for seat in range(len(a.wins)):
        p = (a.wins[seat] + b.wins[seat]) / (2 * games)
        se_p = math.sqrt(2 * p * (1 - p) / games) or 1 / games
        assert abs(a.wins[seat] - b.wins[seat]) / games < BAND * se_p, f"{label}: seat {seat} wins"
    assert abs(a.draws - b.draws) <= BAND * math.sqrt(max(a.draws + b.draws, 1)), f"{label}: draws"
