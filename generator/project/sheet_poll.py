"""``deckpress watch --poll-sheets 30s``: ask a deck's sheet links again every so often,
and rebuild when the rows changed (a sheet on the web sends no file events)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

from ..deck import sheets
from ..deck.pull import deck_file, sheet_links
from ..errors import DeckpressError, ParameterError

MIN_POLL_S = 5.0  # no faster: a shared sheet is someone else's server

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|m|min|h)?\s*$", re.IGNORECASE)


def parse_interval(text: str) -> float:
    """``30s``, ``2m``, ``1h`` or a number of seconds, at least :data:`MIN_POLL_S`."""
    found = _DURATION.match(text)
    if not found:
        raise ParameterError(f"--poll-sheets {text!r}: give a time such as 30s, 2m or 1h")
    value = float(found.group(1)) * {"m": 60, "min": 60, "h": 3600}.get((found.group(2) or "s").lower(), 1)
    if value < MIN_POLL_S:
        raise ParameterError(f"--poll-sheets {text!r}: at least {MIN_POLL_S:g}s (the sheet is someone else's server)")
    return value


class SheetPoller:
    """Fetches the target's sheet links every ``interval`` seconds; ``due()`` gives the
    cached copies whose rows changed (to rebuild as changed files)."""

    def __init__(self, target: str, interval: float, log: Callable[[str], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.target = target
        self.interval = interval
        self.log = log
        self.clock = clock
        self.next_at = clock() + interval
        self.seen: dict[Path, str] = {}

    def due(self) -> set[Path]:
        if self.clock() < self.next_at:
            return set()
        self.next_at = self.clock() + self.interval
        try:
            path = deck_file(self.target)
            links = sheet_links(path)
        except (DeckpressError, OSError):
            return set()  # the deck file itself is broken: its own rebuild says so
        changed = set()
        folder = path.resolve().parent
        for url, sheet, _line in links:
            csv_path, _ = sheets.cache_paths(folder, url, sheet)
            before = self.seen.get(csv_path)
            if before is None and csv_path.is_file():
                before = csv_path.read_text(encoding="utf-8")
            try:
                got = sheets.read_sheet(url, sheet, folder, refresh=True)
            except sheets.SheetError as exc:
                self.log(f"{sheets.label(url, sheet)}: {exc}; keeping the last copy")
                continue
            self.seen[csv_path] = got.text
            if got.text != before:
                self.log(f"{got.label}: the rows changed")
                changed.add(csv_path)
        return changed
