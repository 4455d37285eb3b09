"""Content hashes and the build manifest: rebuild only what changed.

A job's key hashes everything its output depends on: the deck's input files
that job reads (``Deck.concerns``, see generator/deck/inputs.py), the job's own
options, and the toolchain (deckpress's own source, templates and fonts). The manifest ``<out>/.deckpress-build.json``
remembers the key each output was made with.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from ..deck.inputs import PROJECT_FOLDERS
from ..paths import fonts_dir, templates_dir
from ..render.atomic import atomic_write

MANIFEST = ".deckpress-build.json"
_PACKAGE = Path(__file__).resolve().parents[1]


def toolchain_files() -> list[tuple[Path, Path]]:
    """(root, file) of deckpress's code, templates and fonts, in a fixed order."""
    files = []
    for root, pattern in ((_PACKAGE, "*.py"), (templates_dir(), "*"), (fonts_dir(), "*.ttf")):
        files += [(root, path) for path in
                  sorted(p for p in root.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts)]
    return files


@cache
def toolchain_hash() -> str:
    """A hash of deckpress's code, templates and fonts: a new version rebuilds everything."""
    digest = hashlib.sha256()
    for root, path in toolchain_files():
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def project_files(folder: Path) -> list[Path]:
    """The project files whose appearance or removal may change a job (``build``'s
    stamps compare their list), sorted; the deck loader hashes and records them
    (generator/deck/inputs.py)."""
    files = [p for name in PROJECT_FOLDERS for p in (folder / name).rglob("*") if p.is_file()]
    files += [p for p in folder.glob("*.y*ml") if p.is_file()]
    files += [p for p in folder.glob("*.py") if p.is_file()]  # a designer's game.py: its rules
    return sorted(files)


def job_key(*parts: Any) -> str:
    digest = hashlib.sha256(toolchain_hash().encode())
    digest.update(json.dumps(parts, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:16]


def read_manifest(out: Path) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_manifest(out: Path, manifest: dict[str, dict[str, Any]]) -> None:
    with atomic_write(out / MANIFEST) as tmp:
        tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True))
