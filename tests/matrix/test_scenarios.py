"""The command matrix's scenarios (issue #23): ``build``, ``new`` and ``watch`` on the
installed wheel over the kitchen-sink project, run as a designer types them. The
same rules as test_matrix.py: documented exit codes, no traceback, only files that
open (``check_outputs``), and known failures of issue-23 items listed in
``KNOWN_FAILURES`` (xfail, strict: they must flip to passing when fixed).

``watch`` runs on the loopback interface on a free port, every wait bounded (``WAIT``).
"""

from __future__ import annotations

import http.client
import os
import re
import shlex
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from .conftest import Deckpress, KnownIssue, Outcome, conclude, examine
from .kitchen import make_kitchen

pytestmark = pytest.mark.slow

# scenario id -> the label of SIGNS that makes it fail today (xfail, strict)
KNOWN_FAILURES: dict[str, str] = {}  # every failure the matrix found is fixed (issues 23, 24)
SIGNS: dict[str, str] = {
    "issue 23 item 1": r"cannot pickle",
    "issue 23 item 4": r"lost an edit saved during its first build",
    "issue 23 item 8": r"in a project folder built",
    "issue 23 item 9": r"^pasted `deckpress \w+ My Pirate Game",
    "issue 23 item 12": r"fonts not embedded: /Helvetica$",
}
WAIT = 90.0  # seconds: the longest any one step may take on a loaded machine
SHEETS = ("*/cards-*.pdf", "*/*-dtc.pdf")


def xfail_if_known(combo: str) -> list[Any]:
    known = KNOWN_FAILURES.get(combo)
    return [pytest.mark.xfail(strict=True, raises=KnownIssue, reason=known)] if known else []


def _conclude(combo: str, outcome: Outcome) -> None:
    conclude(outcome, KNOWN_FAILURES.get(combo), SIGNS)


# -- build -----------------------------------------------------------------------------
@pytest.mark.parametrize("jobs", [pytest.param(j, id=f"build-jobs{j}", marks=xfail_if_known(f"build-jobs{j}"))
                                  for j in ("1", "2")])
def test_build_twice(deckpress: Deckpress, tmp_path: Path, jobs: str) -> None:
    """Both decks of the project (XLSX and CSV), then again: the second build is up to date."""
    args = ["build", str(deckpress.kitchen), str(deckpress.kitchen / "csv.yaml"), "-o", "out",
            "--balance-games", "100", "--jobs", jobs]
    first = deckpress.run(args, cwd=tmp_path)
    outcome = examine(first, args, tmp_path / "out", (0,), SHEETS)
    built = sorted(p.name for p in (tmp_path / "out").iterdir() if p.is_dir() and not p.name.startswith("_"))
    if len(built) != 2 or not list((tmp_path / "out").rglob("cards-a4.pdf")):
        outcome.problems.append(f"expected the two kitchen decks' outputs, found folders {built}")
    if not outcome.problems:
        again = deckpress.run(args, cwd=tmp_path)
        outcome = examine(again, args, tmp_path / "out", (0,), SHEETS)
        if "up to date" not in again.stdout + again.stderr:
            outcome.problems.append("the second build did not say it was up to date")
    _conclude(f"build-jobs{jobs}", outcome)


@pytest.mark.parametrize("combo", [pytest.param("build-in-project-folder", marks=xfail_if_known("build-in-project-folder"))])
def test_build_inside_the_project_folder_builds_the_project(deckpress: Deckpress, tmp_path: Path, combo: str) -> None:
    project = make_kitchen(tmp_path / "kitchen")
    args = ["build", "-o", str(tmp_path / "out"), "--balance-games", "0"]
    result = deckpress.run(args, cwd=project)
    outcome = examine(result, args, tmp_path / "out", (0,), SHEETS)
    out = tmp_path / "out"
    built = sorted(p.name for p in out.iterdir() if p.is_dir() and not p.name.startswith("_")) if out.is_dir() else []
    if "lighting" in built or len(built) != 1:
        outcome.problems.append(f"`deckpress build` in a project folder built {built}, not the project (item 8)")
    _conclude(combo, outcome)


# -- new -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", [
    pytest.param("my-game", id="new-plain", marks=xfail_if_known("new-plain")),
    pytest.param("My Pirate Game", id="new-spaces", marks=xfail_if_known("new-spaces")),
])
def test_new_then_the_commands_it_prints(deckpress: Deckpress, tmp_path: Path, name: str) -> None:
    """``new``, then the ``next:`` commands it prints, pasted into a shell as they are."""
    combo = "new-plain" if name == "my-game" else "new-spaces"
    result = deckpress.run(["new", name], cwd=tmp_path)
    outcome = examine(result, ["new", name], tmp_path, (0,))
    found = re.search(r"next: (.+?)\s+then\s+(.+)$", result.stdout, re.M)
    if not found:
        outcome.problems.append(f"no `next:` line in {result.stdout!r}")
    else:
        env = deckpress.env()
        env["PATH"] = str(Path(deckpress.install.deckpress).parent) + os.pathsep + env["PATH"]
        for line in found.groups():
            line = line.strip()
            if line.startswith("deckpress check"):
                line += " --games 100"
            else:
                line += " -o out --balance-games 0"
            pasted = subprocess.run(["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True,
                                    text=True, timeout=300, stdin=subprocess.DEVNULL)
            step = examine(pasted, shlex.split(line), tmp_path / "out" if (tmp_path / "out").exists() else tmp_path,
                           (0, 1), SHEETS)
            outcome.problems += [f"pasted `{line}`: {p}" for p in step.problems]
    _conclude(combo, outcome)


# -- watch -----------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Watch:
    """``deckpress watch --no-open`` on a fresh kitchen project, from the installed wheel."""

    def __init__(self, deckpress: Deckpress, root: Path) -> None:
        self.project = make_kitchen(root / "kitchen")
        self.out = root / "out"
        self.port = _free_port()
        self.log = root / "watch.log"
        env = {**deckpress.env(), "PYTHONUNBUFFERED": "1"}
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [deckpress.install.deckpress, "watch", str(self.project), "-o", str(self.out), "--no-open",
                 "--host", "127.0.0.1", "--port", str(self.port), "--balance-games", "0"],
                cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def page(self) -> str:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.request("GET", "/")
            response = conn.getresponse()
            return response.read().decode("utf-8") if response.status == 200 else ""
        finally:
            conn.close()

    def until(self, what: str, check: Callable[[], Any], timeout: float = WAIT) -> Any:
        end = time.monotonic() + timeout
        while True:
            try:
                found = check()
            except OSError:  # the server is not up yet
                found = None
            if found:
                return found
            if time.monotonic() > end or self.proc.poll() is not None:
                raise AssertionError(f"timed out waiting for {what}; log:\n{self.log.read_text()}")
            time.sleep(0.1)

    def rename(self, card_row: int, name: str) -> None:
        """Save a new name for one card in cards.xlsx, as a spreadsheet app would."""
        path = self.project / "cards.xlsx"
        book = load_workbook(path)
        sheet = book["Cards"]
        sheet.cell(row=card_row + 1, column=2, value=name)
        book.save(path)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                return self.proc.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=WAIT)
                return -9
        return self.proc.returncode


@pytest.fixture
def watch(deckpress: Deckpress, tmp_path: Path) -> Iterator[Watch]:
    live = Watch(deckpress, tmp_path)
    try:
        yield live
    finally:
        if live.proc.poll() is None:
            live.proc.kill()
            live.proc.wait(timeout=WAIT)


def _finish(watch: Watch, outcome_args: list[str]) -> Outcome:
    code = watch.stop()
    log = watch.log.read_text()
    result = subprocess.CompletedProcess(outcome_args, code, log, "")
    outcome = examine(result, outcome_args, watch.out, (130,), ("*/cards-*.pdf",))
    outcome.problems = [p for p in outcome.problems if "documented exit code" not in p]  # 130: interrupted
    return outcome


@pytest.mark.parametrize("combo", [pytest.param("watch-edits", marks=xfail_if_known("watch-edits"))])
def test_watch_an_edit_a_broken_edit_and_its_fix(watch: Watch, combo: str) -> None:
    watch.until("the first build", lambda: "up to date" in watch.page() or "K01 · Kitchen 1<" in watch.page())
    watch.until("the first build to finish", lambda: "K01 · Kitchen 1" in watch.page())
    watch.rename(1, "Kitchen One")
    watch.until("the edit in the page", lambda: "K01 · Kitchen One" in watch.page())
    deck = watch.project / "deck.yaml"
    good = deck.read_text()
    deck.write_text(good + "colors: [unclosed\n")
    page = watch.until("the error banner", lambda: (p := watch.page()) and 'id="problems"' in p and p)
    assert re.search(r"deck\.yaml:\d+", page.split('id="problems"', 1)[1]), "the banner names no file and line"
    deck.write_text(good)
    watch.until("the banner to go", lambda: (p := watch.page()) and 'id="problems"' not in p and "K01 · Kitchen One" in p)
    _conclude(combo, _finish(watch, ["watch"]))


@pytest.mark.parametrize("combo", [pytest.param("watch-edit-during-first-build",
                                                marks=xfail_if_known("watch-edit-during-first-build"))])
def test_watch_an_edit_saved_during_the_first_build(watch: Watch, combo: str) -> None:
    watch.until("the first build to write", lambda: any((watch.out / "kitchen").glob("images/*.png")))
    watch.rename(1, "Kitchen Early")  # the first build (56 cards) is still running: its images are being written
    watch.until("the first build", lambda: "up to date" in watch.page() or "built" in watch.log.read_text())
    try:
        watch.until("the early edit in the page", lambda: "K01 · Kitchen Early" in watch.page(), timeout=30)
        problems: list[str] = []
    except AssertionError:
        problems = ["watch lost an edit saved during its first build (item 4)"]
    outcome = _finish(watch, ["watch"])
    outcome.problems = problems + outcome.problems
    _conclude(combo, outcome)
