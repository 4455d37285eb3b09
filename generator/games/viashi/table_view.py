"""Viashi's table for ``deckpress play``: the trick, every seat's face-up table
cards and hand size, your two drawn cards during the draw, your hand, the scores
(Viashilym: the teams). Only what ``view(seat)`` holds: other hands are backs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import OVER


def table(view: Mapping[str, Any], seat: int, trick: Mapping[str, Any] | None = None) -> dict[str, Any]:
    ids = view["rules"].ids
    players = int(view["players"])
    teams = bool(view.get("teams"))
    sides = 3 if teams else players

    def names(cards: Any) -> list[str]:
        return [ids[c] for c in cards]

    def who(s: int) -> str:
        name = "You" if s == seat else f"Seat {s}"
        return f"{name} (team {s % sides})" if teams else name

    zones: list[dict[str, Any]] = []
    if view.get("drawn"):
        zones.append({"title": "You drew: choose the card to put face up", "key": "drawn",
                      "cards": names(view["drawn"]), "mine": True})
    if view.get("trick"):
        zones.append({"title": f"Trick ({view.get('source') or 'led'})", "key": "trick", "cards": names(view["trick"]),
                      "captions": [f"seat {s}" for s in view["trick_seats"]]})
    elif trick and trick.get("event") == "trick":  # the trick just taken (public: played face up)
        played = trick["played"]
        zones.append({"title": f"Last trick ({trick['source']})", "key": "last", "cards": [c for _, c in played],
                      "captions": [f"seat {s}" for s, _ in played]})
    elif view.get("history"):
        source, seats, cards = view["history"][-1]
        zones.append({"title": f"Last trick ({source})", "key": "last", "cards": names(cards),
                      "captions": [f"seat {s}" for s in seats]})
    sizes = view["hand_sizes"]
    for s in range(players):
        if s != seat:
            zones.append({"title": f"{who(s)}: table and hand", "key": f"table{s}", "cards": names(view["tables"][s]),
                          "backs": sizes[s]})
    zones.append({"title": f"{who(seat)}: your table", "key": "table", "cards": names(view["table"]), "mine": True})
    zones.append({"title": "Your hand", "key": "hand", "cards": names(view["hand"]), "mine": True})
    scores = list(view["scores"])
    over = view["phase"] == OVER
    values: list[list[Any]] = [["hand", int(view["hand_no"]) + (0 if over else 1)], ["tricks", view["tricks"]]]
    if teams:
        values.append(["points per team", " · ".join(f"team {t}: {scores[t]}" for t in range(sides))])
        values.append(["teams", " · ".join(f"{t} = seats {t} & {t + sides}" for t in range(sides))])
    else:
        values.append(["points per seat", " · ".join(map(str, scores))])
    values.append(["captives per seat", " · ".join(map(str, view["captives"]))])
    zones.append({"title": "Score", "values": values})
    labels = {f"place:{c}": f"put {c} face up" for c in names(view.get("drawn") or ())}
    out: dict[str, Any] = {"zones": zones, "labels": labels}
    if trick and trick.get("event") == "trick":
        taker = trick.get("capturer")
        out["event"] = (f"trick {trick['trick']}: " + ("nobody takes it" if taker is None or taker < 0 else
                                                      f"seat {taker} takes it ({trick.get('rule', '')})"))
    return out
