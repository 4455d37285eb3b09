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
(the first legal one on equal counts). ``mcts:N`` sets N iterations per decision
(default :data:`MCTS_ITERATIONS`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..errors import ParameterError
from .api import CHANCE, Action, Turn

MCTS_ITERATIONS = 200
UCB_C = 0.7  # exploration; returns are in [0, 1]


class RandomPlayer:
    """Uniform over the legal actions."""

    name = "random"
    deterministic = False
    uses_view = False  # the runner builds no view for it (see generator.games.runner.play)

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        legal = turn.legal
        return legal[rng.randrange(len(legal))]


def _score(state: Any, seat: int, heuristic: Any) -> float:
    """How good ``state`` (a resampled one) is for ``seat``: the game's
    ``heuristic(view, seat)``, else its points (own less the best other's), else its return."""
    if heuristic is not None:
        return float(heuristic(state.view(seat), seat))
    if state.is_over():
        return float(state.returns()[seat])
    scores = list(state.result().scores)
    if scores:
        return float(scores[seat] - max(s for k, s in enumerate(scores) if k != seat))
    return 0.0


class GreedyPlayer:
    """One step of lookahead: plays each legal action in one state dealt from its
    own point of view and takes the best :func:`_score` (the first on equal scores)."""

    name = "greedy"
    deterministic = False

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        base = turn.resample(rng)
        best, value = legal[0], -math.inf
        last = len(legal) - 1
        for k, action in enumerate(legal):
            trial = base.clone() if k < last else base  # the last trial plays on the dealt state itself
            trial.apply(action)
            score = _score(trial, turn.seat, turn.heuristic)
            if score > value:
                best, value = action, score
        return best


class _Node:
    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat whose choice led here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[Action, _Node] = {}


class MctsPlayer:
    """Information-set MCTS (see the module docstring); ``budget``: iterations per decision."""

    name = "mcts"
    deterministic = False

    def __init__(self, budget: int | None = None) -> None:
        if budget is not None and budget < 1:
            raise ParameterError("mcts: the budget (iterations per decision) must be 1 or more")
        self.iterations = budget or MCTS_ITERATIONS

    def choose(self, turn: Turn, rng: random.Random) -> Action:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        root = _Node(turn.seat)
        for _ in range(self.iterations):
            self._iterate(root, turn.resample(rng), rng)
        children = root.children
        return max(legal, key=lambda a: children[a].visits if a in children else -1)

    def _iterate(self, root: _Node, s: Any, rng: random.Random) -> None:
        node = root
        path: list[_Node] = []
        while True:  # selection, then one expansion
            cur = s.current()
            if cur == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            if cur < 0:
                break
            acts = s.legal_actions()
            children = node.children
            untried = [a for a in acts if a not in children]
            for a in acts:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = children[a] = _Node(cur)
                child.avail = 1
                s.apply(a)
                path.append(child)
                break
            best: Action | None = None
            value = -math.inf
            for a in acts:
                child = children[a]
                v = child.total / child.visits + UCB_C * math.sqrt(math.log(child.avail) / child.visits)
                if v > value:
                    best, value = a, v
            assert best is not None
            s.apply(best)
            node = children[best]
            path.append(node)
        while not s.is_over():  # random playout
            if s.current() == CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                acts = s.legal_actions()
                s.apply(acts[rng.randrange(len(acts))])
        returns = s.returns()
        for n in path:
            n.visits += 1
            n.total += returns[n.player]


GENERIC: Mapping[str, Any] = MappingProxyType({"random": RandomPlayer, "greedy": GreedyPlayer, "mcts": MctsPlayer})
