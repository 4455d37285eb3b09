"""Card rows: from the deck YAML itself, a CSV file or an XLSX sheet.

Each row becomes a :class:`Card`; every problem is collected with its file,
line, card id and field, so a designer sees all of them in one run.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Problem
from .csvfile import dialect
from .limits import CARD_TEXT
from .model import Card, FrozenMap, Source
from .numbers import DEFAULT, NumberFormat, clipped, read_number
from .schema import KEY_RE
from .yamlfile import LineMap

CARD_KEYS = ("id", "name", "copies", "suit", "rank", "subtitle", "text", "flavour", "art", "back")
NO_DATA_WORDS = frozenset({"", "no data", "null"})  # the documented ones; a deck adds its own (no_data: [...])
TRANSLATABLE = ("name", "subtitle", "text", "flavour", "back")  # with the deck's own fields
MAX_COPIES = 1000
MAX_TEXT = CARD_TEXT  # generator.deck.limits: shared with the renderers
MAX_ROWS = 100_000  # card rows in one file (the deck's card limit)
MAX_SCANNED = 1_048_576  # spreadsheet rows looked at, empty ones included (Excel's maximum)
MAX_COLUMNS = 1024
MAX_UNZIPPED = 200 * 1024 * 1024  # an XLSX is a zip: its unpacked size, against zip bombs
MAX_XLSX_BYTES = 20 * 1024 * 1024


@dataclass
class Row:
    """One raw card row and where it came from."""

    data: Mapping[Any, Any]
    file: Path
    line: int | None
    key_lines: Mapping[Any, int] | None = None
    columns: tuple[str, ...] | None = None  # the header of the CSV/XLSX sheet it came from
    letters: Mapping[str, str] | None = None  # XLSX: column name -> its letter ("C"), for errors

    def line_of(self, key: str) -> int | None:
        if self.key_lines and key in self.key_lines:
            return self.key_lines[key]
        return self.line


@dataclass(frozen=True)
class RowContext:
    """What a row is checked against."""

    attributes: tuple[str, ...]
    fields: tuple[str, ...]
    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    no_data: str
    folder: Path
    allowed_roots: tuple[Path, ...]
    numbers: NumberFormat = DEFAULT  # how number text is written (the deck's number_format)
    no_data_words: frozenset[str] = NO_DATA_WORDS  # lower-case words read as "no data"
    languages: tuple[str, ...] = ()  # the deck's translations (``languages:`` after the source one)
    game_data: tuple[str, ...] = ()  # fields declared translate: false: no ``crowns@de`` column

    def known(self) -> set[str]:
        """Every key a card row may have: ``name@de`` too for each declared language
        (not for a field of game data)."""
        keys = set(CARD_KEYS) | set(self.attributes) | set(self.fields)
        texts = [k for k in (*TRANSLATABLE, *self.fields) if k not in self.game_data]
        return keys | {f"{k}@{lang}" for k in (*texts, "art") for lang in self.languages}


def rows_from_yaml(items: list[Any], file: Path, fallback_line: int | None) -> tuple[list[Row], list[Problem]]:
    rows: list[Row] = []
    problems: list[Problem] = []
    for index, item in enumerate(items):
        if not isinstance(item, Mapping):
            line = fallback_line
            problems.append(Problem(f"card {index + 1} is not a mapping of fields", file, line))
            continue
        line = item.line if isinstance(item, LineMap) else fallback_line
        key_lines = getattr(item, "key_lines", None)
        rows.append(Row(item, file, line, key_lines))
    return rows, problems


def csv_dialect(text: str, delimiter: str | None = None) -> Any:
    """The CSV's dialect: the declared delimiter (``csv: {delimiter: ';'}``), else the one
    detected among comma, semicolon and tab (the shared reader, :mod:`.csvfile`)."""
    return dialect(text, delimiter)


def rows_from_csv(path: Path, text: str, delimiter: str | None = None) -> tuple[list[Row], list[Problem]]:
    reader = csv.reader(io.StringIO(text, newline=""), csv_dialect(text, delimiter))
    rows: list[Row] = []
    try:
        header = next(reader, None)
        if header is None:
            return [], [Problem("the CSV file is empty (it needs a header row)", path, 1)]
        header = [h.strip() for h in header]
        problems = _check_header(header, path)
        columns = tuple(h for h in header if h)
        if len(header) > MAX_COLUMNS:
            return [], [Problem(f"more than {MAX_COLUMNS} columns", path, 1)]
        line = reader.line_num + 1
        for record in reader:
            if len(rows) >= MAX_ROWS:
                return rows, [Problem(f"more than {MAX_ROWS} card rows", path, line)]
            if any(cell.strip() for cell in record):
                if len(record) > len(header):
                    problems.append(Problem(f"row has {len(record)} cells but the header has {len(header)}", path, line))
                data = {h: cell for h, cell in zip(header, record, strict=False) if h}
                rows.append(Row(data, path, line, columns=columns))
            line = reader.line_num + 1
    except csv.Error as exc:
        return rows, [Problem(f"invalid CSV: {exc}", path, reader.line_num)]
    return rows, problems


def _zip_problem(path: Path) -> str | None:
    """An XLSX is a zip of XML files: refuse oversized files and zip bombs before opening."""
    import zipfile

    try:
        if path.stat().st_size > MAX_XLSX_BYTES:
            return f"the spreadsheet is larger than {MAX_XLSX_BYTES // (1024 * 1024)} MB"
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        return f"not an XLSX file (a zip of sheets): {exc}"
    if unpacked > MAX_UNZIPPED:
        return f"the spreadsheet unpacks to more than {MAX_UNZIPPED // (1024 * 1024)} MB (a zip bomb?)"
    return None


MAX_FORMULA_PROBLEMS = 3  # formula cells without a saved value named one by one; the rest counted


@dataclass
class _Formula:
    """A formula cell, to be replaced by the value a spreadsheet app saved for it."""

    data: dict[str, Any]
    column: int
    header: str


def rows_from_xlsx(path: Path, sheet: str | None) -> tuple[list[Row], list[Problem]]:
    refused = _zip_problem(path)
    if refused:
        return [], [Problem(refused, path)]
    try:
        import openpyxl

        # Formulas as written (data_type 'f'); their saved values are read afterwards, if there are any.
        book = openpyxl.load_workbook(path, read_only=True, data_only=False)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        return [], [Problem(f"cannot read the spreadsheet: {exc}", path)]
    try:
        if sheet is not None and sheet not in book.sheetnames:
            return [], [Problem(f"no sheet named {sheet!r}; sheets: {', '.join(book.sheetnames)}", path)]
        ws = book[sheet] if sheet is not None else book.worksheets[0]
        rows, problems, formulas = _sheet_rows(ws, path)
        if formulas:
            problems += _saved_values(path, ws.title, formulas)
            # a row of formulas whose saved values are all empty is an empty row, as it looks in the app
            rows = [row for row in rows if any(v not in (None, "") for v in row.data.values())]
        return rows, problems
    except Exception as exc:  # broken XML, odd cell types, a chart sheet ...
        return [], [Problem(f"cannot read the spreadsheet: {type(exc).__name__}: {exc}", path)]
    finally:
        book.close()


def _sheet_rows(ws: Any, path: Path) -> tuple[list[Row], list[Problem], dict[int, list[_Formula]]]:
    if hasattr(ws, "reset_dimensions"):
        ws.reset_dimensions()  # a sheet claiming A1:XFD1048576 must not be padded out to it
    records = ws.iter_rows()
    first = next(records, None)
    if first is None:
        return [], [Problem("the sheet is empty (it needs a header row)", path, 1)], {}
    if len(first) > MAX_COLUMNS:
        return [], [Problem(f"more than {MAX_COLUMNS} columns", path, 1)], {}
    header = ["" if c.value is None else str(c.value).strip() for c in first]
    while header and not header[-1]:
        header.pop()  # empty header cells at the end are not columns
    problems = _check_header(header, path)
    problems += [Problem(f"cell {c.coordinate}: the header is a formula; write the column name as text",
                         path, 1) for c in first if c.data_type == "f"]
    columns = tuple(h for h in header if h)
    from openpyxl.utils import get_column_letter

    letters = {h: get_column_letter(i + 1) for i, h in enumerate(header) if h}
    rows: list[Row] = []
    formulas: dict[int, list[_Formula]] = {}
    for number, cells in enumerate(records, start=2):
        if number > MAX_SCANNED or len(rows) >= MAX_ROWS:
            return rows, [*problems, Problem(f"more than {MAX_ROWS} card rows", path, number)], formulas
        outside = [c for c in cells[len(header):] if c.value not in (None, "")]
        if outside:  # like a CSV row with more cells than its header: never silently dropped
            problems.append(Problem(f"cell {outside[0].coordinate} has a value ({str(outside[0].value)[:40]!r}) "
                                    f"but no column header above it; give the column a name (or start it "
                                    f"with _ to keep it out of the deck)", path, number))
        record = [c.value for c in cells[: len(header)]]
        record += [None] * (len(header) - len(record))  # trailing empty cells
        if any(cell not in (None, "") for cell in record):
            data = {h: ("" if v is None else v) for h, v in zip(header, record, strict=True) if h}
            rows.append(Row(data, path, number, columns=columns, letters=letters))
            found = [_Formula(data, i, h) for i, (h, c) in enumerate(zip(header, cells, strict=False))
                     if h and c.data_type == "f"]
            if found:
                formulas[number] = found
    return rows, problems, formulas


def _saved_values(path: Path, title: str, formulas: dict[int, list[_Formula]]) -> list[Problem]:
    """Put the values a spreadsheet app saved in place of the formulas. A formula
    never calculated (a workbook written by a script) has none: that is a problem,
    not "no data"."""
    import openpyxl
    from openpyxl.utils import get_column_letter

    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    unsaved: list[tuple[int, _Formula]] = []
    try:
        ws = book[title]
        if hasattr(ws, "reset_dimensions"):
            ws.reset_dimensions()
        for number, cells in enumerate(ws.iter_rows(max_row=max(formulas)), start=1):
            for formula in formulas.get(number, ()):
                cell = cells[formula.column] if formula.column < len(cells) else None
                value = None if cell is None else cell.value
                # an empty saved text (t="str", <v></v>) is a value; no value and no type is none
                if value is None and (cell is None or cell.data_type not in ("s", "str", "inlineStr")):
                    unsaved.append((number, formula))
                formula.data[formula.header] = "" if value is None else value
    finally:
        book.close()
    fix = "open and save the file in a spreadsheet app"
    problems = []
    for number, formula in unsaved[:MAX_FORMULA_PROBLEMS]:
        card = _text(formula.data.get("id")).strip() or None
        cell = f"{get_column_letter(formula.column + 1)}{number}"
        problems.append(Problem(f"cell {cell}: formula without a saved value: {fix}", path, number, card, formula.header))
    if len(unsaved) > MAX_FORMULA_PROBLEMS:
        more = unsaved[MAX_FORMULA_PROBLEMS:]
        cells = ", ".join(f"{get_column_letter(f.column + 1)}{n}" for n, f in more[:5]) + (", ..." if len(more) > 5 else "")
        problems.append(Problem(f"{len(more)} more formula cells without a saved value ({cells}): {fix}", path))
    return problems


def _check_header(header: list[str], path: Path) -> list[Problem]:
    problems = []
    seen: set[str] = set()
    for h in header:
        if h and not private(h) and h.lower() in seen:
            problems.append(Problem(f"column {h!r} appears twice in the header (headers match in any case)", path, 1))
        seen.add(h.lower())
    if "id" not in seen and len([h for h in header if h]) == 1 and any(sep in header[0] for sep in ";\t"):
        sep = ";" if ";" in header[0] else "\t"
        problems.append(Problem(f"the header is one column holding {'semicolons' if sep == ';' else 'tabs'}: the file "
                                f"separates its columns with {sep!r}? declare it in the deck file: "
                                f"csv: {{delimiter: {sep!r}}}", path, 1))
        return problems
    if "id" not in seen:
        problems.append(Problem("the header has no 'id' column", path, 1, field="id"))
    return problems


def private(column: str) -> bool:
    """A column whose header starts with ``_`` or ``#`` is the designer's own (notes,
    costs, a to-do): kept out of the deck, never an error."""
    return column.startswith(("_", "#"))


def normalise_rows(rows: list[Row], ctx: RowContext) -> None:
    """CSV/XLSX headers match case-insensitively (``ID``, ``Name`` are ``id``, ``name``)
    and private columns are dropped, in place, before the rows are checked."""
    known = {k.lower(): k for k in ctx.known()}  # name@de too, for the deck's languages
    for row in rows:
        if row.columns is None:
            continue
        rename = {c: known.get(c.lower(), c) for c in row.columns if not private(c)}
        row.data = {rename[k]: v for k, v in row.data.items() if k in rename}
        if row.letters is not None:
            row.letters = {rename[k]: v for k, v in row.letters.items() if k in rename}
        row.columns = tuple(rename.values())


def column_problems(columns: tuple[str, ...], file: Path, ctx: RowContext) -> list[Problem]:
    """A CSV/XLSX header checked once, so a misspelt column is one problem on line 1,
    not one per card row (``build_card`` leaves these to it)."""
    known = ctx.known()
    problems = []
    for column in columns:
        if column not in known:
            for sep, name in ((";", "semicolons"), ("\t", "tabs"), (",", "commas")):
                if sep in column:
                    problems.append(Problem(
                        f"the header looks like one column holding {name} ({column[:40]!r}...): the file separates its "
                        f"columns with {name}? declare it in the deck file: csv: {{delimiter: {sep!r}}}", file, 1))
                    return problems
            hint = _did_you_mean(column, known - set(columns))
            problems.append(Problem(f"unknown column{hint}; a column is one of {', '.join(sorted(known))}",
                                    file, 1, field=column))
    for key in ctx.attributes:
        if key not in columns:
            problems.append(Problem(f"the attribute {key!r} has no column (each card needs a number or 'no data')",
                                    file, 1, field=key))
    return problems


def parse_value(raw: Any, no_data: str, numbers: NumberFormat = DEFAULT,
                words: frozenset[str] = NO_DATA_WORDS) -> tuple[float | None, str | None]:
    """An attribute value: a finite number or "no data" (empty, ``no data``, ``null``,
    the deck's printed word and the words it declares). Returns (value, error)."""
    if raw is None:
        return None, None
    if isinstance(raw, bool):
        return None, f"expected a number or 'no data', got {clipped(raw)}"
    if isinstance(raw, int | float):
        value = float(raw)
    elif isinstance(raw, str):
        text = raw.strip()
        if text.lower() in words or text.lower() == no_data.lower():
            return None, None
        number, error = (math.nan, None) if text.lower() == "nan" else read_number(text, numbers)
        if number is None:
            if text and not any(ch.isdigit() for ch in text):  # a placeholder such as "?" or "N/A"
                return None, (f"not a number: {clipped(text)}; write a number, or 'no data' for a value not known "
                              f"(to read {clipped(text)} as no data, declare it in the deck file: "
                              f"no_data: [{clipped(text)}])")
            return None, error
        value = number
    else:
        return None, f"expected a number or 'no data', got a {type(raw).__name__}"
    if not math.isfinite(value) or abs(value) > 1e15:
        return None, f"not a usable number: {clipped(raw)} (it must be finite and below 10^15)"
    return value, None


def parse_copies(raw: Any, numbers: NumberFormat = DEFAULT) -> tuple[int, str | None]:
    """``copies``: a whole number from 0 to MAX_COPIES (text read in the deck's number format)."""
    wrong = f"copies must be a whole number from 0 to {MAX_COPIES}, got {clipped(raw)}"
    if isinstance(raw, bool):
        return 1, wrong
    if isinstance(raw, str):
        number, error = read_number(raw, numbers)
        if number is None:
            return 1, f"{wrong}: {error}"
        raw_value: float = number
    elif isinstance(raw, int | float):
        raw_value = float(raw)
    else:
        return 1, wrong
    if not math.isfinite(raw_value) or not raw_value.is_integer() or not 0 <= raw_value <= MAX_COPIES:
        return 1, wrong
    return int(raw_value), None


def _text(raw: Any) -> str:
    if raw is None:
        return ""
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return str(raw).strip() if not isinstance(raw, str) else raw


def build_card(row: Row, ctx: RowContext) -> tuple[Card | None, list[Problem]]:
    problems: list[Problem] = []
    data = row.data
    raw_id = data.get("id")
    card_id = _text(raw_id).strip()
    columns = row.columns  # a CSV/XLSX row: its header's problems are reported once, by column_problems
    if columns is not None and "id" not in columns:
        return None, []  # "the header has no 'id' column", once

    def problem(message: str, fld: str | None) -> None:
        column = row.letters[fld] if fld and row.letters and fld in row.letters else None
        problems.append(Problem(message, row.file, row.line_of(fld) if fld else row.line, card_id or None, fld,
                                column))

    if not card_id:
        problem("the card has no id", "id")
        return None, problems
    if not KEY_RE.match(card_id):
        problem("an id is letters, digits, '-', '_' or '.', at most 64 characters", "id")
        card_id = ""
        return None, problems

    known = ctx.known()
    for key in data if columns is None else ():  # a CSV/XLSX row's keys are its header's columns
        if not isinstance(key, str) or key not in known:
            hint = _did_you_mean(str(key), known)
            problem(f"unknown field{hint}; a card may have {', '.join(sorted(known))}", str(key))

    name = _text(data.get("name")) or card_id
    copies = 1
    if "copies" in data and data["copies"] not in (None, ""):
        copies, error = parse_copies(data["copies"], ctx.numbers)
        if error:
            problem(error, "copies")

    suit = _text(data.get("suit")) or None
    if suit is not None and ctx.suits and suit not in ctx.suits:
        problem(f"unknown suit {suit!r}; the deck's suits are {', '.join(ctx.suits)}", "suit")
    rank = _text(data.get("rank")) or None
    if rank is not None and ctx.ranks and rank not in ctx.ranks:
        problem(f"unknown rank {rank!r}; the deck's ranks are {', '.join(ctx.ranks)}", "rank")

    values: dict[str, float | None] = {}
    for key in ctx.attributes:
        if key not in data:
            if columns is not None and key not in columns:
                continue
            problem("missing value (write a number, or 'no data')", key)
            continue
        value, error = parse_value(data[key], ctx.no_data, ctx.numbers, ctx.no_data_words)
        if error:
            problem(error, key)
        values[key] = value

    texts = {}
    for key in ("subtitle", "text", "flavour", "back", *ctx.fields):
        content = _text(data.get(key))
        if len(content) > MAX_TEXT:
            problem(f"text longer than {MAX_TEXT} characters", key)
            content = content[:MAX_TEXT]
        texts[key] = content

    art = None
    if _text(data.get("art")):
        art, error = resolve_reference(_text(data.get("art")), ctx.folder, ctx.allowed_roots)
        if error:
            problem(error, "art")

    translations = {k: _text(v) for k, v in data.items() if isinstance(k, str) and "@" in k and k in known}
    for key in [k for k in translations if k.startswith("art@") and translations[k]]:  # per-language art
        found, error = resolve_reference(translations[key], ctx.folder, ctx.allowed_roots)
        if error:
            problem(error, key)
        translations[key] = str(found) if found is not None else ""

    card = Card(
        id=card_id,
        name=name,
        copies=copies,
        suit=suit,
        rank=rank,
        subtitle=texts["subtitle"],
        text=texts["text"],
        flavour=texts["flavour"],
        art=art,
        back=texts["back"] or None,
        values=values,
        fields={k: texts[k] for k in ctx.fields},
        translations=translations,
        source=Source(row.file, row.line, _frozen_lines(row.key_lines)),
    )
    return card, problems


def _frozen_lines(lines: Mapping[Any, int] | None) -> Mapping[str, int]:
    return FrozenMap({str(k): v for k, v in (lines or {}).items()})


def resolve_reference(ref: str, folder: Path, allowed_roots: Iterable[Path]) -> tuple[Path | None, str | None]:
    """A file a deck names: it must exist inside the deck's folder or a bundled folder."""
    if not ref or "\x00" in ref or len(ref) > 1000:
        return None, f"not a usable file name: {ref[:60]!r}"
    try:
        candidate = (folder / ref).resolve()
    except (OSError, ValueError, RuntimeError) as exc:
        return None, f"not a usable file name: {ref[:60]!r} ({exc})"
    roots = [folder.resolve(), *(r.resolve() for r in allowed_roots)]
    if not any(candidate.is_relative_to(root) for root in roots):
        return None, f"{ref!r} is outside the deck's folder; referenced files must be inside it"
    try:
        exists = candidate.is_file()
    except OSError:
        exists = False
    if not exists:
        return None, f"file not found: {ref!r} (looked for {candidate})"
    return candidate, None


def _did_you_mean(word: str, options: Iterable[str]) -> str:
    import difflib

    by_lower = {option.lower(): option for option in sorted(options, reverse=True)}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=1)  # "ID" is a misprint of "id"
    return f" (did you mean '{by_lower[close[0]]}'?)" if close else ""
