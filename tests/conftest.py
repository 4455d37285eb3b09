"""Fixtures shared by every test folder.

``wheel_install``: the shipped artefact, built ONCE per test run. The wheel is built
from this tree, installed with its dependencies and without extras into a fresh
virtual environment, in a world-readable temporary folder outside the clone.
``tests/test_wheel_smoke.py`` and the command matrix (``tests/matrix/``) both use it;
under pytest-xdist the workers meet at a file lock in pytest's shared temporary
folder, the first one builds and the others reuse, and the controlling process
removes it when the run ends.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parents[1]
INFO = "deckpress-wheel-install.json"


@dataclass
class Install:
    base: Path  # a world-readable temporary folder holding everything below
    venv: Path
    work: Path  # the folder commands run in, outside the clone

    @property
    def deckpress(self) -> str:
        return str(self.venv / "bin" / "deckpress")

    @property
    def python(self) -> str:
        return str(self.venv / "bin" / "python")

    def package(self) -> Path:
        (found,) = self.venv.glob("lib/python*/site-packages/generator")
        return found

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NUMBA_CACHE_DIR") and not k.startswith("XDG_")}
        env["XDG_CACHE_HOME"] = str(self.base / "cache")
        env["COLUMNS"] = "200"
        return {**env, **extra}

    def run(self, *args: str, ok: bool = True, **extra: str) -> subprocess.CompletedProcess[str]:
        result = subprocess.run([self.deckpress, *args], cwd=self.work, env=self.env(**extra),
                                capture_output=True, text=True, timeout=600)
        if ok:
            assert result.returncode == 0, f"deckpress {' '.join(args)}:\n{result.stdout}\n{result.stderr}"
        return result


def _build(base: Path) -> None:
    wheels = base / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = wheels.glob("deckpress-*.whl")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    result = subprocess.run(  # with its dependencies, without extras
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    (base / "work").mkdir()


def _meeting_point(factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """pytest's temporary folder of this run: shared by all xdist workers."""
    here = factory.getbasetemp()
    return here if worker_id == "master" else here.parent


@pytest.fixture(scope="session")
def wheel_install(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Install:
    worker = getattr(request.config, "workerinput", {}).get("workerid", "master")
    meet = _meeting_point(tmp_path_factory, worker)
    info = meet / INFO
    with FileLock(str(meet / (INFO + ".lock"))):
        if info.is_file():
            base = Path(json.loads(info.read_text())["base"])
        else:
            # Not under pytest's tmp_path (mode 0700): the read-only test runs deckpress
            # as another user when the suite runs as root, and that user must read the venv.
            base = Path(tempfile.mkdtemp(prefix="deckpress-wheel-"))
            base.chmod(0o755)
            info.write_text(json.dumps({"base": str(base), "ok": False}))
            _build(base)
            info.write_text(json.dumps({"base": str(base), "ok": True}))
    assert json.loads(info.read_text())["ok"], "building or installing the wheel failed in another worker"
    return Install(base, base / "venv", base / "work")


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput"):
        return  # an xdist worker: the controller cleans up once every worker is done
    factory = getattr(session.config, "_tmp_path_factory", None)
    if factory is None:
        return
    try:
        info = factory.getbasetemp() / INFO
    except OSError:
        return
    if info.is_file():
        shutil.rmtree(json.loads(info.read_text())["base"], ignore_errors=True)
