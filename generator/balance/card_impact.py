"""Per-card impact by restricted play, for any game with player decisions.

For each card X of the deck, seat ``s`` (every seat in turn) plays the playtest's
seeded games (game ``i`` from the same random stream as the playtest's game ``i``)
never taking X while it has another legal action: it plays as usual until the
moment it would take X, then takes its best other move (where X is its only
move, it must). Common random numbers (:mod:`.card_paired`): each such game is
compared with the same game as usually played, the same seat's result in each
(every seat of every game: one pair each). Only the games in which the seat,
playing as usual, took X while it had another move are played again: in any
other game never taking X is the same game, move for move, a difference of 0.
The impact of X is the mean difference over all pairs, in the game's own measure
(win share, a draw shared; mean return where the game declares ``utility``): how
much a seat's usual result changes when it commits to never taking X (where the game
has partners, the result of the seat's team: :mod:`.card_sides`), with the
normal interval of a mean difference. A card whose seat does much worse without
it carries the game (a strong card); one whose seat does better without it is a
trap. A card no seat takes reads 0.

Sequential: a card's games are played in rounds of :data:`ROUND` game indices,
at most :func:`per_seat` of them, and the card stops once its impact is decided
against the per-card band (:func:`.card_paired.decided`). Cards near an edge of
the band get every game; clear ones stop early.

A game whose actions name the card they play (``Action("play", "9S")``; any
action whose value is the card id, or ends in ``:ID``) supports it; others are
skipped with a note.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..deck.thresholds import Thresholds
from ..games import runner
from ..games.api import CHANCE, SIMULTANEOUS, Game, Turn
from ..games.registry import make_game, make_strategy, seat_strategies
from ..games.stats import Summary
from .card_paired import Band, Outcome, Paired, band, decided, outcome
from .card_sides import side_value, side_words
from .result import CardImpact, ImpactRow
from .run import Run

IMPACT_GAMES = 120  # at most, per card, over all seat positions
ROUND = 10  # game indices between two looks at a card's interval
METHOD = ("a seat that never takes the card (while it has another move) against the same seat's usual play"
          " of the same seeded game, every seat in turn")
Progress = Callable[[int], None]


def _card_of(action: Any) -> str:
    value = str(action.value)
    return value.rpartition(":")[2]


class _Without:
    """Plays as ``inner`` but never card ``card`` while another legal action exists:
    ``inner`` is asked as usual, and only when it takes the card is it asked again
    without it (so until then the game is the usual one, move for move)."""

    name = "without"
    deterministic = False

    def __init__(self, inner: Any, card: str) -> None:
        self.inner, self.card = inner, card
        self.uses_view = getattr(inner, "uses_view", True)

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        action = self.inner.choose(turn, rng)
        if _card_of(action) != self.card:
            return action
        others = [a for a in turn.legal if _card_of(a) != self.card]
        if not others:
            return action
        action = self.inner.choose(turn.with_legal(others), rng)
        return action if action in others else others[0]


def unsupported(run: Run, built: Game) -> str | None:
    """Why card impact cannot be measured for this game (None: it can)."""
    deck, seed = run.deck, run.seed
    if run.spec.default_strategy is None:
        return f"{run.game} has no player decisions"
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


class _Seen:
    """Plays as ``inner`` and notes every card offered to its seat (in ``seen``) and
    every card it took while it had another move (in ``took``): the game is the
    same, move for move, as with ``inner`` alone."""

    name = "seen"
    deterministic = False

    def __init__(self, inner: Any, seen: set[str], took: set[str]) -> None:
        self.inner, self.seen, self.took = inner, seen, took
        self.uses_view = getattr(inner, "uses_view", True)

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        offered = {_card_of(a) for a in turn.legal}
        self.seen.update(offered)
        action = self.inner.choose(turn, rng)
        card = _card_of(action)
        if len(offered) > 1 or any(_card_of(a) != card for a in turn.legal):
            self.took.add(card)
        return action


Usual = Outcome  # a usual game: the per-seat measure, and (in ``seen``) the cards each seat took by choice


def usual_game(built: Game, run: Run, names: Sequence[str], index: int, cap: int | None = None) -> Usual:
    """Game ``index`` of ``run`` as usually played (the playtest's game), with the cards each
    seat took while it had another move (its ``seen``)."""
    game, seed = run.spec, run.seed
    seen: list[set[str]] = [set() for _ in names]
    took: list[set[str]] = [set() for _ in names]
    strategies = [_Seen(make_strategy(game, n), seen[k], took[k]) for k, n in enumerate(names)]
    result = runner.play(built, strategies, runner.game_rng(seed, index), max_steps=cap)  # type: ignore[arg-type]
    return outcome(result, len(names), took)


def impact_row(run: Run, built: Game, names: Sequence[str], card: Any, most: int,
               usual_of: Callable[[int], Usual], limits: Band, cap: int | None = None) -> ImpactRow:
    """Card ``card``'s row (``run``: its game, seed, confidence and progress): rounds of
    :data:`ROUND` game indices, at most ``most``, until
    its impact is decided against ``limits``. Only a seat that took the card by choice in
    the usual game ``i`` (``usual_of(i)``) plays it again without the card; every other
    pair is the same game (a difference of 0, counted without playing it again)."""
    game, seed, confidence, progress = run.spec, run.seed, run.confidence, run.progress
    players = len(names)
    pairs = Paired()
    done = 0
    while done < most:
        stop = min(most, done + ROUND)
        for index in range(done, stop):
            base = usual_of(index)
            for seat in range(players):
                usual_value = side_value(base.values, seat, built, limits.unit)  # the seat's, or its team's
                if card.id not in base.seen[seat]:  # never took it by choice: never taking it is the same game
                    pairs.add(usual_value, usual_value)
                    continue
                strategies = [make_strategy(game, n) for n in names]
                strategies[seat] = _Without(strategies[seat], card.id)  # type: ignore[assignment]
                result = runner.play(built, strategies, runner.game_rng(seed, index), max_steps=cap)
                pairs.add(side_value(outcome(result, players).values, seat, built, limits.unit), usual_value)
        if progress is not None:
            progress((stop - done) * players)
        done = stop
        _, low, high = pairs.interval(confidence, limits.span, limits.pseudo)
        if pairs.n >= 2 and decided(low, high, limits):
            break
    if progress is not None and done < most:
        progress((most - done) * players)  # decided early: the bar's remaining games are not needed
    return _row(card, pairs, confidence, limits)


def _row(card: Any, pairs: Paired, confidence: float, limits: Band) -> ImpactRow:
    impact, low, high = pairs.interval(confidence, limits.span, limits.pseudo)
    share, usual_share = pairs.means()
    return ImpactRow(card.id, card.name, pairs.n, share, usual_share, impact, low, high)


def table(rows: list[ImpactRow], most: int, base: tuple[int, int], limits: Band | None = None) -> CardImpact:
    """The measurement's result: the rows, strongest first."""
    unit = limits.unit if limits is not None else "share"
    return CardImpact(tuple(sorted(rows, key=lambda r: r.impact)),
                      METHOD + "; a card stops once its impact is decided against the per-card band", unit,
                      games_per_card=most, round=ROUND, usual_share=base[0] / base[1], usual_games=base[1])


def usual(summary: Summary, players: int) -> tuple[int, int]:
    """(seats that won, seats that played) over the playtest's games: the usual share's count."""
    return sum(summary.wins[:players]), summary.games * players


def card_impact(run: Run, base: Summary | None = None, limits: Band | None = None) -> CardImpact:
    """Each card's impact (see the module docstring) in ``run``, strongest first, in this
    process (``deckpress check`` spreads the cards over its workers:
    :mod:`.card_runs`). ``base``: the playtest's summary (else its games are played here);
    ``limits``: the per-card band (default: the default thresholds, one seat a side)."""
    game, deck, params, games, seed, strategy = run.spec, run.deck, run.params, run.games, run.seed, run.strategy
    built = make_game(game, deck, params)
    why = unsupported(run, built)
    if why is not None:
        return CardImpact(reason=why)
    players = int(getattr(params, "players", 2))
    names = seat_strategies(game, strategy, players)
    if base is None:
        base = runner.simulate(game.name, deck, params, games=games, seed=seed, strategy=strategy)
    limits = limits or band(Thresholds(), players)
    count = usual(base, players)
    most = per_seat(games, players)
    cap = runner.turn_cap(game.name, params)
    cache: dict[int, Usual] = {}

    def usual_of(index: int) -> Usual:
        if index not in cache:
            cache[index] = usual_game(built, run, names, index, cap)
        return cache[index]

    rows = [impact_row(run, built, names, card, most, usual_of, limits, cap) for card in deck.cards]
    return replace(table(rows, most * players, count, limits), side=side_words(built, limits.unit))
