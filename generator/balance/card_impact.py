"""Per-card impact by restricted play, for any game with player decisions.

For each card X of the deck, seat ``s`` (every seat position in turn) plays the
playtest's seeded games (game ``i`` of the run seeded ``seed``, the same deal
as the playtest's game ``i``, as chance comes first) never playing X while it
has another legal action (it holds X back; where X is its only move, it must).
The impact of X is the restricted seats' win share minus the usual share of a
seat in the playtest's games (every seat of every game: the games won over
``players x games``): a card whose holder does much worse without playing it
carries the game (a strong card); one whose holder does as well or better is a
card that barely matters (or one better kept). The interval is Newcombe's, from
the two Wilson intervals.

Sequential (:mod:`.sequential`): a card's games are played in rounds of
:data:`ROUND` per seat position, at most :data:`IMPACT_GAMES` in all, and the
card stops once its impact is decided: both ends of its interval in one band
(under 3 points, under 15 points, or more, either way; the bands of the skill
gap). Cards near a band's edge get every game; clear ones stop early.

A game whose actions name the card they play (``Action("play", "9S")``; any
action whose value is the card id, or ends in ``:ID``) supports it; others are
skipped with a note.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from ..deck.model import Deck
from ..games import runner
from ..games.api import CHANCE, SIMULTANEOUS, Game, Turn
from ..games.params import Params
from ..games.registry import entry, make_game, make_strategy, seat_strategies
from ..games.stats import Summary
from .intervals import wilson
from .result import CardImpact, ImpactRow
from .sequential import change_decided

IMPACT_GAMES = 120  # at most, per card, over all seat positions
ROUND = 10  # games per seat position between two looks at a card's interval
METHOD = "a seat that never plays the card (while it has another move), seats rotated"
Progress = Callable[[int], None]


def _card_of(action: Any) -> str:
    value = str(action.value)
    return value.rpartition(":")[2]


class _Without:
    """Plays as ``inner`` but never card ``card`` while another legal action exists."""

    name = "without"
    deterministic = False

    def __init__(self, inner: Any, card: str) -> None:
        self.inner, self.card = inner, card
        self.uses_view = getattr(inner, "uses_view", True)

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        legal = turn.legal
        if not any(_card_of(a) == self.card for a in legal):
            return self.inner.choose(turn, rng)
        others = [a for a in legal if _card_of(a) != self.card]
        if not others:
            return legal[0]
        action = self.inner.choose(turn.with_legal(others), rng)
        return action if action in others else others[0]


def unsupported(game: str, built: Game, deck: Deck, seed: int) -> str | None:
    """Why card impact cannot be measured for this game (None: it can)."""
    if entry(game).default_strategy is None:
        return f"{game} has no player decisions"
    probe: Any = built.new_state()
    while probe.current() == CHANCE and not probe.is_over():
        probe.apply(probe.sample_chance(random.Random(seed)))
    first = (probe.legal_actions(0) if probe.current() == SIMULTANEOUS else probe.legal_actions()) \
        if not probe.is_over() else []
    if probe.is_over() or not any(_card_of(a) in {c.id for c in deck.cards} for a in first):
        return "the game's actions do not name the card they play"
    return None


def per_seat(games: int, players: int) -> int:
    """Games per seat position for each card."""
    return max(1, min(games, IMPACT_GAMES) // players)


def usual(summary: Summary, players: int) -> tuple[int, int]:
    """(seats that won, seats that played) over the playtest's games: the usual share's count."""
    return sum(summary.wins[:players]), summary.games * players


class _Seen:
    """Plays as ``inner`` and notes every card offered to its seat (in ``seen``): the
    game is the same, move for move, as with ``inner`` alone."""

    name = "seen"
    deterministic = False

    def __init__(self, inner: Any, seen: set[str]) -> None:
        self.inner, self.seen = inner, seen
        self.uses_view = getattr(inner, "uses_view", True)

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        self.seen.update(_card_of(a) for a in turn.legal)
        return self.inner.choose(turn, rng)


Usual = tuple[bool, int | None, list[set[str]]]  # unfinished, winner, the cards offered to each seat


def usual_game(built: Game, game: str, names: Sequence[str], seed: int, index: int) -> Usual:
    """Game ``index`` as usually played (the playtest's game), with the cards offered to each seat."""
    seen: list[set[str]] = [set() for _ in names]
    strategies = [_Seen(make_strategy(game, n), seen[k]) for k, n in enumerate(names)]
    result = runner.play(built, strategies, runner.game_rng(seed, index))  # type: ignore[arg-type]
    return result.unfinished, result.winner, seen


def impact_row(built: Game, game: str, names: Sequence[str], card: Any, most: int, seed: int,
               base: tuple[int, int], confidence: float, usual_games: Callable[[int], Usual] | None = None,
               progress: Progress | None = None) -> ImpactRow:
    """Card ``card``'s row: rounds of :data:`ROUND` games per seat position, at most
    ``most``, until its impact is decided. A seat never offered the card in the usual
    game ``i`` (``usual_games(i)``) plays that game as usual, move for move, so its
    outcome is taken from the usual game instead of playing it again."""
    players = len(names)
    won = done = 0
    row: ImpactRow | None = None
    usual_of = usual_games or (lambda i: usual_game(built, game, names, seed, i))
    while done < most:
        stop = min(most, done + ROUND)
        for index in range(done, stop):
            unfinished, winner, seen = usual_of(index)
            for seat in range(players):
                if card.id not in seen[seat]:
                    won += winner == seat and not unfinished
                    continue
                strategies = [make_strategy(game, n) for n in names]
                strategies[seat] = _Without(strategies[seat], card.id)  # type: ignore[assignment]
                result = runner.play(built, strategies, runner.game_rng(seed, index))
                won += result.winner == seat and not result.unfinished
        if progress is not None:
            progress((stop - done) * players)
        done = stop
        row = _row(card, won, done * players, base, confidence)
        if change_decided(row.impact, row.low, row.high):
            break
    if progress is not None and done < most:
        progress((most - done) * players)  # decided early: the bar's remaining games are not needed
    assert row is not None  # most >= 1 (per_seat)
    return row


def _row(card: Any, won: int, total: int, base: tuple[int, int], confidence: float) -> ImpactRow:
    low, high = wilson(won, total, confidence)
    b_low, b_high = wilson(base[0], base[1], confidence)
    p, q = won / total, base[0] / base[1]
    delta = p - q
    return ImpactRow(card.id, card.name, total, p, q, delta, delta - math.hypot(p - low, b_high - q),
                     delta + math.hypot(high - p, q - b_low))


def table(rows: list[ImpactRow], most: int, base: tuple[int, int]) -> CardImpact:
    """The measurement's result: the rows, strongest first."""
    return CardImpact(tuple(sorted(rows, key=lambda r: r.impact)), None, most, ROUND, base[0] / base[1], base[1],
                      METHOD + "; a card stops once its impact is decided")


def card_impact(game: str, deck: Deck, params: Params, games: int, seed: int, confidence: float,
                strategy: str | None = None, progress: Progress | None = None,
                base: Summary | None = None) -> CardImpact:
    """Each card's impact (see the module docstring), strongest first, in this
    process (``deckpress check`` spreads the cards over its workers:
    :mod:`.card_runs`). ``base``: the playtest's summary (else its games are played here)."""
    built = make_game(game, deck, params)
    why = unsupported(game, built, deck, seed)
    if why is not None:
        return CardImpact(reason=why)
    players = int(getattr(params, "players", 2))
    names = seat_strategies(game, strategy, players)
    if base is None:
        base = runner.simulate(game, deck, params, games=games, seed=seed, strategy=strategy)
    count = usual(base, players)
    most = per_seat(games, players)
    cache: dict[int, Usual] = {}

    def usual_of(index: int) -> Usual:
        if index not in cache:
            cache[index] = usual_game(built, game, names, seed, index)
        return cache[index]

    rows = [impact_row(built, game, names, card, most, seed, count, confidence, usual_of, progress)
            for card in deck.cards]
    return table(rows, most * players, count)
