"""Game-quality measures for any game (``deckpress check --quality``), from recorded playouts.

Each measure is one small function of the recorded games, after the measures of
Browne and Maire ("Evolutionary Game Design", IEEE TCIAIG 2(1), 2010: lead change,
drama, decisiveness) and Ludii's metrics (Evaluation/src/metrics: branching factor,
decisiveness, drama, lead change, first-player advantage), adapted to hidden
information: who leads is what each acting seat's own ``heuristic(view, seat)`` says of
its position (above 0: it leads) — the game's public yardstick, computed from its view
only, never from the hidden cards. A game without a heuristic gets the measures that
need none (branching, dominant moves, decisions that matter are then not measured).

- **branching**: legal actions per decision (mean, median, the share of decisions with
  a single legal action: forced moves);
- **dominant moves**: the actions chosen most often when offered (chosen / offered), the
  kind of action (``play``, ``take``) with its value for a card game; a move chosen
  90 % of the times it is offered, offered often, is a dominant move;
- **decisions that matter**: the share of decisions where the legal actions differ in
  value one step ahead (the heuristic after each action, on a state resampled from
  the seat's view); a game where most decisions do not matter plays itself;
- **lead changes** (Browne and Maire): how often the leader changes in a game (mean);
- **decisiveness**: how early the eventual winner leads for good, as the share of the
  game's decisions still to come (1.0: it led from the first decision on);
- **drama** (Browne and Maire): the share of the winner's own decisions at which it
  was behind (its heuristic below 0);
- **comeback rate**: the share of decided games whose winner was behind at its decision
  nearest the game's middle.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..deck.model import Deck
from ..games.api import SIMULTANEOUS, Action, Strategy, Turn, joint_actions
from ..games.params import Params
from ..games.registry import make_game, make_strategy, seat_strategies
from ..games.reporting import Share
from ..games.runner import game_rng, play
from ..games.spec import GameSpec
from .intervals import wilson
from .quality_result import Branching, DecisionsMatter, Lead, Move, Quality

QUALITY_GAMES = 200
DOMINANT = 0.9  # chosen this share of the times offered
MIN_OFFERED = 30  # ... and offered at least this often
MATTERS_SAMPLE = 400  # decisions probed for "decisions that matter"
EPSILON = 1e-9


@dataclass
class Decision:
    seat: int
    legal: int
    chosen: str
    offered: tuple[str, ...]
    standing: float | None  # the acting seat's heuristic of its own view (None: no heuristic)
    matters: bool | None = None


@dataclass
class GameTrace:
    decisions: list[Decision] = field(default_factory=list)
    winner: int | None = None


class Recording:
    """Wraps a seat's strategy: records each decision, then lets the strategy choose."""

    def __init__(self, inner: Strategy, trace: list[GameTrace], probe: list[int], failed: dict[str, str]) -> None:
        self.inner = inner
        self.trace = trace
        self.probe = probe  # decisions left to probe for "matters"
        self.failed = failed  # measure -> why it could not be measured (the first failure)
        self.name = getattr(inner, "name", "strategy")
        self.deterministic = False

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        action = self.inner.choose(turn, rng)
        heuristic = turn.heuristic
        standing = None
        if heuristic is not None and LEAD not in self.failed:
            try:
                standing = float(heuristic(turn.view, turn.seat))
            except Exception as exc:  # the game's heuristic failed: the lead measures say so, the rest go on
                self.failed[LEAD] = cause(exc, "heuristic(view, seat)")
        offered = tuple(_name(a) for a in turn.legal)
        d = Decision(turn.seat, len(turn.legal), _name(action), offered, standing)
        if heuristic is not None and self.probe[0] > 0 and len(turn.legal) > 1 and MATTER not in self.failed:
            self.probe[0] -= 1
            try:
                d.matters = _matters(turn, rng)
            except Exception as exc:  # named in the report; the other measures still print
                self.failed[MATTER] = cause(exc, "the one-step probe")
        self.trace[-1].decisions.append(d)
        return action


def _name(action: Any) -> str:
    return str(action)


LEAD = "lead changes, decisiveness, drama, comebacks"
MATTER = "decisions that matter"


def cause(exc: BaseException, during: str) -> str:
    """Why a measure failed, in words: the error and where (the designer's file and line
    where it was raised there, else deckpress's own, said as such)."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    own = [f for f in frames if "/generator/" not in f.filename.replace("\\", "/")
           and "site-packages" not in f.filename and "/lib/python" not in f.filename]
    where = f"{Path(own[-1].filename).name}:{own[-1].lineno}: " if own else "deckpress (a bug in deckpress, not in your game): "
    return f"{where}{type(exc).__name__}: {exc} (during {during})"


def _matters(turn: Turn, rng: random.Random) -> bool | None:
    """Do the legal actions differ in value one step ahead (one resampled world)? At a
    ``SIMULTANEOUS`` node each action is tried with the same random choices of the
    other seats (one joint action each), never applied as if the seat acted alone."""
    try:
        world = turn.resample(random.Random(rng.random()))
    except Exception:  # no resample: not measured
        return None
    joint = world.current() == SIMULTANEOUS
    others = [acts[rng.randrange(len(acts))] if acts else None for acts in joint_actions(world)] if joint else []
    values = []
    for action in turn.legal:
        state = world.clone()
        if joint:
            state.apply_joint([action if s == turn.seat else a for s, a in enumerate(others)])
        else:
            state.apply(action)
        values.append(float(turn.heuristic(state.view(turn.seat), turn.seat)))  # type: ignore[misc]
    return max(values) - min(values) > EPSILON


def record(game: GameSpec, deck: Deck, params: Params, *, games: int = QUALITY_GAMES, seed: int = 1,
           strategy: str | None = None, failed: dict[str, str] | None = None) -> list[GameTrace]:
    """Play ``games`` seeded games with every decision recorded (``failed``: filled with
    the measures that could not be taken, and why)."""
    built = make_game(game, deck, params)
    players = int(getattr(params, "players", 2))
    names = seat_strategies(game, strategy, players)
    traces: list[GameTrace] = []
    probe = [MATTERS_SAMPLE]
    failed = {} if failed is None else failed
    strategies = [Recording(make_strategy(game, n), traces, probe, failed) for n in names]
    for index in range(games):
        traces.append(GameTrace())
        result = play(built, strategies, game_rng(seed, index))
        traces[-1].winner = None if result.unfinished else result.winner
    return traces


def _leaders(trace: GameTrace) -> list[int | None]:
    """Who leads after each decision: the acting seat when its heuristic is above 0; for
    two seats, the other seat when it is below 0; else unknown (None)."""
    seats = {d.seat for d in trace.decisions}
    out: list[int | None] = []
    for d in trace.decisions:
        if d.standing is None or abs(d.standing) <= EPSILON:
            out.append(out[-1] if out else None)
        elif d.standing > 0:
            out.append(d.seat)
        elif len(seats) == 2:
            out.append(next(iter(seats - {d.seat})))
        else:
            out.append(out[-1] if out else None)
    return out


def branching(traces: Sequence[GameTrace]) -> Branching:
    legal = [d.legal for t in traces for d in t.decisions]
    if not legal:
        return Branching(0)
    return Branching(len(legal), statistics.fmean(legal), statistics.median(legal), max(legal),
                     sum(n == 1 for n in legal) / len(legal))


def dominant_moves(traces: Sequence[GameTrace], top: int = 5) -> list[Move]:
    offered: Counter[str] = Counter()
    chosen: Counter[str] = Counter()
    for t in traces:
        for d in t.decisions:
            if d.legal > 1:
                offered.update(set(d.offered))
                chosen[d.chosen] += 1
    rows: list[Move] = []
    for name, n in offered.items():
        if n >= MIN_OFFERED:
            lo, hi = wilson(chosen[name], n)
            rows.append(Move(name, chosen[name], n, chosen[name] / n, lo, hi, chosen[name] / n >= DOMINANT))
    rows.sort(key=lambda r: -float(r.share))
    return rows[:top]


def decisions_matter(traces: Sequence[GameTrace]) -> DecisionsMatter | None:
    probed = [d.matters for t in traces for d in t.decisions if d.matters is not None]
    if not probed:
        return None
    yes = sum(probed)
    lo, hi = wilson(yes, len(probed))
    return DecisionsMatter(len(probed), yes, yes / len(probed), lo, hi)


def lead_measures(traces: Sequence[GameTrace]) -> Lead | None:
    """Lead changes, decisiveness, drama and comeback rate (None without a heuristic)."""
    if not any(d.standing is not None for t in traces for d in t.decisions):
        return None
    changes, decisive, drama = [], [], []
    comebacks = decided = 0
    for t in traces:
        leaders = _leaders(t)
        known = [x for x in leaders if x is not None]
        changes.append(sum(1 for a, b in zip(known, known[1:], strict=False) if a != b))
        if t.winner is None or not leaders:
            continue
        decided += 1
        last_other = max((i for i, x in enumerate(leaders) if x is not None and x != t.winner), default=-1)
        decisive.append(1 - (last_other + 1) / len(leaders))
        own = [d.standing for d in t.decisions if d.seat == t.winner and d.standing is not None]
        if own:
            drama.append(sum(s < -EPSILON for s in own) / len(own))
            middle = own[len(own) // 2]
            comebacks += middle < -EPSILON
    comeback = None
    if decided:
        lo, hi = wilson(comebacks, decided)
        comeback = Share(comebacks, decided, comebacks / decided, lo, hi)
    return Lead(statistics.fmean(changes) if changes else 0.0, statistics.fmean(decisive) if decisive else None,
                statistics.fmean(drama) if drama else None, comeback)


def quality(game: GameSpec, deck: Deck, params: Params, *, games: int = QUALITY_GAMES, seed: int = 1,
            strategy: str | None = None) -> Quality:
    """Every measure above (``check --quality``; JSON: ``playtest.quality``). A measure that
    fails is named with its cause (``Quality.failed``) and the others are still given."""
    failed: dict[str, str] = {}
    traces = record(game, deck, params, games=games, seed=seed, strategy=strategy, failed=failed)

    def measured(name: str, measure: Any) -> Any:
        if name in failed:
            return None
        try:
            return measure(traces)
        except Exception as exc:  # one measure's fault stops only that measure
            failed[name] = cause(exc, name)
            return None

    shape = measured("branching", branching) or Branching(0)
    moves = measured("dominant moves", dominant_moves) or []
    matter = measured(MATTER, decisions_matter)
    lead = measured(LEAD, lead_measures)
    none = None if lead is not None or LEAD in failed else ("lead changes, decisiveness, drama, comebacks, decisions"
                                                            " that matter: the game gives no heuristic(view, seat)")
    return Quality(games, shape, tuple(moves), matter, lead, none, tuple(sorted(failed.items())))


def print_quality(q: Quality) -> None:
    from rich.markup import escape
    from rich.table import Table

    from ..console import SafeConsole

    table = Table("measure", "value", title=f"game quality ({q.games} games)")
    b = q.branching
    if b.decisions:
        table.add_row("branching", f"{b.mean:.1f} legal actions a decision (median {b.median:g}, "
                                   f"max {b.max}); {100 * b.forced:.0f} % forced")
    m = q.decisions_matter
    if m:
        table.add_row("decisions that matter", f"{100 * m.share:.0f} % ({100 * m.low:.0f}-{100 * m.high:.0f}) "
                                               f"of {m.probed} probed")
    lead = q.lead
    if lead:
        table.add_row("lead changes", f"{lead.lead_changes:.2f} a game")
        if lead.decisiveness is not None:
            table.add_row("decisiveness", f"the winner leads for good over the last {100 * lead.decisiveness:.0f} % of the game")
        if lead.drama is not None:
            table.add_row("drama", f"the winner was behind at {100 * lead.drama:.0f} % of its decisions")
        if lead.comebacks is not None:
            c = lead.comebacks
            table.add_row("comebacks", f"{100 * c.share:.0f} % ({100 * c.low:.0f}-{100 * c.high:.0f}) of decided "
                                       "games were won from behind at half-time")
    for row in q.moves[:3]:
        flag = " [red]dominant[/]" if row.dominant else ""
        table.add_row("most chosen", f"{escape(row.action)}: {100 * row.share:.0f} % of {row.offered} offers{flag}")
    if q.not_measured is not None:
        table.add_row("not measured", escape(q.not_measured))
    for name, why in q.failed:
        table.add_row("failed", escape(f"{name}: {why}"))
    SafeConsole().print(table)
