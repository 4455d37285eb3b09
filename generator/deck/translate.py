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
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DeckError, Problem
from .csvcells import neutralised
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
    _refuse_links(path)
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
    for row in [list(COLUMNS), *rows]:
        buffer.write(_csv_line([neutralised(cell) for cell in row]))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, buffer.getvalue())
    except OSError as exc:
        raise DeckError(Problem(f"cannot write the translation file: {exc}", path)) from None
    return report


def _csv_line(cells: list[str]) -> str:
    """One CSV record ending in ``\n``. Written with ``\r\n`` first, so that the csv
    module quotes a cell holding a carriage return (it quotes only the characters of its
    line terminator), then the record's own terminator is made ``\n``."""
    one = io.StringIO(newline="")
    csv.writer(one, lineterminator="\r\n").writerow(cells)
    return one.getvalue().removesuffix("\r\n") + "\n"


def _row(card_id: str, name: str, source: str, entry: Entry | None) -> list[str]:
    now = source_hash(source)
    if entry is None or not entry.text.strip():
        return [card_id, name, "", source, now, "missing"]
    if entry.source_hash in ("", now):  # up to date (or written by hand without a hash)
        return [card_id, name, entry.text, source, now, ""]
    if entry.status != "changed" and entry.source == source:
        return [card_id, name, entry.text, source, now, ""]  # revised by the translator: status cleared
    return [card_id, name, entry.text, source, entry.source_hash, "changed"]


def _refuse_links(path: Path) -> None:
    """The file is written only inside the deck's folder, and never through a symlink: a
    ``translations`` folder or a ``LANG.csv`` that is a link (perhaps pointing out of a
    shared project) is refused, not followed or replaced."""
    folder = path.parent.parent
    for part in (path.parent, path):
        if part.is_symlink():
            raise DeckError(Problem(f"{part.name} is a symbolic link; translate writes only real files "
                                    "inside the deck's folder (replace the link with a file or folder)", part))
    if path.parent.exists() and not path.parent.is_dir():
        raise DeckError(Problem(f"{path.parent.name} is not a folder", path.parent))
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        raise DeckError(Problem("the translation file would be outside the deck's folder", path)) from None


def _write(path: Path, text: str) -> None:
    """Atomically: a temporary file beside it, then one rename (never a half-written file).
    The file keeps the mode it had; a new one gets what a new file gets (0644 with the
    usual umask 022), not mkstemp's private 0600."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
