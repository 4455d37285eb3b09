"""The other version of a deck for ``deckpress check --against OLD``.

OLD is another deck file, a project folder, a bundled deck's name, or a git
revision (``HEAD~1``, ``v0.3``, a commit) of the deck being checked. A revision is
read with ``git show`` (never a checkout): the files of the deck's folder as they
were at that revision are written to a temporary folder and loaded from there, so
the card rows, layouts and icons the old deck file names are the old ones too.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from ..errors import DeckError, Problem
from .load import BUNDLED, load_deck, resolve_deck
from .model import Deck

GIT_TIMEOUT = 30  # seconds for one git command
MAX_FILE_BYTES = 64 * 1024 * 1024  # a file of the old version larger than this is left out


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=GIT_TIMEOUT, check=False)
    except FileNotFoundError:
        raise DeckError(Problem("--against names a git revision, but git is not installed")) from None
    except subprocess.TimeoutExpired:
        raise DeckError(Problem(f"--against: `git {' '.join(args)}` took longer than {GIT_TIMEOUT} s")) from None


def _repo_of(path: Path) -> Path | None:
    done = _git(path.parent, "rev-parse", "--show-toplevel")
    return Path(done.stdout.decode().strip()) if done.returncode == 0 else None


def is_revision(deck: Deck, spec: str) -> bool:
    """Whether ``spec`` names a commit of the repository the deck file is in."""
    if deck.path is None or spec.startswith("-"):
        return False
    repo = _repo_of(Path(deck.path).resolve())
    return repo is not None and _git(repo, "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}").returncode == 0


@contextmanager
def against_deck(deck: Deck, spec: str) -> Iterator[tuple[Deck, str]]:
    """Yield (the other version of ``deck``, a label for it) for ``--against spec``."""
    path = Path(spec)
    if path.exists() or (spec in BUNDLED and not is_revision(deck, spec)):
        yield resolve_deck(spec), spec
        return
    if not is_revision(deck, spec):
        repo = None if deck.path is None or spec.startswith("-") else _repo_of(Path(deck.path).resolve())
        why = (" (give a path, or a revision such as HEAD~1 or a tag, in a git repository)" if repo is None else
               f": the git repository {repo} has no commit {spec!r} (`git log --oneline` lists its commits)")
        raise DeckError(Problem(
            f"--against {spec!r}: not a deck file, a project folder, a bundled deck or a git revision"
            + ("" if deck.path is None else f" of {deck.path}") + why))
    deck_file = Path(deck.path).resolve()  # type: ignore[arg-type]  # is_revision checked it
    repo = _repo_of(deck_file)
    assert repo is not None
    folder = deck_file.parent.relative_to(repo.resolve())
    listed = _git(repo, "ls-tree", "-r", "-z", "--name-only", spec, "--", f"{folder.as_posix()}/" if str(folder) != "." else ".")
    names = [n for n in listed.stdout.decode("utf-8", "replace").split("\0") if n]
    rel_deck = (folder / deck_file.name).as_posix() if str(folder) != "." else deck_file.name
    if rel_deck not in names:
        raise DeckError(Problem(f"--against {spec}: {rel_deck} does not exist at that revision"))
    tmp = Path(tempfile.mkdtemp(prefix="deckpress-against-"))
    try:
        for name in names:
            rel = PurePosixPath(name)
            inner = rel.relative_to(folder.as_posix()) if str(folder) != "." else rel
            if ".." in inner.parts:
                continue
            size = _git(repo, "cat-file", "-s", f"{spec}:{name}")
            if size.returncode != 0 or int(size.stdout or b"0") > MAX_FILE_BYTES:
                continue
            blob = _git(repo, "show", f"{spec}:{name}")
            if blob.returncode != 0:
                continue
            target = tmp.joinpath(*inner.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(blob.stdout)
        old = load_deck(tmp / deck_file.name, key=deck.key)
        yield old, f"{spec}:{rel_deck}"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
