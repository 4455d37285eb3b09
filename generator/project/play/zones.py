"""What the table page draws for one seat: zones built from ``view(seat)`` alone.

A zone is plain JSON: ``{"title", "cards": [card ids], "captions": [...], "backs": n,
"values": [[label, value], ...], "key", "mine"}`` (every key but ``title`` optional).
A game may describe its own zones with ``table(view, seat)`` (its GameSpec's ``table``
import string, or a ``table`` method of a designer's game object), returning
``{"zones": [...], "labels": {str(action): words}, "words": {str(action): words for
the log}, "event": words}``; a ``trick=``
keyword, when the function takes one, gets the game's latest trace record (the
function decides what of it is public). Without one, :func:`generic_zones` reads the
view itself: a card id or a list of card ids is a row of cards, ``(seat, card id)``
pairs a row with captions, a list of such lists one row per seat, numbers and short
texts labelled values; anything else is left out (it may be large, or not meant to
be read).

Honest information: the page gets these zones, the legal actions of its own seat,
and log lines whose card ids it has seen (:func:`card_tokens`, :func:`words`), never
the state or another seat's view.
"""

from __future__ import annotations

import inspect
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...games.api import Action

SHORT = 40  # characters: a longer text is left out of the generic table
MAX_VALUES = 12  # items: a longer list of numbers is left out
WHOSE_TURN = frozenset({"turn", "current", "to_move", "to_act", "current_player", "player_to_move"})
Hook = Callable[..., Any]


def table_hook(spec: Any, game: Any) -> Hook | None:
    """The game's ``table(view, seat)``: its spec's import string, else a method of the game."""
    ref = getattr(spec, "table", None)
    if ref:
        from ...games.spec import load_hook

        return load_hook(ref)  # type: ignore[no-any-return]
    fn = getattr(game, "table", None)
    return fn if callable(fn) else None


def takes(hook: Hook, keyword: str) -> bool:
    try:
        return keyword in inspect.signature(hook).parameters
    except (TypeError, ValueError):
        return False


def takes_trick(hook: Hook) -> bool:
    return takes(hook, "trick")


def describe(view: Mapping[str, Any], seat: int, ids: frozenset[str], hook: Hook | None,
             trick: Mapping[str, Any] | None = None, game: Any = None) -> dict[str, Any]:
    """The zones (and action labels, and an event line) for ``seat``'s ``view``. A hook
    that takes a ``game=`` keyword gets the game object too (its deck: the deck's own labels)."""
    if hook is None:
        return {"zones": generic_zones(view, ids, labels=getattr(game, "table_labels", None), seat=seat)}
    extra: dict[str, Any] = {}
    if takes_trick(hook):
        extra["trick"] = trick
    if takes(hook, "game"):
        extra["game"] = game
    got = hook(view, seat, **extra)
    if isinstance(got, Sequence):
        got = {"zones": list(got)}
    zones = [_clean(z) for z in got.get("zones", [])]
    out: dict[str, Any] = {"zones": zones, "labels": {str(k): str(v) for k, v in (got.get("labels") or {}).items()}}
    if got.get("event"):
        out["event"] = str(got["event"])
    if got.get("words"):  # str(action) -> how the log says any seat's move
        out["words"] = {str(k): str(v) for k, v in got["words"].items()}
    return out


def _clean(zone: Mapping[str, Any]) -> dict[str, Any]:
    """A zone as JSON: known keys only, card ids as text."""
    out: dict[str, Any] = {"title": str(zone.get("title", ""))}
    if "cards" in zone:
        out["cards"] = [str(c) for c in zone["cards"]]
    if "captions" in zone:
        out["captions"] = [str(c) for c in zone["captions"]]
    if "backs" in zone:
        out["backs"] = max(0, int(zone["backs"]))
    if "values" in zone:
        out["values"] = [[str(k), _text(v)] for k, v in zone["values"]]
    for key in ("key",):
        if zone.get(key) is not None:
            out[key] = str(zone[key])
    if zone.get("mine"):
        out["mine"] = True
    return out


def _text(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (list, tuple)):
        return " · ".join(_text(v) for v in value)
    return str(value)


def _players(view: Mapping[str, Any]) -> int | None:
    """The number of seats, as the view tells it (a ``players`` number, or its per-seat hand sizes)."""
    for key in ("players", "hand_sizes", "counts", "scores"):
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and key == "players":
            return value
        if isinstance(value, (list, tuple)) and key != "players" and value:
            return len(value)
    return None


def _is_card(value: Any, ids: frozenset[str]) -> bool:
    return isinstance(value, str) and value in ids


def _pair(value: Any, ids: frozenset[str]) -> bool:
    return (isinstance(value, (list, tuple)) and len(value) == 2 and isinstance(value[0], int)
            and _is_card(value[1], ids))


def per_seat(value: Any, players: int | None) -> bool:
    """A list of one number per seat (scores, tricks, hand sizes)."""
    return (players is not None and players > 1 and isinstance(value, (list, tuple)) and len(value) == players
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value))


def generic_zones(view: Mapping[str, Any], ids: frozenset[str], labels: Mapping[str, Any] | None = None,
                  seat: int | None = None) -> list[dict[str, Any]]:
    """Zones read from the view's own data (see the module docstring). ``labels`` (the
    game's ``table_labels``): a view key -> the words shown for it, or None to leave it
    out. Whose turn it is (``turn``, ``current``...) is left out: the table marks the
    seat to act itself; a list of one number per seat names each seat."""
    zones: list[dict[str, Any]] = []
    values: list[list[str]] = []
    labels = dict(labels or {})
    players = _players(view)

    def _label(key: str) -> str:
        return str(labels.get(key) or key.replace("_", " "))

    for key, value in view.items():
        key = str(key)
        if key in labels and labels[key] is None or key.startswith("_"):
            continue
        if key in WHOSE_TURN and isinstance(value, int) and key not in labels:
            continue
        if _is_card(value, ids):
            zones.append({"title": _label(key), "key": key, "cards": [value]})
        elif isinstance(value, (list, tuple)) and value and all(_is_card(v, ids) for v in value):
            zones.append({"title": _label(key), "key": key, "cards": list(value)})
        elif isinstance(value, (list, tuple)) and value and all(_pair(v, ids) for v in value):
            zones.append({"title": _label(key), "key": key, "cards": [v[1] for v in value],
                          "captions": [f"seat {v[0]}" for v in value]})
        elif (isinstance(value, (list, tuple)) and value and all(isinstance(v, (list, tuple)) for v in value)
              and all(_is_card(c, ids) for v in value for c in v)):
            for s, row in enumerate(value):
                zones.append({"title": f"{_label(key)}: seat {s}", "key": f"{key}{s}", "cards": list(row)})
        elif isinstance(value, (list, tuple)) and not value:
            zones.append({"title": _label(key), "key": key, "cards": []})
        elif isinstance(value, bool | int | float) or (isinstance(value, str) and len(value) <= SHORT):
            values.append([_label(key), _text(value)])
        elif per_seat(value, players):
            values.append([_label(key), " · ".join(f"{'you' if s == seat else f'seat {s}'} {_text(v)}"
                                                   for s, v in enumerate(value))])
        elif (isinstance(value, (list, tuple)) and len(value) <= MAX_VALUES
              and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
            values.append([_label(key), _text(value)])
    if values:
        zones.append({"title": "values", "values": values})
    return zones


def card_tokens(value: Any, ids: frozenset[str]) -> set[str]:
    """The card ids a value names: itself, its ``a:b`` parts, inside lists (not mapping keys)."""
    found: set[str] = set()
    if isinstance(value, str):
        if value in ids:
            found.add(value)
        else:
            found.update(p for p in value.split(":") if p in ids)
    elif isinstance(value, Mapping):
        for v in value.values():
            found |= card_tokens(v, ids)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            found |= card_tokens(v, ids)
    return found


def card_counts(value: Any, ids: frozenset[str]) -> Counter[str]:
    """The card ids a value names, as often as it names them (copies of one card count apart)."""
    found: Counter[str] = Counter()
    if isinstance(value, str):
        if value in ids:
            found[value] += 1
        else:
            found.update(p for p in value.split(":") if p in ids)
    elif isinstance(value, Mapping):
        for v in value.values():
            found += card_counts(v, ids)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            found += card_counts(v, ids)
    return found


def zone_cards(zones: Sequence[Mapping[str, Any]]) -> set[str]:
    return {c for z in zones for c in z.get("cards", ())}


def zone_counts(zones: Sequence[Mapping[str, Any]]) -> Counter[str]:
    """Every face-up card on a seat's table, as often as it lies there."""
    return Counter(c for z in zones for c in z.get("cards", ()))


def third_person(text: str, seat: int) -> str:
    """A zone title written for its own seat ("Your hand", "You (team 0)") as everyone
    reads it after the game ("Seat 2's hand", "Seat 2 (team 0)")."""
    text = re.sub(r"\bYour\b", f"Seat {seat}'s", text)
    text = re.sub(r"\byour\b", f"seat {seat}'s", text)
    text = re.sub(r"\bYou\b", f"Seat {seat}", text)
    return re.sub(r"\byou\b", f"seat {seat}", text)


def action_card(action: Action, ids: frozenset[str]) -> tuple[str | None, str | None]:
    """(card id, zone key) an action plays: its value is a card id (zone: any), or
    ``where:card id`` (zone ``where``); (None, None) for any other action."""
    value = action.value
    if _is_card(value, ids):
        return value, None
    if isinstance(value, str) and ":" in value:
        where, _, card = value.rpartition(":")
        if card in ids:
            return card, where
    return None, None


def words(who: str, action: Action, visible: Mapping[str, int] | set[str] | frozenset[str], ids: frozenset[str],
          names: Mapping[str, str]) -> str:
    """``who``'s action in words; an action naming a card this seat may not see says only
    its kind. ``visible`` counts the copies of each card the seat sees this action move (a
    set: one of each): an action naming more copies of a card than that is hidden, so a
    copy in the seat's own hand never lets a deal name the copies dealt to another."""
    counts = Counter(visible) if isinstance(visible, (set, frozenset)) else visible
    named = card_counts(action.value, ids)
    if action.value is None:
        return f"{who}: {action.kind}"
    if any(n > counts.get(c, 0) for c, n in named.items()):
        return f"{who}: {action.kind} (hidden)"
    if len(named) > 6:
        return f"{who}: {action.kind} ({len(named)} cards)"
    if named:
        parts = [names.get(p, p) for p in str(action.value).split(":")] if isinstance(action.value, str) else None
        shown = ": ".join(parts) if parts else ", ".join(names.get(c, c) + (f" ×{n}" if n > 1 else "")
                                                        for c, n in sorted(named.items()))
        return f"{who}: {action.kind} {shown}"
    text = str(action.value)
    if isinstance(action.value, (list, tuple, set, frozenset, Mapping)):
        return f"{who}: {action.kind}"  # a shuffle's order, a deal of no card: no words worth reading
    return f"{who}: {action.kind}" if len(text) > SHORT else f"{who}: {action.kind} {text}"
