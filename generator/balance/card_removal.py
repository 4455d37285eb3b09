"""Per-card impact by removal, for any game with player decisions: what changes
when card X is taken out of the deck.

For each card X (all its copies), the playtest's seeded games are played with the
deck less X, every seat playing the playtest's strategy, and each is compared with
the same game of the whole deck (game ``i`` of both from the same random stream:
common random numbers, :mod:`.card_paired`): pair by pair, so a card the game never
uses gives the same games and reads exactly 0. Reported per card: side 0's measure
(seat 0's, or its team's where the game has partners: :mod:`.card_sides`; its share of
all games, a draw shared; its mean return where the game declares ``utility``),
the draws and the mean game length (showdowns, tricks or turns), each with its
change against the same games of the whole deck and the normal interval of the
mean difference of the pairs.

Sequential: a card's games are played in rounds of :data:`ROUND`, at most
``games`` (default :data:`REMOVAL_GAMES`); after each round the card stops once
its change of seat 0's measure is decided against the per-card band
(:func:`.card_paired.decided`). A card whose removal the game refuses (the deck
must keep a size the rules need) is listed with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..deck.model import Deck
from ..deck.thresholds import Thresholds
from ..errors import DeckpressError
from ..games import runner
from ..games.registry import make_game, make_strategy, seat_strategies
from ..games.stats import Summary
from .card_impact import Usual, usual_game
from .card_paired import Band, Paired, band, decided, outcome
from .card_sides import base_share, side_label, side_value
from .result import CardRemoval, RemovalBase, RemovalRow, Skipped
from .run import Run
from .sequential import SOME

REMOVAL_GAMES = 200  # at most, per card
ROUND = 50  # games between two looks at a card's interval
Progress = Callable[[int], None]


class _Tally:
    """First-seat wins, draws and lengths of a run of games."""

    def __init__(self) -> None:
        self.games = self.draws = 0
        self.first = 0.0  # side 0's wins, a draw shared (or its summed return)
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


def without(deck: Deck, card: str) -> Deck:
    """``deck`` with every copy of ``card`` taken out."""
    return replace(deck, cards=tuple(c for c in deck.cards if c.id != card))


def base_tally(summary: Summary) -> _Tally:
    """The whole deck's tally from the playtest's summary: the same seeded games, so
    card removal compares against the playtest itself (not a shorter run of its own)."""
    tally = _Tally()
    # one base with every card's row (card_sides): side 0's share of all games, a draw shared, or its mean return
    first = base_share(summary, "return" if summary.returns else "share")
    tally.games, tally.first, tally.draws = summary.games, first * summary.games, summary.draws
    tally.total = float(sum(k * v for k, v in summary.lengths.items()))
    tally.squares = float(sum(k * k * v for k, v in summary.lengths.items()))
    return tally


def removal_row(run: Run, names: Sequence[str], card: Any, most: int, usual_of: Callable[[int], Usual],
                limits: Band) -> RemovalRow | Skipped:
    """Card ``card``'s row (rounds of :data:`ROUND` games until decided, at most ``most``),
    each game of ``run`` without the card paired with the whole deck's game of the same index
    (``usual_of``), or :class:`~.result.Skipped` with the reason when the game refuses the deck without it."""
    game, deck, params, seed, confidence, progress = run.spec, run.deck, run.params, run.seed, run.confidence, run.progress
    try:
        built = make_game(game, without(deck, card.id), params)
    except (DeckpressError, ValueError) as exc:
        if progress is not None:
            progress(most)
        return Skipped(card.id, card.name, str(exc).splitlines()[0])
    players, cap = len(names), runner.turn_cap(game.name, params)
    first, draws, length = Paired(), Paired(), Paired()
    try:
        while first.n < most:
            start, stop = first.n, min(most, first.n + ROUND)
            for index in range(start, stop):
                mine = outcome(runner.play(built, [make_strategy(game, n) for n in names],
                                           runner.game_rng(seed, index), max_steps=cap), players)
                base = usual_of(index)
                first.add(side_value(mine.values, 0, built, limits.unit), side_value(base.values, 0, built, limits.unit))
                draws.add(float(mine.draw), float(base.draw))
                length.add(float(mine.tricks), float(base.tricks))
            if progress is not None:
                progress(stop - start)
            if decided(*first.interval(confidence, limits.span, limits.pseudo)[1:], limits):
                break
    except Exception as exc:  # the game cannot play without this card: its own reason, never a crash
        failure = runner.reproducible(exc, game.name, seed, first.n)
        if not isinstance(failure, DeckpressError):
            raise
        if progress is not None and first.n < most:
            progress(most - first.n)
        return Skipped(card.id, card.name, str(failure).splitlines()[0])
    if progress is not None and first.n < most:
        progress(most - first.n)  # decided early: the bar's remaining games are not needed
    share, low, high = first.interval(confidence, limits.span, limits.pseudo)
    draw, d_low, d_high = draws.interval(confidence)
    change, l_low, l_high = length.interval(confidence, 0.0)
    return RemovalRow(card.id, card.name, first.n, first.means()[0], share, low, high,
                      draws.means()[0], draw, d_low, d_high, length.means()[0], change, l_low, l_high,
                      not (low <= 0.0 <= high) and abs(share) >= SOME * (limits.scale / 0.5))


def table(rows: Sequence[RemovalRow | Skipped], most: int, base: _Tally, names: Sequence[str],
          limits: Band | None = None) -> CardRemoval:
    """The measurement's result from every card's row, the largest drop of seat 0's measure first."""
    measured = sorted((r for r in rows if isinstance(r, RemovalRow)), key=lambda r: r.first_change)
    return CardRemoval(
        tuple(measured), tuple(r for r in rows if isinstance(r, Skipped)),
        RemovalBase(base.games, base.first / base.games, base.draws / base.games, base.mean),
        "every copy of the card taken out of the deck, each game against the same seeded game of the whole deck,"
        f" every seat playing {','.join(sorted(set(names)))}; a card stops once its change is decided against the"
        " per-card band", limits.unit if limits is not None else "share", games_per_card=most, round=ROUND)


def most_games(games: int) -> int:
    """Games per card at most."""
    return max(1, min(games, REMOVAL_GAMES))


def card_removal(run: Run, base: Summary | None = None, limits: Band | None = None) -> CardRemoval:
    """Each card's impact by removal (see the module docstring) in ``run``, in this process
    (``deckpress check`` spreads the cards over its workers: :mod:`.card_runs`).
    ``base``: the playtest's summary of the whole deck (else ``run.games`` games are played
    here), shown as the whole deck's figures; ``limits``: the per-card band."""
    game, deck, params, games, seed, strategy = run.spec, run.deck, run.params, run.games, run.seed, run.strategy
    if game.default_strategy is None:
        return CardRemoval(reason=f"{game.name} has no player decisions")
    players = int(getattr(params, "players", 2))
    names = seat_strategies(game, strategy, players)
    if base is None:
        base = runner.simulate(game.name, deck, params, games=games, seed=seed, strategy=strategy)
    whole = base_tally(base)
    most = most_games(games)
    limits = limits or band(Thresholds(), players)
    built, cap = make_game(game, deck, params), runner.turn_cap(game.name, params)
    cache: dict[int, Usual] = {}

    def usual_of(index: int) -> Usual:
        if index not in cache:
            cache[index] = usual_game(built, run, names, index, cap)
        return cache[index]

    rows = [removal_row(run, names, card, most, usual_of, limits) for card in deck.cards]
    return replace(table(rows, most, whole, names, limits), side=side_label(built))
