"""One build at a time per output folder: a second ``deckpress build -o out`` waits
for the first (saying so on stderr), then finds its outputs up to date; neither
fails half-way nor damages the other's files (issue #14)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pypdf
import pytest
from filelock import FileLock

from generator.project.cache import MANIFEST
from generator.project.lock import LOCK
from generator.project.scaffold import scaffold

pytestmark = pytest.mark.slow
DECKPRESS = [sys.executable, "-c", "from generator.cli import main; main()"]
WAITING = "another deckpress build is writing"


def start_build(project: Path, out: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([*DECKPRESS, "build", str(project), "-o", str(out), "--balance-games", "50", "--jobs", "2"],
                            cwd=project.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def check_complete(out: Path) -> None:
    folder = out / "demo"
    for name in ("cards-a4.pdf", "cards-letter.pdf", "rules-booklet.pdf", "balance.pdf"):
        assert len(pypdf.PdfReader(folder / name).pages) >= 1, name
    assert len(list((folder / "images").glob("*.png"))) >= 10  # the starter deck: 12 cards and a back
    assert not list(out.rglob(".images.*")), "a half-swapped image folder was left behind"
    assert len(json.loads((out / MANIFEST).read_text())) == 5  # every job recorded


def test_a_build_waits_while_another_holds_the_folder(tmp_path: Path) -> None:
    scaffold(tmp_path / "demo")
    out = tmp_path / "out"
    out.mkdir()
    lines: list[str] = []
    with FileLock(out / LOCK):  # "another build" is running
        proc = start_build(tmp_path / "demo", out)
        assert proc.stderr is not None
        reader = threading.Thread(target=lambda: lines.append(proc.stderr.readline()))  # type: ignore[union-attr]
        reader.start()
        reader.join(timeout=120)
        assert lines and WAITING in lines[0], lines
        assert proc.poll() is None  # still waiting, nothing written
        assert not (out / "demo").exists()
    stdout, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 0, stderr
    check_complete(out)


def test_two_builds_started_together_both_succeed(tmp_path: Path) -> None:
    scaffold(tmp_path / "demo")
    out = tmp_path / "out"
    procs = [start_build(tmp_path / "demo", out) for _ in range(2)]
    results = [p.communicate(timeout=600) for p in procs]
    for proc, (stdout, stderr) in zip(procs, results, strict=True):
        assert proc.returncode == 0, stdout + stderr
    waited = [stdout for stdout, stderr in results if WAITING in stderr]
    assert len(waited) == 1, results  # the second waited, said so ...
    assert "0 built, 5 up to date, 0 failed" in waited[0]  # ... and found the first's work done
    check_complete(out)
