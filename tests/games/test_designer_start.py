"""``deckpress simulate PROJECT`` of a designer's game loads what it uses (issue 37):
the deck, its validation (the layout's suit symbols included) and the game, not the
card renderer, ReportLab, Pillow, numba, rich (with ``--json``) or a process pool
(``--jobs 1``); and the validation still refuses a deck the cards cannot print."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app

HEAVY = ("reportlab", "PIL", "numba", "numpy", "rich", "concurrent.futures", "multiprocessing",
         "generator.render.cards", "generator.booklet", "generator.balance")
# simulate builds its run through balance's run object (issue 47): the package's lazy
# __init__ and run.py (settings, no checks, no charts) are light; every other balance module is heavy
LIGHT = {"generator.balance", "generator.balance.run"}


def _scaffold(tmp_path: Path) -> Path:
    project = tmp_path / "g"
    result = CliRunner().invoke(app, ["new", str(project), "--game", "custom"])
    assert result.exit_code == 0, result.output
    return project


def _simulate(project: Path, *args: str) -> tuple[dict, set[str]]:
    code = ("import sys, json; from generator.cli import app; from typer.testing import CliRunner; "
            f"r = CliRunner().invoke(app, ['--quiet', 'simulate', {str(project)!r}, *{list(args)!r}]); "
            "assert r.exit_code == 0, r.output; "
            "print(json.dumps([r.stdout, sorted(sys.modules)]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    stdout, modules = json.loads(out.splitlines()[-1])
    return json.loads(stdout), set(modules)


def test_simulate_json_of_a_designer_game_loads_no_renderer(tmp_path: Path) -> None:
    project = _scaffold(tmp_path)
    report, loaded = _simulate(project, "--strategy", "random", "--jobs", "1", "--json", "--games", "20")
    assert report["games"] == 20 and sum(report["wins"]) + report["draws"] == 20
    assert report["card_stats"], "the JSON still gives the game's per-card statistics"
    heavy = sorted(m for m in loaded if m.startswith(HEAVY) and m not in LIGHT)
    assert heavy == [], heavy
    assert "generator.render.deck_layout" in loaded  # the suits' symbols were checked against the layout


def test_simulate_still_refuses_a_suit_the_cards_cannot_draw(tmp_path: Path) -> None:
    project = _scaffold(tmp_path)
    deck = project / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("symbol: spade", "symbol: spaed"), encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", str(project), "--games", "5"])
    assert result.exit_code == 2, result.output
    assert "unknown symbol 'spaed' (did you mean 'spade'?)" in result.output
    assert "deck.yaml:" in result.output and "Traceback" not in result.output
