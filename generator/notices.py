"""One-line notices for the person at the terminal: on stderr (never stdout, so
``--json`` stays one object), each said once per process, none with
``deckpress --quiet``. Standard library only."""

from __future__ import annotations

import sys

quiet = False  # deckpress --quiet
_said: set[str] = set()


def once(key: str, line: str) -> None:
    """Say ``line`` on stderr, the first time ``key`` comes up in this process."""
    if quiet or key in _said:
        return
    _said.add(key)
    print(line, file=sys.stderr, flush=True)
