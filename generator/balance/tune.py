"""``deckpress tune``: search the changes a designer allows for one that meets the design targets.

The designer names what may change (``--vary take=1..4``, ``--vary 'cards.*.worth=1..9'``,
or the deck file's ``balance: tune: vary:``) and the targets (``balance: targets:``).
The search is optuna's TPE sampler (seeded: the same seed finds the same changes),
every candidate scored by a seeded playtest of the changed deck (:func:`score`: the
distance of its measures from the targets, :func:`.targets.distance`); a candidate
plays in stages (a quarter, a half, all of its games) and optuna's median pruner stops
one that is already worse than most, so clear losers cost a quarter of a playtest.
Every candidate plays the same seeded games (common random numbers), so two
candidates differ by their change, not by their luck.

``NAME=0..10`` tries whole numbers, ``NAME=0.0..10.0`` any number in the range.
``cards.*.FIELD`` varies that field of the cards whose win share misses the
``card_share`` band in a playtest of the deck as it is (at most :data:`MAX_CARDS`, the
worst first); without a ``card_share`` target, of every card (at most :data:`MAX_CARDS`).

The best few candidates are then played again with more games and judged target by
target (met, missed, undecided). ``--apply`` writes the best one's card values into the
deck's YAML, CSV or XLSX (formatting kept, as ``check --suggest --apply`` does); a rule
parameter cannot be written into a game's code, so it is printed as the ``--set`` to use.
"""

from __future__ import annotations

import dataclasses
import math
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from ..deck.model import Card, Deck
from ..deck.targets import TargetsIn, parse_vary
from ..errors import ParameterError
from ..games.params import Params
from ..games.runner import simulate
from ..games.spec import GameSpec
from ..games.stats import Summary
from .playstats import contenders, named, team_seats
from .run import Run
from .targets import Measures, TargetResult, cards_outside, distance, evaluate

MAX_CARDS = 8  # card values varied at once under cards.*.FIELD
DEFAULT_BUDGET = 30  # candidates
CENTRE = 0.1  # the search's pull towards the middle of each band (targets.distance)
STAGES = (0.25, 0.5, 1.0)  # a candidate's games played before each pruning decision
BUDGET_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Vary:
    """One thing the search may change: a rule parameter or one card's field."""

    key: str  # "take", or "cards.M19.worth"
    low: float
    high: float
    integer: bool
    card: str | None = None
    field: str | None = None

    def label(self, value: float) -> str:
        return f"{self.key}={_show(value)}"


def _show(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass
class Candidate:
    values: dict[str, float]
    score: float
    measures: Measures | None = None
    results: list[TargetResult] = field(default_factory=list)

    def changes(self, before: Mapping[str, float]) -> list[str]:
        return [f"{k}: {_show(before[k])} -> {_show(v)}" for k, v in self.values.items() if before.get(k) != v]


@dataclass
class TuneReport:
    targets: TargetsIn
    varied: list[Vary]
    before: Candidate
    best: list[Candidate]
    evaluations: int
    pruned: int
    seconds: float
    interrupted: bool = False
    original: dict[str, float] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)  # why the game refused candidates (one per refusal)

    def to_json(self) -> dict[str, Any]:
        def one(c: Candidate) -> dict[str, Any]:
            return {"values": c.values, "changes": c.changes(self.original), "score": round(c.score, 3),
                    "targets": [r.to_json() for r in c.results]}

        return {"varied": [v.key for v in self.varied], "before": one(self.before), "best": [one(c) for c in self.best],
                "evaluations": self.evaluations, "pruned": self.pruned, "seconds": round(self.seconds, 1),
                "interrupted": self.interrupted, "refused": len(self.refused),
                "refused_because": sorted(set(self.refused))}


def parse_budget(text: str | int | None) -> tuple[int | None, float | None]:
    """(evaluations, seconds): ``40`` is 40 candidates, ``10m``/``90s``/``1h`` a time."""
    if text is None:
        return DEFAULT_BUDGET, None
    if isinstance(text, int) or str(text).strip().isdigit():
        n = int(text)
        if not 1 <= n <= 10_000:
            raise ParameterError(f"--budget {text}: between 1 and 10000 candidates")
        return n, None
    found = BUDGET_RE.match(str(text))
    if not found:
        raise ParameterError(f"--budget {text!r}: a number of candidates (40) or a time (90s, 10m, 1h)")
    seconds = float(found.group(1)) * {"s": 1, "m": 60, "min": 60, "h": 3600}[found.group(2).lower()]
    return None, seconds


def field_value(card: Card, name: str) -> float:
    raw = card.values.get(name) if name in card.values else card.fields.get(name)
    try:
        return float(raw) if raw not in (None, "") else 0.0
    except (TypeError, ValueError):
        raise ParameterError(f"--vary cards.{card.id}.{name}: the card's value {raw!r} is not a number") from None


def plan(texts: Sequence[str], deck: Deck, params: Params, worst_cards: Sequence[str] = ()) -> list[Vary]:
    """The varied things named by ``texts`` (``--vary`` values), checked against the deck and game."""
    out: list[Vary] = []
    model = type(params)
    for text in texts:
        try:
            key, lo, hi = parse_vary(text)
        except ValueError as exc:
            raise ParameterError(f"--vary {exc}") from None
        # whole steps when both ends are written without a decimal point (0..10); 0.0..10.0 for any value
        integer = "." not in text.partition("=")[2].replace("..", "")
        if not key.startswith("cards."):
            info = model.model_fields.get(key)
            if info is None or key in ("players", "max_tricks"):
                valid = ", ".join(k for k in model.model_fields if k not in ("players", "max_tricks"))
                raise ParameterError(f"--vary {text!r}: {key!r} is not a rule parameter of this game; valid: {valid}")
            integer = integer or info.annotation is int
            out.append(Vary(key, lo, hi, integer))
            continue
        _, who, name = key.split(".", 2)
        if name not in deck.fields and name not in {a.key for a in deck.attributes}:
            known = ", ".join([*deck.fields, *(a.key for a in deck.attributes)]) or "none"
            raise ParameterError(f"--vary {text!r}: the deck has no card field {name!r} (fields and attributes: {known})")
        if who == "*":
            ids = list(worst_cards)[:MAX_CARDS] or [c.id for c in deck.cards][:MAX_CARDS]
        else:
            deck.card(who)  # a clear error for an unknown id
            ids = [who]
        out += [Vary(f"cards.{cid}.{name}", lo, hi, integer, cid, name) for cid in ids]
    if not out:
        raise ParameterError("nothing to vary: give --vary NAME=LOW..HIGH (or balance: tune: vary: in the deck file)")
    return out


def current(varied: Sequence[Vary], deck: Deck, params: Params) -> dict[str, float]:
    out = {}
    for v in varied:
        if v.card is not None and v.field is not None:
            out[v.key] = field_value(deck.card(v.card), v.field)
        else:
            out[v.key] = float(getattr(params, v.key))
    return out


def changed(deck: Deck, params: Params, varied: Sequence[Vary],
            values: Mapping[str, float]) -> tuple[Deck, Params]:
    """The deck and parameters with ``values`` put in."""
    updates = {v.key: (int(values[v.key]) if v.integer else values[v.key]) for v in varied if v.card is None}
    if updates:
        given = {k: getattr(params, k) for k in params.model_fields_set}  # as the user set them: defaults stay defaults
        try:
            params = type(params).model_validate({**given, **updates})
        except ValidationError as exc:  # a combination the game refuses (War: objective=2 in classic)
            why = "; ".join(str(e.get("msg", "")).removeprefix("Value error, ") for e in exc.errors())
            shown = ", ".join(f"{k}={_show(float(x))}" for k, x in updates.items())
            raise ParameterError(f"the game refuses {shown}: {why}") from None
    by_card: dict[str, dict[str, float]] = {}
    for v in varied:
        if v.card is not None and v.field is not None:
            by_card.setdefault(v.card, {})[v.field] = values[v.key]
    if by_card:
        cards = []
        for card in deck.cards:
            new = by_card.get(card.id)
            if new:
                fields = {**card.fields, **{k: _show(x) for k, x in new.items() if k in card.fields or k in deck.fields}}
                numbers = {**card.values, **{k: x for k, x in new.items() if k in card.values}}
                card = dataclasses.replace(card, fields=fields, values=numbers)
            cards.append(card)
        deck = dataclasses.replace(deck, cards=tuple(cards))
    return deck, params


def measures(summary: Summary, unit: str, skill: tuple[float, float, float] | None = None,
             confidence: float = 0.95) -> Measures:
    sides = contenders(named(summary.game), summary.players)
    wins = list(summary.wins[:sides])
    teams = team_seats(named(summary.game), summary.params) if sides == summary.players else None
    if teams:  # a designer's partners: a team's wins are its seats' together (docs/balance.md, "Sides")
        wins = [sum(summary.wins[s] for s in team if s < len(summary.wins)) for team in teams]
    return Measures(sides=len(wins), games=summary.games, wins=wins, draws=summary.draws,
                    lengths=summary.lengths, unit=unit, skill=skill,
                    cards={k: (v[0], v[1]) for k, v in summary.card_stats.items()}, confidence=confidence,
                    teams=sides != summary.players or bool(teams))


def unit_of(spec: GameSpec) -> str:
    return str(getattr(spec, "unit", None) or "turns")


Playtest = Callable[[Deck, Params, int], Measures]


def playtester(run: Run, targets: TargetsIn) -> Playtest:
    """``(deck, params, games) -> Measures``: a seeded playtest of ``run``'s game (``run.seed``,
    ``run.strategy``, ``run.jobs``; and a skill gap when the targets ask for one)."""
    game, seed, strategy, jobs, confidence = run.spec, run.seed, run.strategy, run.jobs, run.confidence
    unit = unit_of(game)

    def play(deck: Deck, params: Params, games: int) -> Measures:
        summary = simulate(game.name, deck, params, games=games, seed=seed, strategy=strategy, jobs=jobs,
                           engine="reference")
        skill = None
        if targets.skill_gap is not None:
            from .skill import skill_gap

            gap = skill_gap(Run(game, deck, params, games, seed, confidence=confidence))
            if gap.measured:
                skill = (100 * gap.gap, 100 * gap.low, 100 * gap.high)
        return measures(summary, unit, skill, confidence)

    return play


def tune(run: Run, targets: TargetsIn, vary: Sequence[str], *, confirm_games: int = 2000,
         budget: str | int | None = None, keep: int = 3,
         progress: Callable[[int, int | None, Candidate | None], None] | None = None,
         playtest: Playtest | None = None) -> TuneReport:
    """Search the ``vary`` space for the deck and parameters closest to ``targets``:
    ``run``'s deck and parameters as they are, each candidate playing ``run.games`` games
    (in stages) from ``run.seed``, the best ``keep`` confirmed with ``confirm_games``."""
    import optuna

    deck, params, games, seed = run.deck, run.params, run.games, run.seed

    if not targets.named():
        raise ParameterError("no design targets: add balance: targets: to the deck file (docs/balance.md)")
    trials, seconds = parse_budget(budget)
    play = playtest or playtester(run, targets)
    start = time.perf_counter()
    baseline = play(deck, params, games)
    varied = plan(vary, deck, params, cards_outside(targets, baseline))
    original = current(varied, deck, params)
    before = Candidate(original, distance(targets, baseline), baseline)

    optuna.logging.set_verbosity(optuna.logging.ERROR)  # its "Trial failed" traceback on Ctrl-C: not for users
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed),
                                pruner=optuna.pruners.MedianPruner(n_startup_trials=5, n_warmup_steps=0))
    if all(v.low <= original[v.key] <= v.high for v in varied):  # the deck as it is, when inside the ranges
        study.enqueue_trial({v.key: (int(original[v.key]) if v.integer else original[v.key]) for v in varied})
    scored: dict[tuple[float, ...], Candidate] = {}
    refused: list[str] = []  # combinations the game's parameters refuse
    best: list[Candidate | None] = [None]

    def objective(trial: Any) -> float:
        values = {v.key: float(trial.suggest_int(v.key, int(v.low), int(v.high)) if v.integer
                               else trial.suggest_float(v.key, v.low, v.high)) for v in varied}
        try:
            d, p = changed(deck, params, varied, values)
        except ParameterError as exc:  # the game refuses this combination: no candidate
            refused.append(str(exc))
            raise optuna.TrialPruned() from None
        score = math.inf
        for i, share in enumerate(STAGES):
            m = play(d, p, max(20, int(games * share)))
            score = distance(targets, m, CENTRE) + _size(varied, values, original)
            trial.report(score, i)
            if i < len(STAGES) - 1 and trial.should_prune():
                raise optuna.TrialPruned()
        key = tuple(values[v.key] for v in varied)
        scored[key] = Candidate(values, score, m)
        if best[0] is None or score < best[0].score:
            best[0] = scored[key]
        return score

    def tick(study: Any, trial: Any) -> None:
        if progress is not None:
            progress(len(study.trials), trials, best[0])

    interrupted = False
    try:
        study.optimize(objective, n_trials=trials, timeout=seconds, callbacks=[tick], catch=())
    except KeyboardInterrupt:
        interrupted = True  # the best so far is kept
    pruned = sum(t.state == optuna.trial.TrialState.PRUNED for t in study.trials) - len(refused)
    if not scored and refused and not interrupted:
        reasons = sorted(set(refused))
        raise ParameterError(f"every candidate ({len(refused)}) was refused by the game: " + "; ".join(reasons[:3])
                             + (f" (and {len(reasons) - 3} more)" if len(reasons) > 3 else "")
                             + "; narrow --vary or --set the parameters they need")
    top = sorted(scored.values(), key=lambda c: c.score)[:keep]
    confirmed = []
    if not interrupted:
        try:
            for cand in top:  # played again with more games, then judged target by target
                d, p = changed(deck, params, varied, cand.values)
                m = play(d, p, confirm_games)
                confirmed.append(Candidate(cand.values, distance(targets, m), m, evaluate(targets, m)))
            confirmed.sort(key=lambda c: (sum(r.status == "missed" for r in c.results),
                                          sum(r.status == "undecided" for r in c.results),
                                          c.score, _size(varied, c.values, original)))
        except KeyboardInterrupt:  # stopped while confirming: the search's own scores, unconfirmed
            interrupted, confirmed = True, []
    if interrupted:
        for cand in top:
            confirmed.append(Candidate(cand.values, cand.score, cand.measures,
                                       evaluate(targets, cand.measures) if cand.measures else []))
    full_before = baseline
    if not interrupted:
        try:
            full_before = play(deck, params, confirm_games)
        except KeyboardInterrupt:
            interrupted = True
    before = Candidate(original, distance(targets, full_before), full_before, evaluate(targets, full_before))
    return TuneReport(targets, varied, before, confirmed, len(study.trials), pruned,
                      time.perf_counter() - start, interrupted, original, refused)


def _size(varied: Sequence[Vary], values: Mapping[str, float], original: Mapping[str, float]) -> float:
    """A small price for a larger change (0.01 points per range's worth), so that among
    candidates that meet the targets the smallest change wins."""
    return 0.01 * sum(abs(values[v.key] - original[v.key]) / max(1e-9, v.high - v.low) for v in varied)


def apply(report: TuneReport, deck: Deck, which: int = 0) -> tuple[list[str], list[str]]:
    """Write candidate ``which``'s card values into the deck's files. Returns (written
    lines, rule parameters to pass as --set)."""
    from ..deck.edit import apply_values

    cand = report.best[which]
    written, sets = [], []
    by_card: dict[str, dict[str, Any]] = {}
    for v in report.varied:
        value = cand.values[v.key]
        if value == report.original.get(v.key):
            continue
        if v.card is None:
            sets.append(f"{v.key}={_show(value)}")
        elif v.field is not None:
            by_card.setdefault(v.card, {})[v.field] = int(value) if float(value).is_integer() else value
    for cid, changes in by_card.items():
        path = apply_values(deck.card(cid), changes)
        written.append(f"{path.name}: {cid} " + ", ".join(f"{k}={_show(x)}" for k, x in changes.items()))
    return written, sets
