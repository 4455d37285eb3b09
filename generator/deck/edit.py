"""Write new attribute values back into a deck's own file (``check --suggest --apply``).

Each format keeps what the designer wrote around the changed cells:

* YAML: ruamel.yaml's round-trip parser finds the line and column of each value
  to change, and only that scalar is replaced in the text, so comments, key order,
  flow or block style, indentation and quoting stay byte for byte (the edited file
  is parsed again to prove the values changed and nothing else);
* CSV: the dialect is detected (delimiter, quote character) and only the changed
  card's record is rewritten, in that dialect, with its quoting style and line
  ending; every other line stays byte for byte;
* XLSX: the cell is set with openpyxl, which keeps cell formats, column widths
  and other sheets (features openpyxl does not read, such as charts, are lost:
  the note before the change says so). A formula cell is never overwritten.

Edits are staged (:class:`StagedEdits`): every file's new bytes made in memory, the
edit of every card checked, before any file is touched; then each file is replaced
atomically (a temporary file in the same folder, then a rename), so an interrupted or
failed edit leaves the old files. ``check --suggest --apply`` stages, re-checks the
edited deck, and writes only when that re-check is done.
"""

from __future__ import annotations

import csv
import io
import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import DeckError, Problem, shown_path
from .csvfile import decode
from .csvfile import dialect as csv_dialect
from .model import Card
from .sheets import is_sheet_copy

Value = str  # the new value as it is to be written ("1.0", "72"): the deck's own decimals


def _temporary(path: Path, data: bytes) -> Path:
    """``data`` in a temporary file beside ``path``, with its permissions (not yet in place)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, path.stat().st_mode & 0o7777)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def _replace_all(files: Mapping[Path, bytes]) -> None:
    """Each of ``files`` replaced by its new bytes: every temporary file written first
    (an interrupt or error then leaves every file as it was, the temporary ones removed),
    then the renames, which an interrupt does not split: the rest are done first."""
    done: list[Path] = []
    try:
        for path, data in files.items():
            done.append(_temporary(path, data))
    except BaseException:
        for tmp in done:
            tmp.unlink(missing_ok=True)
        raise
    stopped: BaseException | None = None
    for tmp, path in zip(done, files, strict=True):
        try:
            os.replace(tmp, path)
        except KeyboardInterrupt as exc:  # a rename takes microseconds: finish them, then stop
            stopped = exc
            if tmp.exists():
                os.replace(tmp, path)
    if stopped is not None:
        raise stopped


def _number(value: Value) -> float | int:
    """The number ``value`` spells, as an int when it has no decimal point (so
    YAML and XLSX keep "72" as 72 and "1.0" as 1.0)."""
    return float(value) if any(ch in value for ch in ".eE") else int(value)


_SCALAR = re.compile(r"""'[^']*'|"(?:[^"\\]|\\.)*"|[^\s,}\]#]+(?:[ ][^\s,}\]#]+)*""")


def _yaml_apply(path: Path, raw: bytes, card_id: str, changes: Mapping[str, Value]) -> bytes:
    from ruamel.yaml import YAML

    text = raw.decode("utf-8")
    yaml = YAML()  # round-trip mode: every key and value knows its line and column
    data = yaml.load(text)
    cards = data.get("cards") if isinstance(data, Mapping) else None
    if not isinstance(cards, list):
        raise DeckError(Problem("the deck file has no card list to edit", path))
    item: Any = next((c for c in cards if isinstance(c, Mapping) and str(c.get("id")) == card_id), None)
    if item is None:
        raise DeckError(Problem(f"card {card_id!r} not found in the card list", path))
    keys = {str(k).lower(): k for k in item}
    lines = text.splitlines(keepends=True)
    spots = []
    for key, value in changes.items():
        if key.lower() not in keys:
            raise DeckError(Problem(f"card {card_id} has no field {key!r} to change", path, item.lc.line + 1))
        line, col = item.lc.value(keys[key.lower()])
        match = _SCALAR.match(lines[line], col)
        if match is None:
            raise DeckError(Problem(f"card {card_id}: the value of {key!r} is not a plain scalar", path, line + 1))
        spots.append((line, match.start(), match.end(), value))
    for line, a, b, value in sorted(spots, reverse=True):  # right to left: columns stay valid
        lines[line] = lines[line][:a] + value + lines[line][b:]
    edited = "".join(lines)
    check = YAML().load(edited)  # the edit must change exactly those values
    again = next(c for c in check["cards"] if isinstance(c, Mapping) and str(c.get("id")) == card_id)
    if any(float(again[keys[k.lower()]]) != float(v) for k, v in changes.items()):
        raise DeckError(Problem(f"card {card_id}: the edit could not be written safely; change it by hand", path))
    return edited.encode("utf-8")


def _csv_apply(path: Path, raw: bytes, card_id: str, changes: Mapping[str, Value]) -> bytes:
    bom = raw.startswith(b"\xef\xbb\xbf")
    text = decode(raw, path)
    dialect: Any = csv_dialect(text)  # the shared reader's detection: the same as loading saw
    lines = text.splitlines(keepends=True)
    reader = csv.reader(io.StringIO(text), dialect)
    header = [h.strip().lower() for h in next(reader)]
    start = reader.line_num
    if "id" not in header:
        raise DeckError(Problem("the CSV has no 'id' column", path, 1))
    for row in reader:
        end = reader.line_num
        if row and len(row) > header.index("id") and row[header.index("id")].strip() == card_id:
            for key, value in changes.items():
                if key.lower() not in header:
                    raise DeckError(Problem(f"the CSV has no column {key!r}", path, 1))
                col = header.index(key.lower())
                while len(row) <= col:
                    row.append("")
                row[col] = value
            old = "".join(lines[start:end])
            ending = old[len(old.rstrip("\r\n")):] or "\n"
            quote_all = all(cell.strip().startswith(dialect.quotechar) for cell in next(csv.reader([old.rstrip("\r\n")], dialect, quoting=csv.QUOTE_NONE)) if cell)
            out = io.StringIO()
            csv.writer(out, delimiter=dialect.delimiter, quotechar=dialect.quotechar, lineterminator="",
                       quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL).writerow(row)
            lines[start:end] = [out.getvalue() + ending]
            return (b"\xef\xbb\xbf" if bom else b"") + "".join(lines).encode("utf-8")
        start = end
    raise DeckError(Problem(f"card {card_id!r} not found", path))


def _xlsx_apply(path: Path, raw: bytes, card_id: str, changes: Mapping[str, Value]) -> bytes:
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(raw))
    for ws in book.worksheets:
        header = [str(c.value).strip().lower() if c.value is not None else "" for c in ws[1]]
        if "id" not in header:
            continue
        id_col = header.index("id") + 1
        for r in range(2, ws.max_row + 1):
            if str(ws.cell(r, id_col).value).strip() != card_id:
                continue
            for key, value in changes.items():
                if key.lower() not in header:
                    raise DeckError(Problem(f"sheet {ws.title!r} has no column {key!r}", path, 1))
                cell = ws.cell(r, header.index(key.lower()) + 1)
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    raise DeckError(Problem(f"cell {cell.coordinate} of card {card_id} is a formula ({cell.value}); "
                                            "change it by hand", path, r))
                cell.value = _number(value)
            out = io.BytesIO()
            book.save(out)
            return out.getvalue()
    raise DeckError(Problem(f"card {card_id!r} not found in any sheet with an 'id' column", path))


def editable_source(card: Card) -> str | None:
    """Why the file ``card`` was read from cannot take a written-back value (None: it can)."""
    path = card.source.file
    if path is not None and is_sheet_copy(Path(path)):
        return (f"card {card.id} comes from a sheet link ({shown_path(path)}): change it in the sheet, "
                "then `deckpress pull`")
    return None


class StagedEdits:
    """Edits to a deck's files made in memory: :meth:`stage` each card's changes (several
    to one file add up), then :meth:`write` them all, or drop the object and nothing was
    written."""

    def __init__(self) -> None:
        self.files: dict[Path, bytes] = {}  # path -> its new bytes, in the order first staged

    def stage(self, card: Card, changes: Mapping[str, Value]) -> Path:
        """Stage ``changes`` (attribute -> new value) to the file ``card`` was read from:
        DeckError, and nothing staged, where the edit cannot be made safely."""
        why = editable_source(card)
        if why:
            raise DeckError(Problem(why))
        path = card.source.file
        if path is None or not Path(path).is_file():
            raise DeckError(Problem(f"card {card.id}: its file is unknown, so the change cannot be written back"))
        path = Path(path)
        suffix = path.suffix.lower()
        edit = {".csv": _csv_apply, ".xlsx": _xlsx_apply, ".xlsm": _xlsx_apply, ".yaml": _yaml_apply,
                ".yml": _yaml_apply}.get(suffix)
        if edit is None:
            raise DeckError(Problem(f"cannot write values back into a {suffix} file", path))
        raw = self.files[path] if path in self.files else path.read_bytes()
        self.files[path] = edit(path, raw, card.id, changes)
        return path

    def write(self) -> list[Path]:
        """Every staged file replaced atomically (see :func:`_replace_all`); the paths written."""
        _replace_all(self.files)
        return list(self.files)


def apply_values(card: Card, changes: Mapping[str, Value]) -> Path:
    """Write ``changes`` (attribute -> new value) into the file ``card`` was read from."""
    staged = StagedEdits()
    path = staged.stage(card, changes)
    staged.write()
    return path
