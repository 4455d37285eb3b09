"""Players for any game that implements the public State API (``--strategy``
names every game understands): ``random``, ``greedy`` and ``mcts``.

Like every strategy they decide from a :class:`~generator.games.api.Turn`,
which offers only what the acting seat may know: its legal actions, its view
and ``resample`` — states dealt again from that view by the game's
``resample(view, seat, rng)`` (see :mod:`.api`), never the real state — and the
game's public ``heuristic(view, seat)`` where it has one. Their random choices
come from the seat's own stream the runner gives them (seeded from the game's
seed), so a run is the same for any ``--jobs``.

``mcts`` is information-set Monte Carlo tree search (single-observer IS-MCTS,
Cowling, Powley & Whitehouse 2012, the algorithm of OpenSpiel's ``ISMCTSBot``):
every iteration deals a fresh state consistent with what the seat has seen
(``resample``), walks one shared tree of action histories by UCB1 over the
actions legal in that deal (counting each child's availability), adds one node,
plays at random to the end and credits every node on the path with the return
of the seat that chose it. The move played is the root child visited most
(the first legal one on equal counts). Nodes are keyed by (seat, action), so a
node never mixes seats where who acts next depends on hidden cards. At a
``SIMULTANEOUS`` node each seat picks by UCB1 over its own statistics, blind to
the others' picks (decoupled UCT), and the joint action leads to the child.
Returns are scaled to [0, 1] by the game's ``utility`` bounds. ``mcts:N`` sets N
iterations per decision (default :data:`MCTS_ITERATIONS`), ``mcts:N:C`` also the
exploration constant (default :data:`UCB_C`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..errors import ParameterError
from .api import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Turn,
    joint_actions,
    normalised,
    random_step,
    utility_of,
)
from .strategies import RandomStrategy

MCTS_ITERATIONS = 200
UCB_C = 0.7  # exploration; returns are in [0, 1]


def _score(state: Any, seat: int, heuristic: Any) -> float:
    """How good ``state`` (a resampled one) is for ``seat``: the game's
    ``heuristic(view, seat)``, else its return at the end, else its points (own less
    the best other's), else the cards held (own less the most another holds)."""
    if heuristic is not None:
        return float(heuristic(state.view(seat), seat))
    if state.is_over():
        return float(state.returns()[seat])
    result = state.result()
    scores = list(result.scores)
    if scores:
        return float(scores[seat] - max(s for k, s in enumerate(scores) if k != seat))
    counts = list(result.counts)  # else the cards held (Weiji: cards won are cards held)
    if len(counts) > seat and len(counts) > 1:
        return float(counts[seat] - max(c for k, c in enumerate(counts) if k != seat))
    return 0.0


GREEDY_SAMPLES = 8  # the other seats' random choices each action is scored against at a simultaneous node


class GreedyPlayer:
    """One step of lookahead: plays each legal action in one state dealt from its
    own point of view and takes the best :func:`_score` (the first on equal scores).
    At a ``SIMULTANEOUS`` node each action is scored against the same
    :data:`GREEDY_SAMPLES` random choices of the other seats (their mean score), not
    as if the others did nothing."""

    name = "greedy"
    deterministic = False

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        base = turn.resample(rng)
        if base.current() == SIMULTANEOUS:
            return _greedy_joint(base, turn, rng)
        best, value = legal[0], -math.inf
        last = len(legal) - 1
        for k, action in enumerate(legal):
            trial = base.clone() if k < last else base  # the last trial plays on the dealt state itself
            trial.apply(action)
            score = _score(trial, turn.seat, turn.heuristic)
            if score > value:
                best, value = action, score
        return best


def _greedy_joint(base: Any, turn: Turn, rng: random.Random) -> Action:
    """Greedy at a SIMULTANEOUS node: each own action against sampled choices of the others."""
    seat = turn.seat
    options = joint_actions(base)
    profiles = [[acts[rng.randrange(len(acts))] if acts else None for acts in options]
                for _ in range(GREEDY_SAMPLES)]
    best, value = turn.legal[0], -math.inf
    for action in turn.legal:
        total = 0.0
        for profile in profiles:
            trial = base.clone()
            trial.apply_joint([action if s == seat else a for s, a in enumerate(profile)])
            total += _score(trial, seat, turn.heuristic)
        if total > value:
            best, value = action, total
    return best


class _Node:
    __slots__ = ("avail", "children", "joint", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat whose choice led here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        # keyed by (seat, action): a node never mixes seats, even where who acts next
        # depends on hidden cards; after a SIMULTANEOUS node, by (SIMULTANEOUS, joint action)
        self.children: dict[tuple[int, Any], _Node] = {}
        # at a SIMULTANEOUS node: (seat, action) -> [visits, total, avail], each seat's own statistics
        self.joint: dict[tuple[int, Action], list[float]] | None = None


class MctsPlayer:
    """Information-set MCTS (see the module docstring); ``budget``: iterations per
    decision, ``c``: the exploration constant (default :data:`UCB_C`, for returns
    scaled to [0, 1])."""

    name = "mcts"
    deterministic = False

    def __init__(self, budget: int | None = None, c: float | None = None) -> None:
        if budget is not None and budget < 1:
            raise ParameterError("mcts: the budget (iterations per decision) must be 1 or more")
        if c is not None and not (c >= 0 and math.isfinite(c)):
            raise ParameterError(f"mcts: the exploration constant must be 0 or more, got {c}")
        self.iterations = budget or MCTS_ITERATIONS
        self.c = UCB_C if c is None else float(c)

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        root = _Node(turn.seat)
        bounds: tuple[float, float] | None = None
        for _ in range(self.iterations):
            s = turn.resample(rng)
            if bounds is None:
                bounds = utility_of(getattr(s, "game", None))
            self._iterate(root, s, rng, bounds)
        if root.joint is not None:  # a simultaneous decision: this seat's own statistics
            stats = root.joint
            return max(legal, key=lambda a: stats[(turn.seat, a)][0] if (turn.seat, a) in stats else -1)
        children = root.children
        return max(legal, key=lambda a: children[(turn.seat, a)].visits if (turn.seat, a) in children else -1)

    def _iterate(self, root: _Node, s: Any, rng: random.Random, bounds: tuple[float, float]) -> None:
        node = root
        path: list[_Node] = []
        picks: list[tuple[dict[tuple[int, Action], list[float]], list[tuple[int, Action]]]] = []
        c = self.c
        while True:  # selection, then one expansion
            cur = s.current()
            if cur == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            if cur == SIMULTANEOUS:  # decoupled UCT: each seat picks from its own statistics
                if node.joint is None:
                    node.joint = {}
                choice = [_decoupled(node.joint, seat, acts, rng, c) if acts else None
                          for seat, acts in enumerate(joint_actions(s))]
                picks.append((node.joint, [(seat, a) for seat, a in enumerate(choice) if a is not None]))
                s.apply_joint(choice)
                key = (SIMULTANEOUS, tuple(choice))
                child = node.children.get(key)
                if child is None:
                    node.children[key] = _Node(SIMULTANEOUS)
                    break
                node = child
                continue
            if cur < 0:
                break
            acts = s.legal_actions()
            children = node.children
            untried = [a for a in acts if (cur, a) not in children]
            for a in acts:
                child = children.get((cur, a))
                if child is not None:
                    child.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = children[(cur, a)] = _Node(cur)
                child.avail = 1
                s.apply(a)
                path.append(child)
                break
            best: Action | None = None
            value = -math.inf
            for a in acts:
                child = children[(cur, a)]
                v = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if v > value:
                    best, value = a, v
            assert best is not None
            s.apply(best)
            node = children[(cur, best)]
            path.append(node)
        while not s.is_over():  # random playout
            random_step(s, rng)
        returns = normalised(s.returns(), bounds)
        for n in path:
            n.visits += 1
            n.total += returns[n.player]
        for stats, chosen in picks:
            for seat, a in chosen:
                entry = stats[(seat, a)]
                entry[0] += 1
                entry[1] += returns[seat]


def _decoupled(stats: dict[tuple[int, Action], list[float]], seat: int, acts: Any, rng: random.Random,
               c: float) -> Action:
    """``seat``'s pick at a SIMULTANEOUS node by UCB1 over its own statistics (with
    availability counts), blind to the other seats' picks (decoupled UCT: Lanctot et al.
    2013, "Monte Carlo Tree Search in Simultaneous Move Games with Applications to
    Goofspiel"; Tak, Lanctot & Winands 2014): an untried action first."""
    untried = []
    for a in acts:
        entry = stats.get((seat, a))
        if entry is None or not entry[0]:
            untried.append(a)
        if entry is not None:
            entry[2] += 1
    if untried:
        a = untried[rng.randrange(len(untried))]
        if (seat, a) not in stats:
            stats[(seat, a)] = [0, 0.0, 1]
        return a  # type: ignore[no-any-return]
    best, value = acts[0], -math.inf
    for a in acts:
        visits, total, avail = stats[(seat, a)]
        v = total / visits + c * math.sqrt(math.log(avail) / visits)
        if v > value:
            best, value = a, v
    return best  # type: ignore[no-any-return]


GENERIC: Mapping[str, Any] = MappingProxyType({"random": RandomStrategy, "greedy": GreedyPlayer, "mcts": MctsPlayer})
