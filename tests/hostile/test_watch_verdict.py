"""Issue 41, item 1 (a stale verdict), as a designer meets it: the real ``deckpress watch``
in a subprocess, on a project ``deckpress new --game custom`` made, loopback only.

Found: an edit of ``game.py`` that makes seat 0 win every game was logged as "changed:
game.py / built 5 output(s)", yet ``balance.json`` kept the old wins and "no problems
found" (``game.py`` was not run again), and ``build`` then said everything was up to date;
a new ``title`` kept the old booklet footer until ``--force``. Every wait is bounded."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

pytestmark = pytest.mark.slow
WAIT = 240.0  # seconds: the longest one rebuild may take on a busy shared machine
GAMES = 30
WINNER = "winner = top[0] if len(top) == 1 else None"
TITLE = 'title = "Crown Tricks"'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _project(root: Path) -> Path:
    folder = root / "crowns"
    result = CliRunner().invoke(app, ["--quiet", "new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text() + f"build:\n  outputs: [sheets, booklets, balance]\n"
                    f"  sheets: {{pages: [a4]}}\n  balance: {{games: {GAMES}}}\n")
    game = (folder / "game.py").read_text()
    assert WINNER in game and TITLE in game  # the starter's lines this test edits
    return folder


def test_watch_runs_the_edited_game_py_and_writes_its_title(tmp_path: Path) -> None:
    folder = _project(tmp_path)
    out = tmp_path / "out"
    log = tmp_path / "watch.log"
    balance = out / "crowns" / "balance.json"
    game = folder / "game.py"
    with open(log, "wb") as sink:
        proc = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "watch",
                                 str(folder), "-o", str(out), "--no-open", "--port", str(free_port())],
                                stdout=sink, stderr=subprocess.STDOUT)

    def wins() -> list[int]:
        return list(json.loads(balance.read_text())["playtest"]["wins"])

    def until(what: str, check: Callable[[], bool]) -> None:
        end = time.monotonic() + WAIT
        while True:
            try:
                if check():
                    return
            except (OSError, ValueError, KeyError):  # a file being replaced, not there yet
                pass
            assert proc.poll() is None, f"watch ended waiting for {what}:\n{log.read_text()}"
            assert time.monotonic() < end, f"timed out waiting for {what}:\n{log.read_text()}"
            time.sleep(0.3)

    def footer() -> str:
        return PdfReader(out / "crowns" / "rules-booklet.pdf").pages[1].extract_text()

    try:
        until("the first build", lambda: "built " in log.read_text() and balance.exists())
        first = wins()
        assert first[1] > 0, first  # seat 1 wins some games of the starter's rules
        assert "Crown Tricks" in footer()
        game.write_text(game.read_text().replace(WINNER, WINNER + "\n            winner = 0"))
        until("the verdict of the edited rules", lambda: wins() == [GAMES, 0])
        rebuilds = log.read_text().count("built ")
        game.write_text(game.read_text().replace(TITLE, 'title = "Crown Feasts"'))
        until("the new title in the booklet's footer", lambda: "Crown Feasts" in footer())
        until("the end of that rebuild", lambda: log.read_text().count("built ") > rebuilds)
        assert "Crown Tricks" not in footer()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    text = log.read_text()
    assert "Traceback" not in text, text
    assert text.count("running the project's own Python code") == 1, text  # said once, by the one process
    report = json.loads(balance.read_text())
    assert report["playtest"]["wins"] == [GAMES, 0]
    again = CliRunner().invoke(app, ["--quiet", "build", str(folder), "-o", str(out), "--jobs", "1"])
    assert again.exit_code in (0, 1), again.output  # 1: the balance report's findings (seat 0 always wins)
    assert "0 built" in again.output, again.output  # what watch wrote is what build would write
