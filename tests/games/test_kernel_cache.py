"""Where the compiled kernels are cached: beside the source when the package folder
is writable, else the user's cache folder, else the temporary folder; a
NUMBA_CACHE_DIR the user set wins. (The read-only wheel install is exercised end to
end in tests/test_wheel_smoke.py.)"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pytest

from generator.games.fast.kernel_cache import choose_cache_dir, writable

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="XDG cache convention")


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    return monkeypatch


def unwritable_package(tmp_path: Path) -> Path:
    # A regular file where the package folder should be: nothing can be created in it,
    # not even by root (who ignores permission bits).
    package = tmp_path / "package"
    package.write_text("")
    assert not writable(package / "__pycache__")
    return package


def test_writable_package_keeps_numbas_default(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    package = tmp_path / "site" / "fast"
    package.mkdir(parents=True)
    assert choose_cache_dir(package) is None
    assert (package / "__pycache__").is_dir()


def test_read_only_package_uses_the_user_cache_folder(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    chosen = choose_cache_dir(unwritable_package(tmp_path))
    assert chosen == tmp_path / "cache" / "deckpress" / "kernels"
    assert chosen.is_dir()


def test_no_writable_user_cache_falls_back_to_the_temporary_folder(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "cache").write_text("")  # the user cache folder cannot be made either
    chosen = choose_cache_dir(unwritable_package(tmp_path))
    assert chosen is not None and chosen.parent == tmp_path / "tmp"
    assert chosen.name.startswith("deckpress-kernels-") and chosen.is_dir()


def test_the_users_numba_cache_dir_wins(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    env.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert choose_cache_dir(tmp_path) == tmp_path / "mine"
