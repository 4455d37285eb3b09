"""``deckpress pull``: fetch a deck's sheet links again and say what changed."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DeckError, Problem
from . import sheets
from .yamlfile import LineMap, load_yaml


@dataclass
class Pulled:
    """What one sheet link gave: its rows now, and the change since the cached copy."""

    label: str
    rows: int
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    first: bool = False  # no copy before

    def summary(self) -> str:
        if self.first:
            return f"{self.label}: {self.rows} card rows (first copy)"
        parts = [f"{len(self.added)} added", f"{len(self.removed)} removed", f"{len(self.changed)} changed"]
        what = ", ".join(parts) if (self.added or self.removed or self.changed) else "unchanged"
        return f"{self.label}: {self.rows} card rows ({what})"


def deck_file(target: str | Path) -> Path:
    path = Path(target)
    if path.is_dir():
        found = sorted(path.glob("deck.y*ml")) or sorted(path.glob("*.y*ml"))
        if not found:
            raise DeckError(Problem("folder has no deck file (deck.yaml)", path))
        return found[0]
    if not path.is_file():
        raise DeckError(Problem("no such deck file or project folder", path))
    return path


def sheet_links(path: Path) -> list[tuple[str, str | None, int | None]]:
    """The deck file's sheet links: (url, sheet, line of ``cards:``)."""
    raw = load_yaml(path)
    cards = raw.get("cards") if isinstance(raw, LineMap) else None
    if not isinstance(cards, dict) or not isinstance(cards.get("url"), str):
        return []
    line = raw.line_of("cards") if isinstance(raw, LineMap) else None
    sheet = cards.get("sheet")
    return [(cards["url"], sheet if isinstance(sheet, str) else None, line)]


def _by_id(text: str) -> dict[str, tuple[str, ...]]:
    if not text:
        return {}
    reader = csv.reader(io.StringIO(text, newline=""), sheets_dialect(text))
    header = [h.strip().lower() for h in next(reader, [])]
    if "id" not in header:
        return {}
    at = header.index("id")
    return {r[at].strip(): tuple(r) for r in reader if len(r) > at and r[at].strip()}


def sheets_dialect(text: str) -> Any:
    from .rows import csv_dialect

    return csv_dialect(text)


def pull(target: str | Path) -> list[Pulled]:
    """Fetch every sheet link of the deck at ``target`` (a deck file or project folder)
    again, whatever the age of the cached copy. Raises :class:`DeckError` (a bad link,
    exit 2) or :class:`sheets.SheetError` (the sheet could not be read)."""
    path = deck_file(target)
    folder = path.resolve().parent
    done = []
    for url, sheet, line in sheet_links(path):
        why = sheets.url_problem(url)
        if why:
            raise DeckError(Problem(f"{sheets.label(url, sheet)}: {why}", path, line, field="cards"))
        csv_path, _ = sheets.cache_paths(folder, url, sheet)
        before = csv_path.read_text(encoding="utf-8") if csv_path.is_file() else None
        try:
            got = sheets.read_sheet(url, sheet, folder, refresh=True)
        except sheets.SheetError as exc:
            raise sheets.SheetError(f"{sheets.label(url, sheet)}: {exc}") from None
        old, new = _by_id(before or ""), _by_id(got.text)
        done.append(Pulled(
            got.label, len(new),
            added=[k for k in new if k not in old], removed=[k for k in old if k not in new],
            changed=[k for k in new if k in old and new[k] != old[k]], first=before is None,
        ))
    return done
