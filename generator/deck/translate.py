"""``deckpress translate``: write or update a translator's file.

One row per source text (the deck's own strings first, then each card's), in
deck order. Columns: id, field, text (the translation), source (the source
text), source_hash (the hash of the source text the translation was made from)
and status:

- an empty ``text``: ``source`` and ``source_hash`` are the current source, status ``missing``;
- a translation whose source changed since: ``source`` shows the new source,
  ``previous_source`` the one it was translated from, ``source_hash`` stays the old
  one, status ``changed``. The translator revises the text and clears the status; the
  next run takes the new source as translated;
- a text translated in the card rows (a ``name@de`` column): no translation in the
  file, status ``column``, the source's hash kept so a later change of the source is
  reported as stale; a translation the file has as well is kept (never deleted), and
  ``localize`` says which of the two to remove when they differ;
- a row for a text the deck no longer has (a card removed): kept, status ``obsolete``,
  ignored when printing (as gettext keeps obsolete entries), revived if the text returns;
- otherwise status is empty.

``context`` says where a text is printed (card and name, or the deck string) and
``max_length`` how many characters its box holds (``budgets``, from the layout: see
:mod:`generator.render.budget`). Running it twice gives the same file.
"""

from __future__ import annotations

import io
import os
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DeckError, Problem
from ..paths import deck_data_dir
from .csvcells import neutralised
from .csvsave import NEW, SavedAs, csv_line, saved_as
from .languages import (
    COLUMN,
    COLUMNS,
    OBSOLETE,
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
    dropped: list[tuple[str, str]] = field(default_factory=list)  # rows for texts the deck no longer has (kept)
    conflicts: list[tuple[str, str]] = field(default_factory=list)  # translated in the file and a @ column
    saved: SavedAs = NEW  # how the file is saved: as it was (delimiter, encoding, mark, line ends)
    kept: bool = False  # the file existed: saved as it was


def write_translation(deck: Deck, lang: str, budgets: Mapping[tuple[str, str], int] | None = None
                      ) -> TranslateReport:
    """Write (or update) the translation file of ``lang``; returns what it holds. ``budgets``:
    (card id, field) -> the characters its box holds (the ``max_length`` column).
    A bundled deck of an installed package is refused (:func:`_refuse_bundled`)."""
    bundled = _refuse_bundled(deck, lang)
    if not deck.languages or lang not in deck.languages[1:]:
        declared = ", ".join(deck.languages[1:]) or "none (add languages: [en, de] to the deck file)"
        raise DeckError(Problem(f"{lang!r} is not one of the deck's translations; they are: {declared}"
                                + (f"; {_copy_it(deck, lang)}" if bundled else ""), deck.path, field="languages"))
    path = translation_file(deck, lang)
    if path is None:
        raise DeckError(Problem("the deck has no file to put its translations beside"))
    _refuse_links(path)
    old: dict[tuple[str, str], Entry] = {}
    saved = NEW
    if path.is_file():
        entries, problems = read_translations(path)
        if problems:
            raise DeckError(problems)
        old = {(e.id, e.field): e for e in entries}
        saved = saved_as(path, ("id", "field", "text"))  # written back as the translator's program saved it
    report = TranslateReport(path, saved=saved, kept=path.is_file())
    rows = []
    budgets = budgets or {}
    for card_id, name, source in source_strings(deck):
        entry = old.pop((card_id, name), None)
        extra = [_context(deck, card_id, name), str(budgets.get((card_id, name), ""))]
        column = deck.card(card_id).translations.get(f"{name}@{lang}", "") if card_id != "deck" else ""
        if column.strip():
            # translated in the card row itself (a name@de column): its source's hash, to see it go stale
            if entry is not None and entry.text.strip() and entry.text.strip() != column.strip():
                report.conflicts.append((card_id, name))  # the file's translation is kept, never deleted
                rows.append([*_row(card_id, name, source, entry), *extra])
                continue
            kept = (entry.source_hash if entry is not None and entry.source_hash
                    and (entry.status == COLUMN or entry.text.strip() == column.strip()) else None)
            rows.append([card_id, name, "", source, kept or source_hash(source), COLUMN, "", *extra])
            continue
        row = [*_row(card_id, name, source, entry), *extra]
        rows.append(row)
        report.rows += 1
        if row[5] == "missing":
            report.missing += 1
        else:
            report.translated += 1
        if row[5] == "changed":
            report.changed.append((card_id, name))
    report.dropped = [key for key, e in old.items() if e.status != OBSOLETE]
    for (card_id, name), entry in old.items():  # texts the deck no longer has: kept, marked, ignored
        if entry.text.strip():
            rows.append([card_id, name, entry.text, entry.source, entry.source_hash, OBSOLETE,
                         entry.previous_source, entry.context, entry.max_length])
    buffer = io.StringIO(newline="")
    for row in [list(COLUMNS), *rows]:
        buffer.write(csv_line([neutralised(cell) for cell in row], saved))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, saved.encode(buffer.getvalue()))
    except OSError as exc:
        raise DeckError(Problem(f"cannot write the translation file: {exc}", path)) from None
    return report


def _row(card_id: str, name: str, source: str, entry: Entry | None) -> list[str]:
    """id, field, text, source, source_hash, status, previous_source."""
    now = source_hash(source)
    if entry is None or not entry.text.strip():
        return [card_id, name, "", source, now, "missing", ""]
    if entry.source_hash in ("", now):  # up to date (or written by hand without a hash)
        return [card_id, name, entry.text, source, now, "", ""]
    if entry.status not in ("changed", OBSOLETE, COLUMN) and entry.source == source:
        return [card_id, name, entry.text, source, now, "", ""]  # revised by the translator: status cleared
    # the source changed since: the one it was translated from stays beside it for the translator
    previous = entry.previous_source if entry.status == "changed" and entry.previous_source else entry.source
    return [card_id, name, entry.text, source, entry.source_hash, "changed", previous if previous != source else ""]


def _context(deck: Deck, card_id: str, name: str) -> str:
    """Where the text is printed, for the translator: "card A01 (Skylark): tagline"."""
    if card_id == "deck":
        kind, _, rest = name.partition(".")
        return {"attributes": "attribute " + rest.replace(".", " "), "suits": "suit " + rest.replace(".", " "),
                "ranks": "rank " + rest.replace(".", " ")}.get(kind, f"the deck's {name.replace('.', ' ')}")
    card = deck.card(card_id)
    return f"card {card_id} ({card.name}): {name}" if name != "name" else f"card {card_id}: name"


def _copy_it(deck: Deck, lang: str) -> str:
    new = f"my-{deck.key}"
    return (f"copy it into a project of your own: `deckpress new {new} --from {deck.key}`, add {lang!r} to "
            f"the languages: of {new}/deck.yaml if it is not there, then `deckpress translate {new} --lang {lang}` "
            "(see docs/languages.md)")


def _refuse_bundled(deck: Deck, lang: str) -> bool:
    """Is ``deck`` one of the bundled decks? Refused (DeckError) where their folder is the
    installed package's (site-packages: replaced by an upgrade, often read-only): a
    translation belongs in a project. In a source checkout (the folder beside the package,
    writable) the bundled translations are written where they are kept."""
    if deck.path is None:
        return False
    home = deck_data_dir().resolve()
    if not deck.path.resolve().is_relative_to(home):
        return False
    installed = "_bundled" in home.parts  # generator/_bundled/deck_data: inside an installed wheel
    folder = home / "translations"
    writable = os.access(folder if folder.is_dir() else home, os.W_OK)
    if installed or not writable:
        why = "belongs to the installed deckpress" if installed else "is read-only"
        raise DeckError(Problem(f"{deck.key!r} is a bundled deck: its folder ({home}) {why}, so a translation "
                                f"is not written there; {_copy_it(deck, lang)}"))
    return True


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


def _write(path: Path, data: bytes) -> None:
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
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
