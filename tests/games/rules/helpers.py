"""Hand-made deals for rules-file games: a shuffle with chosen cards on top."""

from __future__ import annotations

from typing import Any

from generator.games.api import CHANCE, Action
from generator.games.rules.registered import bundled


def game(name: str, **params: Any) -> Any:
    """The game on the interpreter: these tests set up positions in its zones and frames
    (the compiled code plays the same games: tests/games/rules/test_compiled.py)."""
    spec = bundled(name)
    return spec.make(None, spec.params(**params)).interpreted()  # type: ignore[arg-type,attr-defined]


def stacked(state: Any, top_first: list[str]) -> Action:
    """The shuffle outcome of the zone being shuffled that puts ``top_first`` on top
    (the first card named is the top card, dealt first)."""
    assert state.current() == CHANCE
    ids = state.game.program.ids
    pile = [ids[c] for c in state.z[state.pend]]
    rest = [c for c in pile if c not in top_first]
    assert len(rest) + len(top_first) == len(pile), "a named card is not in the zone shuffled"
    return Action("shuffle", tuple(rest + list(reversed(top_first))))


def hand(state: Any, zone: str, seat: int | None = None) -> list[str]:
    p = state.game.program
    z = p.by_name[zone]
    return [p.ids[c] for c in state.z[z.base + (seat if z.owned and seat is not None else 0)]]


def values(actions: Any) -> list[Any]:
    return sorted(a.value for a in actions)


def restart(state: Any, phase: str) -> None:
    """Run ``phase`` again from its first step (after a test changed the zones)."""
    p = state.game.program
    state.ph = p.phase_names.index(phase)
    state.k[:] = [[p.phase_blocks[state.ph], 0]]
    state.run()
