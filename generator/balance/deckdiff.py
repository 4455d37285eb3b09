"""Show value changes as a unified diff of the deck file (YAML card rows or
the CSV the deck names), without rewriting the file."""

from __future__ import annotations

import csv
import difflib
import io
import re
from collections.abc import Mapping
from pathlib import Path

from ..deck.csvfile import dialect, read_csv_text
from ..deck.model import Card
from ..errors import DeckError

CARD_SCAN = 40  # lines after a YAML card's first line that may hold its fields


def format_value(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}" if decimals > 0 else str(int(round(value)))


def _yaml_edit(lines: list[str], start: int, key: str, text: str) -> bool:
    indent = len(lines[start]) - len(lines[start].lstrip(" -"))
    pattern = re.compile(rf"(?<![\w.-]){re.escape(key)}(\s*:\s*)('[^']*'|\"[^\"]*\"|[^,}}#\n]*)")
    for i in range(start, min(len(lines), start + CARD_SCAN)):
        if i > start and lines[i].lstrip().startswith("- ") and len(lines[i]) - len(lines[i].lstrip(" -")) <= indent:
            return False
        match = pattern.search(lines[i], pos=lines[i].find("{") + 1 if i == start and "{" in lines[i] else 0)
        if match:
            old = match.group(2)
            new = text + (" " if old.endswith(" ") else "")
            lines[i] = lines[i][: match.start(2)] + new + lines[i][match.end(2):]
            return True
    return False


def _csv_edit(lines: list[str], index: int, key: str, text: str) -> bool:
    found = dialect("".join(lines[:20]))  # the shared reader's detection (a semicolon CSV stays one)
    header = [h.strip() for h in next(csv.reader([lines[0].lstrip("\ufeff")], found))]
    if key not in header:
        return False
    ending = lines[index][len(lines[index].rstrip("\r\n")):]
    row = next(csv.reader([lines[index]], found))
    row[header.index(key)] = text
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=found.delimiter, lineterminator="").writerow(row)
    lines[index] = buffer.getvalue() + ending
    return True


def deck_diff(card: Card, changes: Mapping[str, str]) -> str:
    """A unified diff of ``card``'s row with ``changes`` (key -> new text)."""
    path, line = card.source.file, card.source.line
    if path is None or line is None or not Path(path).is_file() or Path(path).suffix.lower() not in (".csv", ".yaml", ".yml"):
        return "\n".join(f"{card.id}: {k} -> {v}" for k, v in changes.items())
    try:
        old = read_csv_text(Path(path)).splitlines(keepends=True)
    except DeckError:
        return "\n".join(f"{card.id}: {k} -> {v}" for k, v in changes.items())
    new = list(old)
    is_csv = Path(path).suffix.lower() == ".csv"
    for key, text in changes.items():
        ok = _csv_edit(new, line - 1, key, text) if is_csv else _yaml_edit(new, line - 1, key, text)
        if not ok:
            return "\n".join(f"{card.id}: {k} -> {v}" for k, v in changes.items())
    name = str(path)
    return "".join(difflib.unified_diff(old, new, fromfile=name, tofile=f"{name} (suggested)", n=0))
