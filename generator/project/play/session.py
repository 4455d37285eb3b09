"""One game at the table: the state, who plays each seat, and what the page may see.

The human's seats act through :meth:`Session.act` (an index into the seat's own legal
actions, with the step it was offered at, so a stale click does nothing); every other
move (a strategy's choice, a chance outcome) is one :meth:`Session.advance`, which the
page calls at the pace the user sets. Chance draws from the same seeded stream as game
0 of ``simulate --seed S`` and the strategies from their own seat streams
(:func:`~generator.games.runner.seat_streams`), so the seed and the action list replay the
game exactly (:mod:`.record`).

Simultaneous moves (a game API that defines ``SIMULTANEOUS``): at such a node every
seat picks from ``legal_actions(seat)``; the human seats pick on the page, then the
strategies pick and ``apply_joint`` takes one action per seat (None for a seat with no
legal action there), recorded as one step.

:meth:`Session.snapshot` is all the page receives: the human seat's zones (built from
``view(seat)`` only, :mod:`.zones`), its legal actions, and the log in words. A log
line names the cards of another seat's move only as often as this seat sees them move
(copies counted apart: a copy in your hand never lets a deal name the copy dealt to
another); the seed is told once the game is over.

A saved game goes on (:meth:`Session.redo`, ``--resume``): its steps are checked and
played again, the strategies and chance drawing from their streams as they did, so
the game goes on as the uninterrupted one would. :func:`check_step` checks one
recorded step against the state (a replay's steps, before each is played).
"""

from __future__ import annotations

import random
import re
import secrets
import threading
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import ParameterError
from ...games.api import CHANCE, Action, Strategy, Turn, resampler
from ...games.runner import game_rng, seat_streams
from .steps import Step, check_step, play_step, simultaneous
from .zones import (
    Hook,
    action_card,
    card_counts,
    describe,
    per_seat,
    third_person,
    words,
    zone_cards,
    zone_counts,
)

_TOKEN = re.compile(r"[\w.-]+")  # a word of an event line: a card id becomes the card's name


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


def _moved(before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]) -> Counter[str]:
    """The cards a seat saw move: for each card, how many copies came into or left each of
    its zones (a card passed from one visible row to another counts; an unseen one does not)."""
    def rows(zones: Sequence[Mapping[str, Any]]) -> dict[str, Counter[str]]:
        return {f"{z.get('key')}|{z.get('title')}": Counter(z.get("cards") or ()) for z in zones}

    was, now = rows(before), rows(after)
    moved: Counter[str] = Counter()
    for row in set(was) | set(now):
        a, b = was.get(row, Counter()), now.get(row, Counter())
        moved += (b - a) + (a - b)
    return moved


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
        self.seat_rngs = seat_streams(self.rng, [self.seating.strategies.get(s) for s in range(self.players)])
        self.resample = resampler(self.game, self.state)
        self.heuristic = getattr(self.game, "heuristic", None)
        self.chosen: dict[int, Action] = {}  # human choices at a simultaneous node
        self.kept: dict[int, dict[str, dict[str, Any]]] = {s: {} for s in self.seating.humans}  # the last trick...
        self.version = 0
        self.game_id = secrets.token_hex(6)  # a tab showing another game refreshes itself
        self._pending = deque(self.script)
        self.numbers = {v: self._per_seat(v) for v in self.seating.humans} if self.hook is None else {}

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
            if self.script:  # a replay: the recorded moves (each checked first), then nothing
                if not self._pending:
                    return False
                step = self._pending[0]
                check_step(self.state, step, len(self.steps) + 1)
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

    def redo(self, steps: Sequence[Step]) -> None:
        """Play a saved game's ``steps`` again (``--resume``): each checked, chance and the
        strategies drawing from their own streams as they did (their draws are taken and
        the recorded move played), so the game goes on as it would have."""
        with self.lock:
            for step in steps:
                while self.records:
                    self._show(self.records.popleft())
                check_step(self.state, step, len(self.steps) + 1)
                current = self.state.current()
                if step.joint:
                    for seat in range(self.players):
                        legal = list(self.state.legal_actions(seat))
                        if seat not in self.seating.humans and legal and seat in self.seating.strategies:
                            self._choose(seat, legal)
                elif current == CHANCE:
                    self.state.sample_chance(self.rng)
                elif current not in self.seating.humans and current in self.seating.strategies:
                    self._choose(current, list(self.state.legal_actions()))
                self._apply(step, checked=True)
            while self.records:
                self._show(self.records.popleft())

    def _apply(self, step: Step, checked: bool = False) -> None:
        humans = self.seating.humans
        before = {v: self._describe(v, kept=False)["zones"] for v in humans}
        if checked or self.script:
            play_step(self.state, step, len(self.steps) + 1)
        elif step.joint:
            self.state.apply_joint(list(step.joint))
        else:
            assert step.action is not None
            self.state.apply(step.action)
        self.steps.append(step)
        fresh = self.records.popleft() if self.records else None  # the first record of this move, at once
        if fresh is not None:
            self.trick = fresh  # else the last one stays on the table
        described = {v: self._describe(v, kept=False) for v in humans}
        after = {v: d["zones"] for v, d in described.items()}
        said = {v: d.get("words") or {} for v, d in described.items()}
        self.log.append({"step": len(self.steps), "seat": step.seat,
                         "words": self._words(step, before, after, said)})
        if self.hook is None:
            for viewer in humans:
                self._keep(viewer, step, before[viewer], after[viewer])
        if fresh is not None:
            self._show(fresh)
        self.version += 1

    def _keep(self, viewer: int, step: Step, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> None:
        """The generic table: a row of cards that empties (a trick taken) stays on the table,
        with the card that completed it, until that row fills again."""
        kept = self.kept[viewer]
        now = {z.get("key"): z for z in after if "cards" in z}
        moved = _moved(before, after)
        named = card_counts(step.action.value, self.ids) if step.action is not None else Counter()
        for zone in before:
            key = zone.get("key")
            if key is None or not zone.get("cards") or not zone.get("captions") or key not in now:
                continue  # a row of cards with their seats (a trick), nothing else
            if now[key]["cards"]:
                kept.pop(key, None)
                continue
            cards = list(zone["cards"])
            captions = list(zone.get("captions") or [""] * len(cards))
            for card, n in (named & moved).items():
                cards += [card] * n
                captions += [f"seat {step.seat}"] * n
            kept[key] = {"title": f"{zone['title']}: the last one", "key": f"{key}-last", "cards": cards,
                         "captions": captions}
        for key in list(kept):
            if key in now and now[key]["cards"]:
                del kept[key]

    def _show(self, record: Mapping[str, Any]) -> None:
        """Show a trace record (the game's table hook says what of it is public), and its words."""
        if record is not self.trick:
            self.trick = record
        self.version += 1
        viewer = self.seating.humans[0] if self.seating.humans else 0
        event = self._describe(viewer).get("event")
        if event:
            named = _TOKEN.sub(lambda m: self.names.get(m.group(0), m.group(0)) if m.group(0) in self.ids
                               else m.group(0), str(event))
            self.log.append({"step": len(self.steps), "seat": CHANCE, "words": named, "public": True})

    def _words(self, step: Step, before: Mapping[int, list[dict[str, Any]]],
               after: Mapping[int, list[dict[str, Any]]],
               own: Mapping[int, Mapping[str, str]] | None = None) -> dict[int, str]:
        """The log line per human seat, built from what that seat saw: its own move in full;
        another's names a card only as often as this seat saw it move (appear on or leave
        its table); a replay names everything."""
        out = {}
        for viewer in self.seating.humans or (0,):
            was, now = zone_counts(before.get(viewer, [])), zone_counts(after.get(viewer, []))
            moved = _moved(before.get(viewer, []), after.get(viewer, []))

            def said(seat: int, action: Action, viewer: int = viewer, was: Counter[str] = was,
                     now: Counter[str] = now, moved: Counter[str] = moved) -> str:
                if self.script:
                    seen: Mapping[str, int] = card_counts(action.value, self.ids)
                elif seat == viewer:
                    seen = was | now | card_counts(action.value, self.ids)  # your own move: you chose it
                else:
                    seen = moved
                who = "Chance" if seat == CHANCE else self.seating.label(seat, viewer)
                table_words = (own or {}).get(viewer, {}).get(str(action))
                if table_words and not card_counts(action.value, self.ids):
                    return f"{who}: {table_words}"  # the game's own words for a move that names no card
                return words(who, action, seen, self.ids, self.names)

            if step.joint:
                text = "; ".join(said(s, a) for s, a in enumerate(step.joint) if a is not None)
            else:
                assert step.action is not None
                text = said(step.seat, step.action)
            if self.hook is None:
                text += self._changes(viewer)
            out[viewer] = text
        return out

    def _per_seat(self, viewer: int) -> dict[str, list[float]]:
        labels = getattr(self.game, "table_labels", None) or {}
        return {str(k): list(v) for k, v in self.state.view(viewer).items()
                if per_seat(v, self.players) and not (k in labels and labels[k] is None)}

    def _changes(self, viewer: int) -> str:
        """The generic table's per-seat numbers this move changed ("seat 1: tricks +1, crowns +3")."""
        old = self.numbers.get(viewer, {})
        numbers = self.numbers[viewer] = self._per_seat(viewer)
        labels = getattr(self.game, "table_labels", None) or {}
        parts: dict[int, list[str]] = {}
        for key, values in numbers.items():
            if "size" in key or "count" in key:
                continue  # hand sizes change every move: the table shows them
            for seat, (a, b) in enumerate(zip(old.get(key, values), values, strict=False)):
                if a != b:
                    name = str(labels.get(key) or key.replace("_", " "))
                    parts.setdefault(seat, []).append(f"{name} {b - a:+g}")
        if not parts:
            return ""
        return " — " + "; ".join(f"{'you' if s == viewer else f'seat {s}'}: {', '.join(p)}"
                                 for s, p in sorted(parts.items()))

    # -- what the page sees -------------------------------------------------------
    def _describe(self, seat: int, kept: bool = True) -> dict[str, Any]:
        described = describe(self.state.view(seat), seat, self.ids, self.hook, self.trick, self.game)
        held = self.kept.get(seat) if kept else None
        if held:
            described["zones"] = [held[z["key"]] if z.get("key") in held and not z.get("cards") else z
                                  for z in described["zones"]]
        return described

    def to_act(self) -> int | None:
        """The seat whose move it is (public), None at chance, a joint move or the end."""
        if self.over or self.records:
            return None
        current = self.state.current()
        return int(current) if isinstance(current, int) and 0 <= current < self.players else None

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
                "to_act": self.to_act(),
                "replay": bool(self.script),
                "game": self.game_id,
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
        seats = [{"label": self.seating.label(s, -1),
                  "zones": [{**z, "title": third_person(z["title"], s)}
                            for z in describe(state.view(s), s, self.ids, self.hook, trick, self.game)["zones"]]}
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

        return seat % contenders(self.spec, self.players)

    def result_words(self, seat: int) -> dict[str, Any]:
        result = self.state.result()
        if result.unfinished:
            text = "unfinished (the turn cap)"
        elif result.winner is None:
            text = "a draw"
        else:
            from ...balance.playstats import contenders

            sides = contenders(self.spec, self.players)
            text = self.seating.label(result.winner, seat) + " wins"
            if sides < self.players:
                members = " & ".join(str(s) for s in range(result.winner, self.players, sides))
                text = f"Team {result.winner} (seats {members}) wins"
            if result.winner == self.side(seat):
                text = "You win" if result.winner == seat else "Your team wins"
        return {"text": text, "winner": result.winner, "scores": list(result.scores), "counts": list(result.counts),
                "seed": self.seed}
