"""One record of a designer's game files (``loader.game_files``): the game file and the
project modules it imports, read by the rebuild stamps, ``watch`` (through them) and
the contract's key, so an edit to a helper module checks the contract again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.games.designer.enforce import contract_key
from generator.games.designer.find import game_of
from generator.games.designer.loader import game_files
from generator.project.jobs import with_game_modules

HERE = Path(__file__).parent
GAME = (HERE / "kuhn.py").read_text() + '''

import sys as _sys
from pathlib import Path as _Path

_sys.path.insert(0, str(_Path(__file__).parent / "lib"))
import kuhn_views  # noqa: E402  (lib/kuhn_views.py: found through the folder put on sys.path, not by reading)


class Viewed(Kuhn):
    def new_state(self, observer=None):
        return ViewedState(self, observer)


class ViewedState(KuhnState):
    def view(self, seat):
        return kuhn_views.view(self, seat)
'''
HONEST = ('def view(state, seat):\n    return {"card": "JQK"[state.cards[seat]] if state.cards else None,'
          ' "history": list(state.history)}\n')
LEAKY = HONEST.replace('"history"', '"both": ["JQK"[c] for c in state.cards], "history"')


def _project(make_project: Any, name: str) -> Path:
    folder: Path = make_project(name, GAME)
    (folder / "lib").mkdir()
    (folder / "lib" / "kuhn_views.py").write_text(HONEST)
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("game: game.py ", "game: game.py:Viewed "))
    return folder


def test_the_record_holds_the_game_file_first_and_the_modules_it_imports(make_project: Any) -> None:
    folder = _project(make_project, "record")
    deck = resolve_deck(folder)
    spec = game_of(deck)
    assert spec is not None and spec.source is not None
    files = game_files(spec.source, deck.folder)
    assert files == ((folder / "game.py").resolve(), (folder / "lib" / "kuhn_views.py").resolve())
    recorded = with_game_modules(deck)  # the rebuild stamps' inputs hold every one of them
    assert set(files) <= {p.resolve() for p in recorded.inputs}


def test_the_contract_key_covers_every_file_of_the_game(make_project: Any) -> None:
    folder = _project(make_project, "keyed")
    deck = resolve_deck(folder)
    spec = game_of(deck)
    assert spec is not None
    before = contract_key(spec, deck, folder / "game.py")
    (folder / "lib" / "kuhn_views.py").write_text(HONEST + "# edited\n")
    assert contract_key(spec, deck, folder / "game.py") != before  # game.py itself unchanged
    (folder / "lib" / "kuhn_views.py").write_text(HONEST)
    assert contract_key(spec, deck, folder / "game.py") == before


def test_a_leak_written_into_a_helper_module_is_refused_next_time(make_project: Any) -> None:
    folder = _project(make_project, "helperleak")
    first = CliRunner().invoke(app, ["simulate", str(folder), "--games", "2"])
    assert first.exit_code == 0, first.output  # checked and kept in .deckpress/contract.json
    (folder / "lib" / "kuhn_views.py").write_text(LEAKY)  # game.py untouched: the old key would have kept the verdict
    leaky = subprocess.run([str(Path(sys.executable).parent / "deckpress"), "simulate", str(folder), "--games", "2"],
                           capture_output=True, text=True, check=False)
    assert leaky.returncode == 2 and "view shows hidden cards" in leaky.stderr, leaky.stderr
