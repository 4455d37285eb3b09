"""A rules file written out as plain Python (``deckpress eject``): a ``game.py`` with a
State class against the public game API (:mod:`generator.games.api`) whose methods are
the file's phases, its expressions Python expressions, its zones lists of card numbers
and its variables attributes. It imports nothing of the rules interpreter and plays
the same games as the rules file for the same seed (the same decisions in the same
order, the same shuffles of the same zones).

The rules file is compiled first (:class:`~.program.Program`), so a file that cannot
be played is refused as ever. A construct this writer has no plain Python for (a
simultaneous ``choose: {who: all}``, a ``python:`` step, a decision or a shuffle
inside a loop or a procedure, cards: deck) raises :class:`NotPlain` naming the rule
(file and line), and ``eject`` falls back to the game.py that embeds the rules.

How a decision pauses: every ``choose`` and ``shuffle`` is a method of its own; the
steps before it end by returning that method's name, the steps after it are the next
method, and :meth:`run` calls the method each one names until one pauses (at a
decision, a shuffle or the end)."""

from __future__ import annotations

import ast
import keyword
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .expr import FUNCTIONS, SEAT_FUNCTIONS, ZONE_FUNCTIONS, parse
from .program import RUNAWAY, Program
from .schema import STEPS

RESERVED = {"game", "observer", "n", "current", "players", "legal_actions", "is_over", "sample_chance", "apply",
            "apply_joint", "view", "result", "clone", "returns", "information_state", "self"}
HELPERS = '''

def top(zone):
    return zone[-1] if zone else None


def bottom(zone):
    return zone[0] if zone else None


def runs(numbers):
    """Runs of consecutive numbers, each ascending: [3, 4, 5, 9] -> [[3, 4, 5], [9]]."""
    out = []
    for n in sorted(numbers):
        if out and n == out[-1][-1] + 1:
            out[-1].append(n)
        elif not (out and n == out[-1][-1]):
            out.append([n])
    return out


def distinct(values):
    return sorted(set(values), key=repr)


def count_of(values, value):
    return sum(1 for v in values if v == value)


def most(values):
    """The values of the highest count (several on a tie)."""
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    top_count = max(counts.values(), default=0)
    return [v for v, c in counts.items() if c == top_count]


def subsets(values):
    from itertools import combinations

    items = list(values)
    return [c for k in range(1, len(items) + 1) for c in combinations(items, k)]


def between(low, high):
    return list(range(int(low), int(high) + 1))
'''


class NotPlain(Exception):
    """A rule this writer has no plain Python for (``where``: file and line, ``what``)."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where, self.what = where, what


@dataclass
class _Method:
    name: str
    lines: list[str] = field(default_factory=list)
    doc: str = ""


class Writer:
    """Writes one compiled rules file as Python (see the module docstring)."""

    def __init__(self, program: Program, guarded: bool = False) -> None:
        self.p = program
        self.guarded = guarded  # each while: counts its turns (compiled on load: a loop that never ends stops)
        self.doc = program.doc
        self.d = program.doc.data
        self.methods: list[_Method] = []
        self.count = 0
        self.locals: list[set[str]] = [set()]
        self.each_keep: list[tuple[str, str]] = []
        self.card_kinds: list[str] = []  # the actions of choosing a card, made once (PLAYS)
        self.phases = [str(n) for n in (self.d.get("phases") or {})]
        self.names = {n: self.ident(f"phase_{n}") for n in self.phases}
        self.defines = {str(k): (str(v["is"]) if isinstance(v, Mapping) else str(v))
                        for k, v in (self.d.get("define") or {}).items()}
        self.globals = [g for g in program.globals if g != "player"]
        self.per_player = list(program.per_player)
        for name in [*self.globals, *self.per_player, *(z.name for z in program.zones), *self.defines]:
            if not name.isidentifier() or keyword.iskeyword(name) or name in RESERVED:
                raise NotPlain(str(self.doc.path), f"the name {name!r} is one the Python game uses itself")
        self.check_names()

    def check_names(self) -> None:
        """Every name of the file the Python is written with as a name (not as the ``repr`` of a
        literal) is a plain identifier: a parameter, a card field, a constant, a loop's variable,
        a zone dealt to (and the variables, zones and definitions checked above). The designer's
        text reaches the Python only so or as a literal, never as code (the format's promise: no
        Python eval of it; :mod:`.compiled` runs this Python)."""
        names = [*(str(k) for k in self.p.params), *(str(k) for k in (self.d.get("parameters") or {}))]
        upper = [str(k).upper() for k in [*self.p.cards.fields, *self.p.scope.constants]]
        found: list[str] = []

        def steps(block: Any) -> None:
            for step in block if isinstance(block, list) else []:
                if not isinstance(step, Mapping):
                    continue
                if "each" in step:
                    found.append(str(step["each"]))
                if isinstance(step.get("deal"), Mapping) and "to" in step["deal"]:
                    found.append(str(step["deal"]["to"]))
                for k in ("then", "else", "do", "otherwise"):
                    steps(step.get(k))
        for block in [*(self.d.get("phases") or {}).values(), *(self.d.get("procedures") or {}).values()]:
            steps(block)
        for name in [*names, *upper, *found]:
            if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("__") or name in _MODULE_NAMES:
                raise NotPlain(str(self.doc.path), f"the name {name!r} is not a plain name in Python")

    # -- names ------------------------------------------------------------------
    @staticmethod
    def ident(text: str) -> str:
        out = "".join(c if c.isalnum() or c == "_" else "_" for c in text)
        return out if out.isidentifier() else "_" + out

    def columns(self) -> dict[str, str]:
        return {str(k).upper(): str(k) for k in self.p.cards.fields}

    def where(self, mapping: Any, key: Any) -> str:
        line = self.doc.line(mapping, key)
        return f"{self.doc.path.name}:{line}" if line else str(self.doc.path.name)

    def fresh(self, base: str) -> str:
        self.count += 1
        return f"{base}_{self.count}"

    # -- expressions --------------------------------------------------------------
    def expr(self, text: Any, mapping: Any = None, key: Any = None) -> str:
        try:
            return self.walk(parse(text))
        except NotPlain:
            raise
        except Exception as exc:  # noqa: BLE001 - a construct with no Python here
            raise NotPlain(self.where(mapping, key), f"{text!r}: {exc}") from None

    def local(self, name: str) -> bool:
        return any(name in scope for scope in self.locals)

    def walk(self, node: ast.AST) -> str:  # noqa: C901 - one case per node the language knows
        p = self.p
        if isinstance(node, ast.Constant):
            return repr(node.value)
        if isinstance(node, ast.Name):
            name = node.id
            if self.local(name):
                return name
            if name == "it" and self.local("card"):
                return "card"
            if name == "player":
                return "self.player"
            if name == "players":
                return "self.n"
            if name == "seats":
                return "list(range(self.n))"
            if name in p.params:
                return f"self.game.params.{name}"
            if name in p.scope.constants:
                return name.upper()
            if name in p.globals:
                return f"self.{name}"
            if name in p.per_player:
                return f"self.{name}[self.player]"
            if name in p.by_name:
                return f"self.{name}[self.player]" if p.by_name[name].owned else f"self.{name}"
            if name in ("true", "false"):
                return str(name == "true")
            if name in ("none", "nobody"):
                return "None"
            if name in self.defines:  # a definition named bare: of the card at hand, if any
                return f"self.{name}({'card' if self.local('card') else ''})"
            raise NotPlain("", f"the name {name!r}")
        if isinstance(node, ast.Attribute):
            return f"{node.attr.upper()}[{self.walk(node.value)}]"
        if isinstance(node, ast.Subscript):
            return f"{self.walk(node.value)}[{self.walk(node.slice)}]"
        if isinstance(node, ast.BinOp):
            op = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%"}[type(node.op)]
            return f"({self.walk(node.left)} {op} {self.walk(node.right)})"
        if isinstance(node, ast.UnaryOp):
            return f"(not {self.walk(node.operand)})" if isinstance(node.op, ast.Not) else f"(-{self.walk(node.operand)})"
        if isinstance(node, ast.BoolOp):
            joiner = " and " if isinstance(node.op, ast.And) else " or "
            return "(" + joiner.join(self.walk(v) for v in node.values) + ")"
        if isinstance(node, ast.Compare):
            ops = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.In: "in",
                   ast.NotIn: "not in"}
            parts = [self.walk(node.left)]
            for o, c in zip(node.ops, node.comparators, strict=False):
                parts += [ops[type(o)], self.walk(c)]
            return "(" + " ".join(parts) + ")"
        if isinstance(node, ast.IfExp):
            return f"({self.walk(node.body)} if {self.walk(node.test)} else {self.walk(node.orelse)})"
        if isinstance(node, ast.List):
            return "[" + ", ".join(self.walk(v) for v in node.elts) + "]"
        if isinstance(node, ast.Tuple):
            return "(" + "".join(self.walk(v) + ", " for v in node.elts) + ")"
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
            parts = []
            self.locals.append(set())
            try:
                for g in node.generators:
                    source = self.walk(g.iter)
                    target = g.target.id  # type: ignore[attr-defined]
                    self.locals[-1].add(target)
                    parts.append(f"for {target} in {source}" + "".join(f" if {self.walk(c)}" for c in g.ifs))
                body = self.walk(node.elt)
            finally:
                self.locals.pop()
            inner = f"{body} {' '.join(parts)}"
            return f"[{inner}]" if isinstance(node, ast.ListComp) else f"({inner})"
        if isinstance(node, ast.Call):
            return self.call(node)
        raise NotPlain("", f"{type(node).__name__}")

    def call(self, node: ast.Call) -> str:
        p = self.p
        name = node.func.id  # type: ignore[attr-defined]
        args = [self.walk(a) for a in node.args]
        if name in p.by_name:
            return f"self.{name}[{args[0]}]"
        if name in p.per_player:
            return f"self.{name}[{args[0]}]"
        if name in self.defines:
            return f"self.{name}({args[0] if args else ('card' if self.local('card') else '')})"
        if name in ZONE_FUNCTIONS:
            return f"list({args[0]})" if name == "cards" else f"{name}({args[0]})"
        if name in ("count", "len"):
            return f"len({args[0]})"
        if name == "value":
            return f"FIELDS[{args[1]}][{args[0]}]"
        if name in SEAT_FUNCTIONS:
            if name == "seats":
                return "list(range(self.n))"
            if name == "next":
                return f"(({args[0]}) + 1) % self.n"
            if name == "previous":
                return f"(({args[0]}) - 1) % self.n"
            return f"[(({args[0]}) + k) % self.n for k in range(1, self.n)]"
        if name == "reversed":
            return f"list(reversed({args[0]}))"
        if name in FUNCTIONS and name in _PLAIN_FUNCTIONS:
            return f"{name}({', '.join(args)})"
        raise NotPlain("", f"the function {name!r}")

    def initial(self, name: str, section: str) -> str:
        """A variable's first value: the file's expression (it may read players or a parameter),
        or the value itself (a word, a number, none)."""
        value = self.p.initial.get(name)
        written = (self.d.get(section) or {}).get(name)
        if isinstance(written, str) and written != "none" and value != written:
            return self.expr(written, self.d.get(section), name)
        return repr(value)

    def zone(self, text: Any, mapping: Any, key: Any) -> tuple[str, str, str]:
        """A zone expression -> (the Python list, its name, the seat expression or 'None')."""
        node = parse(text)
        p = self.p
        if isinstance(node, ast.Name) and node.id in p.by_name:
            if p.by_name[node.id].owned:
                return f"self.{node.id}[self.player]", node.id, "self.player"
            return f"self.{node.id}", node.id, "None"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in p.by_name:
            seat = self.expr(ast.unparse(node.args[0]), mapping, key)
            return f"self.{node.func.id}[{seat}]", node.func.id, seat
        raise NotPlain(self.where(mapping, key), f"{text!r} is not a zone")

    # -- steps ----------------------------------------------------------------------
    def pauses(self, steps: Any) -> bool:
        """``steps`` hold a decision or a shuffle (anywhere inside)."""
        for step in steps if isinstance(steps, list) else []:
            if not isinstance(step, Mapping):
                continue
            if "choose" in step or "shuffle" in step:
                return True
            if any(self.pauses(step.get(k)) for k in ("then", "else", "do", "otherwise")):
                return True
            if "call" in step and self.pauses((self.d.get("procedures") or {}).get(str(step["call"]))):
                return True
        return False

    def block(self, name: str, steps: Any, then: str | None, doc: str = "") -> None:
        """Method ``name``: ``steps``, then the method ``then`` (None: the game has ended or jumped)."""
        method = _Method(name, doc=doc)
        self.methods.append(method)
        out = method.lines
        steps = [s for s in (steps if isinstance(steps, list) else []) if isinstance(s, Mapping)]
        for i, step in enumerate(steps):
            kind = next((k for k in step if k in _KINDS), None)
            if kind is None:
                continue
            rest = steps[i + 1:]
            self.known(step, kind)
            if kind in ("choose", "shuffle") or (kind == "if" and self.pauses([step])):
                after = self.fresh(name) if rest else then
                if rest:
                    self.block(after, rest, then)  # type: ignore[arg-type]
                if kind == "if":
                    self.pausing_if(out, step, after, name)
                else:
                    pause = self.fresh(name)
                    out.append(f"return {pause!r}")
                    getattr(self, "_" + kind)(pause, step, step[kind], after)
                return
            if kind in ("while", "repeat", "each", "call") and self.pauses([step]):
                raise NotPlain(self.where(step, kind), f"a decision or a shuffle inside {kind}: (no plain Python for it"
                                                       " here)")
            self.statement(out, step, kind, 0)
            if kind in ("goto", "end"):
                return
        out.append(f"return {then!r}")

    def pausing_if(self, out: list[str], step: Any, after: str | None, name: str) -> None:
        cond = self.expr(step["if"], step, "if")
        yes, no = self.fresh(name), self.fresh(name)
        out.append(f"if {cond}:")
        out.append(f"    return {yes!r}")
        out.append(f"return {no!r}")
        self.block(yes, step.get("then") or [], after)
        self.block(no, step.get("else") or [], after)

    def known(self, step: Any, kind: str) -> None:
        """Refuse a step this writer does not know all of (a kind or key newer than it)."""
        keys = _WRITES.get(kind, "unknown")
        body = step[kind]
        if keys == "unknown" or set(step) - {kind} - _BESIDE or \
                (isinstance(keys, set) and isinstance(body, Mapping) and set(body) - keys):
            raise NotPlain(self.where(step, kind), f"{kind}: as written here has no plain Python yet")

    def statement(self, out: list[str], step: Any, kind: str, depth: int) -> None:
        pad = "    " * depth
        body = step[kind]
        self.known(step, kind)
        if kind == "deal":
            src, _, _ = self.zone(body["from"], body, "from")
            to = str(body["to"])
            count = self.expr(body.get("count", 1), body, "count")
            out += [f"{pad}for _ in range({count}):", f"{pad}    for seat in range(self.n):",
                    f"{pad}        if not {src}:", f"{pad}            raise RuntimeError('deal: the zone dealt from is empty')",
                    f"{pad}        self.{to}[seat].append({src}.pop())"]
        elif kind == "move":
            self.move(out, body, pad)
        elif kind in ("set", "add"):
            op = "+=" if kind == "add" else "="
            for target, text in body.items():
                value = self.expr(text, body, target)
                node = parse(target)
                if isinstance(node, ast.Name) and node.id in self.p.globals:
                    out.append(f"{pad}self.{node.id} {op} {value}")
                elif isinstance(node, ast.Name):
                    out.append(f"{pad}self.{node.id}[self.player] {op} {value}")
                else:
                    seat = self.expr(ast.unparse(node.args[0]), body, target)  # type: ignore[attr-defined]
                    out.append(f"{pad}self.{node.func.id}[{seat}] {op} {value}")  # type: ignore[attr-defined]
        elif kind == "if":
            out.append(f"{pad}if {self.expr(body, step, 'if')}:")
            self.inline(out, step.get("then") or [], depth + 1)
            if step.get("else"):
                out.append(f"{pad}else:")
                self.inline(out, step["else"], depth + 1)
        elif kind == "while":
            budget = self.fresh("budget") if self.guarded else ""
            if budget:
                out.append(f"{pad}{budget} = {RUNAWAY}")
            out.append(f"{pad}while {self.expr(body, step, 'while')}:")
            if budget:
                out += [f"{pad}    {budget} -= 1", f"{pad}    if not {budget}:",
                        f"{pad}        raise RuntimeError('while: a loop that never ends ({self.where(step, 'while')})')"]
            self.inline(out, step.get("do") or [], depth + 1)
        elif kind == "repeat":
            out.append(f"{pad}for _ in range({self.expr(body, step, 'repeat')}):")
            self.inline(out, step.get("do") or [], depth + 1)
        elif kind == "each":
            var = str(body)
            keep = self.fresh("keep")
            out.append(f"{pad}{keep} = self.{var}")
            out.append(f"{pad}for self.{var} in list({self.expr(step['in'], step, 'in')}):")
            self.each_keep.append((var, keep))
            self.inline(out, step.get("do") or [], depth + 1)
            self.each_keep.pop()
            out.append(f"{pad}self.{var} = {keep}")
        elif kind == "goto":
            for var, keep in reversed(self.each_keep):
                out.append(f"{pad}self.{var} = {keep}")
            out.append(f"{pad}return {self.names[str(body)]!r}")
        elif kind == "call":
            self.inline(out, (self.d.get("procedures") or {})[str(body)], depth)
        elif kind == "end":
            out.append(f"{pad}return self._finish({self.winner(step, body)})")
        else:
            raise NotPlain(self.where(step, kind), f"{kind}: has no plain Python here")

    def inline(self, out: list[str], steps: Any, depth: int) -> None:
        before = len(out)
        for step in steps if isinstance(steps, list) else []:
            if not isinstance(step, Mapping):
                continue
            kind = next((k for k in step if k in _KINDS), None)
            if kind is None:
                continue
            if kind in ("choose", "shuffle", "python"):
                raise NotPlain(self.where(step, kind), f"{kind}: inside a loop (no plain Python for it here)")
            self.statement(out, step, kind, depth)
        if len(out) == before:
            out.append("    " * depth + "pass")

    def move(self, out: list[str], body: Any, pad: str) -> None:
        src, _, _ = self.zone(body["from"], body, "from")
        dst, _, _ = self.zone(body["to"], body, "to")
        bottom = body.get("at", "top") == "bottom"
        if "card" in body:
            card = self.expr(body["card"], body, "card")
            out += [f"{pad}card = {card}", f"{pad}{src}.remove(card)",
                    f"{pad}{dst}.insert(0, card)" if bottom else f"{pad}{dst}.append(card)"]
        elif "where" in body:
            self.locals.append({"card"})
            cond = self.expr(body["where"], body, "where")
            self.locals.pop()
            out += [f"{pad}take = [card for card in {src} if {cond}]",
                    f"{pad}{src}[:] = [card for card in {src} if card not in take]",
                    f"{pad}{dst}[0:0] = take" if bottom else f"{pad}{dst}.extend(take)"]
        elif body.get("count") == "all":
            leave = self.expr(body.get("leave", 0), body, "leave")
            out += [f"{pad}k = len({src}) - {leave}", f"{pad}if k > 0:", f"{pad}    part = {src}[:k]",
                    f"{pad}    del {src}[:k]", f"{pad}    {dst}[0:0] = part" if bottom else f"{pad}    {dst}.extend(part)"]
        else:
            count = self.expr(body.get("count", 1), body, "count")
            line = f"{dst}.insert(0, {src}.pop())" if bottom else f"{dst}.append({src}.pop())"
            if count == "1":
                out.append(f"{pad}{line}")
            else:
                out += [f"{pad}for _ in range({count}):", f"{pad}    {line}"]

    def winner(self, step: Any, body: Any) -> str:
        if body == "draw":
            return "None"
        if isinstance(body, Mapping) and "winner" in body:
            return self.expr(body["winner"], body, "winner")
        rule: Mapping[str, Any] = body if isinstance(body, Mapping) and body else self.d.get("winner") or {}
        high = "highest" in rule
        self.locals.append({"p"})
        value = self.expr(rule["highest" if high else "lowest"], rule, "highest" if high else "lowest")
        self.locals.pop()
        return f"scores=[{value} for p in range(self.n)], highest={high}"

    def _shuffle(self, name: str, step: Any, body: Any, then: str | None) -> None:
        zone, zname, seat = self.zone(body, step, "shuffle")
        self.methods.append(_Method(name, [
            f"if len({zone}) < 2:", f"    return {then!r}",
            f"self._chance = ({zname!r}, {seat})", f"self._cur, self._then = CHANCE, {then!r}", "return None"],
            doc=f"shuffle: {body} (a chance node: the runner's stream orders it)"))

    def _choose(self, name: str, step: Any, body: Any, then: str | None) -> None:
        if body.get("who") == "all":
            raise NotPlain(self.where(step, "choose"), "choose: {who: all} (every seat at once) has no plain Python here")
        kind = str(body.get("action", "choose"))
        lines: list[str] = [f"self._at = {name!r}  # a seat's view names the decision it saw (resample asks it again)"]
        who = body.get("who", "player")
        if who != "player":
            lines += ["keep = self.player", f"self.player = seat = {self.expr(who, body, 'who')}"]
        else:
            lines.append("seat = self.player")
        lines.append("legal, values = [], []")
        if "card" in body:
            zone, _, _ = self.zone(body["card"], body, "card")
            self.locals.append({"card"})
            cond = self.expr(body["where"], body, "where") if "where" in body else "True"
            self.locals.pop()
            lines += [f"for card in {zone}:", f"    if {cond}:" if cond != "True" else "    if True:",
                      f"        legal.append(PLAYS[{kind!r}][card])", "        values.append(card)"]
            self.card_kinds.append(kind)
        else:
            options = body["options"]
            values = self.expr(options if not isinstance(options, list) else repr(options), body, "options")
            self.locals.append({"option"})
            cond = self.expr(body["where"], body, "where") if "where" in body else "True"
            self.locals.pop()
            lines += [f"for option in list({values}):", f"    if {cond}:",
                      "        option = tuple(option) if isinstance(option, list) else option",
                      f"        legal.append(Action({kind!r}, option))", "        values.append(option)"]
        if who != "player":
            lines.append("self.player = keep")
        target = body.get("as")
        bind = repr(str(target)) if target is not None else "None"
        if "otherwise" in step:
            other = self.fresh(name)
            lines += ["if not legal:", f"    return {other!r}"]
            self.block(other, step["otherwise"], then)
        else:
            lines += ["if not legal:", "    raise RuntimeError(f'choose: seat {seat} has nothing to choose')"]
        lines.append(f"return self._ask(seat, legal, values, {bind}, {then!r})")
        self.methods.append(_Method(name, lines, doc=f"choose ({kind}): {self.where(step, 'choose')}"))

    # -- the file -------------------------------------------------------------------
    def write(self, cls: str, source: str) -> str:
        d = self.d
        newer = set(d) - _TOP
        if newer:
            key = sorted(newer)[0]
            raise NotPlain(self.where(d, key), f"{key}: has no plain Python yet")
        if "python" in d:
            raise NotPlain(self.where(d, "python"), "python: a rule in your own Python: eject keeps the rules file's game")
        if "teams" in d:
            raise NotPlain(self.where(d, "teams"), "teams: (seats that win together) has no plain Python here")
        if d.get("cards") == "deck" or (isinstance(d.get("cards"), Mapping) and "deck" in d["cards"]):
            raise NotPlain(self.where(d, "cards"), "cards: deck (the deck's own cards, read when the game is made)")
        for k, phase in enumerate(self.phases):
            nxt = self.names[self.phases[k + 1]] if k + 1 < len(self.phases) else None
            self.block(self.names[phase], d["phases"][phase], nxt, doc=f"phase {phase}")
        return self.render(cls, source)

    def shortcuts(self) -> None:
        """A step that only names the next one is skipped: whatever names it names its target."""
        alias = {m.name: m.lines[0][len("return "):].strip("'") for m in self.methods
                 if len(m.lines) == 1 and m.lines[0].startswith("return '")}

        def final(name: str) -> str:
            seen = set()
            while name in alias and name not in seen:
                seen.add(name)
                name = alias[name]
            return name
        for m in self.methods:
            for i, line in enumerate(m.lines):
                for name in alias:
                    if f"'{name}'" in line:
                        line = line.replace(f"'{name}'", f"'{final(name)}'")
                m.lines[i] = line
        self.first = final(self.names[self.phases[0]])

    def render(self, cls: str, source: str) -> str:  # noqa: C901 - the file, top to bottom
        d, p = self.d, self.p
        self.shortcuts()
        title = str(d.get("title", d.get("name")))
        name = str(d["name"])
        players = d.get("players", 2)
        low, high = (players, players) if isinstance(players, int) else (int(players[0]), int(players[1]))
        out = [f'"""{_doc(title)}: written by `deckpress eject` from {_doc(source)} as plain Python.',
               "",
               "A State class against deckpress's game API (docs/own-game.md): each phase of the rules file is",
               "a method, each decision and shuffle a method of its own; a method returns the name of the",
               "next one (run() calls them until the game pauses). Zones are lists of card numbers (the top",
               "card last), card fields are the columns below. It plays the same games as the rules file",
               'for the same seed. Change anything: it is your Python now."""',
               "", "from __future__ import annotations", "", "from typing import Literal", "",
               "from pydantic import Field", "",
               "from generator.games.api import CHANCE, TERMINAL, Action, Result, StateBase",
               "from generator.games.params import Params", ""]
        cols = p.cards.fields
        for key, column in cols.items():
            out.append(f"{str(key).upper()} = {list(column)!r}")
        out.append(f"FIELDS = {{{', '.join(f'{str(k)!r}: {str(k).upper()}' for k in cols)}}}")
        out.append("INDEX = {cid: k for k, cid in enumerate(ID)}")
        for key, value in p.scope.constants.items():
            out.append(f"{key.upper()} = {list(value)!r}")
        kinds = list(dict.fromkeys(self.card_kinds))
        out.append("PLAYS = {" + ", ".join(f"{k!r}: [Action({k!r}, cid) for cid in ID]" for k in kinds)
                   + "}  # a card chosen: its action, made once")
        out.append(HELPERS)
        out += ["", f"class {cls}Params(Params):",
                f"    players: int = Field(default={low}, ge={low}, le={high}, description='number of players')"]
        for pname, spec in (d.get("parameters") or {}).items():
            default = spec.get("default")
            desc = str(spec.get("description", pname))
            if "choices" in spec:
                out.append(f"    {pname}: Literal[{', '.join(map(repr, spec['choices']))}] = Field(default={default!r},"
                           f" description={desc!r})")
            elif isinstance(default, bool):
                out.append(f"    {pname}: bool = Field(default={default!r}, description={desc!r})")
            elif isinstance(default, int):
                out.append(f"    {pname}: int = Field(default={default!r}, ge={spec.get('min')!r}, le={spec.get('max')!r},"
                           f" description={desc!r})")
            else:
                out.append(f"    {pname}: {type(default).__name__} = Field(default={default!r}, description={desc!r})")
        zones = [(z.name, z.owned, z.visible) for z in p.zones]
        start = next(z.name for z in p.zones if z.base == p.start)
        out += ["", "", f"class {cls}:", f'    """{_doc(title)}: the game (its parameters, its states)."""', "",
                f"    name = {name!r}", f"    title = {title!r}", f"    Params = {cls}Params",
                f"    players = ({low}, {high})", f"    unit = {str(d.get('unit', 'turn'))!r}",
                "    default_strategy = 'random'", "    first_player = 0", "",
                "    def __init__(self, deck, params):", "        self.params = params", "",
                "    def new_state(self, observer=None):", f"        return {cls}State(self, observer)", "",
                "    def resample(self, view, seat, rng):",
                '        """A state the seat cannot tell from the one it saw: every card it has not seen dealt',
                '        again into the zones it does not see."""',
                f"        state = object.__new__({cls}State)",
                "        state.__dict__.update({k: (list(v) if isinstance(v, list) else v) for k, v in view['vars'].items()})",
                "        state.game, state.observer, state.n = self, None, self.params.players",
                "        seen, hidden = set(), []",
                "        for zone, shown in view['zones'].items():",
                "            if isinstance(shown, int):",
                "                hidden.append((zone, None, shown))",
                "                setattr(state, zone, [])",
                "            elif shown and isinstance(shown[0], list | int):",
                "                lists = []",
                "                for seat_, cards in enumerate(shown):",
                "                    if isinstance(cards, int):",
                "                        hidden.append((zone, seat_, cards))",
                "                        lists.append([])",
                "                    else:",
                "                        lists.append([INDEX[c] for c in cards])",
                "                        seen.update(lists[-1])",
                "                setattr(state, zone, lists)",
                "            else:",
                "                setattr(state, zone, [INDEX[c] for c in shown])",
                "                seen.update(getattr(state, zone))",
                "        unseen = [c for c in range(len(ID)) if c not in seen]",
                "        rng.shuffle(unseen)",
                "        for zone, seat_, count in hidden:",
                "            cards, unseen = unseen[:count], unseen[count:]",
                "            if seat_ is None:",
                "                setattr(state, zone, cards)",
                "            else:",
                "                getattr(state, zone)[seat_] = cards",
                "        state._cur, state._legal, state._values, state._bind, state._then = CHANCE, [], [], None, None",
                "        state._chance, state._over, state._win, state._scores = None, view['over'], None, []",
                "        state._steps, state._at = view['steps'], view['at']",
                "        if not state._over and state._at:",
                "            state._run(state._at)  # the decision the seat saw: its legal actions again",
                "        return state", "", "",
                f"class {cls}State(StateBase):", f'    """One game of {_doc(title)}."""', "",
                "    def __init__(self, game, observer=None):",
                "        self.game, self.observer = game, observer",
                "        self.n = game.params.players"]
        for zname, owned, _ in zones:
            first = "list(range(len(ID)))" if zname == start else "[]"
            out.append(f"        self.{zname} = [[] for _ in range(self.n)]" if owned else f"        self.{zname} = {first}")
        out.append("        self.player = 0")
        for g in self.globals:
            out.append(f"        self.{g} = {self.initial(g, 'variables')}")
        for g in self.per_player:
            out.append(f"        self.{g} = [{self.initial(g, 'per_player')}] * self.n")
        out += ["        self._cur, self._legal, self._values, self._bind, self._then = CHANCE, [], [], None, None",
                "        self._chance, self._over, self._win, self._scores, self._steps, self._at = None, False, None, [], 0, None",
                f"        self._run({self.first!r})", "",
                "    # -- the game API ------------------------------------------------------------",
                "    def current(self):", "        return self._cur", "",
                "    def legal_actions(self):", "        return self._legal if self._cur >= 0 else []", "",
                "    def players(self):", "        return self.n", "",
                "    def is_over(self):", "        return self._over", "",
                "    def sample_chance(self, rng):",
                "        cards = list(self._zone(*self._chance))", "        rng.shuffle(cards)",
                "        return Action('shuffle', tuple(ID[c] for c in cards))", "",
                "    def apply(self, action):",
                "        if self._cur == CHANCE:",
                "            pile = self._zone(*self._chance)",
                "            order = [INDEX[c] for c in action.value]",
                "            if sorted(order) != sorted(pile):",
                "                raise ValueError(f'{action} does not order the cards of the zone shuffled')",
                "            pile[:] = order",
                "        else:",
                "            value = self._values[self._legal.index(action)]",
                "            if self._bind is not None:",
                "                setattr(self, self._bind, value)",
                "        self._steps += 1",
                "        self._run(self._then)", "",
                "    def view(self, seat):",
                "        zones = {"]
        for zname, owned, visible in zones:
            if owned:
                shown = ("[[ID[c] for c in z] if q == seat else len(z) for q, z in enumerate(self.{0})]" if visible == "owner"
                         else "[[ID[c] for c in z] for z in self.{0}]" if visible == "public"
                         else "[len(z) for z in self.{0}]").format(zname)
            else:
                shown = f"[ID[c] for c in self.{zname}]" if visible == "public" else f"len(self.{zname})"
            out.append(f"            {zname!r}: {shown},")
        names = ["player", *self.globals, *self.per_player]
        out += ["        }",
                f"        values = {{k: getattr(self, k) for k in {names!r}}}",
                "        return {'seat': seat, 'zones': zones, 'vars': {k: (list(v) if isinstance(v, list) else v)"
                " for k, v in values.items()},",
                "                'steps': self._steps, 'over': self._over, 'at': self._at}", "",
                "    def result(self):",
                f"        counts = [{' + '.join(f'len(self.{z}[q])' for z, owned, _ in zones if owned) or '0'} for q in range(self.n)]",
                f"        length = {('int(self.' + str(p.length) + ' or 0)') if p.length else 'self._steps'}",
                "        if not self._over:", "            return Result(None, length, counts, unfinished=True)",
                "        return Result(self._win, length, counts, scores=list(self._scores))", "",
                "    # -- how the steps run -------------------------------------------------------",
                "    def _run(self, step):",
                '        """Call the steps\' methods, each naming the next, until one pauses (returns None)."""',
                "        while step is not None:",
                "            step = getattr(self, step)()", "",
                "    def _zone(self, name, seat):", "        zone = getattr(self, name)",
                "        return zone if seat is None else zone[seat]", "",
                "    def _ask(self, seat, legal, values, bind, then):",
                '        """A decision: ``seat`` chooses one of ``legal``; its value goes into ``bind``, then ``then`` runs."""',
                "        self._cur, self._legal, self._values, self._bind, self._then = seat, legal, values, bind, then",
                "        return None", "",
                "    def _finish(self, winner=None, scores=None, highest=True):",
                '        """The end: ``winner`` (a seat, or None for a draw), or the best of ``scores`` (a shared best: a draw)."""',
                "        if scores is not None:",
                "            best = max(scores) if highest else min(scores)",
                "            top_ = [q for q, x in enumerate(scores) if x == best]",
                "            winner, self._scores = (top_[0] if len(top_) == 1 else None), [float(x) for x in scores]",
                "        self._win, self._over, self._cur = winner, True, TERMINAL",
                "        return None", ""]
        for dname, text in self.defines.items():
            self.locals.append({"card"})
            body = self.expr(text, self.d["define"], dname)
            self.locals.pop()
            out += [f"    def {dname}(self, card=None):", f"        return {body}", ""]
        out.append("    # -- the rules ----------------------------------------------------------------")
        for m in self.methods:
            out.append(f"    def {m.name}(self):")
            if m.doc:
                out.append(f'        """{_doc(m.doc)}"""')
            out += [f"        {line}" for line in m.lines] or ["        return None"]
            out.append("")
        text = "\n".join(out).rstrip() + "\n"
        return _guard(text) if self.guarded else text


_APPLY = """    def apply(self, action):
        if self._cur == CHANCE:
            pile = self._zone(*self._chance)
            order = [INDEX[c] for c in action.value]
            if sorted(order) != sorted(pile):
                raise ValueError(f'{action} does not order the cards of the zone shuffled')
            pile[:] = order
        else:
            value = self._values[self._legal.index(action)]
            if self._bind is not None:
                setattr(self, self._bind, value)
        self._steps += 1
        self._run(self._then)
"""
_RUN = """        while step is not None:
            step = getattr(self, step)()
"""


def _guard(text: str) -> str:
    """The written game as :mod:`.compiled` plays it: each state keeps the actions applied
    to it (``_log``; a resampled state's starts ``[None]``: its past is a guess), an error
    of the rules goes to ``self._named`` (the class that plays it names the rule), and the
    steps run without a pause are counted (a loop that never ends stops)."""
    def once(old: str, new: str) -> None:
        nonlocal text
        if text.count(old) != 1:
            raise NotPlain("", "the written game is not as the compiled game expects it")  # the interpreter plays it
        text = text.replace(old, new)
    body = _APPLY.split("\n", 1)[1]
    once(_APPLY, "    def apply(self, action):\n        self._log.append(action)\n        try:\n"
         + "".join("    " + line + "\n" for line in body.splitlines() if line)
         + "        except Exception as exc:\n            raise self._named(exc) from None\n")
    once(_RUN, f"        budget = {RUNAWAY}\n" + _RUN + "            budget -= 1\n            if not budget:\n"
         "                raise RuntimeError('ran too many steps without a decision or an end: a loop that never ends')\n")
    once("        if not state._over and state._at:\n",
         "        state._log = [None]\n        if not state._over and state._at:\n")
    once("        self.game, self.observer = game, observer\n",
         "        self.game, self.observer, self._log = game, observer, []\n")
    first = text.index("        self._run(", text.index("        self.game, self.observer, self._log"))
    end = text.index("\n", first)
    call = text[first:end].strip()
    text = text[:first] + f"        try:\n            {call}\n        except Exception as exc:\n" \
        "            raise self._named(exc) from None" + text[end:]
    return text


def _doc(text: Any) -> str:
    """``text`` as it may stand inside a triple-quoted docstring: its quotes and backslashes
    escaped (the designer's title, a zone's words), so it can never close the string."""
    r = repr(str(text))
    return r[1:-1].replace('"', '\\"') if r[0] == "'" else r[1:-1]


# the module's own names: a card field (upper case) or a parameter may not be one of them
_MODULE_NAMES = {"FIELDS", "INDEX", "PLAYS", "CHANCE", "TERMINAL", "Action", "Result", "StateBase", "Params",
                 "Field", "Literal", "RUNAWAY"}
_KINDS = tuple(STEPS)  # every step kind of the format: one this writer does not know is refused, never skipped
# what this writer knows of each step (a key added to the format later is refused, never ignored)
_WRITES = {"shuffle": set(), "deal": {"from", "to", "count"}, "move": {"from", "to", "count", "card", "where", "leave", "at"},
           "set": None, "add": None, "if": set(), "while": set(), "repeat": set(), "each": set(),
           "choose": {"who", "card", "options", "where", "as", "action"}, "goto": set(), "call": set(),
           "end": {"winner", "highest", "lowest", "say"}}
_BESIDE = {"say", "then", "else", "do", "in", "otherwise"}
_TOP = {"name", "title", "description", "players", "cards", "deck", "start", "zones", "variables", "per_player",
        "parameters", "define", "phases", "procedures", "winner", "length", "unit", "teams", "python", "booklet", "draws"}
# the functions of the expression language written as Python here (builtins, or HELPERS)
_PLAIN_FUNCTIONS = {"count", "len", "sum", "min", "max", "any", "all", "abs", "sorted", "runs", "distinct", "count_of",
                    "tuple", "subsets", "between", "most", "list", "reversed"}


def plain_python(program: Program, cls: str, source: str, guarded: bool = False) -> str:
    """The rules file of ``program`` as a plain ``game.py`` (raises :class:`NotPlain`).
    ``guarded``: each ``while:`` stops after :data:`.program.RUNAWAY` turns (compiled on load)."""
    return Writer(program, guarded).write(cls, source)
