"""``deckpress translate``: write or update a translator's file.

One row per source text (the deck's own strings first, then each card's), in
deck order. Columns: id, field, text (the translation), source (the source
text), source_hash (the hash of the source text the translation was made from)
and status:

- an empty ``text``: ``source`` and ``source_hash`` are the current source, status ``missing``;
- a translation whose source changed since: ``source`` shows the new source,
  ``source_hash`` stays the old one, status ``changed``. The translator revises the
  text and clears the status; the next run takes the new source as translated;
- otherwise status is empty.

Rows the deck no longer has are dropped and counted (a card removed). Running it
twice gives the same file.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DeckError, Problem
from .languages import (
    COLUMNS,
    Entry,
    read_translations,
    source_hash,
    source_strings,
    translation_file,
)
from .model import Deck


@dataclass
class TranslateReport:
    path: Path
    rows: int = 0
    translated: int = 0
    missing: int = 0
    changed: list[tuple[str, str]] = field(default_factory=list)
    dropped: list[tuple[str, str]] = field(default_factory=list)  # rows for texts the deck no longer has


def write_translation(deck: Deck, lang: str) -> TranslateReport:
    """Write (or update) the translation file of ``lang``; returns what it holds."""
    if not deck.languages or lang not in deck.languages[1:]:
        declared = ", ".join(deck.languages[1:]) or "none (add languages: [en, de] to the deck file)"
        raise DeckError(Problem(f"{lang!r} is not one of the deck's translations; they are: {declared}",
                                deck.path, field="languages"))
    path = translation_file(deck, lang)
    if path is None:
        raise DeckError(Problem("the deck has no file to put its translations beside"))
    old: dict[tuple[str, str], Entry] = {}
    if path.is_file():
        entries, problems = read_translations(path)
        if problems:
            raise DeckError(problems)
        old = {(e.id, e.field): e for e in entries}
    report = TranslateReport(path)
    rows = []
    for card_id, name, source in source_strings(deck):
        if card_id != "deck" and deck.card(card_id).translations.get(f"{name}@{lang}", "").strip():
            continue  # translated in the card row itself (a name@de column): no row needed
        entry = old.pop((card_id, name), None)
        row = _row(card_id, name, source, entry)
        rows.append(row)
        report.rows += 1
        if row[5] == "missing":
            report.missing += 1
        else:
            report.translated += 1
        if row[5] == "changed":
            report.changed.append((card_id, name))
    report.dropped = list(old)
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, buffer.getvalue())
    except OSError as exc:
        raise DeckError(Problem(f"cannot write the translation file: {exc}", path)) from None
    return report


def _row(card_id: str, name: str, source: str, entry: Entry | None) -> list[str]:
    now = source_hash(source)
    if entry is None or not entry.text.strip():
        return [card_id, name, "", source, now, "missing"]
    if entry.source_hash in ("", now):  # up to date (or written by hand without a hash)
        return [card_id, name, entry.text, source, now, ""]
    if entry.status != "changed" and entry.source == source:
        return [card_id, name, entry.text, source, now, ""]  # revised by the translator: status cleared
    return [card_id, name, entry.text, source, entry.source_hash, "changed"]


def _write(path: Path, text: str) -> None:
    """Atomically: a temporary file beside it, then one rename (never a half-written file)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
