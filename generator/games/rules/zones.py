"""Who sees what, from the zones' visibility alone: a seat's view of a rules-file
game, and the states :func:`resample_view` deals again from it.

A zone is ``hidden`` (face down: everyone sees how many cards it holds), ``owner``
(a player's own zone: its player sees the cards, the others how many) or
``public`` (face up). The view is the whole state with every zone the seat may
not see replaced by its count; ``resample_view`` deals the cards the seat has not
seen into those zones at random, so the state it makes has the same view and
cannot depend on any hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..api import CHANCE


def _sees(visible: str, owner: int | None, seat: int) -> bool:
    return visible == "public" or (visible == "owner" and owner == seat)


def view_of(state: Any, seat: int) -> Mapping[str, Any]:
    p = state.game.program
    ids = p.ids
    shared: dict[str, Any] = {}
    owned: dict[str, list[Any]] = {}
    for zi, (zone, owner) in enumerate(p.instances):
        cards = state.z[zi]
        shown: Any = [ids[c] for c in cards] if _sees(zone.visible, owner, seat) else len(cards)
        if owner is None:
            shared[zone.name] = shown
        else:
            owned.setdefault(zone.name, []).append(shown)
    frames = []
    for f in state.k:
        bid = p.block_of[id(f[0])]
        frames.append((bid, *(tuple(x) if isinstance(x, list) else x for x in f[1:])))
    return {
        "seat": seat,
        "turn": state.v.get("player"),
        "phase": p.phase_names[state.ph] if p.phase_names else "",
        "zones": shared,
        "hands": owned,
        "vars": {k: (list(v) if isinstance(v, list) else v) for k, v in state.v.items()},
        "program": (state.ph, tuple(frames), state.steps, state.over),
    }


def resample_view(game: Any, view: Mapping[str, Any], seat: int, rng: random.Random, kind: type) -> Any:
    """A state (of class ``kind``) ``seat`` cannot tell from the one it saw (``view``), every
    card it has not seen dealt again from ``rng`` into the zones it does not see."""
    p = game.program
    index = p.index
    z: list[list[int]] = []
    hidden: list[tuple[int, int]] = []
    seen: set[int] = set()
    for zi, (zone, owner) in enumerate(p.instances):
        shown = view["zones"][zone.name] if owner is None else view["hands"][zone.name][owner]
        if isinstance(shown, int):
            z.append([])
            hidden.append((zi, shown))
        else:
            cards = [index[c] for c in shown]
            seen.update(cards)
            z.append(cards)
    unseen = [c for c in range(len(p.ids)) if c not in seen]
    rng.shuffle(unseen)
    at = 0
    for zi, count in hidden:
        z[zi] = unseen[at:at + count]
        at += count
    state: Any = object.__new__(kind)
    ph, frames, steps, over = view["program"]
    state.__dict__.update(
        game=game, observer=None, n=p.n, z=z, v={k: (list(v) if isinstance(v, list) else v) for k, v in view["vars"].items()},
        k=[[p.blocks[f[0]], *(list(x) if isinstance(x, tuple) else x for x in f[1:])] for f in frames], ph=ph,
        cur=CHANCE, legal=[], pend=None, over=over, win=None, scores=[], steps=steps)
    if not over and state.k:
        state.k[-1][1] -= 1  # the step the game paused at (a decision): run it again
        state.run()
    return state


def table_of(program: Any, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """What ``deckpress play`` draws of a view: every zone in the rules file's words (its
    cards, or as many backs as it holds cards), the seat's own zones marked, and the
    variables that are numbers or short words."""
    zones: list[dict[str, Any]] = []
    for zone in program.zones:
        shown = view["zones"][zone.name] if not zone.owned else None
        rows = [(None, shown)] if not zone.owned else list(enumerate(view["hands"][zone.name]))
        for owner, cards in rows:
            title = zone.say if owner is None else ("your " + zone.say if owner == seat else f"seat {owner}: {zone.say}")
            entry: dict[str, Any] = {"title": title, "key": zone.name if owner is None else f"{zone.name}{owner}"}
            if isinstance(cards, int):
                entry["backs"] = cards
            else:
                entry["cards"] = list(cards or [])
            if owner == seat:
                entry["mine"] = True
            zones.append(entry)
    values = [[k.replace("_", " "), v if not isinstance(v, list) else ", ".join(map(str, v))]
              for k, v in view["vars"].items()
              if isinstance(v, (int, float, str)) and not isinstance(v, bool) and len(str(v)) <= 40
              or (isinstance(v, list) and len(v) <= 12 and all(isinstance(x, (int, float)) for x in v))]
    if values:
        zones.append({"title": "values", "values": values})
    return {"zones": zones}
