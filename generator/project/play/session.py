"""One game at the table: the state, who plays each seat, and what the page may see.

The human's seats act through :meth:`Session.act` (an index into the seat's own legal
actions, with the step it was offered at, so a stale click does nothing); every other
move (a strategy's choice, a chance outcome) is one :meth:`Session.advance`, which the
page calls at the pace the user sets. Chance draws from the same seeded stream as game
0 of ``simulate --seed S`` and the strategies from their own seat streams
(:func:`~generator.games.api.seat_rngs`), so the seed and the action list replay the
game exactly (:mod:`.record`).

Simultaneous moves (a game API that defines ``SIMULTANEOUS``): at such a node every
seat picks from ``legal_actions(seat)``; the human seats pick on the page, then the
strategies pick and ``apply_joint`` takes one action per seat (None for a seat with no
legal action there), recorded as one step.

:meth:`Session.snapshot` is all the page receives: the human seat's zones (built from
``view(seat)`` only, :mod:`.zones`), its legal actions, and the log in words.
"""

from __future__ import annotations

import random
import re
import threading
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import ParameterError
from ...games import api
from ...games.api import CHANCE, Action, Strategy, Turn, resampler, seat_rngs
from ...games.runner import game_rng
from .zones import Hook, action_card, describe, words, zone_cards

_TOKEN = re.compile(r"[\w.-]+")  # a word of an event line: a card id becomes the card's name


def simultaneous() -> int | None:
    """The game API's marker of a simultaneous node, once it has one."""
    return getattr(api, "SIMULTANEOUS", None)


@dataclass
class Seating:
    """Who plays: the human seats and a strategy (with its name) for every other seat."""

    humans: tuple[int, ...]
    strategies: dict[int, Strategy]
    names: dict[int, str]

    def label(self, seat: int, viewer: int) -> str:
        if seat == viewer:
            return f"You (seat {seat})"
        if seat in self.humans:
            return f"Seat {seat} (human)"
        return f"Seat {seat} ({self.names[seat]})" if seat in self.names else f"Seat {seat}"


@dataclass
class Step:
    """One recorded move: a seat's action, a chance outcome, or a joint move."""

    seat: int  # CHANCE for chance; the simultaneous marker for a joint move
    action: Action | None = None
    joint: tuple[Action | None, ...] = ()  # one per seat; None: that seat had nothing to do


@dataclass
class Session:
    game: Any
    spec: Any
    ids: frozenset[str]
    names: Mapping[str, str]  # card id -> card name (for the log)
    seating: Seating
    seed: int
    hook: Hook | None = None
    script: Sequence[Step] = ()  # a replay: these steps instead of the strategies and chance
    steps: list[Step] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)

    def __post_init__(self) -> None:
        self.records: deque[Mapping[str, Any]] = deque()  # trace records not yet shown
        self.trick: Mapping[str, Any] | None = None  # the record shown now
        self.state = self.game.new_state(self.records.append)
        self.rng: random.Random = game_rng(self.seed, 0)
        self.players = int(self.state.players()) if hasattr(self.state, "players") else int(self.game.params.players)
        self.seat_rngs = seat_rngs(self.rng, self.players)
        self.resample = resampler(self.game, self.state)
        self.heuristic = getattr(self.game, "heuristic", None)
        self.chosen: dict[int, Action] = {}  # human choices at a simultaneous node
        self.visible: dict[int, set[str]] = {s: set() for s in self.seating.humans}
        self.version = 0
        self._pending = deque(self.script)
        for seat in self.seating.humans:
            self.visible[seat] = zone_cards(self._describe(seat)["zones"])

    # -- whose move ---------------------------------------------------------------
    @property
    def over(self) -> bool:
        if self.records:
            return False
        return bool(self.state.is_over()) or (bool(self.script) and not self._pending)

    def waiting_for(self) -> list[int]:
        """The human seats the game waits for now (empty: advance, or the game is over)."""
        if self.records or self.state.is_over():
            return []
        if self.script:
            return []
        current = self.state.current()
        if current == simultaneous():
            return [s for s in self.seating.humans if s not in self.chosen and self.state.legal_actions(s)]
        return [current] if current in self.seating.humans else []

    def legal(self, seat: int) -> list[Action]:
        if seat not in self.waiting_for():
            return []
        if self.state.current() == simultaneous():
            return list(self.state.legal_actions(seat))
        return list(self.state.legal_actions())

    # -- moves --------------------------------------------------------------------
    def act(self, seat: int, index: int, step: int) -> None:
        """The human at ``seat`` takes its legal action ``index``, offered at ``step``."""
        with self.lock:
            if step != len(self.steps) or seat not in self.waiting_for():
                raise ParameterError("that move is no longer on offer (the table moved on)")
            legal = self.legal(seat)
            if not 0 <= index < len(legal):
                raise ParameterError(f"no legal action number {index} for seat {seat}")
            if self.state.current() == simultaneous():
                self.chosen[seat] = legal[index]
                self._joint_if_ready()
            else:
                self._apply(Step(seat, legal[index]))

    def advance(self) -> bool:
        """One move that needs no human: a trace record shown, a strategy's move, chance,
        or the next step of a replay. False when the table waits for a human or is over."""
        with self.lock:
            if self.records:
                self._show(self.records.popleft())
                return True
            if self.state.is_over() or self.waiting_for():
                return False
            if self.script:  # a replay: the recorded moves, then nothing
                if not self._pending:
                    return False
                self._apply(self._pending.popleft())
                return True
            current = self.state.current()
            if current == CHANCE:
                self._apply(Step(CHANCE, self.state.sample_chance(self.rng)))
            elif current == simultaneous():
                self._joint_if_ready()
            else:
                self._apply(Step(current, self._choose(current, list(self.state.legal_actions()))))
            return True

    def _choose(self, seat: int, legal: Sequence[Action]) -> Action:
        turn = Turn(seat, self.state.view(seat), legal, self.resample, self.heuristic)
        return self.seating.strategies[seat].choose(turn, self.seat_rngs[seat])

    def _joint_if_ready(self) -> None:
        if any(s not in self.chosen and self.state.legal_actions(s) for s in self.seating.humans):
            return
        joint: list[Action | None] = []
        for seat in range(self.players):
            legal = list(self.state.legal_actions(seat))
            joint.append(self.chosen[seat] if seat in self.chosen else self._choose(seat, legal) if legal else None)
        self.chosen = {}
        self._apply(Step(int(simultaneous() or 0), joint=tuple(joint)))

    def _apply(self, step: Step) -> None:
        if step.joint:
            self.state.apply_joint(list(step.joint))
        else:
            assert step.action is not None
            self.state.apply(step.action)
        self.steps.append(step)
        fresh = self.records.popleft() if self.records else None  # the first record of this move, at once
        if fresh is not None:
            self.trick = fresh  # else the last one stays on the table
        for viewer in self.seating.humans:
            self.visible[viewer] |= zone_cards(self._describe(viewer)["zones"])
        self.log.append({"step": len(self.steps), "seat": step.seat, "words": self._words(step)})
        if fresh is not None:
            self._show(fresh)
        self.version += 1

    def _show(self, record: Mapping[str, Any]) -> None:
        """Show a trace record (the game's table hook says what of it is public), and its words."""
        if record is not self.trick:
            self.trick = record
            for viewer in self.seating.humans:
                self.visible[viewer] |= zone_cards(self._describe(viewer)["zones"])
        self.version += 1
        viewer = self.seating.humans[0] if self.seating.humans else 0
        event = self._describe(viewer).get("event")
        if event:
            named = _TOKEN.sub(lambda m: self.names.get(m.group(0), m.group(0)) if m.group(0) in self.ids
                               else m.group(0), str(event))
            self.log.append({"step": len(self.steps), "seat": CHANCE, "words": named, "public": True})

    def _words(self, step: Step) -> dict[int, str]:
        """The log line per human seat (each sees only what it has seen)."""
        out = {}
        for viewer in self.seating.humans or (0,):
            seen = self.visible.get(viewer, set()) if not self.script else set(self.ids)
            if step.joint:
                out[viewer] = "; ".join(words(self.seating.label(s, viewer), a, seen, self.ids, self.names)
                                        for s, a in enumerate(step.joint) if a is not None)
            else:
                who = "Chance" if step.seat == CHANCE else self.seating.label(step.seat, viewer)
                assert step.action is not None
                out[viewer] = words(who, step.action, seen, self.ids, self.names)
        return out

    # -- what the page sees -------------------------------------------------------
    def _describe(self, seat: int) -> dict[str, Any]:
        return describe(self.state.view(seat), seat, self.ids, self.hook, self.trick)

    def snapshot(self, seat: int) -> dict[str, Any]:
        """Everything the page of ``seat`` receives: nothing from another seat's view."""
        with self.lock:
            described = self._describe(seat)
            labels = described.get("labels", {})
            actions = []
            for index, action in enumerate(self.legal(seat)):
                card, where = action_card(action, self.ids)
                if card is not None and card not in zone_cards(described["zones"]):
                    card = None  # a card the seat cannot see on its table: a button
                entry: dict[str, Any] = {"index": index, "label": labels.get(str(action), str(action))}
                if card is not None:
                    entry.update(card=card, zone=where)
                actions.append(entry)
            waiting = self.waiting_for()
            out: dict[str, Any] = {
                "seat": seat, "players": self.players, "step": len(self.steps), "version": self.version,
                "zones": described["zones"], "actions": actions,
                "waiting": waiting,
                "turn": "you" if seat in waiting else "over" if self.over else "human" if waiting else "table",
                "log": [{"step": e["step"], "text": e["words"] if e.get("public") else e["words"].get(seat, "")}
                        for e in self.log],
                "seats": [self.seating.label(s, seat) for s in range(self.players)],
                "replay": bool(self.script),
            }
            if self.over:
                out["result"] = self.result_words(seat)
            return out

    def reveal(self, upto: int) -> dict[str, Any]:
        """After the game ("show all hands"): every seat's zones after the first ``upto``
        moves, replayed from the record. Refused while the game is on."""
        with self.lock:
            if not self.over and not self.script:
                raise ParameterError("the hands are shown after the game")
            steps = list(self.steps)
        upto = max(0, min(upto, len(steps)))
        records: list[Mapping[str, Any]] = []
        state = self.game.new_state(records.append)
        for step in steps[:upto]:
            records.clear()
            if step.joint:
                state.apply_joint(list(step.joint))
            else:
                state.apply(step.action)
        trick = records[0] if records else None
        seats = [{"label": self.seating.label(s, -1), "zones": describe(state.view(s), s, self.ids, self.hook,
                                                                     trick)["zones"]}
                 for s in range(self.players)]
        text = self._all_words(steps[upto - 1]) if upto else "the start"
        return {"step": upto, "total": len(steps), "seats": seats, "text": text}

    def _all_words(self, step: Step) -> str:
        everything = set(self.ids)
        if step.joint:
            return "; ".join(words(self.seating.label(s, -1), a, everything, self.ids, self.names)
                             for s, a in enumerate(step.joint) if a is not None)
        who = "Chance" if step.seat == CHANCE else self.seating.label(step.seat, -1)
        assert step.action is not None
        return words(who, step.action, everything, self.ids, self.names)

    def side(self, seat: int) -> int:
        """The seat a win is recorded on for ``seat`` (its team's first seat in Viashilym)."""
        from ...balance.playstats import contenders

        return seat % contenders(self.spec.name, self.players)

    def result_words(self, seat: int) -> dict[str, Any]:
        result = self.state.result()
        if result.unfinished:
            text = "unfinished (the turn cap)"
        elif result.winner is None:
            text = "a draw"
        else:
            from ...balance.playstats import contenders

            sides = contenders(self.spec.name, self.players)
            text = self.seating.label(result.winner, seat) + " wins"
            if sides < self.players:
                members = " & ".join(str(s) for s in range(result.winner, self.players, sides))
                text = f"Team {result.winner} (seats {members}) wins"
            if result.winner == self.side(seat):
                text = "You win" if result.winner == seat else "Your team wins"
        return {"text": text, "winner": result.winner, "scores": list(result.scores), "counts": list(result.counts)}
