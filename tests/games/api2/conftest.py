"""Projects whose game.py is one of this folder's test games (a copy of the file)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def make_project(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str | None], Path]:
    """``make_project("kuhn")``: a `deckpress new --game custom` project playing
    tests/games/api2/kuhn.py (or ``source``, the text of a game.py)."""

    def make(name: str, source: str | None = None) -> Path:
        folder = tmp_path_factory.mktemp(name) / name
        result = CliRunner().invoke(app, ["new", str(folder), "--game", "custom"])
        assert result.exit_code == 0, result.output
        if source is None:
            shutil.copy(HERE / f"{name}.py", folder / "game.py")
        else:
            (folder / "game.py").write_text(source, encoding="utf-8")
        return folder

    return make
