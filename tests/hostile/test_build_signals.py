"""SIGKILL and SIGTERM of ``deckpress build`` at several moments: no worker outlives the
build (orphans found through /proc by an environment tag every descendant inherits),
SIGTERM is a clean stop with exit code 143, nothing half-written stays, and each job
finished before the kill is in the manifest, so the rerun redoes only the rest."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from generator.project import run as run_module
from generator.project.cache import MANIFEST
from generator.project.jobs import Job, JobResult
from generator.project.scaffold import scaffold

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")]
WAIT = 60.0  # seconds: a signal waits for the C call in progress (a page, an image) to return
TAG = "DECKPRESS_HOSTILE_TAG"


def tagged(tag: str) -> list[int]:
    """Live processes (not zombies) whose environment carries ``TAG=tag``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"{TAG}={tag}".encode() not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue  # gone meanwhile, or not ours to read
        if state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie has finished; an exiting process no
    longer shows its environment, so ``tagged`` alone could miss it for a moment)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return found


def until(what: str, check: Callable[[], object], timeout: float = WAIT) -> object:
    end = time.monotonic() + timeout
    while not (found := check()):
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)
    return found


class Build:
    """``deckpress build proj`` in a subprocess, every descendant tagged."""

    def __init__(self, root: Path, jobs: int) -> None:
        self.tag = uuid.uuid4().hex
        self.project = root / "proj"
        if not self.project.exists():
            scaffold(self.project)
        self.out = root / "out"
        self.log = root / f"build-{self.tag}.log"
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", "from generator.cli import main; main()", "build", str(self.project),
                 "-o", str(self.out), "--jobs", str(jobs), "--balance-games", "0"],
                stdout=log, stderr=subprocess.STDOUT, env={**os.environ, TAG: self.tag},
            )

    def manifest(self) -> dict[str, object]:
        try:
            return dict(json.loads((self.out / MANIFEST).read_text()))
        except (OSError, ValueError):
            return {}

    def stop(self, sig: int) -> int:
        self.proc.send_signal(sig)
        return self.proc.wait(timeout=WAIT)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=WAIT)
        for pid in tagged(self.tag):  # never leave anything behind, even when a test fails
            os.kill(pid, signal.SIGKILL)

    def half_written(self) -> list[str]:
        return sorted(str(p) for p in self.out.rglob("*") if ".partial" in p.name)


@pytest.fixture
def builds(tmp_path: Path) -> Iterator[list[Build]]:
    made: list[Build] = []
    try:
        yield made
    finally:
        for build in made:
            build.close()


def start(builds: list[Build], root: Path, jobs: int) -> Build:
    build = Build(root, jobs)
    builds.append(build)
    return build


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_no_worker_outlives_a_killed_build(builds: list[Build], tmp_path: Path, sig: int) -> None:
    build = start(builds, tmp_path, jobs=2)
    until("the pool's workers", lambda: len(children(build.proc.pid)) >= 2 or None, timeout=60)
    workers = children(build.proc.pid)
    time.sleep(0.5)  # mid-job
    code = build.stop(sig)
    assert code == (-9 if sig == signal.SIGKILL else 143), build.log.read_text()
    until("the workers to go", lambda: not tagged(build.tag), timeout=10)
    until("the workers to exit", lambda: not [pid for pid in workers if alive(pid)], timeout=10)
    if sig == signal.SIGTERM:
        log = build.log.read_text()
        assert "terminated (SIGTERM)" in log and "Traceback" not in log, log
        assert build.half_written() == []


def test_sigterm_while_planning_exits_143(builds: list[Build], tmp_path: Path) -> None:
    build = start(builds, tmp_path, jobs=2)
    # The build holds its lock: the decks are being loaded and the jobs planned (before
    # deckpress's own code runs at all, SIGTERM has Python's default effect).
    until("the build to start", lambda: (build.out / ".deckpress-build.lock").exists() or None, timeout=60)
    code = build.stop(signal.SIGTERM)
    log = build.log.read_text()
    assert code == 143, log
    assert "Traceback" not in log, log
    until("no process left", lambda: not tagged(build.tag), timeout=10)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_jobs_finished_before_a_kill_are_recorded_and_not_redone(
    builds: list[Build], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sig: int
) -> None:
    build = start(builds, tmp_path, jobs=1)
    until("a first finished job in the manifest", lambda: build.manifest() or None, timeout=90)
    code = build.stop(sig)
    assert code in (-9, 143)
    until("no process left", lambda: not tagged(build.tag), timeout=10)
    finished = set(build.manifest())
    assert finished, "the manifest lost its entries"
    if sig == signal.SIGTERM:  # SIGKILL lets nothing run: its temporary file may stay until the next build
        assert build.half_written() == []

    ran: list[str] = []

    def fake(job: Job) -> JobResult:  # the rerun: which jobs does it redo?
        ran.append(job.id)
        return JobResult(job, list(job.outputs))

    monkeypatch.setattr(run_module, "run_job", fake)
    monkeypatch.chdir(tmp_path)
    summary = run_module.build(("proj",), Path("out"), workers=1, balance_games=0)
    assert {r.job.id for r in summary.skipped} == finished
    assert set(ran) == {r.job.id for r in summary.results} - finished
    assert ran, "every job had finished: the kill came too late to prove anything"
    assert build.half_written() == [], "the next build leaves no temporary file of the killed one"
