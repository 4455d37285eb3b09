"""A designer's per-card measures, spread over the check's workers.

Card impact (:mod:`.card_impact`) and card removal (:mod:`.card_removal`)
measure every card of the deck, each card on its own, each stopping once
decided against the per-card band. Both compare each game with the same seeded
game as usually played (common random numbers, :mod:`.card_paired`): each worker
replays a usual game once, the first time a card needs it. Every
(measure, card) pair is one task; all of them go to the executor in one run
(one pool of workers for both measures), the costliest measure's tasks first.
A card's result does not depend on where it ran: its games are seeded by their
index alone, so ``--jobs 1`` and ``--jobs N`` give the same report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..deck.thresholds import Thresholds
from ..executor import InProcess
from ..games import runner
from ..games.designer.loader import ensure
from ..games.registry import make_game, seat_strategies
from ..games.spec import CardMeasures
from ..games.stats import Summary
from . import card_impact as impact
from . import card_removal as removal
from .card_paired import Band
from .card_sides import side_label, side_words
from .result import CardImpact, CardRemoval, ImpactRow, RemovalRow, Skipped
from .run import Run

Row = ImpactRow | RemovalRow | Skipped  # one card's result of one measure

Progress = Callable[[int], None]


def planned(games: int, cards: int, measures: CardMeasures = CardMeasures()) -> int:
    """Games the measures the game declares plan for a progress bar: each card's impact
    counts as ``min(games, IMPACT_GAMES)`` whatever the seats (the most it plays, rounded
    down to a multiple of the players), its removal as the most it plays."""
    return ((min(games, impact.IMPACT_GAMES) if measures.impact else 0)
            + (removal.most_games(games) if measures.removal else 0)) * cards


def card_measures(run: Run, base: Summary, measures: CardMeasures = CardMeasures(),
                  limits: Band | None = None) -> tuple[CardImpact | None, CardRemoval | None]:
    """(card impact, card removal) of every card of ``run``, ``base`` the playtest's summary (the
    whole deck's figures shown); None for a measure the game's spec leaves out
    (``measures``). ``limits``: the per-card band a card's change is decided against."""
    from .card_paired import band

    game, deck, params, games, seed = run.spec, run.deck, run.params, run.games, run.seed
    confidence, strategy, progress, executor = run.confidence, run.strategy, run.progress, run.executor

    limits = limits or band(Thresholds(), int(getattr(params, "players", 2)))
    players = int(getattr(params, "players", 2))
    names = tuple(seat_strategies(game, strategy, players))
    built = make_game(game, deck, params)
    why = impact.unsupported(run, built) if measures.impact else None
    most_impact, most_removal = impact.per_seat(games, players), removal.most_games(games)
    usual = impact.usual(base, players)
    whole = removal.base_tally(base)
    tasks: list[tuple[str, str]] = [("removal", c.id) for c in deck.cards] if measures.removal else []
    if why is None and measures.impact:
        tasks += [("impact", c.id) for c in deck.cards]
    elif measures.impact and progress is not None:
        progress(min(games, impact.IMPACT_GAMES) * len(deck.cards))
    setup = (game.source or game.name, runner.dump_deck(deck), params.model_dump(exclude_unset=True), names, seed,
             confidence, ((most_impact, most_removal, min(games, impact.IMPACT_GAMES)), usual,
                          (whole.games, whole.first, whole.draws, whole.total, whole.squares)), limits)
    runs = executor if executor is not None and len(tasks) > 1 else InProcess()
    rows: dict[int, Row] = {}
    for index, (row, games) in runs.run(_task, tasks, initializer=_init_worker, initargs=setup,
                                        fork=runs.kind == "processes"):
        rows[index] = row
        if progress is not None:
            progress(games)
    impacts = [r for k, (kind, _) in enumerate(tasks) if kind == "impact" and isinstance(r := rows[k], ImpactRow)]
    removals = [r for k, (kind, _) in enumerate(tasks) if kind == "removal" and not isinstance(r := rows[k], ImpactRow)]
    out_impact: CardImpact | None = None
    if measures.impact:
        out_impact = replace(impact.table(impacts, most_impact * players, usual, limits),
                             side=side_words(built, limits.unit)) if why is None else CardImpact(reason=why)
    out_removal = replace(removal.table(removals, most_removal, whole, names, limits),
                          side=side_label(built)) if measures.removal else None
    return out_impact, out_removal


_WORKER: dict[str, Any] = {}


def _init_worker(source: str, deck: bytes, values: dict[str, Any], names: tuple[str, ...], seed: int,
                 confidence: float,
                 counts: tuple[tuple[int, int, int], tuple[int, int], tuple[int, int, int, float, float]],
                 limits: Band) -> None:
    """``counts``: the most games of each measure, the usual share's count and the whole deck's tally."""
    most, usual, whole = counts
    spec = ensure(source)  # a designer's game.py is imported again in a spawned worker (a forked one has it)
    params = spec.params.model_validate(values)
    loaded = runner.load_deck(deck)
    tally = removal._Tally()
    tally.games, tally.first, tally.draws, tally.total, tally.squares = whole
    _WORKER.clear()
    _WORKER.update(game=spec, deck=loaded, params=params, built=make_game(spec, loaded, params),
                   names=names, seed=seed, confidence=confidence, most=most, usual=usual, whole=tally,
                   cards={c.id: c for c in loaded.cards}, limits=limits, cap=runner.turn_cap(spec.name, params),
                   run=Run(spec, loaded, params, 0, seed, confidence=confidence))


def _usual_game(index: int) -> impact.Usual:
    """The usual game ``index`` (with the cards offered to each seat), once per worker."""
    games: dict[int, impact.Usual] = _WORKER.setdefault("usual_games", {})
    if index not in games:
        w = _WORKER
        games[index] = impact.usual_game(w["built"], w["run"], w["names"], index, w["cap"])
    return games[index]


def _task(kind: str, card_id: str) -> tuple[Row, int]:
    """One card's row of one measure, and the games the progress bar planned for it."""
    w = _WORKER
    card = w["cards"][card_id]
    if kind == "impact":
        return impact.impact_row(w["run"], w["built"], w["names"], card, w["most"][0], _usual_game, w["limits"],
                                 w["cap"]), w["most"][2]
    return removal.removal_row(w["run"], w["names"], card, w["most"][1], _usual_game, w["limits"]), w["most"][1]
