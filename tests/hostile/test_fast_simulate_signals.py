"""``simulate`` on the fast engine stopped by a real Ctrl-C or SIGTERM sent to the process
(issue #53): before its first chunk of games it says that no games were finished (exit
130 or 143, no traceback); after some chunks it shows exactly the whole chunks finished,
the same figures as a run of that many games with the seed.

The child is the CLI with War's chunk driver wrapped: it writes "chunk N" to stderr
before each chunk, and from chunk ``STOP_AT`` on sleeps (so the signal lands while a
chunk is in progress, as it would on a long run) instead of playing.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.fast.engine import CHUNK

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import sys, time
import generator.games.war.fast as war_fast
real, seen = war_fast.chunk, []
def chunk(*args):
    seen.append(1)
    print(f"chunk {len(seen)}", file=sys.stderr, flush=True)
    if len(seen) >= STOP_AT:
        time.sleep(60)  # a long chunk: the signal arrives in it
    return real(*args)
war_fast.chunk = chunk
from generator.cli import main
sys.argv = ["deckpress", *sys.argv[1:]]
main()
"""


def _run(stop_at: int, sig: int, *args: str) -> tuple[int, str, str, float]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    child = subprocess.Popen([sys.executable, "-c", CHILD.replace("STOP_AT", str(stop_at)), "simulate", "war",
                              "--engine", "fast", "--jobs", "1", *args],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True, cwd=ROOT)
    assert child.stderr is not None
    lines = []
    deadline = time.monotonic() + 240  # a first run may compile the kernels
    while time.monotonic() < deadline:
        line = child.stderr.readline()
        lines.append(line)
        if line.strip() == f"chunk {stop_at}" or not line:
            break
    assert lines[-1].strip() == f"chunk {stop_at}", "".join(lines)
    time.sleep(0.3)  # inside the (sleeping) chunk
    sent = time.monotonic()
    child.send_signal(sig)
    out, err = child.communicate(timeout=60)
    return child.returncode, out, "".join(lines) + err, time.monotonic() - sent


@pytest.mark.parametrize(("sig", "code", "said"), [(signal.SIGINT, 130, "interrupted"),
                                                  (signal.SIGTERM, 143, "terminated (SIGTERM)")])
def test_a_signal_before_the_first_chunk_says_no_games_finished(sig: int, code: int, said: str) -> None:
    returncode, out, err, took = _run(1, sig, "--games", "1000000")
    assert returncode == code, err
    assert f"{said}: no games were finished yet (of 1,000,000); nothing to show" in err
    assert out == ""
    assert "Traceback" not in err and "internal error" not in err
    assert took < 5, took  # stopped at once: the sleeping chunk is left, not waited for


@pytest.mark.slow
def test_a_signal_after_two_chunks_shows_those_games_as_a_shorter_run_would() -> None:
    returncode, out, err, _ = _run(3, signal.SIGINT, "--games", "1000000", "--seed", "4", "--json")
    assert returncode == 130, err
    done = 2 * CHUNK
    assert f"interrupted: the first {done:,} of 1,000,000 games were finished and are shown" in err
    assert "Traceback" not in err
    shown = json.loads(out)
    assert shown.pop("interrupted") is True and shown["games"] == done
    whole = CliRunner().invoke(app, ["simulate", "war", "--engine", "fast", "--jobs", "1", "--games", str(done),
                                     "--seed", "4", "--json"])
    assert whole.exit_code == 0, whole.output
    assert shown == json.loads(whole.stdout)


def test_a_stop_while_the_deck_loads_says_no_games_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.cli import cmd_simulate

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cmd_simulate, "load_checked", stopped)
    result = CliRunner().invoke(app, ["simulate", "war", "--games", "5000"])
    assert result.exit_code == 130, result.output
    assert "interrupted: no games were finished yet (of 5,000); nothing to show" in result.output
    assert "nothing half-written" not in result.output and "Traceback" not in result.output
