"""War's table for ``deckpress play``: every stack face down, the last trick kept
face up until the next, its face-down tiles face down.

War has no decisions, so the human watches (or steps through) the tricks. The view
holds only the stack sizes (and whether a war's tiles go face down); the cards of a
trick come from its trace record: each seat's face-up tiles are shown, the tiles a war
puts face down (every second tile of a seat's pile, ``facedown``) stay backs in the
zone and unnamed in the log, as the booklet keeps them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def table(view: Mapping[str, Any], seat: int, trick: Mapping[str, Any] | None = None) -> dict[str, Any]:
    counts = list(trick["counts"]) if trick and "counts" in trick else list(view["counts"])
    zones: list[dict[str, Any]] = []
    for s, count in enumerate(counts):
        zones.append({"title": "Your stack" if s == seat else f"Seat {s}'s stack", "backs": count, "mine": s == seat})
    out: dict[str, Any] = {"zones": zones}
    if trick and "played" in trick:
        down = bool(view.get("facedown", True))
        up = [[c for i, c in enumerate(pile) if not (down and i % 2)] for pile in trick["played"]]
        hidden = [len(pile) - len(shown) for pile, shown in zip(trick["played"], up, strict=True)]
        cards = [c for pile in up for c in pile]
        captions = [f"seat {s}" for s, pile in enumerate(up) for _ in pile]
        winner = trick.get("winner")
        zone: dict[str, Any] = {"title": f"Trick {trick['trick']}", "key": "trick", "cards": cards,
                                "captions": captions}
        if sum(hidden):
            zone["backs"] = sum(hidden)
        zones.insert(0, zone)
        tiles = trick.get("tiles", len(cards) + sum(hidden))
        said = "nobody takes it (a draw)" if winner is None else f"seat {winner} takes {tiles}"

        def shows(s: int) -> str:
            return f"seat {s} shows {', '.join(up[s])}" + (f" ({hidden[s]} face down)" if hidden[s] else "")

        out["event"] = f"trick {trick['trick']}: " + "; ".join(
            shows(s) for s, pile in enumerate(trick["played"]) if pile) + f"; {said}"
    return out
