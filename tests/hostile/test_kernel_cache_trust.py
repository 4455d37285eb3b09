"""A compiled-kernel folder planted in the shared temporary folder is never used.

numba's cache files are pickles (loading one runs code), so when the package folder
and the user cache folder cannot be written, ``/tmp/deckpress-kernels-<uid>`` is used
only if it is a real folder owned by this user and writable by no one else. Planted
by another user (run as root: chowned to uid 65534, mode 777), world-writable, or a
symlink: refused, a private folder for this run is used instead, and the compile note
says why."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

from generator.games.fast import kernel_cache
from generator.games.fast.kernel_cache import choose_cache_dir, distrust

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="POSIX owners and the XDG cache convention")
NOBODY = 65534


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A stand-in for /tmp, with the package folder and the user cache folder unwritable."""
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    (tmp_path / "cache").write_text("")  # the user cache folder cannot be made
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    tmp = tmp_path / "tmp"
    tmp.mkdir(mode=0o1777)
    tmp.chmod(0o1777)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    monkeypatch.setattr(kernel_cache, "untrusted", None)
    return tmp


def package(tmp_path: Path) -> Path:
    path = tmp_path / "package"
    path.write_text("")  # a file where the package folder is: its __pycache__ cannot be made
    return path


def planted(shared: Path) -> Path:
    return shared / f"deckpress-kernels-{os.getuid()}"


def refused(shared: Path, tmp_path: Path, reason: str) -> None:
    chosen = choose_cache_dir(package(tmp_path))
    assert chosen is not None and chosen != planted(shared)
    assert not chosen.is_relative_to(planted(shared)) and chosen.is_dir()
    assert chosen.stat().st_uid == os.getuid() and chosen.stat().st_mode & 0o077 == 0
    assert kernel_cache.untrusted is not None and reason in kernel_cache.untrusted, kernel_cache.untrusted


def test_a_folder_this_user_makes_is_used(shared: Path, tmp_path: Path) -> None:
    assert choose_cache_dir(package(tmp_path)) == planted(shared)
    assert planted(shared).stat().st_mode & 0o777 == 0o700
    assert kernel_cache.untrusted is None
    assert choose_cache_dir(package(tmp_path)) == planted(shared)  # and again on the next run


@pytest.mark.skipif(getattr(os, "getuid", lambda: 1)() != 0, reason="planting as another user needs root")
def test_a_folder_planted_by_another_user_is_refused(shared: Path, tmp_path: Path) -> None:
    folder = planted(shared)
    folder.mkdir()
    os.chown(folder, NOBODY, NOBODY)
    folder.chmod(0o777)
    (folder / "war.kernel.nbi").write_bytes(b"planted pickle")
    refused(shared, tmp_path, f"belongs to another user (uid {NOBODY})")
    assert sorted(p.name for p in folder.iterdir()) == ["war.kernel.nbi"]  # nothing written there either


@pytest.mark.skipif(getattr(os, "getuid", lambda: 1)() != 0, reason="planting as another user needs root")
def test_a_private_folder_of_another_user_is_refused_too(shared: Path, tmp_path: Path) -> None:
    folder = planted(shared)
    folder.mkdir(mode=0o700)
    os.chown(folder, NOBODY, NOBODY)
    refused(shared, tmp_path, "belongs to another user")


def test_a_world_writable_folder_is_refused(shared: Path, tmp_path: Path) -> None:
    folder = planted(shared)
    folder.mkdir()
    folder.chmod(0o777)
    refused(shared, tmp_path, "can be written by other users (mode 777)")


def test_a_group_writable_folder_is_refused(shared: Path, tmp_path: Path) -> None:
    folder = planted(shared)
    folder.mkdir()
    folder.chmod(0o770)
    refused(shared, tmp_path, "can be written by other users (mode 770)")


def test_a_symlink_is_refused(shared: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir(mode=0o700)
    planted(shared).symlink_to(target)
    refused(shared, tmp_path, "is a symlink")
    assert list(target.iterdir()) == []


def test_a_file_in_its_place_is_refused(shared: Path, tmp_path: Path) -> None:
    planted(shared).write_text("")
    refused(shared, tmp_path, "is not a folder")


def test_the_compile_note_says_why(shared: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    folder = planted(shared)
    folder.mkdir()
    folder.chmod(0o777)
    choose_cache_dir(package(tmp_path))

    class Dispatcher:  # a kernel not compiled yet
        overloads: dict[str, object] = {}

    monkeypatch.setattr(kernel_cache, "_announced", set())
    monkeypatch.setattr(kernel_cache, "notices", True)  # an earlier --json run in this process turns them off
    kernel_cache.announce("war", Dispatcher())
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "for this run only" in err and "mode 777" in err, err
    assert distrust(folder) is not None
