"""What an interrupted build leaves, and what a build removes.

SIGTERM (or Ctrl-C) sent to the whole process group — a terminal's Ctrl-C, ``kill
-TERM -PGID``, a CI runner cancelling a job — during the image export left
``OUT/<deck>/.images.new/`` full of PNGs: the workers got the signal twice (from the
group and from the build), and the second cut their clean-up short. And ``build P -o
P`` deleted the user's own files matching ``.*.partial*`` anywhere in the project.
Only deckpress's own temporary files (named ``.deckpress-tmp.*``) are ever swept."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.project.scaffold import scaffold
from generator.render.atomic import PARTIAL_PREFIX, atomic_write

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs process groups")
WAIT = 120.0  # seconds: the longest one step here may take on a busy machine


def project(root: Path, cards: int = 0) -> Path:
    folder = root / "proj"
    scaffold(folder)
    if cards:  # enough cards that the image export is still running when the signal comes
        rows = (folder / "cards.csv").read_text().splitlines()
        body = [r.split(",", 1)[1] for r in rows[1:]]
        (folder / "cards.csv").write_text("\n".join(
            [rows[0], *(f"B{i:03d},{body[i % len(body)]}" for i in range(cards))]) + "\n")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "code", "group"), [(signal.SIGTERM, 143, True), (signal.SIGINT, 130, True),
                                                   (signal.SIGTERM, 143, False)])  # False: `kill PID`
def test_a_signal_to_the_group_during_image_export_leaves_no_staging_folder(tmp_path: Path, sig: int,
                                                                            code: int, group: bool) -> None:
    folder = project(tmp_path, cards=80)
    out = tmp_path / "out"
    log = tmp_path / "build.log"
    with log.open("wb") as written:
        proc = subprocess.Popen(
            [sys.executable, "-c", "from generator.cli import main; main()", "build", str(folder), "-o", str(out),
             "--jobs", "2", "--balance-games", "0"],
            stdout=written, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        end = time.monotonic() + WAIT
        while len(list(out.glob("proj/.images.new/*.png"))) < 20:  # mid-export
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < end, "timed out waiting for the image export"
            time.sleep(0.02)
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        assert proc.wait(timeout=WAIT) == code, log.read_text()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=WAIT)
    left = [str(p.relative_to(out)) for p in out.rglob("*")
            if p.name.endswith((".new", ".old")) or ".partial" in p.name]
    assert left == [], left
    assert "nothing half-written" in log.read_text() or "interrupted" in log.read_text()


def test_build_into_the_project_folder_keeps_the_users_partial_files(tmp_path: Path) -> None:
    folder = project(tmp_path)
    mine = [folder / ".foo.partial.txt", folder / "notes" / ".draft.partial.md", folder / "x.partial.csv"]
    for path in mine:
        path.parent.mkdir(exist_ok=True)
        path.write_text("the user's own")
    own = folder / "proj" / f"{PARTIAL_PREFIX}cards-a4.k3j2h1.partial.pdf"  # one a SIGKILLed build left
    own.parent.mkdir()
    own.write_bytes(b"%PDF half")
    result = CliRunner().invoke(app, ["build", str(folder), "-o", str(folder), "--jobs", "1",
                                      "--balance-games", "0"])
    assert result.exit_code == 0, result.output
    assert all(path.read_text() == "the user's own" for path in mine)
    assert not own.exists()


def test_temporary_outputs_carry_the_owned_prefix(tmp_path: Path) -> None:
    with atomic_write(tmp_path / "cards.pdf") as tmp:
        assert tmp.name.startswith(PARTIAL_PREFIX + "cards.") and tmp.name.endswith(".partial.pdf")
        tmp.write_bytes(b"%PDF")
    assert (tmp_path / "cards.pdf").read_bytes() == b"%PDF"
