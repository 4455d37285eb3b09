"""Fixtures of the command matrix: the installed wheel (shared with
tests/test_wheel_smoke.py through tests/conftest.py), the kitchen-sink project, and a
runner that runs one ``deckpress`` command and checks what it leaves."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import Install

from .kitchen import make_kitchen
from .outputs import check_outputs

TIMEOUT = 300  # seconds for any one command: a hang is a finding, not a stuck suite


class KnownIssue(AssertionError):
    """Every problem of a combination is the known symptom of an open issue-23 item."""


@dataclass
class Deckpress:
    install: Install
    kitchen: Path
    kernels: Path

    def env(self) -> dict[str, str]:
        # kernels compiled by the matrix go to its own folder, not into the installed
        # package, so tests/test_wheel_smoke.py still sees a fresh install's first compile
        return self.install.env(NUMBA_CACHE_DIR=str(self.kernels))

    def run(self, args: list[str], cwd: Path, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
        return subprocess.run([self.install.deckpress, *args], cwd=cwd, env=self.env(), capture_output=True,
                              text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@dataclass
class Outcome:
    """What went wrong in one run (empty ``problems``: nothing)."""

    args: list[str]
    result: subprocess.CompletedProcess[str]
    problems: list[str] = field(default_factory=list)

    def report(self) -> str:
        tail = (self.result.stdout[-1500:] + "\n--- stderr ---\n" + self.result.stderr[-3000:]).strip()
        return "deckpress " + " ".join(self.args) + "\n  " + "\n  ".join(self.problems) + "\n" + tail


def examine(result: subprocess.CompletedProcess[str], args: list[str], folder: Path, expect: tuple[int, ...],
            pieces: tuple[str, ...] = ()) -> Outcome:
    """The checks every run of the matrix passes: a documented exit code with its
    meaning, no traceback, and only files that open."""
    out = Outcome(args, result)
    text = result.stdout + result.stderr
    if result.returncode not in expect:
        last = result.stderr.strip().splitlines()[-1:] or ["(no stderr)"]
        out.problems.append(f"exit {result.returncode}, expected {' or '.join(map(str, expect))}: {last[0]}")
    if result.returncode not in (0, 1, 2):
        out.problems.append(f"exit {result.returncode} is not a documented exit code (0, 1, 2)")
    if result.returncode == 2 and not re.search(r"(?i)\berror\b", result.stderr):
        out.problems.append("exit 2 (bad input) without an error line on stderr")
    if "Traceback" in text:
        out.problems.append("a Traceback reached the user: " + (result.stderr.strip().splitlines() or [""])[-1])
    out.problems += check_outputs(folder, pieces)
    return out


def conclude(outcome: Outcome, known: str | None, signs: dict[str, str]) -> None:
    """Fail with every problem. ``known``: labels of ``signs`` joined by " + " (a known
    failure): then it fails with ``KnownIssue`` (its expected xfail) only when every
    problem matches one of those labels' symptoms, and with a plain failure otherwise."""
    if not outcome.problems:
        return
    if known is not None:
        expected = [signs[label] for label in known.split(" + ")]
        if all(any(re.search(sign, p) for sign in expected) for p in outcome.problems):
            raise KnownIssue(known + ":\n" + outcome.report())
    raise AssertionError(outcome.report())


@pytest.fixture(scope="session")
def deckpress(wheel_install: Install, tmp_path_factory: pytest.TempPathFactory) -> Deckpress:
    base = tmp_path_factory.mktemp("matrix")
    return Deckpress(wheel_install, make_kitchen(base / "kitchen"), base / "kernels")
