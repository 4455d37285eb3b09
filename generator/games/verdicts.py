"""Where a designer's game's contract verdict is kept: in this user's cache folder, never
in the project.

A verdict kept in the project (``.deckpress/contract.json``) travels with it: a shared
project could bring its own "passed" for a game that breaks the contract, with the hash
recomputed. Kept in the user's cache (``platformdirs.user_cache_dir("deckpress")/contracts``)
under the content hash (:func:`.enforce.contract_key`: the game file, the deck's inputs and
the checker), a verdict exists only where this user's deckpress checked that very content.
A cache that cannot be written (read-only home) only means checking again next time.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

_KEY = re.compile(r"^[0-9a-f]{64}$")


def verdict_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("deckpress", appauthor=False)) / "contracts"


def passed(key: str) -> bool:
    """Whether this user's deckpress has seen the content ``key`` pass the contract."""
    return bool(_KEY.match(key)) and (verdict_dir() / key).is_file()


def remember(key: str) -> None:
    """Record that the content ``key`` passed (atomically; silently not where it cannot be written)."""
    if not _KEY.match(key):
        return
    folder = verdict_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".verdict-")
        os.close(fd)
        os.replace(tmp, folder / key)
    except OSError:
        pass
