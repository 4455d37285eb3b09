"""Rules games in ``deckpress play``: whole games through the generic table's JSON API,
a simultaneous one included, and the human's view shows no other hand's cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from project.play_client import Client, table

from generator.project.play import Table


@pytest.fixture
def closing():  # type: ignore[no-untyped-def]
    opened: list[Table] = []
    yield opened
    for t in opened:
        t.close()


@pytest.mark.parametrize("game", ["crazy-eights", "goofspiel"])
def test_a_rules_game_plays_out_on_the_generic_table(game: str, tmp_path: Path, closing) -> None:  # type: ignore[no-untyped-def]
    t = table(game, tmp_path / "t")
    closing.append(t)
    client = Client(t)
    first = client.api("GET", "/api/state")
    while first["turn"] != "you":
        first = client.api("POST", "/api/step", {"seat": 0})
    state = client.table.top.session.state
    if game == "crazy-eights":
        assert type(state).__name__ == "CompiledState"  # compiled on load (generator/games/rules/compiled.py)
        other = {state.game.program.ids[c] for c in state.hand[1]}
        shown = {c for z in first["zones"] for c in (z.get("cards") or []) if isinstance(c, str)}
        assert other and shown and not other & shown  # the other hand: its count only
    end = client.play_out(0)
    assert end["turn"] == "over" and "result" in end
    assert end["result"]["winner"] == client.table.top.session.state.result().winner
