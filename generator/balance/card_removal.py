"""Per-card impact by removal, for any game with player decisions: what changes
when card X is taken out of the deck.

For each card X (all its copies), the playtest's seeded games (game ``i`` of
both runs from the same seed) are played with the deck less X, every seat
playing the playtest's strategy, and compared with the playtest's games of the
whole deck (all of them: the playtest is the baseline, no run of its own). Reported per card: the
first seat's win share (the seat advantage), the draws and the mean game
length (showdowns or tricks), each with its change against the whole deck and
a confidence interval of the change (Newcombe's from two Wilson intervals for
the shares, a normal interval of the difference of two means for the length).

Sequential: a card's games are played in rounds of :data:`ROUND`, at most
``games`` (default :data:`REMOVAL_GAMES`); after each round the card stops once
its win-share change is decided: both ends of its interval in the same band
(under 3 points, under 15 points, or more, either way: the bands of the skill
gap, :func:`generator.balance.sequential.change_decided`). A card whose removal the game
refuses (the deck must keep a size the rules need) is listed with the reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..deck.model import Deck
from ..errors import DeckpressError
from ..games import runner
from ..games.params import Params
from ..games.registry import entry, make_game, make_strategy, seat_strategies
from ..games.stats import Summary
from .intervals import wilson, z_value
from .result import CardRemoval, RemovalBase, RemovalRow, Skipped
from .sequential import SOME, change_decided

REMOVAL_GAMES = 200  # at most, per card
ROUND = 50  # games between two looks at a card's interval
Progress = Callable[[int], None]


class _Tally:
    """First-seat wins, draws and lengths of a run of games."""

    def __init__(self) -> None:
        self.games = self.first = self.draws = 0
        self.total = self.squares = 0.0

    def add(self, result: Any) -> None:
        self.games += 1
        self.first += result.winner == 0 and not result.unfinished
        self.draws += result.draw
        self.total += result.tricks
        self.squares += result.tricks * result.tricks

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0

    def variance(self) -> float:
        if self.games < 2:
            return 0.0
        return max(0.0, (self.squares - self.games * self.mean ** 2) / (self.games - 1))


def _share_change(a: _Tally, base: _Tally, confidence: float, field: str) -> tuple[float, float, float]:
    """(change, low, high) of a share (``first`` or ``draws``), Newcombe's interval."""
    x, y = getattr(a, field), getattr(base, field)
    p, q = x / a.games, y / base.games
    p_low, p_high = wilson(x, a.games, confidence)
    q_low, q_high = wilson(y, base.games, confidence)
    delta = p - q
    return delta, delta - math.hypot(p - p_low, q_high - q), delta + math.hypot(p_high - p, q - q_low)


def _length_change(a: _Tally, base: _Tally, confidence: float) -> tuple[float, float, float]:
    delta = a.mean - base.mean
    half = z_value(confidence) * math.sqrt(a.variance() / max(1, a.games) + base.variance() / max(1, base.games))
    return delta, delta - half, delta + half


def without(deck: Deck, card: str) -> Deck:
    """``deck`` with every copy of ``card`` taken out."""
    return replace(deck, cards=tuple(c for c in deck.cards if c.id != card))


def base_tally(summary: Summary) -> _Tally:
    """The whole deck's tally from the playtest's summary: the same seeded games, so
    card removal compares against the playtest itself (not a shorter run of its own)."""
    tally = _Tally()
    tally.games, tally.first, tally.draws = summary.games, summary.wins[0], summary.draws
    tally.total = float(sum(k * v for k, v in summary.lengths.items()))
    tally.squares = float(sum(k * k * v for k, v in summary.lengths.items()))
    return tally


def removal_row(game: str, deck: Deck, params: Params, names: Sequence[str], card: Any, most: int, seed: int,
                base: _Tally, confidence: float, progress: Progress | None = None) -> RemovalRow | Skipped:
    """Card ``card``'s row (rounds of :data:`ROUND` games until decided, at most ``most``),
    or :class:`~.result.Skipped` with the reason when the game refuses the deck without it."""
    try:
        built = make_game(game, without(deck, card.id), params)
    except (DeckpressError, ValueError) as exc:
        if progress is not None:
            progress(most)
        return Skipped(card.id, card.name, str(exc).splitlines()[0])
    tally = _Tally()
    try:
        while tally.games < most:
            start, stop = tally.games, min(most, tally.games + ROUND)
            for index in range(start, stop):
                tally.add(runner.play(built, [make_strategy(game, n) for n in names], runner.game_rng(seed, index)))
            if progress is not None:
                progress(stop - start)
            if change_decided(*_share_change(tally, base, confidence, "first")):
                break
    except Exception as exc:  # the game cannot play without this card: its own reason, never a crash
        failure = runner.reproducible(exc, game, seed, tally.games)
        if not isinstance(failure, DeckpressError):
            raise
        if progress is not None and tally.games < most:
            progress(most - tally.games)
        return Skipped(card.id, card.name, str(failure).splitlines()[0])
    if progress is not None and tally.games < most:
        progress(most - tally.games)  # decided early: the bar's remaining games are not needed
    share, low, high = _share_change(tally, base, confidence, "first")
    draws, d_low, d_high = _share_change(tally, base, confidence, "draws")
    length, l_low, l_high = _length_change(tally, base, confidence)
    return RemovalRow(card.id, card.name, tally.games, tally.first / tally.games, share, low, high,
                      tally.draws / tally.games, draws, d_low, d_high, tally.mean, length, l_low, l_high,
                      not (low <= 0.0 <= high) and abs(share) >= SOME)


def table(rows: Sequence[RemovalRow | Skipped], most: int, base: _Tally, names: Sequence[str]) -> CardRemoval:
    """The measurement's result from every card's row, the largest drop of the first seat's share first."""
    measured = sorted((r for r in rows if isinstance(r, RemovalRow)), key=lambda r: r.first_change)
    return CardRemoval(
        tuple(measured), None, most, ROUND, tuple(r for r in rows if isinstance(r, Skipped)),
        RemovalBase(base.games, base.first / base.games, base.draws / base.games, base.mean),
        "every copy of the card taken out of the deck, the same seeded games as the playtest, every seat"
        f" playing {','.join(sorted(set(names)))}; a card stops once its change is decided")


def most_games(games: int) -> int:
    """Games per card at most."""
    return max(1, min(games, REMOVAL_GAMES))


def card_removal(game: str, deck: Deck, params: Params, games: int, seed: int, confidence: float,
                 strategy: str | None = None, progress: Progress | None = None,
                 base: Summary | None = None) -> CardRemoval:
    """Each card's impact by removal (see the module docstring), in this process
    (``deckpress check`` spreads the cards over its workers: :mod:`.card_runs`).
    ``base``: the playtest's summary of the whole deck (else ``games`` games are played here)."""
    if entry(game).default_strategy is None:
        return CardRemoval(reason=f"{game} has no player decisions")
    players = int(getattr(params, "players", 2))
    names = seat_strategies(game, strategy, players)
    if base is None:
        base = runner.simulate(game, deck, params, games=games, seed=seed, strategy=strategy)
    whole = base_tally(base)
    most = most_games(games)
    rows = [removal_row(game, deck, params, names, card, most, seed, whole, confidence, progress) for card in deck.cards]
    return table(rows, most, whole, names)
