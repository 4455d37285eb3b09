"""The compiled-kernel cache is keyed by every file the kernels are built from.

numba checks a cached kernel only against the file that defines it, so a kernel whose
callee (in another file) changed would keep its old machine code: old rules, silently.
kernel_cache keys the cache by a digest of :data:`KERNEL_SOURCES` and numba's version
(a subfolder of a chosen folder; beside the source, a stamp that clears numba's files).
The last two tests compile a two-file package with the real numba in a subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.games.fast import kernel_cache
from generator.games.fast.kernel_cache import (
    KERNEL_SOURCES,
    STAMP,
    configure,
    kernel_sources,
    keyed,
    refresh_beside_source,
    source_digest,
)

GENERATOR = Path(kernel_cache.__file__).resolve().parents[2]
IMPORTS_NUMBA = re.compile(r"^\s*(?:from|import)\s+numba\b", re.MULTILINE)


def test_every_module_that_imports_numba_is_a_kernel_source() -> None:
    users = {path for path in GENERATOR.rglob("*.py") if IMPORTS_NUMBA.search(path.read_text(encoding="utf-8"))}
    assert len(users) >= 8, users  # the pattern finds them (3 kernels, the expert, 3 in fast/, dominance)
    missing = sorted(str(p.relative_to(GENERATOR)) for p in users - set(kernel_sources()))
    assert not missing, f"add these to kernel_cache.KERNEL_SOURCES: {missing}"


def test_every_listed_source_exists() -> None:
    for pattern in KERNEL_SOURCES:
        assert list(GENERATOR.glob(pattern)), f"KERNEL_SOURCES lists {pattern!r}, which matches no file"


def copy_sources(root: Path) -> Path:
    """A copy of the kernel sources under ``root``, at their paths in the package."""
    for path in kernel_sources():
        target = root / path.relative_to(GENERATOR)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    return root


def test_the_digest_follows_every_source_and_numbas_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_sources(tmp_path / "generator")
    digest = source_digest()
    assert source_digest(root) == digest  # an unchanged tree: the same cache
    rng = root / "games" / "fast" / "rng.py"
    rng.write_text(rng.read_text() + "\n")  # a callee every kernel uses
    changed = source_digest(root)
    assert changed != digest
    assert keyed(tmp_path / "cache", changed) != keyed(tmp_path / "cache", digest)
    (root / "games" / "viashi" / "kernel.py").write_text("")  # the Viashi expert's callee
    assert source_digest(root) not in (digest, changed)
    monkeypatch.setattr(kernel_cache, "numba_version", lambda: "0.0.0")
    assert source_digest() != digest


def test_a_chosen_folder_gets_a_subfolder_named_for_the_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba loaded by an earlier test: configure points it here too
        monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    folder = configure()
    assert folder == tmp_path / "mine" / f"sources-{source_digest()}"
    assert os.environ["NUMBA_CACHE_DIR"] == str(folder)
    assert configure() == folder  # a worker process inherits the subfolder: not nested again


def fake_numba_files(pycache: Path) -> list[Path]:
    pycache.mkdir(parents=True, exist_ok=True)
    files = [pycache / "kernel.run_chunk-186.py311.nbi", pycache / "kernel.run_chunk-186.py311.1.nbc"]
    for path in files:
        path.write_bytes(b"numba")
    return files


def test_beside_the_source_a_changed_tree_removes_only_numbas_files(tmp_path: Path) -> None:
    root = copy_sources(tmp_path / "generator")
    war = root / "games" / "war" / "__pycache__"
    numba_files = fake_numba_files(war) + fake_numba_files(root / "balance" / "__pycache__")
    kept = [war / "kernel.cpython-312.pyc", war / "notes.txt", root / "games" / "war" / "kernel.nbi",
            root / "games" / "__pycache__" / "kernel.run-1.py311.nbi"]  # not a kernel source's __pycache__
    for path in kept:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"keep")

    digest = source_digest(root)
    assert refresh_beside_source(digest, root)  # no stamp yet: caches of unknown sources go
    assert not any(path.exists() for path in numba_files)
    assert all(path.read_bytes() == b"keep" for path in kept)
    stamp = root / "games" / "fast" / "__pycache__" / STAMP
    assert stamp.read_text().strip() == digest
    assert [p.name for p in stamp.parent.iterdir()] == [STAMP]  # no partial stamp left behind

    numba_files = fake_numba_files(war)
    assert not refresh_beside_source(source_digest(root), root)  # unchanged: reused
    assert all(path.exists() for path in numba_files)

    cycles = root / "games" / "fast" / "cycles.py"
    cycles.write_text(cycles.read_text().replace("def ", "def  ", 1))
    assert refresh_beside_source(source_digest(root), root)
    assert not any(path.exists() for path in numba_files)
    assert all(path.read_bytes() == b"keep" for path in kept)
    assert stamp.read_text().strip() == source_digest(root) != digest


# A kernel in one file calling a jitted function in another, as every game's kernel calls fast/rng.py.
CALLEE = "from numba import njit\n\n\n@njit(cache=True)\ndef value():\n    return {}\n"
CALLER = "from numba import njit\n\nfrom ..fast.rng import value\n\n\n@njit(cache=True)\ndef play():\n    return value()\n"
PLAY = """
import importlib.util, os, sys
from pathlib import Path
source, root, mode = sys.argv[1:]
spec = importlib.util.spec_from_file_location("kernel_cache", source)
kc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kc)  # alone: the real package's configure() stays out of this
root = Path(root)
if mode == "beside":
    kc.refresh_beside_source(kc.source_digest(root), root)
elif mode == "folder":
    os.environ["NUMBA_CACHE_DIR"] = str(kc.keyed(root.parent / "cache", kc.source_digest(root)))
sys.path.insert(0, str(root.parent))
from mini.games.war.kernel import play
print(play())
"""


def mini_package(tmp_path: Path) -> Path:
    root = tmp_path / "mini"
    for folder in (root, root / "games", root / "games" / "fast", root / "games" / "war"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "__init__.py").write_text("")
    (root / "games" / "fast" / "rng.py").write_text(CALLEE.format(1))
    (root / "games" / "war" / "kernel.py").write_text(CALLER)
    (tmp_path / "play.py").write_text(PLAY)
    return root


def play(root: Path, mode: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PYTHONPATH")}
    result = subprocess.run([sys.executable, str(root.parent / "play.py"), kernel_cache.__file__, str(root), mode],
                            capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def nb_stamps(root: Path) -> dict[str, int]:
    return {str(p): p.stat().st_mtime_ns for p in sorted(root.rglob("*.nb[ic]"))}


def test_a_changed_callee_recompiles_beside_the_source(tmp_path: Path) -> None:
    root = mini_package(tmp_path)
    assert play(root, "beside") == "1"
    cached = nb_stamps(root)
    assert cached, "numba cached nothing beside the source"
    (root / "games" / "fast" / "rng.py").write_text(CALLEE.format(2))  # same size; the caller's file untouched
    assert play(root, "numba") == "1", "numba no longer serves the stale caller: this test shows nothing"
    assert play(root, "beside") == "2"
    fresh = nb_stamps(root)
    assert play(root, "beside") == "2"
    assert nb_stamps(root) == fresh  # unchanged sources: loaded from the cache, nothing rewritten


def test_a_changed_callee_recompiles_in_a_chosen_folder(tmp_path: Path) -> None:
    root = mini_package(tmp_path)
    assert play(root, "folder") == "1"
    (root / "games" / "fast" / "rng.py").write_text(CALLEE.format(2))
    assert play(root, "folder") == "2"
    assert len(list((tmp_path / "cache").iterdir())) == 2  # one subfolder per source digest
