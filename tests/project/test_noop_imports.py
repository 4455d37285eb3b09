"""An up-to-date ``deckpress build`` answers from its stamps: its process loads no deck
model, no planner, no Jinja2 and no progress bar (what made it slow to start), and
still prints every job as up to date."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HEAVY = ("generator.deck.model", "generator.project.jobs", "generator.render.layout.loader", "jinja2",
         "rich.progress", "numba", "reportlab")


def _build(folder: Path, cwd: Path) -> tuple[str, set[str]]:
    code = ("import sys; from generator.cli import app; from typer.testing import CliRunner; "
            f"r = CliRunner().invoke(app, ['build', {str(folder)!r}, '-o', 'out', '--jobs', '1']); "
            "assert r.exit_code == 0, r.output; print(r.output); "
            f"print('LOADED', *sorted(m for m in sys.modules if m.startswith({HEAVY!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=cwd).stdout
    text, _, loaded = out.rpartition("LOADED")
    return text, set(loaded.split())


def test_an_up_to_date_build_loads_nothing_heavy(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / "deck.yaml").write_text(
        "name: Tiny\ngame: none\ncards:\n  - {id: A, name: Ace}\n  - {id: B, name: Bee}\n", encoding="utf-8")
    first, loaded = _build(project, tmp_path)
    assert "0 up to date" in first and "generator.deck.model" in loaded  # the first build plans and draws
    again, loaded = _build(project, tmp_path)
    assert "0 built, 3 up to date, 0 failed" in again, again
    assert loaded == set(), loaded
