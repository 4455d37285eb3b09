"""A contract verdict is kept in this user's cache, keyed by the content hash, never read
from the project (round 5): a shared project with its own ``.deckpress/contract.json``
(the hash recomputed) cannot get a game that breaks the contract played."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.deck import resolve_deck
from generator.games import verdicts
from generator.games.designer import enforce, find
from generator.games.designer.find import game_of, resolve

MARKET = Path(__file__).parents[1] / "balance" / "decks" / "market"
LEAK = '"moved": self.moved}'  # the end of Market's view: a view that carries the game object breaks "views are data"


@pytest.fixture(autouse=True)
def user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    return tmp_path / "user-cache"


def _project(tmp_path: Path, broken: bool) -> Path:
    folder = tmp_path / "shared"
    shutil.copytree(MARKET, folder)
    if broken:
        game = folder / "game.py"
        game.write_text(game.read_text().replace(LEAK, '"moved": self.moved, "game": self.game}'))
    return folder


def test_a_forged_verdict_in_the_project_is_not_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.cli import app

    folder = _project(tmp_path, broken=True)
    with monkeypatch.context() as unchecked:  # the forger's side: the key exactly as the old cache kept it
        unchecked.setattr(enforce, "enforce", lambda spec, deck: None)
        unchecked.setattr(find, "enforce", lambda spec, deck: None)  # find's own name for it
        deck = resolve_deck(folder)
        spec = game_of(deck)
    assert spec is not None
    path = enforce.game_file(spec)
    assert path is not None
    (folder / ".deckpress").mkdir()
    (folder / ".deckpress" / "contract.json").write_text(json.dumps({str(path): enforce.contract_key(spec, deck, path)}))
    result = CliRunner().invoke(app, ["--quiet", "simulate", str(folder), "--games", "2"])
    assert result.exit_code == 2, result.output
    assert "the game breaks the game API's rule \"views are data\"" in result.output


def test_a_passing_verdict_is_kept_in_the_user_cache_by_content(tmp_path: Path, user_cache: Path) -> None:
    folder = _project(tmp_path, broken=False)
    spec, _ = resolve(str(folder))
    deck = resolve_deck(folder)
    key = enforce.contract_key(spec, deck, (folder / "game.py").resolve())
    enforce.enforce(spec, deck)  # (resolve ran it already: passed, kept)
    assert verdicts.passed(key) and (user_cache / "deckpress" / "contracts" / key).is_file()
    assert not (folder / ".deckpress" / "contract.json").exists()  # nothing a project could carry
    assert not verdicts.passed("../" + key[3:]) and not verdicts.passed(key.upper())
