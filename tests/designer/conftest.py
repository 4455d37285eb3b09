"""The designer decks (tests/designer/decks) and variants of them written into tmp_path."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

DECKS = Path(__file__).parent / "decks"


@pytest.fixture
def variant(tmp_path: Path) -> Callable[..., Path]:
    """``variant("starfall7", ("old", "new"), ...)``: a copy of a designer deck with text
    replaced (each replacement must apply), beside a copy of its icons/ folder."""
    shutil.copytree(DECKS / "icons", tmp_path / "icons", dirs_exist_ok=True)

    def make(name: str, *edits: tuple[str, str], drop: str | None = None, out: str | None = None) -> Path:
        text = (DECKS / f"{name}.yaml").read_text(encoding="utf-8")
        for old, new in edits:
            assert old in text, old
            text = text.replace(old, new)
        if drop is not None:
            kept = [line for line in text.splitlines() if drop not in line]
            assert len(kept) < len(text.splitlines()), drop
            text = "\n".join(kept) + "\n"
        path = tmp_path / f"{out or name}.yaml"
        path.write_text(text, encoding="utf-8")
        return path

    return make


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of the first line of ``path`` containing ``needle``."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return n
    raise AssertionError(needle)


def run(*args: str | Path) -> object:
    return CliRunner().invoke(app, [str(a) for a in args])
