"""Up to date at a glance: a ``deckpress build`` with nothing changed answers from stamps.

After planning a build, the stamps file ``<out>/.deckpress-stamps.json`` records,
for that exact invocation (working folder, targets, options), every file the job
keys were computed from -- each deck's input files (``Deck.inputs``: deck, CSV/XLSX,
art, back image), each project's layouts, templates and rules, the bundled decks,
deckpress's own code, templates and fonts -- with its size, modification time and
content hash, plus the file lists of those folders. The next identical build stats
those files instead of loading every deck, layout and kernel: sizes and times that
match (and are not too recent to trust), or contents that hash the same, and
unchanged folder listings mean nothing to do. Anything else falls through to the
full plan, whose content-hash keys decide job by job as before. The file is written
only after a build with no failures and deleted when a build starts.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..deck.sheets import is_sheet_copy
from ..paths import deck_data_dir
from ..render.atomic import atomic_write
from .cache import project_files, toolchain_files

STAMPS = ".deckpress-stamps.json"
RACY_NS = 2_000_000_000  # a file modified this close to the stamp is checked by content


def _invocation(targets: Sequence[str], balance_games: int | None) -> list[Any]:
    return [os.getcwd(), list(targets), balance_games]


def _listings(project_folders: Iterable[Path]) -> dict[str, list[str]]:
    """The folder listings whose change (a file added or removed) may change a job."""
    lists = {
        "toolchain": [str(path) for _root, path in toolchain_files()],
        "bundled decks": sorted(str(p) for p in deck_data_dir().rglob("*") if p.is_file()),
    }
    for folder in project_folders:
        lists[f"project {folder}"] = [str(p) for p in project_files(folder)]
    return lists


def _sha(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def clear(out: Path) -> None:
    (out / STAMPS).unlink(missing_ok=True)


def take(targets: Sequence[str], balance_games: int | None, inputs: Iterable[Path],
         project_folders: Iterable[Path]) -> dict[str, Any] | None:
    """The stamps of a build's inputs, taken after planning, before the jobs run."""
    taken = time.time_ns()
    if any(is_sheet_copy(Path(p)) for p in inputs):
        return None  # rows from a sheet link: the next build loads the deck (and asks the sheet) again
    lists = _listings(sorted(set(project_folders)))
    files = {str(Path(os.path.abspath(p))) for p in inputs}
    files.update(path for listing in lists.values() for path in listing)
    stamps = {}
    for name in sorted(files):
        path = Path(name)
        try:
            st = path.stat()
            stamps[name] = [st.st_size, st.st_mtime_ns, _sha(path)]
        except OSError:
            return None  # an input went missing meanwhile: no stamps, the next build plans in full
    return {"invocation": _invocation(targets, balance_games), "taken": taken,
            "absent": [t for t in targets if not Path(t).exists()], "lists": lists, "files": stamps}


def write(out: Path, stamps: dict[str, Any], jobs: Iterable[dict[str, Any]]) -> None:
    """Save ``stamps`` with the finished jobs (id, outputs, key, options, warnings)."""
    with atomic_write(out / STAMPS) as tmp:
        Path(tmp).write_text(json.dumps({**stamps, "jobs": list(jobs)}))


def fresh_jobs(out: Path, targets: Sequence[str], balance_games: int | None) -> list[dict[str, Any]] | None:
    """The recorded jobs, if nothing they depend on changed and every output exists; else None."""
    try:
        data = json.loads((out / STAMPS).read_text())
        if data["invocation"] != _invocation(targets, balance_games):
            return None
        if any(Path(t).exists() for t in data["absent"]):  # a file now shadows a bundled name
            return None
        folders = [Path(key.removeprefix("project ")) for key in data["lists"] if key.startswith("project ")]
        if _listings(folders) != data["lists"]:
            return None
        for name, (size, mtime, sha) in data["files"].items():
            path = Path(name)
            st = path.stat()
            if st.st_size != size:
                return None
            if (st.st_mtime_ns != mtime or mtime + RACY_NS >= data["taken"]) and _sha(path) != sha:
                return None
        jobs: list[dict[str, Any]] = data["jobs"]
        outputs = [Path(p) for job in jobs for p in job["outputs"]]
        if not all(p.exists() for p in [*outputs, out / "index.html"]):
            return None
        return jobs
    except (OSError, ValueError, KeyError, TypeError):
        return None
