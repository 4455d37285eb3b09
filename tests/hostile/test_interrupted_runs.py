"""Long runs stopped by Ctrl-C or SIGTERM (round 5): worker pools stop within
GRACE_SECONDS, their running jobs unwind (no partial file), no InvalidStateError or
BrokenProcessPool traceback; ``simulate`` shows the games it finished, ``images`` says
how far it got; both exit 130."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.executor import ProcessPool
from generator.games import runner
from generator.render.atomic import atomic_write


def _slow_write(path: str) -> str:
    """A job that holds a half-written file for up to 8 s (bounded)."""
    with atomic_write(Path(path)) as tmp:
        tmp.write_bytes(b"half")
        for _ in range(80):
            time.sleep(0.1)
        tmp.write_bytes(b"whole")
    return path


def test_an_interrupted_pool_stops_at_once_and_leaves_no_partial_file(tmp_path: Path,
                                                                       capfd: pytest.CaptureFixture[str]) -> None:
    tasks = [(str(tmp_path / f"out{i}.png"),) for i in range(8)]
    timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT))  # Ctrl-C while both workers hold a partial file
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        list(ProcessPool(2).run(_slow_write, tasks, fork=True))
    stopped = time.monotonic() - started
    timer.cancel()
    assert stopped < 6.5, stopped  # not the 8 s the running jobs would have taken
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    err = capfd.readouterr().err
    assert "InvalidStateError" not in err and "Traceback" not in err, err


def _interrupt_at_game(monkeypatch: pytest.MonkeyPatch, index: int) -> None:
    real = runner._play
    seen = {"n": 0}

    def play(*args: Any, **kwargs: Any) -> Any:
        if seen["n"] == index:
            raise KeyboardInterrupt
        seen["n"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(runner, "_play", play)


def test_an_interrupted_simulation_shows_the_games_it_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    _interrupt_at_game(monkeypatch, 37)
    result = CliRunner().invoke(app, ["simulate", "weiji", "--games", "100", "--jobs", "1", "--engine", "reference"])
    assert result.exit_code == 130, result.output
    assert "interrupted: the first 37 of 100 games were finished and are shown" in result.output
    assert "weiji with Lighting: 37 games, seed 1" in result.output
    assert "Traceback" not in result.output


def test_the_games_finished_are_those_of_a_shorter_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.deck import resolve_deck
    from generator.games.registry import make_params

    deck, params = resolve_deck("lighting"), make_params("weiji")
    whole = runner.simulate("weiji", deck, params, games=12, seed=5, engine="reference")
    _interrupt_at_game(monkeypatch, 12)
    with pytest.raises(runner.Stopped) as stopped:
        runner.simulate("weiji", deck, params, games=50, seed=5, engine="reference")
    assert stopped.value.summary.to_json() == whole.to_json()


def test_an_interrupted_images_run_says_how_far_it_got(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.images import export, work

    real = work.run_tasks

    def run_tasks(pieces: Any, tasks: Any, bleed: float, *, jobs: int = 1, progress: Any = None) -> Any:
        def step(done: int, total: int) -> None:
            if progress is not None:
                progress(done, total)
            if done >= 16:
                raise KeyboardInterrupt

        return real(pieces, tasks, bleed, jobs=jobs, progress=step)

    monkeypatch.setattr(export, "run_tasks", run_tasks)
    result = CliRunner().invoke(app, ["images", "standard52", "-o", str(tmp_path), "--dpi", "40"])
    assert result.exit_code == 130, result.output
    assert "interrupted: at least 26 of 52 card sides were finished; every file written is whole" in result.output  # serial chunks of 13 (52 / ceil(52 / 16))
    assert not [p for p in tmp_path.rglob("*") if "partial" in p.name]
