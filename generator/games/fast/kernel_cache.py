"""Where the compiled kernels are cached, and a word on screen while they compile.

numba compiles a game's kernels the first time they run (about 10 s per game) and
caches the machine code, so later runs load it in a fraction of a second. The cache
lives beside the source (``__pycache__``, numba's default) when the package folder is
writable. When it is not (a system-wide or read-only install) it lives in the user's
cache folder, by the platform's convention (``~/.cache/deckpress/kernels`` on Linux,
``~/Library/Caches/deckpress/kernels`` on macOS, ``%LOCALAPPDATA%\\deckpress\\Cache\\kernels``
on Windows), failing that in the temporary folder: never a failure, never a silent
recompile on every run. A ``NUMBA_CACHE_DIR`` the user set wins.

numba checks a cached kernel only against the stamp (mtime and size) of the file that
defines it, not the files whose functions and constants it compiled in (every kernel
calls ``fast/rng.py``; Viashi's expert calls ``viashi/kernel.py``). So the cache is
keyed by :func:`source_digest`, a digest of every file in :data:`KERNEL_SOURCES` and
numba's version: in a chosen folder the kernels live in its subfolder
``sources-<digest>`` (an upgrade or an edit starts a fresh one; old ones are left
for the user to delete); beside the source a stamp file in ``fast/__pycache__`` records
the digest, and when it differs numba's own files there (``*.nbi``, ``*.nbc``) are
removed before any kernel is imported (:func:`refresh_beside_source`).

numba's cache files are pickles: loading one runs code. So the shared temporary
folder is trusted only as ``deckpress-kernels-<uid>`` made by this user: a real folder
(not a symlink), owned by the current user and writable by nobody else. If another
user planted it (or it is a symlink, or group/world writable), it is not used: the
kernels compile into a private folder made for this run only and removed at exit
(nothing is loaded from or left for anyone), with a one-line note saying why.

:func:`configure` must run before any kernel module is imported (numba picks the
cache folder when it decorates a function): ``fast/__init__.py`` calls it.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parents[1]  # the ``generator`` package

# Every file a compiled kernel is built from, relative to the ``generator`` package (glob
# patterns): the modules that import numba (tests/games/test_kernel_cache_sources.py holds
# that) and the plain-Python ones whose classes and constants the kernels compile in.
KERNEL_SOURCES = (
    "games/fast/*.py",
    "games/war/kernel.py", "games/war/tables.py", "games/war/fast.py",
    "games/weiji/kernel.py", "games/weiji/tables.py", "games/weiji/fast.py",
    "games/viashi/kernel.py", "games/viashi/tables.py", "games/viashi/fast.py",
    "games/viashi/fast_expert.py", "games/viashi/expert.py",
    "balance/dominance_kernel.py",
)
STAMP = "kernel-sources.digest"  # beside the source: the digest the cached kernels were built from

notices = True  # the CLI turns the compile note off for --json output
_announced: set[str] = set()
untrusted: str | None = None  # why the temporary folder was refused, for the compile note


def writable(folder: Path) -> bool:
    """Whether files can be created in ``folder`` (made if missing): the same test
    numba makes, by really creating a file, so it holds for root and ACLs alike."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def user_cache_dir() -> Path:
    """deckpress's compiled-kernel folder in the user's cache folder."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("deckpress", appauthor=False)) / "kernels"


def choose_cache_dir(package: Path = _HERE) -> Path | None:
    """The folder numba should cache kernels in, or None for numba's default beside
    the source in ``package/__pycache__`` (which is writable)."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return Path(given)
    if writable(package / "__pycache__"):
        return None
    if writable(user_cache_dir()):
        return user_cache_dir()
    uid = getattr(os, "getuid", lambda: "user")()
    shared = Path(tempfile.gettempdir()) / f"deckpress-kernels-{uid}"
    why = distrust(shared)
    if why is None and writable(shared):
        return shared
    return _private(why or f"{shared} cannot be written")


def distrust(folder: Path) -> str | None:
    """Why a cache folder in a shared place must not be used, or None when it is safe (made
    here, private, if missing): only a real folder owned by this user that no one else can
    write. (Where there are no POSIX owners, on Windows, the temporary folder is per user.)"""
    if not hasattr(os, "getuid"):
        return None
    try:
        folder.mkdir(mode=0o700)  # atomic: if it was not there, it is ours now
    except FileExistsError:
        pass
    except OSError as exc:
        return f"{folder} cannot be made ({exc.strerror or exc})"
    try:
        st = folder.lstat()
    except OSError as exc:
        return f"{folder} cannot be read ({exc.strerror or exc})"
    if stat.S_ISLNK(st.st_mode):
        return f"{folder} is a symlink"
    if not stat.S_ISDIR(st.st_mode):
        return f"{folder} is not a folder"
    if st.st_uid != os.getuid():
        return f"{folder} belongs to another user (uid {st.st_uid})"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"{folder} can be written by other users (mode {stat.S_IMODE(st.st_mode):o})"
    return None


def _private(why: str) -> Path:
    """A folder for this run only (``mkdtemp``: private, unpredictable), removed at exit."""
    global untrusted
    untrusted = why
    folder = Path(tempfile.mkdtemp(prefix="deckpress-kernels-run-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def kernel_sources(root: Path = _ROOT) -> list[Path]:
    """The files of :data:`KERNEL_SOURCES` under ``root`` (sorted, each once)."""
    found: dict[Path, None] = {}
    for pattern in KERNEL_SOURCES:
        found.update(dict.fromkeys(sorted(root.glob(pattern))))
    return list(found)


def numba_version() -> str:
    """numba's version record (its ``_version.py``: the version and the revision it was
    built from), found without importing numba, or its installed metadata's version
    (importing ``importlib.metadata`` costs about 20 ms: only where that file is missing)."""
    import importlib.util

    spec = importlib.util.find_spec("numba")
    if spec is None or spec.origin is None:
        return "no numba"
    try:
        return Path(spec.origin).with_name("_version.py").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        from importlib import metadata

        try:
            return metadata.version("numba")
        except metadata.PackageNotFoundError:
            return "numba, version unknown"


def source_digest(root: Path = _ROOT) -> str:
    """A short digest of numba's version and the name and bytes of every kernel source."""
    digest = hashlib.sha256(f"numba {numba_version()}\0".encode())
    for path in kernel_sources(root):
        try:
            data = path.read_bytes()
        except OSError as exc:  # unreadable: still a key, and numba will say more if it matters
            data = f"unreadable {exc.errno}".encode()
        name = path.relative_to(root).as_posix().encode()
        digest.update(b"%d %s %d\0" % (len(name), name, len(data)) + data)
    return digest.hexdigest()[:16]


def keyed(folder: Path, digest: str) -> Path:
    """The subfolder of a chosen cache folder for kernels built from these sources (the
    folder itself when it is already that subfolder: a worker process inherits it)."""
    name = f"sources-{digest}"
    return folder if folder.name == name else folder / name


def refresh_beside_source(digest: str, root: Path = _ROOT) -> bool:
    """Beside the source: when the kernel sources changed since the cached kernels were
    built (the stamp file says), remove numba's cache files (``*.nbi``, ``*.nbc``) from
    the ``__pycache__`` of every kernel source's folder and stamp the new digest. Whether
    they were removed. Nothing else is touched (Python's ``*.pyc`` stay)."""
    stamp = root / "games" / "fast" / "__pycache__" / STAMP
    try:
        if stamp.read_text().strip() == digest:
            return False
    except OSError:
        pass  # no stamp yet (a fresh tree, or caches from before the stamp): start afresh
    for folder in sorted({path.parent / "__pycache__" for path in kernel_sources(root)}):
        for cached in [*folder.glob("*.nbi"), *folder.glob("*.nbc")]:
            try:
                cached.unlink()
            except OSError:
                pass  # gone already (another process), or not ours to remove: numba rechecks
    try:
        stamp.parent.mkdir(exist_ok=True)
        partial = stamp.with_name(f"{STAMP}.{os.getpid()}")
        partial.write_text(digest + "\n")
        os.replace(partial, stamp)  # whole or not at all, with another process doing the same
    except OSError:
        pass  # the next run checks again
    return True


def configure() -> Path | None:
    """Point numba's cache at :func:`choose_cache_dir`, keyed by :func:`source_digest`
    (before kernels are imported)."""
    folder = choose_cache_dir()
    digest = source_digest()
    if folder is None:
        refresh_beside_source(digest)
    else:
        folder = keyed(folder, digest)
        # numba reads the environment when imported and on its config reloads; worker
        # processes inherit it. Importing this package stays cheap: numba loads later.
        os.environ["NUMBA_CACHE_DIR"] = str(folder)
        config = sys.modules.get("numba.core.config")
        if config is not None:  # numba already loaded
            config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    return folder


def will_compile(dispatcher: Any) -> bool:
    """Whether calling this kernel compiles it: not yet compiled in this process and
    no fresh entry in its cache index (a missing, stale or other-version index)."""
    if dispatcher.overloads:
        return False
    cache = getattr(dispatcher, "_cache", None)
    try:
        return not cache._cache_file._load_index()  # type: ignore[union-attr]
    except Exception:  # numba's cache internals changed: assume it compiles
        return True


def cache_folder(dispatcher: Any) -> str:
    return str(getattr(getattr(dispatcher, "_cache", None), "cache_path", "") or "")


def announce(game: str, dispatcher: Any) -> None:
    """One line on stderr before a game's kernels compile (once per process)."""
    if not notices or game in _announced or not will_compile(dispatcher):
        return
    _announced.add(game)
    if untrusted is not None:
        print(f"note: compiling the fast {_title(game)} engine for this run only (kept in a private "
              f"folder removed at exit): {untrusted}, so no compiled code is loaded from it",
              file=sys.stderr, flush=True)
        return
    where = cache_folder(dispatcher)
    print(f"note: compiling the fast {_title(game)} engine for this computer, once "
          f"(about 10 s); later runs reuse it" + (f" from {where}" if where else ""),
          file=sys.stderr, flush=True)


def _title(game: str) -> str:
    from ..registry import GAMES  # the game's spec names it

    return GAMES[game].title if game in GAMES else game
