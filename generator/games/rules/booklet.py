"""The rule booklet of a rules file, generated from the rules: one plain sentence per
step, the zones, the cards, the winner and the parameters. Every fixed sentence is a
msgid of the booklet catalogue (templates/rules/locale/, docs/languages.md); a
designer's own words (``say:``) are looked up there too, so a project's
``rules/locale/LANG.po`` translates them. Expressions a step has no ``say:`` for are
put in words by :func:`words` (comparisons, and/or/not, counts, top cards, card
fields), and anything it cannot say is printed as written, in code face.

The template is templates/rules/rules-file.md.j2 (the booklet's ``template`` fact)."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from ...i18n import N_, _
from .expr import ExprError, parse

_CMP = {ast.Eq: N_("is"), ast.NotEq: N_("is not"), ast.Gt: N_("is more than"), ast.Lt: N_("is less than"),
        ast.GtE: N_("is at least"), ast.LtE: N_("is at most"), ast.In: N_("is among"), ast.NotIn: N_("is not among")}


def _say(text: Any) -> str:
    """A designer's sentence: looked up in the catalogues, first letter capitalised, a full stop."""
    said = _(str(text)).strip()
    if not said:
        return ""
    said = said[0].upper() + said[1:]
    return said if said[-1] in ".!?:" else said + "."


def _collect_chosen(steps: Any, out: set[str]) -> None:
    """The variables a choice goes in (``choose: {as: NAME}``), and what each names."""
    if isinstance(steps, Mapping):
        if isinstance(steps.get("choose"), Mapping) and "as" in steps["choose"]:
            out.add(str(steps["choose"]["as"]))
        for value in steps.values():
            _collect_chosen(value, out)
    elif isinstance(steps, list):
        for item in steps:
            _collect_chosen(item, out)


class Words:
    """Expressions in words, with the file's own names (zones' and definitions' ``say:``)."""

    def __init__(self, doc: Any) -> None:
        d = doc.data
        self.zones: dict[str, str] = {}
        for name, z in (d.get("zones") or {}).items():
            self.zones[str(name)] = str(z.get("say", name)) if isinstance(z, Mapping) else str(name)
        self.owned = {str(n) for n, z in (d.get("zones") or {}).items() if isinstance(z, Mapping) and z.get("owner") == "each"}
        self.defines = {str(n): str(v.get("say", n)) for n, v in (d.get("define") or {}).items() if isinstance(v, Mapping)}
        self.length = str(d.get("length", ""))
        self.chosen: set[str] = set()
        _collect_chosen(d.get("phases"), self.chosen)
        _collect_chosen(d.get("procedures"), self.chosen)


    def __call__(self, text: Any) -> str:
        try:
            return self.node(parse(text))
        except (ExprError, _Unsaid):
            return f"`{text}`"

    def zone(self, node: ast.AST) -> str:
        if isinstance(node, ast.Name) and node.id in self.zones:
            z = _(self.zones[node.id])
            return _("the player's %(zone)s") % {"zone": z} if node.id in self.owned else z
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self.owned:
            return _("the %(zone)s of %(seat)s") % {"zone": _(self.zones[node.func.id]), "seat": self.seat(node.args[0])}
        return self.node(node)

    def seat(self, node: ast.AST) -> str:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return _("player %(n)s") % {"n": node.value + 1}
        if isinstance(node, ast.Name) and node.id == "p":
            return _("each player")
        return self.node(node)

    def node(self, n: ast.AST) -> str:  # noqa: C901 - one case per construct
        if isinstance(n, ast.Constant):
            return str(n.value).lower() if isinstance(n.value, bool) else str(n.value)
        if isinstance(n, ast.Name):
            if n.id == "player":
                return _("the player")
            if n.id == "players":
                return _("the number of players")
            if n.id in self.zones:
                return self.zone(n)
            if n.id in self.defines:
                return _(self.defines[n.id])
            return n.id.replace("_", " ")
        if isinstance(n, ast.Compare) and len(n.ops) == 1:
            return f"{self.node(n.left)} {_(_CMP[type(n.ops[0])])} {self.node(n.comparators[0])}"
        if isinstance(n, ast.BoolOp):
            joiner = f" {_('and')} " if isinstance(n.op, ast.And) else f" {_('or')} "
            return joiner.join(self.node(v) for v in n.values)
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not):
            return _("not %(what)s") % {"what": self.node(n.operand)}
        if isinstance(n, ast.Attribute):
            return _("the %(field)s of %(card)s") % {"field": n.attr, "card": self.node(n.value)}
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
            f, args = n.func.id, n.args
            if f in ("count", "len") and len(args) == 1:
                return _("the number of cards in %(zone)s") % {"zone": self.zone(args[0])}
            if f == "top" and len(args) == 1:
                return _("the top card of %(zone)s") % {"zone": self.zone(args[0])}
            if f == "next" and len(args) == 1:
                return _("the next player")
            if f in self.owned:
                return self.zone(n)
            if f in self.defines:
                if args and not (isinstance(args[0], ast.Name) and args[0].id in ("card", "c", "it")):
                    what = _(self.defines[f])
                    if self.defines[f].startswith(("a ", "an ")):  # a kind of card: "X is a card of ..."
                        return _("%(card)s is %(what)s") % {"card": self.node(args[0]), "what": what}
                    return _("%(what)s (for %(who)s)") % {"what": what, "who": self.node(args[0])}
                return _(self.defines[f])
            if f == "any" and len(args) == 1 and isinstance(args[0], ast.GeneratorExp) \
                    and isinstance(args[0].elt, ast.Call) and isinstance(args[0].elt.func, ast.Name) \
                    and args[0].elt.func.id in self.defines and len(args[0].generators) == 1:
                return _("%(zone)s holds %(what)s") % {"zone": self.zone(args[0].generators[0].iter),
                                                      "what": _(self.defines[args[0].elt.func.id])}
        if isinstance(n, ast.IfExp):
            return _("%(yes)s if %(test)s, else %(no)s") % {"yes": self.node(n.body), "test": self.node(n.test),
                                                           "no": self.node(n.orelse)}
        raise _Unsaid


class _Unsaid(Exception):
    """An expression :class:`Words` has no words for (printed as written)."""


def step_sentences(steps: Any, words: Words, depth: int = 0) -> list[str]:
    """One sentence per step (a nested block: its sentences after the condition's)."""
    out: list[str] = []
    for step in steps if isinstance(steps, list) else []:
        if not isinstance(step, Mapping):
            continue
        if "say" in step and not {"if", "while", "each", "repeat"} & set(step):
            out.append(_say(step["say"]))
            continue
        out.extend(_sentence(step, words, depth))
    return [s for s in out if s]


def _sentence(step: Mapping[str, Any], w: Words, depth: int) -> list[str]:  # noqa: C901 - one case per step
    if "shuffle" in step:
        return [_("Shuffle %(zone)s.") % {"zone": w.zone(parse(step["shuffle"]))}]
    if "deal" in step:
        b = step["deal"]
        return [_("Deal %(count)s cards to each player from %(source)s, one at a time, into their %(zone)s.")
                % {"count": w(b.get("count", 1)), "source": w.zone(parse(b["from"])), "zone": _(w.zones.get(str(b["to"]), str(b["to"])))}]
    if "move" in step:
        b = step["move"]
        src, dst = w.zone(parse(b["from"])), w.zone(parse(b["to"]))
        if "where" in b:
            return [_("Move every card from %(source)s to %(target)s for which %(cond)s.")
                    % {"source": src, "target": dst, "cond": w(b["where"])}]
        if "card" in b and str(b["card"]) in w.chosen:
            return [_("Move the card chosen from %(source)s to %(target)s.") % {"source": src, "target": dst}]
        if "card" in b:
            return [_("Move %(card)s from %(source)s to %(target)s.") % {"card": w(b["card"]), "source": src, "target": dst}]
        if b.get("count") == "all":
            return [_("Move the cards of %(source)s to %(target)s.") % {"source": src, "target": dst}]
        return [_("Move %(count)s top cards from %(source)s to %(target)s.") % {"count": w(b.get("count", 1)),
                                                                               "source": src, "target": dst}]
    if "set" in step or "add" in step:
        key = "set" if "set" in step else "add"
        parts = []
        for target, value in step[key].items():
            if str(target) == w.length:  # the length counter: the simulator's bookkeeping, no rule
                continue
            if key == "set":
                parts.append(_("%(target)s becomes %(value)s.") % {"target": w(target), "value": w(value)})
            else:
                parts.append(_("Add %(value)s to %(target)s.") % {"target": w(target), "value": w(value)})
        return [p[0].upper() + p[1:] for p in parts]
    if "if" in step:
        head = _say(step["say"]) if "say" in step else _("If %(cond)s:") % {"cond": w(step["if"])}
        out = [head + " " + " ".join(step_sentences(step.get("then"), w, depth + 1))]
        if step.get("else"):
            out.append(_("Otherwise:") + " " + " ".join(step_sentences(step["else"], w, depth + 1)))
        return out
    if "while" in step:
        return [_("As long as %(cond)s:") % {"cond": w(step["while"])} + " " + " ".join(step_sentences(step.get("do"), w, depth + 1))]
    if "repeat" in step:
        return [_("%(times)s times:") % {"times": w(step["repeat"])} + " " + " ".join(step_sentences(step.get("do"), w, depth + 1))]
    if "each" in step:
        return [_("For each %(name)s of %(values)s:") % {"name": str(step["each"]), "values": w(step["in"])} + " "
                + " ".join(step_sentences(step.get("do"), w, depth + 1))]
    if "choose" in step:
        b = step["choose"]
        who = _("Every player at the same time") if b.get("who") == "all" else _("The player")
        if "card" in b:
            what = _("%(who)s chooses a card of %(zone)s") % {"who": who, "zone": w.zone(parse(b["card"]))}
        else:
            what = _("%(who)s chooses one of %(options)s") % {"who": who, "options": w(b["options"])}
        if "where" in b:
            cond = parse(b["where"])
            if isinstance(cond, ast.Call) and isinstance(cond.func, ast.Name) and cond.func.id in w.defines:
                what += " " + _("(it must be %(what)s)") % {"what": _(w.defines[cond.func.id])}
            else:
                what += " " + _("(only one for which %(cond)s)") % {"cond": w(b["where"])}
        return [what + "."]
    if "goto" in step:
        return [_("Go on with %(phase)s.") % {"phase": _phase_title(str(step["goto"]))}]
    if "call" in step:
        return [_("%(procedure)s.") % {"procedure": _phase_title(str(step["call"]))}]
    if "end" in step:
        return [_("The game ends.")]
    return []


def _phase_title(name: str) -> str:
    return name.replace("-", " ").replace("_", " ").capitalize()


def booklet_facts(doc: Any, params: Any, deck: Any) -> dict[str, Any]:
    """What templates/rules/rules-file.md.j2 prints (see the module docstring)."""
    from .cards import build

    d = doc.data
    w = Words(doc)
    cards = build(d["cards"], deck, params.model_dump() if hasattr(params, "model_dump") else None)
    visibility = {"hidden": N_("face down"), "owner": N_("seen by its player only"), "public": N_("face up")}
    zones = []
    for name, z in (d.get("zones") or {}).items():
        z = z if isinstance(z, Mapping) else {"visible": z}
        which = _("each player's %(zone)s") % {"zone": _(str(z.get("say", name)))} if z.get("owner") == "each" \
            else _(str(z.get("say", name)))
        zones.append(_("%(zone)s: %(visible)s.") % {"zone": which[0].upper() + which[1:],
                                                    "visible": _(visibility[z.get("visible", "hidden")])})
    sections = []
    for name, steps in (d.get("phases") or {}).items():
        sections.append({"title": _phase_title(str(name)), "steps": step_sentences(steps, w)})
    for name, steps in (d.get("procedures") or {}).items():
        sections.append({"title": _phase_title(str(name)), "steps": step_sentences(steps, w)})
    rule = d.get("winner") or {}
    if isinstance(rule, Mapping) and "say" in rule:
        winner = _say(rule["say"])
    elif isinstance(rule, Mapping) and ("highest" in rule or "lowest" in rule):
        winner = (_("The highest %(value)s wins; a shared highest is a draw.") if "highest" in rule else
                  _("The lowest %(value)s wins; a shared lowest is a draw.")) % {"value": w(rule.get("highest", rule.get("lowest")))}
    else:
        winner = ""
    low, high = (d["players"], d["players"]) if isinstance(d.get("players", 2), int) else d["players"]
    return {"template": "rules-file", "rules_title": str(d.get("title", d.get("name"))),
            "rules_description": _(str(d.get("description", ""))) if d.get("description") else "",
            "cards_words": _(cards.words), "player_range": "/".join(str(n) for n in counts) if (counts := d.get("player_counts")) else
            f"{low}-{high}" if low != high else str(low),  # player_counts [3, 6]: "3/6", never "3-6"
            "zone_sentences": zones, "sections": sections, "winner_sentence": winner,
            "rules_intro": _(str(intro)) if (intro := (d.get("booklet") or {}).get("intro")) else "",
            "rules_notes": [_(str(n)) for n in (d.get("booklet") or {}).get("notes") or ()],
            # the rules the file chose where its source is silent: the closing section, marked as ours
            "rules_silent": [{"id": f"{d.get('name')}.{k}", "question": _(str(x["question"])), "answer": _(str(x["answer"])),
                              "parameter": str(x.get("parameter") or "")} for k, x in enumerate(d.get("decisions") or ())]}
