"""The interpreter: a rules file's game on the public game API
(:mod:`generator.games.api`). A :class:`RulesState` runs the compiled steps of
:mod:`.program` until the game pauses — at a decision (one seat, or every seat at
once), at a shuffle (a chance node: the runner's stream shuffles) or at the end.
Its views and ``resample`` come from the zones' visibility alone
(:mod:`.zones`), so a rules-file game cannot show a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import ParameterError, Problem
from ..api import CHANCE, SIMULTANEOUS, Action, Result, StateBase
from .expr import ExprError
from .program import RUNAWAY, Program, Stuck
from .zones import view_of


class RulesState(StateBase):
    """One game of a rules file (see the module docstring)."""

    def __init__(self, game: Any, observer: Any = None) -> None:
        p: Program = game.program
        self.game, self.observer, self.n = game, observer, p.n
        self.z: list[list[int]] = [[] for _ in p.instances]
        self.z[p.start] = list(range(len(p.ids)))
        v: dict[str, Any] = {}
        for name, value in p.initial.items():
            v[name] = [value] * p.n if name in p.per_player else value
        self.v = v
        self.k: list[list[Any]] = [[p.phase_blocks[0], 0]] if p.phase_blocks else []
        self.ph = 0
        self.cur: int = CHANCE
        self.legal: Any = []
        self.pend: Any = None
        self.over = False
        self.win: int | None = None
        self.scores: list[float] = []
        self.steps = 0
        self.run()

    # -- the API --------------------------------------------------------------
    def current(self) -> int:
        return self.cur

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        if self.cur == SIMULTANEOUS:
            return self.legal[seat] if seat is not None else []
        if self.cur < 0:
            return []
        return self.legal  # type: ignore[no-any-return]

    def players(self) -> int:
        return self.n

    def is_over(self) -> bool:
        return self.over

    def sample_chance(self, rng: random.Random) -> Action:
        cards = list(self.z[self.pend])
        rng.shuffle(cards)
        ids = self.game.program.ids
        return Action("shuffle", tuple([ids[c] for c in cards]))

    def apply(self, action: Action) -> None:
        cur = self.cur
        if cur == CHANCE:
            self._shuffled(action)
        elif cur >= 0:
            legal = self.legal
            try:
                i = legal.index(action)
            except ValueError:
                raise ParameterError(f"{self.game.name}: {action} is not a legal action at step {self.steps}"
                                     f" (legal: {', '.join(map(str, legal))})") from None
            choice = self.pend
            if choice.bind is not None:
                v = self.v
                keep = v["player"]
                if keep == choice.seat:
                    choice.bind(self, choice.values[i])
                else:
                    v["player"] = choice.seat
                    choice.bind(self, choice.values[i])
                    v["player"] = keep
        else:
            raise ParameterError(f"{self.game.name}: no action is taken here (step {self.steps})")
        self.steps += 1
        self.run()

    def apply_joint(self, actions: Sequence[Action | None]) -> None:
        if self.cur != SIMULTANEOUS:
            raise ParameterError(f"{self.game.name}: apply_joint at a node that is not simultaneous")
        keep = self.v["player"]
        for seat, (action, legal, choice) in enumerate(zip(actions, self.legal, self.pend, strict=False)):
            if not legal:
                continue
            if action is None or action not in legal:
                raise ParameterError(f"{self.game.name}: seat {seat}: {action} is not a legal action")
            if choice.bind is not None:
                self.v["player"] = seat
                choice.bind(self, choice.values[legal.index(action)])
        self.v["player"] = keep
        self.steps += 1
        self.run()

    def _shuffled(self, action: Action) -> None:
        pile = self.z[self.pend]
        program = self.game.program
        index = program.index
        try:
            order = [index[c] for c in action.value]
        except (KeyError, TypeError):
            order = []
        if action.kind != "shuffle" or sorted(order) != sorted(pile):
            raise ParameterError(f"{self.game.name}: the shuffle at step {self.steps} must order the cards of the"
                                 f" zone shuffled, got {action}")
        pile[:] = order

    # -- the steps ------------------------------------------------------------
    def run(self) -> None:
        """Run the steps until the game pauses (see the module docstring)."""
        k = self.k
        budget = RUNAWAY
        try:
            while True:
                if not k:
                    self._fell_off()
                f = k[-1]
                block = f[0]
                i = f[1]
                end = len(block)
                # the frame's steps, one after another, while no step changed the frames
                # (a goto, an if or a loop that pushed a block: then the frame is read again)
                while i < end:
                    f[1] = i + 1
                    if block[i](self) is True:
                        return
                    budget -= 1
                    if not budget:
                        raise Stuck(f"ran {RUNAWAY:,} steps without a decision or an end: a loop that never ends")
                    if k[-1] is not f:
                        break
                    i = f[1]
                if i < end:
                    continue
                if len(f) > 2 and f[3] < (f[2] if isinstance(f[2], int) else len(f[2])):
                    if f[4] is not None:
                        self.v[f[4]] = f[2][f[3]]
                    f[3] += 1
                    f[1] = 0
                else:
                    k.pop()
                    if len(f) > 2 and f[4] is not None:
                        self.v[f[4]] = f[5]  # a loop's variable gets its old value back
                    if not k:
                        program = self.game.program
                        nxt = self.ph + 1
                        if nxt >= len(program.phase_blocks):
                            self._fell_off()
                        self.ph = nxt
                        k.append([program.phase_blocks[nxt], 0])
        except (Stuck, ExprError, ArithmeticError, TypeError, ValueError, IndexError, KeyError) as exc:
            raise self._stuck(exc) from None

    def _fell_off(self) -> None:
        raise Stuck(f"the last phase, {self.game.program.phase_names[-1]!r}, ran off its end")

    def _stuck(self, exc: BaseException) -> ParameterError:
        """The game cannot go on: the rule (file and line) and the step."""
        program = self.game.program
        line, what = None, f"phase {program.phase_names[self.ph]}" if program.phase_names else "the rules"
        if self.k:
            f = self.k[-1]
            bid = program.block_of.get(id(f[0]))
            if bid is not None and 0 < f[1] <= len(program.lines[bid]):
                line, what = program.lines[bid][f[1] - 1]
        at = getattr(exc, "rules_at", None)
        if at is not None:
            line, what = at
        message = str(exc) if isinstance(exc, (Stuck, ExprError)) else f"{type(exc).__name__}: {exc}"
        return ParameterError(Problem(f"the game is stuck at {what}, step {self.steps}: {message}",
                                      program.doc.path, line))

    # -- what is seen ---------------------------------------------------------
    def view(self, seat: int) -> Mapping[str, Any]:
        return view_of(self, seat)

    def result(self) -> Result:
        p = self.game.program
        counts = [0] * self.n
        for zi, (_zone, owner) in enumerate(p.instances):
            if owner is not None:
                counts[owner] += len(self.z[zi])
        length = int(self.v.get(p.length, self.steps) or 0) if p.length else self.steps
        if not self.over:
            return Result(None, length, counts, unfinished=True)
        return Result(self.win, length, counts, scores=list(self.scores))

    def clone(self) -> RulesState:
        other = object.__new__(RulesState)
        d = self.__dict__.copy()
        d["observer"] = None
        d["z"] = [list(z) for z in self.z]
        d["v"] = {k: (list(v) if type(v) is list else v) for k, v in self.v.items()}
        d["k"] = [list(f) if len(f) < 3 or isinstance(f[2], int) else [*f[:2], list(f[2]), *f[3:]] for f in self.k]
        other.__dict__.update(d)
        return other


