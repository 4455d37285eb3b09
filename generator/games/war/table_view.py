"""War's table for ``deckpress play``: every stack face down, the last trick face up.

War has no decisions, so the human watches (or steps through) the tricks. The view
holds only the stack sizes; the cards of a trick come from its public trace record
(every tile of a trick is shown face up on the table, so nothing hidden is told).
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
        cards = [c for pile in trick["played"] for c in pile]
        captions = [f"seat {s}" for s, pile in enumerate(trick["played"]) for _ in pile]
        winner = trick.get("winner")
        zones.insert(0, {"title": f"Trick {trick['trick']}", "key": "trick", "cards": cards, "captions": captions})
        said = "nobody takes it (a draw)" if winner is None else f"seat {winner} takes {trick.get('tiles', len(cards))}"
        out["event"] = f"trick {trick['trick']}: " + "; ".join(
            f"seat {s} shows {', '.join(pile)}" for s, pile in enumerate(trick["played"]) if pile) + f"; {said}"
    return out
