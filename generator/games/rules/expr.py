"""The rules files' expression language: a small, safe subset of Python's
expression syntax, parsed by Python's own parser (:mod:`ast`) and compiled by a
strict whitelist walker into closures. Nothing is ever ``eval``-ed: a node the
walker does not know (attribute of anything but a card, a call of anything but a
listed function, a lambda, ``**``, a dunder) is refused with the expression and
what to write instead.

A compiled expression is ``f(s, e)``: ``s`` the interpreter's state (zones ``s.z``,
variables ``s.v``), ``e`` the names bound where it is evaluated (``card`` in a
``where``, ``p`` in a winner rule, the targets of a comprehension). What each
name means is decided once, at compile time, by a :class:`Scope`.
"""

from __future__ import annotations

import ast
import difflib
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .melds import FUNCTIONS as RUMMY_FUNCTIONS

Fn = Callable[[Any, dict[str, Any]], Any]


class ExprError(ValueError):
    """An expression the language refuses (the message says what to write)."""


@dataclass
class Scope:
    """What names mean while compiling: see :func:`compile_expr`."""

    players: Any  # the number of seats: a value, read from the state at run time
    params: Mapping[str, Any]  # rule parameters: constants
    globals_: set[str]  # global variables: s.v[name]
    per_player: set[str]  # per-player variables: s.v[name][seat]
    zones: Mapping[str, int]  # a shared zone -> its index in s.z
    owned: Mapping[str, int]  # an owned zone -> the index of seat 0's (seat k at base + k)
    fields: Mapping[str, Sequence[Any]]  # card field -> its column (card index -> value)
    constants: Mapping[str, Any] = field(default_factory=dict)  # suits, ranks, ...
    defines: dict[str, tuple[Fn | None, str]] = field(default_factory=dict)  # name -> (compiled, its parameter)
    define_text: dict[str, str] = field(default_factory=dict)  # name -> its source (compiled on first use)
    compiling: set[str] = field(default_factory=set)
    locals_: frozenset[str] = frozenset()
    aliases: Mapping[str, str] = field(default_factory=dict)  # a definition's card, bound to the caller's name
    reads: list[tuple[str, str]] = field(default_factory=list)  # (function, zone) pairs read: top(discard)
    fields_read: list[str] = field(default_factory=list)

    def with_locals(self, *names: str) -> Scope:
        from dataclasses import replace
        return replace(self, locals_=self.locals_ | frozenset(names))

    def known_names(self) -> list[str]:
        return sorted({*self.params, *self.globals_, *self.per_player, *self.zones, *self.owned, *self.constants, "value",
                       *self.defines, *self.define_text, *FUNCTIONS, *self.locals_, "player", "players", "seats"})


def _runs(numbers: Any) -> list[list[int]]:
    """Runs of consecutive numbers, each ascending: [3, 4, 5, 9] -> [[3, 4, 5], [9]]."""
    out: list[list[int]] = []
    for n in sorted(numbers):
        if out and n == out[-1][-1] + 1:
            out[-1].append(n)
        elif not (out and n == out[-1][-1]):
            out.append([n])
    return out


def _count_of(values: Any, value: Any) -> int:
    return sum(1 for v in values if v == value)


def _most(values: Any) -> list[Any]:
    """The values of the highest count (a list: several on a tie)."""
    values = list(values)
    if not values:
        return []
    counts: dict[Any, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    top = max(counts.values())
    return [v for v, c in counts.items() if c == top]


def _subsets(values: Any) -> list[tuple[Any, ...]]:
    """Every non-empty subset of at most 12 values (a scopa table), smallest first."""
    from itertools import combinations

    items = list(values)
    if len(items) > 12:
        raise ExprError(f"subsets of {len(items)} values: at most 12")
    return [c for k in range(1, len(items) + 1) for c in combinations(items, k)]


def _checked_len(value: Any) -> int:
    return len(value)


# functions of plain values (zones are lists of card numbers)
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "count": _checked_len, "len": _checked_len, "sum": sum, "min": min, "max": max, "any": any, "all": all,
    "abs": abs, "sorted": sorted, "runs": _runs, "distinct": lambda xs: sorted(set(xs), key=repr),
    "count_of": _count_of, "tuple": tuple, "subsets": _subsets, "between": lambda a, b: list(range(int(a), min(int(b), int(a) + 10_000) + 1)), "most": _most, "list": list, "reversed": lambda xs: list(reversed(xs)),
}
FUNCTIONS.update(RUMMY_FUNCTIONS)  # deadwood(cards), melds(cards): gin-rummy (melds.py)
ZONE_FUNCTIONS = ("top", "bottom", "cards")  # of a zone: its top card, bottom card, every card (a list)
SEAT_FUNCTIONS = ("next", "previous", "others", "seats")

_BIN: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
    ast.Div: operator.truediv,
}
_CMP: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
    ast.GtE: operator.ge, ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
MAX_TEXT = 500


def parse(text: Any) -> ast.expr:
    """The syntax tree of ``text`` (a number or word from YAML is itself)."""
    if isinstance(text, bool) or text is None:
        return ast.Constant(text)
    if isinstance(text, (int, float)):
        return ast.Constant(text)
    if not isinstance(text, str):
        raise ExprError(f"an expression must be text, a number or true/false, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ExprError(f"an expression longer than {MAX_TEXT} characters")
    try:
        return ast.parse(" ".join(text.split()), mode="eval").body  # a folded YAML line is one expression
    except SyntaxError as exc:
        raise ExprError(f"cannot read the expression {text!r}: {exc.msg}") from None


def compile_expr(text: Any, scope: Scope) -> Fn:
    """``text`` compiled to ``f(s, e)`` (see the module docstring)."""
    return _Compiler(scope, str(text)).walk(parse(text))


def card_filter(text: Any, scope: Scope) -> Callable[[Any, list[int]], list[int]] | None:
    """A ``where`` on cards that is one test or an ``or`` of up to three tests of the
    form ``card.F == CONSTANT | variable | top(zone).G`` (follow suit, match rank or
    suit), as one closure filtering a whole zone: the values the tests compare with are
    read once per call, not once per card. None for any other condition."""
    node = parse(text)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1 \
            and isinstance(node.args[0], ast.Name) and node.args[0].id == "card" \
            and node.func.id in scope.define_text:
        node = parse(scope.define_text[node.func.id])
    tests = node.values if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) else [node]
    atoms: list[tuple[Any, str, Any, Any]] = []
    for t in tests:
        if not (isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq)
                and isinstance(t.left, ast.Attribute) and isinstance(t.left.value, ast.Name)
                and t.left.value.id in ("card", "it") and t.left.attr in scope.fields):
            return None
        right = t.comparators[0]
        col = scope.fields[t.left.attr]
        if isinstance(right, ast.Constant):
            atoms.append((col, "const", right.value, None))
        elif isinstance(right, ast.Name) and right.id in scope.globals_:
            atoms.append((col, "var", right.id, None))
        elif isinstance(right, ast.Attribute) and right.attr in scope.fields and isinstance(right.value, ast.Call) \
                and isinstance(right.value.func, ast.Name) and right.value.func.id == "top" \
                and len(right.value.args) == 1 and isinstance(right.value.args[0], ast.Name) \
                and right.value.args[0].id in scope.zones:
            atoms.append((col, "top", scope.zones[right.value.args[0].id], scope.fields[right.attr]))
        else:
            return None
    if not 1 <= len(atoms) <= 3:
        return None
    cols = [a[0] for a in atoms]

    def resolve(s: Any) -> list[Any]:
        out = []
        for _col, kind, what, other in atoms:
            if kind == "const":
                out.append(what)
            elif kind == "var":
                out.append(s.v[what])
            else:
                z = s.z[what]
                if not z:
                    raise ExprError(f"the top card of an empty zone, in {text!r}")
                out.append(other[z[-1]])
        return out

    if len(atoms) == 1:
        (a,) = cols

        def one(s: Any, cards: list[int]) -> list[int]:
            (x,) = resolve(s)
            return [c for c in cards if a[c] == x]
        return one
    if len(atoms) == 2:
        a, b = cols

        def two(s: Any, cards: list[int]) -> list[int]:
            x, y = resolve(s)
            return [c for c in cards if a[c] == x or b[c] == y]
        return two
    a, b, c3 = cols

    def three(s: Any, cards: list[int]) -> list[int]:
        x, y, z = resolve(s)
        return [c for c in cards if a[c] == x or b[c] == y or c3[c] == z]
    return three


def names_in(text: Any) -> set[str]:
    """Every name an expression mentions."""
    return {n.id for n in ast.walk(parse(text)) if isinstance(n, ast.Name)}


def _suggest(name: str, options: Sequence[str]) -> str:
    close = difflib.get_close_matches(name, list(options), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


class _Compiler:
    def __init__(self, scope: Scope, text: str) -> None:
        self.scope, self.text = scope, text

    def fail(self, what: str) -> ExprError:
        return ExprError(f"in {self.text!r}: {what}")

    def walk(self, node: ast.AST) -> Fn:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise self.fail(f"{type(node).__name__.lower()} is not part of the rules language"
                            " (numbers, words in quotes, names, card.field, comparisons, and/or/not, + - * / //,"
                            " x if c else y, [lists], [x for c in zone if ...] and the listed functions)")
        return method(node)  # type: ignore[no-any-return]

    # -- leaves ---------------------------------------------------------------
    def _Constant(self, node: ast.Constant) -> Fn:
        value = node.value
        if not isinstance(value, (int, float, str, bool, type(None))):
            raise self.fail(f"{value!r} is not a value of the rules language")
        return lambda s, e: value

    def _Name(self, node: ast.Name) -> Fn:
        name, sc = node.id, self.scope
        if name.startswith("_"):
            raise self.fail(f"no name may start with '_' ({name})")
        name = sc.aliases.get(name, name)
        if name in sc.locals_:
            return lambda s, e: e[name]
        if name == "player":
            return lambda s, e: s.v["player"]
        if name == "players":
            return lambda s, e: s.n
        if name == "seats":
            return lambda s, e: list(range(s.n))
        if name in sc.params:
            value = sc.params[name]
            return lambda s, e: value
        if name in sc.constants:
            value = sc.constants[name]
            return lambda s, e: value
        if name in sc.globals_:
            return lambda s, e: s.v[name]
        if name in sc.per_player:  # bare: the acting player's
            return lambda s, e: s.v[name][s.v["player"]]
        if name in sc.zones:
            index = sc.zones[name]
            return lambda s, e: s.z[index]
        if name in sc.owned:  # bare: the acting player's
            base = sc.owned[name]
            return lambda s, e: s.z[base + s.v["player"]]
        if name in ("true", "false"):
            value = name == "true"
            return lambda s, e: value
        if name in ("none", "nobody"):
            return lambda s, e: None
        if name in sc.defines or name in sc.define_text:
            return self._define(name, None)
        raise self.fail(f"unknown name {name!r}{_suggest(name, sc.known_names())}")

    # -- structure ------------------------------------------------------------
    def _Attribute(self, node: ast.Attribute) -> Fn:
        attr = node.attr
        column = self.scope.fields.get(attr)
        if column is None:
            raise self.fail(f"cards have no field {attr!r}{_suggest(attr, list(self.scope.fields))}"
                            f" (fields: {', '.join(self.scope.fields)})")
        self.scope.fields_read.append(attr)
        col = column
        value = node.value
        if isinstance(value, ast.Name):
            local = self.scope.aliases.get(value.id, value.id)
            if local in self.scope.locals_:  # card.rank: one closure
                return lambda s, e: col[e[local]]
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "top" \
                and len(value.args) == 1 and isinstance(value.args[0], ast.Name) and value.args[0].id in self.scope.zones:
            zone_name = str(getattr(value.args[0], "id", ""))
            zone_at = self.scope.zones[zone_name]
            self.scope.reads.append(("top", zone_name))

            def top_field(s: Any, e: dict[str, Any]) -> Any:
                z = s.z[zone_at]
                if not z:
                    raise ExprError(f"{attr} of no card: the zone {zone_name} is empty, in {self.text!r}")
                return col[z[-1]]
            return top_field
        inner = self.walk(node.value)

        def field_of(s: Any, e: dict[str, Any]) -> Any:
            card = inner(s, e)
            if card is None:
                raise ExprError(f"{attr} of no card (an empty zone's top card?) in {self.text!r}")
            return col[card]
        return field_of

    def _Subscript(self, node: ast.Subscript) -> Fn:
        if isinstance(node.slice, ast.Slice):
            raise self.fail("slices (a[1:2]) are not part of the rules language")
        value, index = self.walk(node.value), self.walk(node.slice)
        return lambda s, e: value(s, e)[index(s, e)]

    def _BinOp(self, node: ast.BinOp) -> Fn:
        left, right = self.walk(node.left), self.walk(node.right)
        if isinstance(node.op, ast.Mult):
            def times(s: Any, e: dict[str, Any]) -> Any:
                a, b = left(s, e), right(s, e)
                if not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
                    raise ExprError(f"in {self.text!r}: * multiplies numbers only")
                return a * b
            return times
        op = _BIN.get(type(node.op))
        if op is None:
            raise self.fail(f"the operator {type(node.op).__name__} is not part of the rules language")
        if op is operator.add:
            return lambda s, e: left(s, e) + right(s, e)
        if op is operator.sub:
            return lambda s, e: left(s, e) - right(s, e)
        return lambda s, e: op(left(s, e), right(s, e))

    def _UnaryOp(self, node: ast.UnaryOp) -> Fn:
        inner = self.walk(node.operand)
        if isinstance(node.op, ast.Not):
            return lambda s, e: not inner(s, e)
        if isinstance(node.op, ast.USub):
            return lambda s, e: -inner(s, e)
        raise self.fail("only 'not' and '-' go before a value")

    def _BoolOp(self, node: ast.BoolOp) -> Fn:
        parts = [self.walk(v) for v in node.values]
        if isinstance(node.op, ast.And):
            if len(parts) == 2:
                a, b = parts
                return lambda s, e: a(s, e) and b(s, e)
            if len(parts) == 3:
                a, b, c = parts
                return lambda s, e: a(s, e) and b(s, e) and c(s, e)

            def all_of(s: Any, e: dict[str, Any]) -> Any:
                value: Any = True
                for p in parts:
                    value = p(s, e)
                    if not value:
                        return value
                return value
            return all_of
        if len(parts) == 2:
            a, b = parts
            return lambda s, e: a(s, e) or b(s, e)
        if len(parts) == 3:
            a, b, c = parts
            return lambda s, e: a(s, e) or b(s, e) or c(s, e)

        def any_of(s: Any, e: dict[str, Any]) -> Any:
            value: Any = False
            for p in parts:
                value = p(s, e)
                if value:
                    return value
            return value
        return any_of

    def _Compare(self, node: ast.Compare) -> Fn:
        first = self.walk(node.left)
        ops = [_CMP[type(o)] if type(o) in _CMP else None for o in node.ops]
        if None in ops:
            raise self.fail("'is' is not part of the rules language: write == or !=")
        rest = [self.walk(c) for c in node.comparators]
        if len(ops) == 1 and ops[0] is operator.eq:
            fast = self._field_equals(node.left, node.comparators[0])
            if fast is not None:
                return fast
        if len(ops) == 1:
            op, right = ops[0], rest[0]
            fused = self._zone_compare(node.left, op, node.comparators[0])
            if fused is not None:
                return fused
            if isinstance(node.comparators[0], ast.Constant):
                const = node.comparators[0].value
                if op is operator.eq:
                    return lambda s, e: first(s, e) == const
                if op is operator.ne:
                    return lambda s, e: first(s, e) != const
            if op is operator.eq:
                return lambda s, e: first(s, e) == right(s, e)
            if op is operator.ne:
                return lambda s, e: first(s, e) != right(s, e)
            return lambda s, e: op(first(s, e), right(s, e))  # type: ignore[misc]

        def chain(s: Any, e: dict[str, Any]) -> bool:
            a = first(s, e)
            for o, r in zip(ops, rest, strict=False):
                b = r(s, e)
                if not o(a, b):  # type: ignore[misc]
                    return False
                a = b
            return True
        return chain

    def _zone_compare(self, left: ast.AST, op: Any, right: ast.AST) -> Fn | None:
        """``count(Z) == 0`` and ``top(Z).F == 8`` (Z a shared zone, one constant) as one
        closure each: the commonest tests of a turn."""
        sc = self.scope
        if not isinstance(right, ast.Constant) or op not in (operator.eq, operator.ne, operator.lt, operator.le,
                                                            operator.gt, operator.ge):
            return None
        const = right.value
        if isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and left.func.id in ("count", "len") \
                and len(left.args) == 1 and isinstance(left.args[0], ast.Name) and not left.keywords:
            zone = left.args[0].id
            if zone in sc.locals_ or zone in sc.aliases:
                return None
            if zone in sc.zones:
                at = sc.zones[zone]
                if op is operator.eq:
                    return lambda s, e: len(s.z[at]) == const
                return lambda s, e: op(len(s.z[at]), const)
            if zone in sc.owned:
                base = sc.owned[zone]
                if op is operator.eq:
                    return lambda s, e: len(s.z[base + s.v["player"]]) == const
                return lambda s, e: op(len(s.z[base + s.v["player"]]), const)
            return None
        if isinstance(left, ast.Attribute) and left.attr in sc.fields and isinstance(left.value, ast.Call) \
                and isinstance(left.value.func, ast.Name) and left.value.func.id == "top" \
                and len(left.value.args) == 1 and isinstance(left.value.args[0], ast.Name) \
                and left.value.args[0].id in sc.zones and op is operator.eq:
            attr, col, zone, text = left.attr, sc.fields[left.attr], left.value.args[0].id, self.text
            at = sc.zones[zone]
            sc.reads.append(("top", zone))
            sc.fields_read.append(left.attr)

            def top_is(s: Any, e: dict[str, Any]) -> bool:
                z = s.z[at]
                if not z:
                    raise ExprError(f"{attr} of no card: the zone {zone} is empty, in {text!r}")
                return bool(col[z[-1]] == const)
            return top_is
        return None

    def _field_equals(self, left: ast.AST, right: ast.AST) -> Fn | None:
        """``card.F == CONSTANT``, ``card.F == variable`` and ``card.F == top(zone).G``
        (the commonest conditions on a card) as one closure each."""
        sc = self.scope
        if not (isinstance(left, ast.Attribute) and isinstance(left.value, ast.Name)):
            return None
        local = sc.aliases.get(left.value.id, left.value.id)
        if local not in sc.locals_ or left.attr not in sc.fields:
            return None
        col = sc.fields[left.attr]
        sc.fields_read.append(left.attr)
        if isinstance(right, ast.Constant):
            const = right.value
            return lambda s, e: col[e[local]] == const
        if isinstance(right, ast.Name) and right.id in sc.globals_ and right.id not in sc.locals_ \
                and right.id not in sc.aliases:
            var = right.id
            return lambda s, e: col[e[local]] == s.v[var]
        if isinstance(right, ast.Attribute) and right.attr in sc.fields and isinstance(right.value, ast.Call) \
                and isinstance(right.value.func, ast.Name) and right.value.func.id == "top" \
                and len(right.value.args) == 1 and isinstance(right.value.args[0], ast.Name) \
                and right.value.args[0].id in sc.zones:
            col2, zone_at, zone = sc.fields[right.attr], sc.zones[right.value.args[0].id], right.value.args[0].id
            sc.reads.append(("top", zone))
            sc.fields_read.append(right.attr)
            text = self.text

            def top_equals(s: Any, e: dict[str, Any]) -> bool:
                z = s.z[zone_at]
                if not z:
                    raise ExprError(f"the top card of {zone}, which is empty, in {text!r}")
                return bool(col[e[local]] == col2[z[-1]])
            return top_equals
        return None

    def _IfExp(self, node: ast.IfExp) -> Fn:
        test, yes, no = self.walk(node.test), self.walk(node.body), self.walk(node.orelse)
        return lambda s, e: yes(s, e) if test(s, e) else no(s, e)

    def _List(self, node: ast.List) -> Fn:
        items = [self.walk(v) for v in node.elts]
        return lambda s, e: [i(s, e) for i in items]

    def _Tuple(self, node: ast.Tuple) -> Fn:
        items = [self.walk(v) for v in node.elts]
        return lambda s, e: tuple(i(s, e) for i in items)

    def _comprehension(self, node: ast.ListComp | ast.GeneratorExp) -> Fn:
        gens = node.generators
        targets = []
        for g in gens:
            if not isinstance(g.target, ast.Name) or g.is_async:
                raise self.fail("a comprehension takes one name: [c.rank for c in hand]")
            targets.append(g.target.id)
        outer = self.scope
        compiled = []
        scope = outer
        for g, t in zip(gens, targets, strict=False):
            self.scope = scope
            source = self.walk(g.iter)
            scope = scope.with_locals(t)
            self.scope = scope
            conds = [self.walk(c) for c in g.ifs]
            compiled.append((t, source, conds))
        self.scope = scope
        body = self.walk(node.elt)
        self.scope = outer
        if len(compiled) == 1:
            t, source, conds = compiled[0]
            if not conds:
                def one(s: Any, e: dict[str, Any]) -> list[Any]:
                    inner = dict(e)
                    out = []
                    for item in source(s, inner):
                        inner[t] = item
                        out.append(body(s, inner))
                    return out
                return one

            def one_if(s: Any, e: dict[str, Any]) -> list[Any]:
                inner = dict(e)
                out = []
                for item in source(s, inner):
                    inner[t] = item
                    for c in conds:
                        if not c(s, inner):
                            break
                    else:
                        out.append(body(s, inner))
                return out
            return one_if

        def run(s: Any, e: dict[str, Any]) -> list[Any]:
            out: list[Any] = []
            inner = dict(e)

            def level(k: int) -> None:
                t, source, conds = compiled[k]
                for item in source(s, inner):
                    inner[t] = item
                    if all(c(s, inner) for c in conds):
                        if k + 1 == len(compiled):
                            out.append(body(s, inner))
                        else:
                            level(k + 1)
            level(0)
            return out
        return run

    _ListComp = _comprehension
    _GeneratorExp = _comprehension

    def _Call(self, node: ast.Call) -> Fn:
        if not isinstance(node.func, ast.Name):
            raise self.fail("only the rules language's functions may be called (count(hand), top(discard), ...)")
        if node.keywords:
            raise self.fail("functions take plain arguments, no name=value")
        name, sc = node.func.id, self.scope
        args = node.args
        if name in sc.owned:  # hand(p): that seat's zone
            if len(args) != 1:
                raise self.fail(f"{name}(seat) takes one seat")
            base, seat = sc.owned[name], self.walk(args[0])
            return lambda s, e: s.z[base + seat(s, e)]
        if name in sc.per_player:
            if len(args) != 1:
                raise self.fail(f"{name}(seat) takes one seat")
            seat = self.walk(args[0])
            return lambda s, e: s.v[name][seat(s, e)]
        if name in sc.defines or name in sc.define_text:
            if len(args) > 1:
                raise self.fail(f"{name} takes one value at most")
            if args and isinstance(args[0], ast.Name) and sc.aliases.get(args[0].id, args[0].id) in sc.locals_:
                return self._inline(name, sc.aliases.get(args[0].id, args[0].id))
            return self._define(name, self.walk(args[0]) if args else None)
        if name in ("count", "len") and len(args) == 1 and isinstance(args[0], ast.Name) \
                and args[0].id not in sc.locals_ and args[0].id not in sc.aliases:
            zone_id = args[0].id  # count(stock), count(hand): one closure
            if zone_id in sc.zones:
                at = sc.zones[zone_id]
                return lambda s, e: len(s.z[at])
            if zone_id in sc.owned:
                base = sc.owned[zone_id]
                return lambda s, e: len(s.z[base + s.v["player"]])
        if name in ZONE_FUNCTIONS:
            if len(args) != 1:
                raise self.fail(f"{name}(zone) takes one zone")
            zone = self.walk(args[0])
            if isinstance(args[0], ast.Name):
                sc.reads.append((name, args[0].id))
            elif isinstance(args[0], ast.Call) and isinstance(args[0].func, ast.Name):
                sc.reads.append((name, args[0].func.id))
            if name == "top":
                return lambda s, e: (z[-1] if (z := zone(s, e)) else None)
            if name == "bottom":
                return lambda s, e: (z[0] if (z := zone(s, e)) else None)
            return lambda s, e: list(zone(s, e))
        if name == "next" and len(args) == 1 and isinstance(args[0], ast.Name) and args[0].id == "player" \
                and "player" not in sc.locals_:
            return lambda s, e: (s.v["player"] + 1) % s.n
        if name == "value" and len(args) == 2:  # value(card, 'lumens'): a field named at run time
            card, key = self.walk(args[0]), self.walk(args[1])
            fields = sc.fields

            def value(s: Any, e: dict[str, Any]) -> Any:
                k = key(s, e)
                column = fields.get(k)
                if column is None:
                    raise ExprError(f"cards have no field {k!r}, in {self.text!r}")
                return column[card(s, e)]
            return value
        if name in SEAT_FUNCTIONS:
            return self._seats(name, [self.walk(a) for a in args])
        if name in ("any", "all") and len(args) == 1 and isinstance(args[0], ast.GeneratorExp) \
                and len(args[0].generators) == 1 and isinstance(args[0].generators[0].target, ast.Name) \
                and not args[0].generators[0].ifs:
            gen = args[0].generators[0]
            t = str(getattr(gen.target, "id", ""))
            source = self.walk(gen.iter)
            outer = self.scope
            self.scope = outer.with_locals(t)
            test = self.walk(args[0].elt)
            self.scope = outer
            wanted = name == "any"

            def short(s: Any, e: dict[str, Any]) -> bool:
                inner = dict(e) if e else {}
                for item in source(s, inner):
                    inner[t] = item
                    if bool(test(s, inner)) is wanted:
                        return wanted
                return not wanted
            return short
        fn = FUNCTIONS.get(name)
        if fn is None:
            raise self.fail(f"unknown function {name!r}{_suggest(name, [*FUNCTIONS, *ZONE_FUNCTIONS, *SEAT_FUNCTIONS])}")
        parts = [self.walk(a) for a in args]
        if len(parts) == 1:
            only = parts[0]
            return lambda s, e: fn(only(s, e))
        return lambda s, e: fn(*(p(s, e) for p in parts))

    def _seats(self, name: str, parts: list[Fn]) -> Fn:
        if name == "seats":
            return lambda s, e: list(range(s.n))
        if len(parts) != 1:
            raise self.fail(f"{name}(seat) takes one seat")
        seat = parts[0]
        if name == "next":
            return lambda s, e: (seat(s, e) + 1) % s.n
        if name == "previous":
            return lambda s, e: (seat(s, e) - 1) % s.n
        return lambda s, e: [(q + k) % s.n for k in range(1, s.n) for q in (seat(s, e),)]

    def _inline(self, name: str, local: str) -> Fn:
        """A definition called on a local name (``playable(c)``): its body compiled with
        ``card`` standing for that name, so no names are bound at run time."""
        from dataclasses import replace

        sc = self.scope
        if name in sc.compiling:
            raise self.fail(f"{name!r} is defined in terms of itself")
        text = sc.define_text.get(name)
        if text is None:  # compiled already without its text (cannot happen for a file's own define)
            return self._define(name, lambda s, e: e[local])
        sc.compiling.add(name)
        try:
            inner = replace(sc, aliases={"card": local, "it": local})
            return _Compiler(inner, text).walk(parse(text))
        finally:
            sc.compiling.discard(name)

    def _define(self, name: str, arg: Fn | None) -> Fn:
        sc = self.scope
        if name not in sc.defines:
            if name in sc.compiling:
                raise self.fail(f"{name!r} is defined in terms of itself")
            sc.compiling.add(name)
            text = sc.define_text[name]
            body = _Compiler(sc.with_locals("card", "it"), text).walk(parse(text))
            sc.compiling.discard(name)
            sc.defines[name] = (body, "card")
        found = sc.defines[name][0]
        if found is None:
            raise self.fail(f"{name!r} cannot be used here")
        body = found
        if arg is None:
            return body

        def call(s: Any, e: dict[str, Any]) -> Any:
            value = arg(s, e)
            return body(s, {"card": value, "it": value})
        return call
