"""A rules file compiled for one set of parameters: every step becomes a closure
``op(state) -> bool`` (True: the game pauses, at a decision, a shuffle or the
end), every expression a closure of :mod:`.expr`. Nothing is looked up by name
while a game runs: zones are list indexes, fields are columns, actions are made
once. The checks a rules file must pass before any game is played run here too
(a zone read before it is filled, a phase with no way out, a deal larger than the
deck, a winner rule that names no one, a field cards do not have)."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import Problem
from ..api import CHANCE, SIMULTANEOUS, TERMINAL, Action
from .cards import Cards
from .expr import ExprError, Fn, Scope, card_filter, compile_expr, parse
from .schema import Doc, RulesError

RUNAWAY = 200_000  # steps run without a pause: a rule that loops for ever

E: dict[str, Any] = {}  # the names a step-level expression binds: none (variables live in the state)
Op = Any  # Callable[[RulesState], bool]


class Stuck(Exception):
    """A rule that cannot go on at run time (its line is added by the interpreter)."""


@dataclass(frozen=True)
class Zone:
    name: str
    owned: bool
    visible: str  # hidden, owner, public
    base: int  # the index of the (first) instance in state.z
    say: str


@dataclass
class Choice:
    """What a paused ``choose`` needs to take the action: the values behind the legal actions."""

    seat: int
    values: list[Any]
    bind: Any  # (state, seat, value) -> None


class Program:
    """The compiled game (see the module docstring)."""

    def __init__(self, doc: Doc, cards: Cards, params: Mapping[str, Any], players: int) -> None:
        self.doc, self.cards, self.params, self.n = doc, cards, dict(params), players
        d = doc.data
        self.ids = cards.ids
        self.index = {cid: k for k, cid in enumerate(cards.ids)}
        self.zones: list[Zone] = []
        self.instances: list[tuple[Zone, int | None]] = []  # state.z[k] -> (zone, owner seat)
        zones = d.get("zones") or {}
        for name, z in zones.items():
            z = {"visible": z} if isinstance(z, str) else z
            owned = z.get("owner", "none") == "each"
            zone = Zone(str(name), owned, z.get("visible", "hidden"), len(self.instances), str(z.get("say", name)))
            self.zones.append(zone)
            for seat in (range(players) if owned else [None]):
                self.instances.append((zone, seat))
        self.by_name = {z.name: z for z in self.zones}
        start = d.get("start", self.zones[0].name if self.zones else "")
        if start not in self.by_name or self.by_name[start].owned:
            doc.problem(f"start: {start!r} is not a shared zone", d, "start")
            start = self.zones[0].name
        self.start = self.by_name[start].base
        self.globals = {"player": 0, **{str(k): v for k, v in (d.get("variables") or {}).items()}}
        self.per_player = {str(k): v for k, v in (d.get("per_player") or {}).items()}
        defines = d.get("define") or {}
        self.scope = Scope(
            players=players, params=self.params, globals_=set(self.globals), per_player=set(self.per_player),
            zones={z.name: z.base for z in self.zones if not z.owned},
            owned={z.name: z.base for z in self.zones if z.owned}, fields=cards.fields,
            constants={"suits": list(cards.suits), "ranks": list(cards.ranks), "attributes": list(cards.attributes),
                       "lower_better": list(cards.lower)},
            define_text={str(k): str(v["is"] if isinstance(v, Mapping) else v) for k, v in defines.items()})
        for name in list(self.globals) + list(self.per_player):
            if name in self.scope.zones or name in self.scope.owned or name in self.params:
                where = d.get("per_player") if name in self.per_player else d.get("variables")
                doc.problem(f"{name!r} is both a variable and a zone or parameter: give one another name",
                            *((where, name) if isinstance(where, Mapping) and name in where else (d,)))
        self.blocks: list[tuple[Op, ...]] = []
        self.block_of: dict[int, int] = {}
        self.lines: list[list[tuple[int | None, str]]] = []
        self.filled: set[str] = {start}
        self.ends = 0
        self.phase_names = [str(p) for p in (d.get("phases") or {})]
        self.phase_blocks: list[tuple[Op, ...]] = []
        self.phase_edges: list[set[int]] = []
        self.phase_ends: list[bool] = []
        self.actions: dict[str, list[Action]] = {}
        self._phase = 0
        self.procedures: dict[str, tuple[Op, ...]] = {}
        self.hook: Any = None
        self._compiling: set[str] = set()
        self.winner = self._winner(d.get("winner"), d, "winner")
        self.initial: dict[str, Any] = {}
        for name, value in self.globals.items():
            self.initial[name] = self._const(value, d.get("variables"), name)
        for name, value in self.per_player.items():
            self.initial[name] = self._const(value, d.get("per_player"), name)
        phases = d.get("phases") or {}
        self.phase_blocks = [() for _ in phases]
        for k, (name, steps) in enumerate(phases.items()):
            self._phase = k
            self.phase_edges.append(set())
            self.phase_ends.append(False)
            self.phase_blocks[k] = self.block(steps, f"phase {name}")
        self._phase_checks(phases)
        length = d.get("length")
        if length is not None and length not in self.globals:
            doc.problem(f"length: {length!r} is not a variable (variables: {', '.join(self.globals)})", d, "length")
        self.length = str(length) if length is not None else None
        if doc.problems:
            raise RulesError(doc.problems)

    # -- helpers -------------------------------------------------------------
    def _const(self, value: Any, mapping: Any, key: Any) -> Any:
        if isinstance(value, str) and value not in ("none",):
            try:
                fn = compile_expr(value, self.scope_for_setup())
                return fn(_Static(self.n), E)
            except Exception:  # noqa: BLE001 - a word is a word
                return value
        return None if value == "none" else value

    def scope_for_setup(self) -> Scope:
        from dataclasses import replace
        return replace(self.scope, globals_=set(), per_player=set(), zones={}, owned={})

    def expr(self, text: Any, mapping: Any, key: Any, scope: Scope | None = None) -> Fn:
        scope = scope or self.scope
        before = len(scope.reads)
        try:
            fn = compile_expr(text, scope)
        except ExprError as exc:
            self.doc.problem(str(exc), mapping, key)
            return lambda s, e: None
        for func, zone in scope.reads[before:]:
            if zone in self.by_name and zone not in self.filled:
                self.doc.problem(f"{func}({zone}) reads the zone {zone!r} before any step puts a card in it"
                                 " (deal or move cards there first)", mapping, key)
                self.filled.add(zone)
        return fn

    def zone_index(self, text: Any, mapping: Any, key: Any) -> Fn:
        """A zone expression -> the index of its instance in state.z."""
        try:
            node = parse(text)
        except ExprError as exc:
            self.doc.problem(str(exc), mapping, key)
            return lambda s, e: 0
        if isinstance(node, ast.Name) and node.id in self.by_name:
            z = self.by_name[node.id]
            base = z.base
            if z.owned:
                def own(s: Any, e: Any) -> int:
                    return base + s.v["player"]  # type: ignore[no-any-return]
                own.owned = base  # type: ignore[attr-defined]
                return own

            def shared(s: Any, e: Any) -> int:
                return base
            shared.at = base  # type: ignore[attr-defined]
            return shared
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self.by_name \
                and self.by_name[node.func.id].owned and len(node.args) == 1:
            base = self.by_name[node.func.id].base
            seat = self.expr(ast.unparse(node.args[0]), mapping, key)
            return lambda s, e: base + seat(s, e)
        self.doc.problem(f"{text!r} is not a zone; zones: {', '.join(self.by_name)} (a player's: hand(seat))",
                         mapping, key)
        return lambda s, e: 0

    def zone_name(self, text: Any) -> str:
        try:
            node = parse(text)
        except ExprError:
            return ""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return node.func.id
        return node.id if isinstance(node, ast.Name) else ""

    def setter(self, target: Any, mapping: Any, add: bool) -> Any:
        try:
            node = parse(target)
        except ExprError as exc:
            self.doc.problem(str(exc), mapping, target)
            return lambda s, value: None
        if isinstance(node, ast.Name) and node.id in self.globals:
            name = node.id
            if add:
                def add_global(s: Any, value: Any) -> None:
                    s.v[name] += value
                return add_global

            def set_global(s: Any, value: Any) -> None:
                s.v[name] = value
            return set_global
        seat: Fn
        if isinstance(node, ast.Name) and node.id in self.per_player:
            name = node.id

            def seat(s: Any, e: dict[str, Any]) -> Any:
                return s.v["player"]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self.per_player \
                and len(node.args) == 1:
            name = node.func.id
            seat = self.expr(ast.unparse(node.args[0]), mapping, target)
        else:
            self.doc.problem(f"{target!r} is not a variable; variables: {', '.join([*self.globals, *self.per_player])}"
                             " (a player's: score(seat))", mapping, target)
            return lambda s, value: None
        if add:
            def add_own(s: Any, value: Any) -> None:
                s.v[name][seat(s, E)] += value
            return add_own

        def set_own(s: Any, value: Any) -> None:
            s.v[name][seat(s, E)] = value
        return set_own

    def _winner(self, rule: Any, mapping: Any, key: Any) -> Any:
        """``{highest: EXPR}`` / ``{lowest: EXPR}`` -> (state) -> (winner seat or None, scores)."""
        if not isinstance(rule, Mapping) or not ({"highest", "lowest"} & set(rule)):
            return None
        high = "highest" in rule
        text = rule["highest" if high else "lowest"]
        if "p" not in _names(text):
            self.doc.problem(f"the winner rule {text!r} names no one: it must depend on each player p"
                             " (count(hand(p)), score(p))", rule, "highest" if high else "lowest")
        value = self.expr(text, rule, "highest" if high else "lowest", self.scope.with_locals("p"))

        def decide(s: Any) -> tuple[int | None, list[float]]:
            scores = [value(s, {"p": p}) for p in range(s.n)]
            best = max(scores) if high else min(scores)
            top = [p for p, x in enumerate(scores) if x == best]
            return (top[0] if len(top) == 1 else None), [float(x) for x in scores]
        return decide

    # -- blocks ---------------------------------------------------------------
    def block(self, steps: Any, where: str) -> tuple[Op, ...]:
        """The steps compiled, runs of steps that never pause fused into one op each
        (an ``if`` or loop whose steps never pause runs them in place, pushing no frame)."""
        ops: list[Op] = []
        lines: list[tuple[int | None, str]] = []
        for step in steps if isinstance(steps, list) else []:
            if not isinstance(step, Mapping):
                continue
            kind = next((k for k in step if k in _KINDS), None)
            if kind is None:
                continue
            lines.append((self.doc.line(step, kind), f"{kind} ({where})"))
            ops.append(getattr(self, "_" + kind)(step, step[kind], where))
        groups: list[tuple[list[Op], list[tuple[int | None, str]]]] = []
        for op, line in zip(ops, lines, strict=False):
            if _inline(op) and groups and _inline(groups[-1][0][-1]):
                groups[-1][0].append(op)
                groups[-1][1].append(line)
            else:
                groups.append(([op], [line]))
        block = tuple(_fuse(g_ops, g_lines) for g_ops, g_lines in groups)
        self.blocks.append(block)
        self.lines.append([g_lines[0] for _, g_lines in groups])
        self.block_of[id(block)] = len(self.blocks) - 1
        return block

    def _shuffle(self, step: Any, body: Any, where: str) -> Op:
        zi = self.zone_index(body, step, "shuffle")

        def shuffle(s: Any) -> bool:
            k = zi(s, E)
            if len(s.z[k]) < 2:
                return False
            s.pend = k
            s.cur = CHANCE
            return True
        return shuffle

    def _deal(self, step: Any, body: Any, where: str) -> Op:
        src = self.zone_index(body["from"], body, "from")
        name = self.zone_name(body["to"])
        zone = self.by_name.get(name)
        if zone is None or not zone.owned:
            self.doc.problem(f"deal: to: names a players' zone (owner: each); {body['to']!r} is not one", body, "to")
            return lambda s: False
        self.filled.add(name)
        count = self.expr(body.get("count", 1), body, "count")
        static = _static(count, self.n)
        if isinstance(static, int) and static * self.n > len(self.cards):
            self.doc.problem(f"deal: {static} cards to each of {self.n} players is {static * self.n} cards, more than"
                             f" the {len(self.cards)} of the game", body, "count")
        base, n = zone.base, self.n

        def deal(s: Any) -> bool:
            pile = s.z[src(s, E)]
            z = s.z
            for _ in range(count(s, E)):
                for seat in range(n):
                    if not pile:
                        raise Stuck(f"deal: the zone dealt from is empty (seat {seat} gets no card)")
                    z[base + seat].append(pile.pop())
            return False
        return _mark(deal)

    def _move(self, step: Any, body: Any, where: str) -> Op:
        src = self.zone_index(body["from"], body, "from")
        dst = self.zone_index(body["to"], body, "to")
        src_name = self.zone_name(body["from"])
        if src_name in self.by_name and src_name not in self.filled and not {"card", "where"} & set(body) \
                and body.get("count") != "all":
            self.doc.problem(f"move: from: {src_name!r} is read before any step puts a card in it", body, "from")
        self.filled.add(self.zone_name(body["to"]))
        bottom = body.get("at", "top") == "bottom"
        if body.get("at", "top") not in ("top", "bottom"):
            self.doc.problem("move: at: top or bottom", body, "at")
        if "card" in body:
            card = self.expr(body["card"], body, "card")

            src_own, dst_at = getattr(src, "owned", None), getattr(dst, "at", None)
            if src_own is not None and dst_at is not None and not bottom:  # play a card: hand -> discard
                def play_card(s: Any) -> bool:
                    c = card(s, E)
                    try:
                        s.z[src_own + s.v["player"]].remove(c)
                    except ValueError:
                        raise Stuck(f"move: the card {self.ids[c] if isinstance(c, int) else c!r} is not in"
                                    f" {body['from']}") from None
                    s.z[dst_at].append(c)
                    return False
                return _mark(play_card)

            def move_card(s: Any) -> bool:
                c = card(s, E)
                pile = s.z[src(s, E)]
                try:
                    pile.remove(c)
                except ValueError:
                    raise Stuck(f"move: the card {self.ids[c] if isinstance(c, int) else c!r} is not in"
                                f" {body['from']}") from None
                if bottom:
                    s.z[dst(s, E)].insert(0, c)
                else:
                    s.z[dst(s, E)].append(c)
                return False
            return _mark(move_card)
        if "where" in body:
            cond = self.expr(body["where"], body, "where", self.scope.with_locals("card"))

            def move_where(s: Any) -> bool:
                pile = s.z[src(s, E)]
                e: dict[str, Any] = {}
                keep: list[int] = []
                take: list[int] = []
                for c in pile:
                    e["card"] = c
                    (take if cond(s, e) else keep).append(c)
                pile[:] = keep
                to = s.z[dst(s, E)]
                if bottom:
                    to[0:0] = take
                else:
                    to.extend(take)
                return False
            return _mark(move_where)
        if body.get("count") == "all":
            leave = self.expr(body.get("leave", 0), body, "leave")

            def move_all(s: Any) -> bool:
                pile = s.z[src(s, E)]
                k = len(pile) - leave(s, E)
                if k <= 0:
                    return False
                part = pile[:k]
                del pile[:k]
                to = s.z[dst(s, E)]
                if bottom:
                    to[0:0] = part
                else:
                    to.extend(part)
                return False
            return _mark(move_all)
        count = self.expr(body.get("count", 1), body, "count")
        static = _static(count, self.n)
        if isinstance(static, int) and static > len(self.cards):
            self.doc.problem(f"move: {static} cards, more than the {len(self.cards)} of the game", body, "count")

        one = _static(count, self.n) == 1 and not bottom
        src_at, dst_own = getattr(src, "at", None), getattr(dst, "owned", None)
        if one and src_at is not None and dst_own is not None:  # draw a card: stock -> hand
            def draw_one(s: Any) -> bool:
                pile = s.z[src_at]
                if not pile:
                    raise Stuck(f"move: {body['from']} is empty")
                s.z[dst_own + s.v["player"]].append(pile.pop())
                return False
            return _mark(draw_one)

        def move(s: Any) -> bool:
            pile = s.z[src(s, E)]
            to = s.z[dst(s, E)]
            for _ in range(count(s, E)):
                if not pile:
                    raise Stuck(f"move: {body['from']} is empty")
                if bottom:
                    to.insert(0, pile.pop())
                else:
                    to.append(pile.pop())
            return False
        return _mark(move)

    def _assign(self, step: Any, body: Any, add: bool) -> Op:
        if len(body) == 1:
            (target, text), = body.items()
            if isinstance(target, str) and target in self.globals:  # one variable: one closure
                value = self.expr(text, body, target)
                if isinstance(text, (int, float)) and not isinstance(text, bool):
                    const = text
                    if add:
                        def add_const(s: Any) -> bool:
                            s.v[target] += const
                            return False
                        return _mark(add_const)

                    def set_const(s: Any) -> bool:
                        s.v[target] = const
                        return False
                    return _mark(set_const)
                if not add and target == "player" and str(text).replace(" ", "") == "next(player)":
                    def pass_turn(s: Any) -> bool:  # set: {player: next(player)}
                        v = s.v
                        v["player"] = (v["player"] + 1) % s.n
                        return False
                    return _mark(pass_turn)
                if add:
                    def add_value(s: Any) -> bool:
                        s.v[target] += value(s, E)
                        return False
                    return _mark(add_value)

                def set_value(s: Any) -> bool:
                    s.v[target] = value(s, E)
                    return False
                return _mark(set_value)
        pairs = [(self.setter(k, body, add), self.expr(v, body, k)) for k, v in body.items()]
        if len(pairs) == 1:
            (put, value), = pairs

            def assign_one(s: Any) -> bool:
                put(s, value(s, E))
                return False
            return _mark(assign_one)

        def assign(s: Any) -> bool:
            for put, value in pairs:
                put(s, value(s, E))
            return False
        return _mark(assign)

    def _set(self, step: Any, body: Any, where: str) -> Op:
        return self._assign(step, body, False)

    def _add(self, step: Any, body: Any, where: str) -> Op:
        return self._assign(step, body, True)

    def _if(self, step: Any, body: Any, where: str) -> Op:
        cond = self.expr(body, step, "if")
        yes = self.block(step.get("then") or [], where)
        no = self.block(step.get("else") or [], where)
        if all(map(_inline, yes + no)):
            y = yes[0] if len(yes) == 1 else _fuse(list(yes), [])
            n = no[0] if len(no) == 1 else (_fuse(list(no), []) if no else None)

            def if_inline(s: Any) -> Any:
                if cond(s, E):
                    return y(s)
                if n is not None:
                    return n(s)
                return None
            return _mark(if_inline)

        yes_in = yes[0] if len(yes) == 1 and _inline(yes[0]) else None  # a branch that never pauses: in place
        no_in = no[0] if len(no) == 1 and _inline(no[0]) else None

        def if_(s: Any) -> Any:
            if cond(s, E):
                if yes_in is not None:
                    return yes_in(s)
                if yes:
                    s.k.append([yes, 0])
            else:
                if no_in is not None:
                    return no_in(s)
                if no:
                    s.k.append([no, 0])
            return False
        return if_

    def _while(self, step: Any, body: Any, where: str) -> Op:
        cond = self.expr(body, step, "while")
        inner = self.block(step.get("do") or [], where)
        if all(map(_inline, inner)):
            run = _fuse(list(inner), [])

            def while_inline(s: Any) -> Any:
                budget = RUNAWAY
                while cond(s, E):
                    r = run(s)
                    if r:
                        return r
                    budget -= 1
                    if not budget:
                        raise Stuck(f"while: repeated {RUNAWAY:,} times without a decision or an end")
                return None
            return _mark(while_inline)

        def while_(s: Any) -> bool:
            if cond(s, E):
                s.k[-1][1] -= 1
                s.k.append([inner, 0])
            return False
        return while_

    def _repeat(self, step: Any, body: Any, where: str) -> Op:
        times = self.expr(body, step, "repeat")
        inner = self.block(step.get("do") or [], where)
        if all(map(_inline, inner)):
            run = _fuse(list(inner), [])

            def repeat_inline(s: Any) -> Any:
                for _ in range(times(s, E)):
                    r = run(s)
                    if r:
                        return r
                return None
            return _mark(repeat_inline)

        def repeat(s: Any) -> bool:
            n = times(s, E)
            if n > 0:
                s.k.append([inner, 0, n, 1, None, None])
            return False
        return repeat

    def _each(self, step: Any, body: Any, where: str) -> Op:
        name = str(body)
        if name != "player" and name not in self.globals:
            self.globals[name] = None
            self.initial[name] = None
            self.scope.globals_.add(name)
        values = self.expr(step["in"], step, "in")
        inner = self.block(step.get("do") or [], where)
        if all(map(_inline, inner)):
            run = _fuse(list(inner), [])

            def each_inline(s: Any) -> Any:
                v = s.v
                keep = v[name]
                for item in list(values(s, E)):
                    v[name] = item
                    r = run(s)
                    if r:
                        if r is JUMP:
                            v[name] = keep
                        return r
                v[name] = keep
                return None
            return _mark(each_inline)

        def each(s: Any) -> bool:
            items = values(s, E)
            if items:
                items = list(items)
                s.k.append([inner, 0, items, 1, name, s.v[name]])
                s.v[name] = items[0]
            return False
        return each

    def _goto(self, step: Any, body: Any, where: str) -> Op:
        target = str(body)
        if target not in self.phase_names:
            self.doc.problem(f"goto: no phase {target!r}; phases: {', '.join(self.phase_names)}", step, "goto")
            return lambda s: False
        k = self.phase_names.index(target)
        self.phase_edges[self._phase].add(k)
        program = self

        def goto(s: Any) -> Any:
            s.k[:] = [[program.phase_blocks[k], 0]]
            s.ph = k
            return JUMP
        return _mark(goto)

    def _call(self, step: Any, body: Any, where: str) -> Op:
        target = str(body)
        procedures = self.doc.data.get("procedures") or {}
        if target not in procedures:
            self.doc.problem(f"call: no procedure {target!r}; procedures: {', '.join(map(str, procedures)) or 'none'}",
                             step, "call")
            return lambda s: False
        block = self.procedures.get(target)
        if block is None:
            if target in self._compiling:
                self.doc.problem(f"call: the procedure {target!r} calls itself", step, "call")
                return lambda s: False
            self._compiling.add(target)
            block = self.procedures[target] = self.block(procedures[target], f"procedure {target}")
            self._compiling.discard(target)

        if block and all(map(_inline, block)):
            run = _fuse(list(block), [])
            return _mark(run)

        def call(s: Any) -> bool:
            s.k.append([block, 0])
            return False
        return call

    def _end(self, step: Any, body: Any, where: str) -> Op:
        self.phase_ends[self._phase] = True
        if body == "draw":
            def draw(s: Any) -> Any:
                return None, []
            decide = draw
        elif isinstance(body, Mapping) and "winner" in body:
            seat = self.expr(body["winner"], body, "winner")
            if isinstance(body["winner"], int) and not 0 <= body["winner"] < self.n:
                self.doc.problem(f"end: winner: seat {body['winner']} names no one of the {self.n} players", body,
                                 "winner")

            def named(s: Any) -> Any:
                return seat(s, E), []
            decide = named
        elif isinstance(body, Mapping) and body:
            decide = self._winner(body, body, next(iter(body)))
        else:
            if self.winner is None:
                self.doc.problem("end: the game ends, but no winner: rule says who wins (winner: {highest: ...})",
                                 step, "end")
                return lambda s: False
            decide = self.winner
        program = self

        def end(s: Any) -> bool:
            s.win, s.scores = decide(s)
            s.over = True
            s.cur = TERMINAL
            return True
        _ = program
        return _mark(end)

    def _choose(self, step: Any, body: Any, where: str) -> Op:
        kind = str(body.get("action", "choose"))
        together = body.get("who") == "all"
        who = None if together else self.expr(body.get("who", "player"), body, "who")
        target = body.get("as")
        bind = None
        if target is not None:
            if together and target not in self.per_player:
                self.doc.problem(f"choose: who: all puts each player's choice in a per_player variable; {target!r}"
                                 " is not one", body, "as")
            elif not together and target not in self.globals:
                self.globals[target] = None
                self.initial[target] = None
                self.scope.globals_.add(target)
            bind = self.setter(f"{target}(player)" if together else target, body, False)
        if "card" in body:
            zone = self.zone_index(body["card"], body, "card")
            cond = self.expr(body["where"], body, "where", self.scope.with_locals("card")) if "where" in body else None
            acts = [Action(kind, cid) for cid in self.ids]
            self.actions[kind] = acts
            fast = card_filter(body["where"], self.scope) if cond is not None and not self.doc.problems else None
            if fast is not None:
                own = getattr(zone, "owned", None)
                if own is not None:
                    def options_own(s: Any) -> tuple[list[Action], list[Any]]:
                        cards = fast(s, s.z[own + s.v["player"]])
                        return [acts[c] for c in cards], cards
                    options = options_own
                else:
                    def options_fast(s: Any) -> tuple[list[Action], list[Any]]:
                        cards = fast(s, s.z[zone(s, E)])
                        return [acts[c] for c in cards], cards
                    options = options_fast

            def options_slow(s: Any) -> tuple[list[Action], list[Any]]:
                cards = s.z[zone(s, E)]
                if cond is not None:
                    e: dict[str, Any] = {}
                    found = []
                    for c in cards:
                        e["card"] = c
                        if cond(s, e):
                            found.append(c)
                    cards = found
                return [acts[c] for c in cards], list(cards)
            if fast is None:
                options = options_slow
        else:
            values = self.expr(body["options"] if not isinstance(body["options"], list) else repr(body["options"]),
                               body, "options")
            cond = self.expr(body["where"], body, "where", self.scope.with_locals("option")) if "where" in body else None
            cache: dict[Any, Action] = {}

            def options(s: Any) -> tuple[list[Action], list[Any]]:
                found = list(values(s, E))
                if cond is not None:
                    e: dict[str, Any] = {}
                    kept = []
                    for o in found:
                        e["option"] = o
                        if cond(s, e):
                            kept.append(o)
                    found = kept
                found = [tuple(o) if isinstance(o, list) else o for o in found]
                out = []
                for o in found:
                    a = cache.get(o)
                    if a is None:
                        a = cache[o] = Action(kind, o)
                    out.append(a)
                return out, found
        n = self.n

        if together:
            def choose_all(s: Any) -> bool:
                keep = s.v["player"]
                legal, choices = [], []
                for seat in range(n):
                    s.v["player"] = seat
                    acts_, vals = options(s)
                    legal.append(acts_)
                    choices.append(Choice(seat, vals, bind))
                s.v["player"] = keep
                if not any(legal):
                    raise Stuck("choose: no player has anything to choose")
                s.legal, s.pend, s.cur = legal, choices, SIMULTANEOUS
                return True
            return choose_all

        otherwise = self.block(step["otherwise"], where) if "otherwise" in step else None
        by_player = body.get("who", "player") == "player"

        def choose(s: Any) -> bool:
            if by_player:
                seat = s.v["player"]
                legal, vals = options(s)
            else:
                seat = who(s, E)  # type: ignore[misc]
                keep = s.v["player"]
                s.v["player"] = seat
                legal, vals = options(s)
                s.v["player"] = keep
            if not legal:
                if otherwise is not None:
                    if otherwise:
                        s.k.append([otherwise, 0])
                    return False
                raise Stuck(f"choose: seat {seat} has nothing to choose")
            s.legal, s.pend, s.cur = legal, Choice(seat, vals, bind), seat
            return True
        return choose

    def _python(self, step: Any, body: Any, where: str) -> Op:
        ref = self.doc.data.get("python")
        if ref is None:
            self.doc.problem("python: this rules file names no Python function (python: rules.py:my_rule at the top)",
                             step, "python")
            return lambda s: False
        if self.hook is None:
            from .python_hook import load
            self.hook = load(self.doc.path, str(ref))
        hook, what = self.hook, str(body)

        def python(s: Any) -> bool:
            from ..designer.loader import designer_failure
            from .python_hook import Table

            try:
                hook(Table(s), what)
            except Exception as exc:  # the designer's own error: their file and line
                raise designer_failure(exc) from None
            return False
        return _mark(python)

    # -- static checks ------------------------------------------------------
    def _phase_checks(self, phases: Any) -> None:
        """Every phase can reach an ``end``; the last one does not run off its end."""
        count = len(self.phase_names)
        if not count:
            return
        succ: list[set[int]] = []
        for k in range(count):
            edges = {e if e >= 0 else -1 - e for e in self.phase_edges[k]}
            if k + 1 < count:
                edges.add(k + 1)  # a phase may run on into the next one
            succ.append(edges)
        reach_end = {k for k in range(count) if self.phase_ends[k]}
        changed = True
        while changed:
            changed = False
            for k in range(count):
                if k not in reach_end and succ[k] & reach_end:
                    reach_end.add(k)
                    changed = True
        for k, name in enumerate(self.phase_names):
            if k not in reach_end:
                self.doc.problem(f"phase {name!r} has no way out: no step in it, or in a phase it leads to, ends the"
                                 " game (add an end: step, or a goto: to a phase that ends)", phases, name)
                break
        last = phases[self.phase_names[-1]]
        if isinstance(last, list) and last and isinstance(last[-1], Mapping) \
                and not ({"goto", "end"} & set(last[-1])):
            self.doc.problem(f"phase {self.phase_names[-1]!r} is the last one and runs off its end: finish it with"
                             " goto: or end:", phases, self.phase_names[-1])


JUMP = 2  # what goto returns: the steps go on elsewhere (True: the game pauses)


def _mark(op: Op) -> Op:
    """An op that never pauses to be resumed (it may end the game or jump): runs in place."""
    op.inline = True
    return op


def _inline(op: Op) -> bool:
    return getattr(op, "inline", False)


def _fuse(ops: list[Op], lines: list[tuple[int | None, str]]) -> Op:
    """Ops that never pause, run one after another as one op; an error raised in one of
    them carries its line (``rules_at``) for the stuck message."""
    if len(ops) == 1:
        return ops[0]
    if not all(map(_inline, ops)):
        raise AssertionError("only ops that never pause are fused")
    steps = tuple(ops)

    def at(exc: BaseException, i: int) -> None:
        if lines and not hasattr(exc, "rules_at"):
            exc.rules_at = lines[i]  # type: ignore[attr-defined]

    if len(steps) == 2:  # the commonest runs, without a loop
        a, b = steps

        def fused2(s: Any) -> Any:
            try:
                r = a(s)
            except Exception as exc:
                at(exc, 0)
                raise
            if r:
                return r
            try:
                return b(s)
            except Exception as exc:
                at(exc, 1)
                raise
        return _mark(fused2)
    if len(steps) == 3:
        a, b, c = steps

        def fused3(s: Any) -> Any:
            i = 0
            try:
                r = a(s)
                if r:
                    return r
                i = 1
                r = b(s)
                if r:
                    return r
                i = 2
                return c(s)
            except Exception as exc:
                at(exc, i)
                raise
        return _mark(fused3)

    def fused(s: Any) -> Any:
        i = 0
        try:
            for op in steps:
                r = op(s)
                if r:
                    return r
                i += 1
        except Exception as exc:
            if lines and not hasattr(exc, "rules_at"):
                exc.rules_at = lines[i]  # type: ignore[attr-defined]
            raise
        return None
    return _mark(fused)


_KINDS = ("shuffle", "deal", "move", "set", "add", "if", "while", "repeat", "each", "choose", "goto", "call", "end",
          "python")


class _Static:
    """A state with nothing but the number of players: evaluates what depends on parameters alone."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.v: dict[str, Any] = {}
        self.z: list[Any] = []


def _static(fn: Fn, n: int) -> Any:
    try:
        return fn(_Static(n), {})
    except Exception:  # noqa: BLE001 - depends on the state: checked at run time
        return None


def _names(text: Any) -> set[str]:
    try:
        return {n.id for n in ast.walk(parse(text)) if isinstance(n, ast.Name)}
    except ExprError:
        return set()


def problems_of(exc: BaseException) -> list[Problem]:
    return list(getattr(exc, "problems", []))
