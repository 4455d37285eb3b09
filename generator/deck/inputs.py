"""Every file a deck's outputs depend on, hashed and recorded by one call.

The deck loader passes each file it reads or names through :meth:`Inputs.add`
with the *concern* it feeds, so that a file is never hashed without being
recorded (``build``'s up-to-date stamps check the recorded files without loading
the deck) nor recorded without being hashed (each build job's cache key):

========== ================================================ =====================================
concern    files                                            outputs that depend on them
========== ================================================ =====================================
``data``   the deck file, its card rows (CSV/XLSX)          every output
``look``   art, back image, suit icons, fonts, layouts,     sheets, images, showcase, booklets
           the project's ``layouts/``, ``templates/``,      (a booklet's cover draws cards)
           ``icons/``
``play``   ``game.py`` and the project modules it imports   balance report, booklets
``booklet`` the project's rules templates (``rules/``)       booklets
``lang:X`` the translation ``translations/X.csv``           the outputs in language X
========== ================================================ =====================================

``project/jobs.py`` keys each job with the digests of the concerns its kind reads
(:data:`READS`), so replacing a font rebuilds the sheets and images but not the
balance report, and editing ``game.py`` re-runs the balance report and the
booklets but redraws no card.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Iterable
from pathlib import Path

DATA, LOOK, PLAY, BOOKLET = "data", "look", "play", "booklet"
# a project's own layouts and texts, and the icons its layouts and card text draw by name (:gem:)
PROJECT_FOLDERS = {"layouts": LOOK, "templates": LOOK, "icons": LOOK, "rules": BOOKLET}
MAX_MODULES = 500  # project modules followed from game.py (a bound on a hostile import graph)


def lang(code: str) -> str:
    """The concern of a translation into ``code``."""
    return f"lang:{code}"


# what each kind of build job reads, besides the deck's data (and its language's translation)
READS: dict[str, tuple[str, ...]] = {
    "cards": (LOOK,),
    "tiles": (LOOK,),
    "images": (LOOK,),
    "showcase": (LOOK,),
    "tuckbox": (LOOK,),
    "rules": (LOOK, PLAY, BOOKLET),
    "balance": (PLAY,),
}


class Inputs:
    """The recorder: one digest of everything (``Deck.digest``), one per concern
    (``Deck.concerns``), and the list of files (``Deck.inputs``)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder  # names inside it are hashed relative to it: a moved project keeps its keys
        self._all = hashlib.sha256()
        self._by: dict[str, hashlib._Hash] = {}
        self._seen: set[tuple[str, Path]] = set()
        self.files: list[Path] = []

    def add(self, path: Path, concern: str) -> None:
        """Hash ``path`` (in chunks; an unreadable file by its name: drawing it reports
        why) and record it as an input of ``concern``."""
        digest = hashlib.sha256()
        try:
            with path.open("rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    digest.update(chunk)
                    self._all.update(chunk)
        except OSError:
            digest.update(str(path).encode())
            self._all.update(str(path).encode())
        self._note(path, concern, digest.digest())

    def add_bytes(self, path: Path, data: bytes, concern: str) -> None:
        """Record ``path`` whose content the caller has already read (``data``)."""
        self._all.update(data)
        self._note(path, concern, hashlib.sha256(data).digest())

    def _note(self, path: Path, concern: str, content: bytes) -> None:
        if (concern, path) in self._seen:
            return
        self._seen.add((concern, path))
        if path not in self.files:
            self.files.append(path)
        name = str(path)
        if self.folder is not None:
            try:
                name = path.resolve().relative_to(self.folder.resolve()).as_posix()
            except (ValueError, OSError, RuntimeError):
                pass
        by = self._by.setdefault(concern, hashlib.sha256())
        by.update(name.encode() + b"\0" + content)

    def digest(self) -> str:
        return self._all.hexdigest()

    def concerns(self) -> tuple[tuple[str, str], ...]:
        return tuple(sorted((concern, d.hexdigest()) for concern, d in self._by.items()))


def project_modules(game: Path, folder: Path) -> list[Path]:
    """``game`` and the Python files of ``folder`` it imports, directly or through
    another one (``import rules_helpers``, ``from cards.scoring import points``), found
    by reading the sources (nothing is run); sorted, ``game`` first."""
    root = folder.resolve()
    found: list[Path] = []
    todo = [game]
    while todo and len(found) < MAX_MODULES:
        path = todo.pop()
        if path in found:
            continue
        found.append(path)
        try:
            tree = ast.parse(path.read_bytes(), str(path))
        except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # loading it reports the error, with its line
        for name in _imported(tree):
            todo += [p for p in _module_files(name, root) if p not in found]
    return [found[0], *sorted(found[1:])]


def _imported(tree: ast.AST) -> Iterable[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")


def _module_files(name: str, root: Path) -> list[Path]:
    """The files of ``root`` that importing ``name`` (``a.b.c``) would run: ``a/__init__.py``,
    ``a/b/__init__.py``, ``a/b/c.py`` ... as far as they exist."""
    files = []
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        base = root.joinpath(*parts[:i])
        for candidate in (base.parent / f"{parts[i - 1]}.py", base / "__init__.py"):
            try:
                if candidate.is_file() and candidate.resolve().is_relative_to(root):
                    files.append(candidate.resolve())
            except (OSError, RuntimeError, ValueError):
                continue
    return files
