"""Reading CSV files: the one reader for every CSV deckpress reads (card rows,
translation files, the CSV a balance edit rewrites).

- **Encoding.** UTF-8, with or without the byte-order mark Excel's "CSV UTF-8" writes;
  UTF-16 with its mark (Excel's "Unicode Text"). Anything else is refused with the
  line and column of the first byte that is not UTF-8, the character it probably is
  (in Windows-1252, what Excel saves as "CSV (Comma delimited)" in Western Europe),
  and how to save the file as UTF-8: never guessed silently.
- **Dialect.** The declared delimiter; else, where the caller names columns the
  header must have, the one of comma, semicolon and tab that splits the header
  into them (a one-row file sniffs badly); else the one Python's ``csv.Sniffer``
  detects among those three (Excel saves semicolons in European locales, tabs as
  "Unicode Text"); else a comma.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ..errors import DeckError, Problem
from .yamlfile import read_limited

DELIMITERS = ",;\t"
SAVE_AS_UTF8 = ('save it as UTF-8: in Excel, File › Save As › "CSV UTF-8 (Comma delimited)"; '
                'in LibreOffice, Save As › Text CSV with character set "Unicode (UTF-8)"')


def decode(data: bytes, path: Path) -> str:
    """``data`` as text: UTF-8 (a BOM allowed) or UTF-16 with its BOM; DeckError naming the
    line and column of the first byte that is neither, with a hint to save as UTF-8."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        body = data[2:]
        if body and b"\x00" not in body and any(32 <= b < 127 for b in body):
            # UTF-16 text of a spreadsheet's header (letters, commas) has a zero byte in every
            # other place: these bytes are 8-bit text behind a stray mark, not UTF-16
            raise DeckError(Problem(f"not UTF-8 text (and not UTF-16, though it starts with a UTF-16 mark); "
                                    f"{SAVE_AS_UTF8}", path, 1))
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise DeckError(Problem(f"not UTF-16 text though it starts with a UTF-16 mark; {SAVE_AS_UTF8}",
                                    path)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = exc.start
        line = data.count(b"\n", 0, start) + 1
        column = start - (data.rfind(b"\n", 0, start) + 1) + 1
        byte = data[start]
        guess = bytes([byte]).decode("cp1252", errors="replace")
        seen = f" ({guess!r} in Windows-1252)" if guess.isprintable() and guess != "\ufffd" else ""
        raise DeckError(Problem(f"not UTF-8 text: byte 0x{byte:02X}{seen} at column {column}; {SAVE_AS_UTF8}",
                                path, line)) from None


def read_csv_text(path: Path) -> str:
    """The text of a CSV file (see :func:`decode`); DeckError naming the file if unreadable."""
    return decode(read_limited(path), path)


def _declared(delimiter: str) -> Any:
    return type("Declared", (csv.excel,), {"delimiter": delimiter})


def dialect(text: str, delimiter: str | None = None, expect: Iterable[str] = ()) -> Any:
    """The CSV's dialect (see the module's docstring); ``expect``: header columns (lower case)."""
    if delimiter is not None:
        return _declared(delimiter)
    lines = text.splitlines()
    wanted = set(expect)
    if wanted and lines:
        for d in DELIMITERS:
            try:
                header = {h.strip().lower() for h in next(csv.reader([lines[0]], _declared(d)), [])}
            except csv.Error:
                continue
            if wanted <= header:
                return _declared(d)
    sample = "\n".join(lines[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS)
    except csv.Error:
        return csv.excel


def records(text: str, csv_dialect: Any) -> Iterator[tuple[int, list[str]]]:
    """(line the record starts on, its cells) for each record; csv.Error propagates."""
    reader = csv.reader(io.StringIO(text, newline=""), csv_dialect)
    line = 1
    for record in reader:
        yield line, record
        line = reader.line_num + 1
