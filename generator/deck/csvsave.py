"""How a CSV file was saved — encoding, byte-order mark, delimiter, line ends — so that a
file deckpress rewrites (``translate``) is saved the same way: a semicolon file with a
UTF-8 BOM (Excel's "CSV UTF-8" in a European locale) stays one, a UTF-16 tab file
(Excel's "Unicode Text") stays one, and Excel shows its columns next time as before.
A new file is comma-separated UTF-8 without a mark, ``\\n`` line ends.
"""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass
from pathlib import Path

from .csvfile import decode, dialect
from .yamlfile import read_limited

NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}


@dataclass(frozen=True)
class SavedAs:
    encoding: str = "utf-8"  # utf-8 | utf-16-le | utf-16-be
    bom: bool = False
    delimiter: str = ","
    newline: str = "\n"

    def describe(self) -> str:
        """``semicolon-separated UTF-8 with a byte-order mark, CRLF line ends``."""
        code = {"utf-8": "UTF-8", "utf-16-le": "UTF-16 (little-endian)", "utf-16-be": "UTF-16 (big-endian)"}
        mark = " with a byte-order mark" if self.bom and self.encoding == "utf-8" else ""
        ends = "CRLF" if self.newline == "\r\n" else "LF"
        return f"{NAMES.get(self.delimiter, repr(self.delimiter))}-separated {code[self.encoding]}{mark}, {ends} line ends"

    def encode(self, text: str) -> bytes:
        """``text`` (``\\n`` line ends) as this file's bytes."""
        if self.encoding == "utf-8":
            return (codecs.BOM_UTF8 if self.bom else b"") + text.encode("utf-8")
        bom = codecs.BOM_UTF16_LE if self.encoding == "utf-16-le" else codecs.BOM_UTF16_BE
        return bom + text.encode(self.encoding)


NEW = SavedAs()


def saved_as(path: Path, expect: tuple[str, ...] = ()) -> SavedAs:
    """How ``path`` was saved (:data:`NEW` where it does not exist). Unreadable text: the
    DeckError of :func:`.csvfile.decode`."""
    if not path.is_file():
        return NEW
    data = read_limited(path)
    text = decode(data, path)
    if data.startswith(codecs.BOM_UTF16_LE):
        encoding, bom = "utf-16-le", True
    elif data.startswith(codecs.BOM_UTF16_BE):
        encoding, bom = "utf-16-be", True
    else:
        encoding, bom = "utf-8", data.startswith(codecs.BOM_UTF8)
    delimiter = getattr(dialect(text, expect=expect), "delimiter", ",")
    first = text.find("\n")
    newline = "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"
    return SavedAs(encoding, bom, delimiter if delimiter in NAMES else ",", newline)


def csv_line(cells: list[str], saved: SavedAs = NEW) -> str:
    """One CSV record in ``saved``'s delimiter and line end. Written with ``\\r\\n`` first,
    so that the csv module quotes a cell holding a carriage return (it quotes only the
    characters of its line terminator), then the record's own terminator is put on."""
    one = io.StringIO(newline="")
    csv.writer(one, delimiter=saved.delimiter, lineterminator="\r\n").writerow(cells)
    return one.getvalue().removesuffix("\r\n") + saved.newline
