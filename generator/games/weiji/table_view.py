"""Weiji's table for ``deckpress play``: your top card face up, every stack's size,
the middle, and the last showdown (its public trace record: every shown card is
face up on the table), kept until the next. The attribute buttons and the log use the
deck's own words ("Light output: 15700 lm", not "lumens"); the log names each shown
card with its value and who takes how many cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def table(view: Mapping[str, Any], seat: int, trick: Mapping[str, Any] | None = None,
          game: Any = None) -> dict[str, Any]:
    attributes = {a.key: a for a in game.deck.attributes} if game is not None else {}

    def label(key: str) -> str:
        return attributes[key].label if key in attributes else key

    def value_of(key: str, value: Any) -> str:
        return attributes[key].format(value) if key in attributes else _number(value)

    counts = list(view["counts"])
    top = view.get("top")
    zones: list[dict[str, Any]] = []
    if trick and trick.get("event", "showdown") == "showdown" and "shown" in trick:
        shown = [(s, c) for s, c in enumerate(trick["shown"]) if c]
        zones.append({"title": f"Showdown {trick['trick']}: {label(trick['attribute'])}", "key": "trick",
                      "cards": [c for _, c in shown], "captions": [f"seat {s}" for s, _ in shown]})
    middle = view.get("middle_cards") or []
    if any(middle):
        zones.append({"title": "The middle (after a tie)", "key": "middle", "cards": [c for m in middle for c in m],
                      "captions": [f"seat {s}" for s, m in enumerate(middle) for _ in m]})
    for s, count in enumerate(counts):
        if s == seat:
            continue
        zones.append({"title": f"Seat {s}", "backs": count})
    mine = [top] if top else []
    zones.append({"title": "Your stack (top card)", "key": "hand", "cards": mine, "backs": max(0, view["count"] - len(mine)),
                  "mine": True})
    zones.append({"title": "Game", "values": [["showdowns", view.get("tricks", 0)],
                                              ["cards per seat", " · ".join(map(str, counts))]]})
    values = view.get("values") or {}
    labels = {f"choose:{k}": f"{label(k)}: {value_of(k, v)}" for k, v in values.items()}
    said = {f"choose:{k}": f"choose {label(k)}" for k in (game.keys if game is not None else ())}
    out: dict[str, Any] = {"zones": zones, "labels": labels, "words": said}
    if trick and "attribute" in trick:
        winner, key = trick.get("winner"), trick["attribute"]
        index = game.attr.get(key) if game is not None else None

        def card(c: str) -> str:
            return f"{c} ({value_of(key, game.printed[c][index])})" if index is not None and c in game.printed else c

        cards = ", ".join(f"seat {s} {card(c)}" for s, c in enumerate(trick.get("shown") or ()) if c)
        taken = trick.get("table")
        out["event"] = (f"showdown {trick['trick']}: seat {trick['chooser']} chose {label(key)}: {cards}; "
                        + ("a tie: the cards stay in the middle" if winner is None else
                           f"seat {winner} takes {taken} cards" if taken else f"seat {winner} takes the cards"))
    elif trick and trick.get("event") == "tiebreak":
        out["event"] = f"tie-break: seat {trick['chooser']} chooses next"
    return out


def _number(value: Any) -> str:
    if value is None:
        return "no data"
    return f"{value:g}" if isinstance(value, float) else str(value)
