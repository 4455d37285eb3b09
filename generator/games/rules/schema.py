"""A rules file read and checked, before anything is compiled: every key known
(an unknown one names the nearest), every value of the right kind, and every
error naming the file, the line and the key, like every deck file's."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...deck.yamlfile import LineMap, load_yaml
from ...errors import DeckpressError, Problem


class RulesError(DeckpressError):
    """A rules file that cannot be played (file, line, key and what to change)."""


TOP = {
    "name": "the game's name (the word commands take)",
    "title": "the game's title, printed on the booklet",
    "description": "one line: what the game is",
    "players": "how many players: a number, or [fewest, most]",
    "cards": "standard52, deck, {numbered: [low, high]} or {suits: [...], ranks: [low, high]}",
    "deck": "the bundled deck commands use when none is given (default: standard52)",
    "start": "the zone that holds every card before the setup (default: the first zone)",
    "zones": "where cards lie, and who sees them",
    "variables": "numbers and words every player sees, with their first values",
    "per_player": "one value per player (score, chips), with its first value",
    "parameters": "rule parameters (--set name=value), with their ranges",
    "define": "named conditions and values, used in expressions",
    "phases": "the steps of the game, phase after phase",
    "procedures": "named lists of steps that call: runs (and comes back)",
    "winner": "who wins when the game ends: {highest: EXPR} or {lowest: EXPR} over each player p",
    "length": "the variable that counts the game's length",
    "unit": "what one unit of length is called (turn, round, ask, decision)",
    "teams": "seats that play together: [[0, 2], [1, 3]], or per number of players: {6: [[0, 3], [1, 4], [2, 5]]}",
    "player_counts": "only these numbers of players, within players: ([3, 6]: 3 or 6, not 4 or 5)",
    "decks": "how many copies of the cards are played: a number, or an expression of players and parameters",
    "python": "one Python function for a rule the format cannot say (runs your code)",
    "booklet": "sentences the generated rule booklet adds: {intro: ..., notes: [...]}",
    "decisions": "rules you chose where your source is silent: [{question: ..., answer: ..., parameter: NAME}]"
                 " (the booklet marks them as yours, in its closing section)",
}
BOOKLET_KEYS = {"intro": "a paragraph after the booklet's opening", "notes": "sentences listed after it"}
DECISION_KEYS = {"question": "what the source leaves open", "answer": "the rule this file plays",
                 "parameter": "the rule parameter that changes it, if one does"}
ZONE_KEYS = {"owner": "each (one per player) or none (shared; default)",
             "visible": "hidden (face down), owner (its player sees it) or public (face up)",
             "say": "the zone in the booklet's words"}
VISIBILITY = ("hidden", "owner", "public")
PARAM_KEYS = {"default": "its value unless --set", "min": "smallest value", "max": "largest value",
              "choices": "the values it may take", "description": "what it means, for the booklet and --set"}
DEFINE_KEYS = {"is": "the expression", "say": "its words in the booklet"}
WINNER_KEYS = {"highest": "the highest value wins", "lowest": "the lowest value wins",
               "say": "the rule in the booklet's words"}

# each step: its main key, and the keys it may have beside it
STEPS: dict[str, dict[str, str]] = {
    "shuffle": {},
    "deal": {},
    "move": {},
    "set": {},
    "add": {},
    "if": {"then": "the steps when it holds", "else": "the steps when it does not"},
    "while": {"do": "the steps repeated while it holds"},
    "repeat": {"do": "the steps repeated"},
    "each": {"in": "the values it takes, one after another", "do": "the steps for each value"},
    "choose": {"otherwise": "the steps when there is nothing to choose"},
    "goto": {},
    "call": {},
    "end": {},
    "python": {},
}
COMMON = {"say": "the step in the booklet's words"}
DEAL_KEYS = {"from": "the zone dealt from", "to": "the players' zone dealt to", "count": "cards to each player"}
MOVE_KEYS = {"from": "the zone cards leave", "to": "the zone they go to", "count": "how many from the top (or all)",
             "card": "one named card", "where": "every card for which this holds", "leave": "with count: all, leave this many",
             "at": "top (default) or bottom of the zone they go to"}
CHOOSE_KEYS = {"who": "the player who chooses (default: player), or all (everyone at once)",
               "card": "a zone: choose one of its cards", "options": "a list: choose one of its values",
               "where": "only the options for which this holds (card or option)", "as": "the variable the choice goes in",
               "action": "the choice's name (play, bid, ask)"}
END_KEYS = {"winner": "the winning seat (none: a draw)", "highest": "highest value wins",
            "lowest": "lowest value wins"}


@dataclass
class Doc:
    """A rules file, read: the raw mappings (LineMaps) and where they came from."""

    path: Path
    data: LineMap
    problems: list[Problem] = field(default_factory=list)

    def line(self, mapping: Any, key: Any = None) -> int | None:
        if isinstance(mapping, LineMap):
            return mapping.line_of(key) if key is not None else mapping.line
        return None

    def problem(self, message: str, mapping: Any = None, key: Any = None) -> None:
        self.problems.append(Problem(message, self.path, self.line(mapping, key), field=str(key) if key else None))


def nearest(key: Any, valid: Sequence[str]) -> str:
    close = difflib.get_close_matches(str(key), list(valid), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def check_keys(doc: Doc, mapping: Any, valid: Mapping[str, str], what: str) -> None:
    for key in mapping:
        if key not in valid:
            doc.problem(f"unknown key {key!r} in {what}{nearest(key, list(valid))} (valid: {', '.join(valid)})",
                        mapping, key)


# names an expression reads without a file declaring them (expr.py's leaves): no parameter may take one
CONSTANTS = ("player", "players", "seats", "value", "suits", "ranks", "attributes", "lower_better",
             "true", "false", "none", "nobody", "card", "p")


def _parameter_name_problem(d: Mapping[str, Any], name: str) -> str | None:
    """Why ``name`` cannot name one of the file's ``parameters:`` (see
    :func:`~generator.games.params.parameter_name_problem`), or None: nor may it be a name
    the expressions already give a meaning (``count``, ``seats``, a zone, a variable)."""
    from ..params import parameter_name_problem
    from .expr import FUNCTIONS, SEAT_FUNCTIONS, ZONE_FUNCTIONS

    if name in ("players", "max_tricks"):
        return f"parameter {name!r}: {name} is given by players: (and max_tricks by deckpress); give it another name"
    why = parameter_name_problem(name)
    if why is not None:
        return why
    if name in (*FUNCTIONS, *ZONE_FUNCTIONS, *SEAT_FUNCTIONS, *CONSTANTS):
        return (f"parameter {name!r} is a name the expressions already give a meaning (a function, a word such as"
                " true, or card and p); give it another name")
    for key in ("zones", "variables", "per_player", "define"):
        found = d.get(key)
        if isinstance(found, Mapping) and name in found:
            return f"parameter {name!r} is also a name in {key}:; give one of them another name"
    return None


def read(path: Path, text: str | None = None) -> Doc:
    """The rules file at ``path``, its top level checked (see :func:`check`)."""
    data = load_yaml(path, text)
    doc = Doc(path, data if isinstance(data, LineMap) else LineMap())
    if not isinstance(data, Mapping):
        raise RulesError(Problem("a rules file is a mapping of keys (name:, players:, cards:, zones:, phases:, ...)",
                                 path))
    check(doc)
    return doc


def check(doc: Doc) -> None:
    d = doc.data
    check_keys(doc, d, TOP, "the rules file")
    for key in ("name", "cards", "zones", "phases"):
        if key not in d:
            doc.problem(f"missing {key!r}: {TOP[key]}", d)
    if "name" in d and not (isinstance(d["name"], str) and d["name"].replace("-", "").isalnum()):
        doc.problem("name: one word of letters, digits and dashes (crazy-eights)", d, "name")
    players = d.get("players", 2)
    if isinstance(players, int) and not isinstance(players, bool):
        players = [players, players]
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, int) for p in players)
            and 1 <= players[0] <= players[1] <= 16):
        doc.problem("players: a number from 1 to 16, or [fewest, most]", d, "players")
    _check_cards(doc, d.get("cards"))
    _check_counts(doc, players)
    zones = d.get("zones")
    if zones is not None and not (isinstance(zones, Mapping) and zones):
        doc.problem("zones: a mapping of zone names (stock:, hand: {owner: each, visible: owner})", d, "zones")
    elif isinstance(zones, Mapping):
        for name, z in zones.items():
            if isinstance(z, str):
                if z not in VISIBILITY:
                    doc.problem(f"zone {name}: {z!r} is no visibility; valid: {', '.join(VISIBILITY)}{nearest(z, VISIBILITY)}",
                                zones, name)
                continue
            if not isinstance(z, Mapping):
                doc.problem(f"zone {name}: a visibility or a mapping (owner:, visible:)", zones, name)
                continue
            check_keys(doc, z, ZONE_KEYS, f"zone {name}")
            if z.get("visible", "hidden") not in VISIBILITY:
                v = z.get("visible")
                doc.problem(f"zone {name}: visible: {v!r}; valid: {', '.join(VISIBILITY)}{nearest(v, VISIBILITY)}",
                            z, "visible")
            if z.get("owner", "none") not in ("each", "none"):
                doc.problem(f"zone {name}: owner: each or none", z, "owner")
    params = d.get("parameters", {})
    if isinstance(params, Mapping):
        for name, p in params.items():
            why = _parameter_name_problem(d, str(name))
            if why is not None:
                doc.problem(why, params, name)
            if isinstance(p, Mapping):
                check_keys(doc, p, PARAM_KEYS, f"parameter {name}")
                if "default" not in p:
                    doc.problem(f"parameter {name}: give its default", p)
            else:
                doc.problem(f"parameter {name}: a mapping (default:, min:, max:, description:)", params, name)
    else:
        doc.problem("parameters: a mapping of names", d, "parameters")
    for key in ("variables", "per_player", "define"):
        value = d.get(key, {})
        if not isinstance(value, Mapping):
            doc.problem(f"{key}: a mapping of names", d, key)
            continue
        for name in value:
            if not str(name).isidentifier() or str(name).startswith("_"):
                doc.problem(f"{key}: {name!r} is not a name (letters, digits and _)", value, name)
        if key == "define":
            for name, v in value.items():
                if isinstance(v, Mapping):
                    check_keys(doc, v, DEFINE_KEYS, f"define {name}")
    winner = d.get("winner")
    if winner is not None:
        if not isinstance(winner, Mapping):
            doc.problem("winner: {highest: EXPR} or {lowest: EXPR}", d, "winner")
        else:
            check_keys(doc, winner, WINNER_KEYS, "winner")
            if not ({"highest", "lowest"} & set(winner)):
                doc.problem("winner: names no one: give highest: or lowest: (an expression of each player p)",
                            d, "winner")
    _check_booklet(doc, d)
    phases = d.get("phases")
    if phases is not None:
        if not (isinstance(phases, Mapping) and phases):
            doc.problem("phases: a mapping of phase names, each a list of steps", d, "phases")
        else:
            for name, steps in phases.items():
                check_steps(doc, steps, f"phase {name}", phases, name)
    procedures = d.get("procedures", {})
    if not isinstance(procedures, Mapping):
        doc.problem("procedures: a mapping of names, each a list of steps", d, "procedures")
    else:
        for name, steps in procedures.items():
            check_steps(doc, steps, f"procedure {name}", procedures, name)


def _check_counts(doc: Doc, players: Any) -> None:
    """``player_counts:`` (numbers within ``players:``) and ``teams:`` (a list of seat lists,
    or one per number of players)."""
    d = doc.data
    counts = d.get("player_counts")
    if counts is not None and not (isinstance(counts, list) and counts and isinstance(players, list)
                                   and all(isinstance(n, int) and players[0] <= n <= players[1] for n in counts)):
        doc.problem("player_counts: a list of numbers of players within players: ([3, 6])", d, "player_counts")
    teams = d.get("teams")
    if teams is None:
        return
    lists = list(teams.values()) if isinstance(teams, Mapping) else [teams]
    if not (lists and all(isinstance(t, list) and all(isinstance(team, list) and all(isinstance(q, int) for q in team)
                                                       for team in t) for t in lists)
            and (not isinstance(teams, Mapping) or all(isinstance(n, int) for n in teams))):
        doc.problem("teams: a list of seat lists ([[0, 2], [1, 3]]), or one per number of players"
                    " ({6: [[0, 3], [1, 4], [2, 5]]})", d, "teams")


def _check_cards(doc: Doc, cards: Any) -> None:
    d = doc.data
    if cards is None or cards in ("standard52", "deck"):
        return
    if isinstance(cards, Mapping):
        if "deck" in cards:
            check_keys(doc, cards, {"deck": "true: the deck's own cards",
                                    "copies": "copies of the whole deck: a number or a parameter"}, "cards")
            copies = cards.get("copies", 1)
            found = d.get("parameters")
            params: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
            if cards["deck"] is True and (isinstance(copies, int) and not isinstance(copies, bool) and 1 <= copies <= 100
                                          or isinstance(copies, str) and isinstance(params.get(copies), Mapping)
                                          and isinstance(params[copies].get("default"), int)):
                return
            doc.problem("cards: {deck: true, copies: N}: N is a number from 1 to 100 or a whole-number parameter"
                        f" (parameters: {', '.join(map(str, params)) or 'none'})", cards, "copies")
            return
        if "kinds" in cards:
            check_keys(doc, cards, {"kinds": "kind: how many"}, "cards")
            k = cards["kinds"]
            if isinstance(k, Mapping) and k and all(isinstance(n, int) and 0 < n <= 1000 for n in k.values()):
                return
        elif "numbered" in cards:
            check_keys(doc, cards, {"numbered": "[low, high]"}, "cards")
            n = cards["numbered"]
            if isinstance(n, list) and len(n) == 2 and all(isinstance(x, int) for x in n) and 0 <= n[0] <= n[1] <= 10_000:
                return
        else:
            check_keys(doc, cards, {"suits": "the suits", "ranks": "[low, high]", "copies": "copies of each"}, "cards")
            r, s = cards.get("ranks"), cards.get("suits")
            if isinstance(r, list) and len(r) == 2 and all(isinstance(x, int) for x in r) and r[0] <= r[1] \
                    and isinstance(s, list) and s and (r[1] - r[0] + 1) * len(s) <= 10_000:
                return
    doc.problem("cards: standard52, deck, {deck: true, copies: N}, {numbered: [low, high]}, {suits: [A, B], ranks: [low, high]} or"
                " {kinds: {tempura: 14, sashimi: 14}}", d, "cards")


def check_steps(doc: Doc, steps: Any, where: str, parent: Any, key: Any) -> None:
    if not isinstance(steps, list):
        doc.problem(f"{where}: a list of steps (- shuffle: stock)", parent, key)
        return
    for step in steps:
        if not isinstance(step, Mapping) or not step:
            doc.problem(f"{where}: each step is a mapping (- move: {{from: stock, to: hand}})", parent, key)
            continue
        kinds = [k for k in step if k in STEPS]
        if len(kinds) != 1:
            first = next(iter(step))
            if kinds:
                doc.problem(f"{where}: one step per item, found {', '.join(kinds)}", step, kinds[1])
            else:
                doc.problem(f"{where}: unknown step {first!r}{nearest(first, list(STEPS))} (steps: {', '.join(STEPS)})",
                            step, first)
            continue
        kind = kinds[0]
        check_keys(doc, step, {kind: "", **STEPS[kind], **COMMON}, f"{where}, step {kind}")
        body = step[kind]
        sub = {"deal": DEAL_KEYS, "move": MOVE_KEYS, "choose": CHOOSE_KEYS}.get(kind)
        if sub is not None:
            if not isinstance(body, Mapping):
                doc.problem(f"{where}: {kind} takes a mapping ({', '.join(sub)})", step, kind)
                continue
            check_keys(doc, body, sub, f"{where}, {kind}")
            for need in {"deal": ("from", "to"), "move": ("from", "to"), "choose": ()}[kind]:
                if need not in body:
                    doc.problem(f"{where}: {kind} needs {need}: ({sub[need]})", body)
            if kind == "choose" and ("card" in body) == ("options" in body):
                doc.problem(f"{where}: choose takes card: (a zone) or options: (a list), one of them", body)
        elif kind in ("set", "add") and not isinstance(body, Mapping):
            doc.problem(f"{where}: {kind} takes a mapping (variable: value)", step, kind)
        elif kind == "end" and isinstance(body, Mapping):
            check_keys(doc, body, END_KEYS, f"{where}, end")
        for nested in ("then", "else", "do", "otherwise"):
            if nested in step:
                check_steps(doc, step[nested], f"{where}, {kind} {nested}", step, nested)
        if kind in ("while", "repeat", "each") and "do" not in step:
            doc.problem(f"{where}: {kind} needs do: (the steps it repeats)", step, kind)
        if kind == "if" and "then" not in step:
            doc.problem(f"{where}: if needs then: (the steps when it holds)", step, kind)
        if kind == "each" and "in" not in step:
            doc.problem(f"{where}: each needs in: (the values it takes)", step, kind)


def _check_booklet(doc: Doc, d: Mapping[str, Any]) -> None:
    """``booklet:`` (intro, notes) and ``decisions:`` (question, answer, parameter): sentences."""
    booklet = d.get("booklet")
    if booklet is not None:
        if not isinstance(booklet, Mapping):
            doc.problem("booklet: {intro: a paragraph, notes: [sentences]}", d, "booklet")
        else:
            check_keys(doc, booklet, BOOKLET_KEYS, "booklet")
            if "intro" in booklet and not isinstance(booklet["intro"], str):
                doc.problem("booklet: intro: one paragraph of text", booklet, "intro")
            notes = booklet.get("notes", [])
            if not (isinstance(notes, list) and all(isinstance(n, str) for n in notes)):
                doc.problem("booklet: notes: a list of sentences", booklet, "notes")
    decisions = d.get("decisions")
    if decisions is None:
        return
    if not isinstance(decisions, list):
        doc.problem("decisions: a list of {question: ..., answer: ...}", d, "decisions")
        return
    given = d.get("parameters")
    params: list[str] = [str(k) for k in given] if isinstance(given, Mapping) else []
    for item in decisions:
        if not isinstance(item, Mapping):
            doc.problem("decisions: each one {question: ..., answer: ..., parameter: NAME}", d, "decisions")
            continue
        check_keys(doc, item, DECISION_KEYS, "a decision")
        for key in ("question", "answer"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                doc.problem(f"a decision: give its {key} (a sentence)", item)
        if "parameter" in item and item["parameter"] not in params:
            doc.problem(f"a decision: parameter {item['parameter']!r} is not one of this file's parameters"
                        f"{nearest(item['parameter'], params)}", item, "parameter")
