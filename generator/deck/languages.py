"""One deck, many languages: a deck in one of its declared languages.

A deck declares ``languages: [en, de]`` (the first is the source). A translation
comes from a card row's ``name@de`` column or from ``translations/de.csv`` beside
the deck (columns id, field, text, source, source_hash, status; the deck's own
strings have the id ``deck``). :func:`localize` returns the deck in a language and
a :class:`LanguageReport`: missing translations (the source text is used),
translations whose source changed since they were made, and the file's errors
(an unknown card id gets did-you-mean).
"""

from __future__ import annotations

import csv
import difflib
import hashlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import DeckError, Problem
from .csvcells import restored
from .csvfile import dialect, read_csv_text
from .model import Attribute, Card, Deck, Source
from .rows import TRANSLATABLE

DECK_ID = "deck"  # the id of the deck's own strings in a translation file
COLUMNS = ("id", "field", "text", "source", "source_hash", "status", "previous_source", "context", "max_length")
OBSOLETE = "obsolete"  # a row for a text the deck no longer has: kept for the translator, ignored
COLUMN = "column"  # a text translated in the card rows (name@de): the row keeps its source's hash only
REQUIRED = ("id", "field", "text")
SHOWN = 12  # cards named in a warning; the rest are counted


def source_hash(text: str) -> str:
    """The hash of a source text a translation was made from (12 hex digits)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def translation_path(deck_file: Path, lang: str) -> Path:
    """Where the translator's file for ``lang`` lives: ``translations/<lang>.csv`` beside a
    project's ``deck.yaml``; beside a deck file with another name (several decks can share
    a folder, as the bundled ones do) ``translations/<file stem>.<lang>.csv``."""
    name = f"{lang}.csv" if deck_file.stem.lower() == "deck" else f"{deck_file.stem}.{lang}.csv"
    return deck_file.parent / "translations" / name


def translation_file(deck: Deck, lang: str) -> Path | None:
    return translation_path(deck.path, lang) if deck.path is not None else None


def deck_strings(deck: Deck) -> dict[str, str]:
    """The deck's own translatable strings, field -> source text (only those written)."""
    strings = {"name": deck.name, "description": deck.description, "back.text": deck.back.text}
    if any(v is None for c in deck.cards for v in c.values.values()):  # printed on some card
        strings["no_data"] = deck.no_data
    for a in deck.attributes:
        strings[f"attributes.{a.key}.label"] = a.label
        strings[f"attributes.{a.key}.unit"] = a.unit
    for s in deck.suits:
        strings[f"suits.{s.key}.name"] = s.name
    for r in deck.ranks:
        strings[f"ranks.{r.key}.name"] = r.name
        if r.label is not None:
            strings[f"ranks.{r.key}.label"] = r.label
    return {k: v for k, v in strings.items() if v}


def card_strings(card: Card, deck: Deck) -> dict[str, str]:
    """A card's translatable strings, field -> source text (only those written)."""
    strings = {"name": card.name, "subtitle": card.subtitle, "text": card.text, "flavour": card.flavour,
               "back": card.back or ""}
    strings.update({k: card.fields.get(k, "") for k in deck.fields if k not in deck.game_data})
    return {k: v for k, v in strings.items() if v}


def source_strings(deck: Deck) -> Iterator[tuple[str, str, str]]:
    """Every (id, field, source text) a translation may give, the deck's own strings first."""
    for name, text in deck_strings(deck).items():
        yield DECK_ID, name, text
    for card in deck.cards:
        for name, text in card_strings(card, deck).items():
            yield card.id, name, text


@dataclass(frozen=True)
class Entry:
    """One row of a translation file."""

    id: str
    field: str
    text: str
    source: str = ""
    source_hash: str = ""
    status: str = ""
    line: int | None = None
    previous_source: str = ""  # the source the translation was made from, where it changed since
    context: str = ""
    max_length: str = ""


@dataclass
class LanguageReport:
    """What localizing a deck found; ``warnings()`` are one line each."""

    language: str
    source: str
    file: Path | None = None
    missing: list[tuple[str, str]] = field(default_factory=list)  # (card id or 'deck', field)
    changed: list[Problem] = field(default_factory=list)  # translated from an older source text

    def missing_problem(self) -> Problem | None:
        if not self.missing:
            return None
        by_card: dict[str, list[str]] = {}
        for card, name in self.missing:
            by_card.setdefault(card, []).append(name)
        listed = [f"{card} ({', '.join(names)})" for card, names in list(by_card.items())[:SHOWN]]
        more = f" and {len(by_card) - SHOWN} more" if len(by_card) > SHOWN else ""
        return Problem(f"{len(self.missing)} text{'s' if len(self.missing) != 1 else ''} not translated into "
                       f"{self.language!r}, the {self.source!r} text is used: {'; '.join(listed)}{more}", self.file)

    def warnings(self) -> list[Problem]:
        missing = self.missing_problem()
        return ([missing] if missing else []) + list(self.changed)


def read_translations(path: Path) -> tuple[list[Entry], list[Problem]]:
    """The entries of a translation file, and its problems (a missing column, a row twice)."""
    text = read_csv_text(path)  # the shared reader: BOM, encodings, Excel's semicolons and tabs
    reader = csv.reader(io.StringIO(text, newline=""), dialect(text, expect=REQUIRED))
    try:
        header = [h.strip().lower() for h in next(reader, [])]
    except csv.Error as exc:
        return [], [Problem(f"invalid CSV: {exc}", path, 1)]
    lacking = [c for c in REQUIRED if c not in header]
    if lacking:
        return [], [Problem(f"the header needs the columns {', '.join(COLUMNS)} (missing: {', '.join(lacking)})",
                            path, 1)]
    entries: list[Entry] = []
    problems: list[Problem] = []
    seen: dict[tuple[str, str], int] = {}
    line = 2
    try:
        for record in reader:
            row = dict(zip(header, record, strict=False))
            if any(cell.strip() for cell in record):
                entry = Entry(row.get("id", "").strip(), row.get("field", "").strip(), restored(row.get("text", "")),
                              restored(row.get("source", "")), row.get("source_hash", "").strip(),
                              row.get("status", "").strip(), line, restored(row.get("previous_source", "")),
                              row.get("context", ""), row.get("max_length", "").strip())
                key = (entry.id, entry.field)
                if key in seen:
                    problems.append(Problem(f"translated twice (first at line {seen[key]})", path, line,
                                            entry.id, entry.field))
                else:
                    seen[key] = line
                    entries.append(entry)
            line = reader.line_num + 1
    except csv.Error as exc:
        problems.append(Problem(f"invalid CSV: {exc}", path, reader.line_num))
    return entries, problems


def localize(deck: Deck, lang: str | None, strict: bool = False) -> tuple[Deck, LanguageReport | None]:
    """The deck in ``lang`` (None or the source language: the deck as it is).

    Raises :class:`DeckError` for an unknown language, an unusable translation file
    (an unknown card id or field, a translation given twice) and, with ``strict``,
    for missing translations. The report's warnings are for the caller to show."""
    if lang is None or (deck.languages and lang == deck.languages[0]):
        return deck, None
    if lang not in deck.languages[1:]:
        declared = ", ".join(deck.languages) if deck.languages else "none (add languages: [en, de] to the deck file)"
        raise DeckError(Problem(f"the deck has no language {lang!r}; its languages: {declared}", deck.path,
                                field="languages"))
    file = translation_file(deck, lang)
    report = LanguageReport(lang, deck.languages[0], file)
    problems: list[Problem] = []
    given: dict[tuple[str, str], str] = {}  # (id, field) -> translated text
    origin: dict[tuple[str, str], int | None] = {}  # (id, field) -> its line in the translation file
    for card in deck.cards:  # row columns: name@de
        for key, text in card.translations.items():
            name, _, column_lang = key.rpartition("@")
            if column_lang == lang and text.strip():
                given[(card.id, name)] = text
    sources = {(cid, name): text for cid, name, text in source_strings(deck)}
    if file is not None and file.is_file():
        entries, problems = read_translations(file)
        entries = [e for e in entries if e.status != OBSOLETE]  # kept for the translator, ignored
        for entry in [e for e in entries if e.status == COLUMN]:  # a name@de column: is it stale?
            found = (entry.id, entry.field)
            if found in sources and entry.source_hash and entry.source_hash != source_hash(sources[found]):
                report.changed.append(Problem(
                    f"the {report.source!r} text changed since its {entry.field}@{lang} column was translated "
                    f"(it is now {_short(sources[found])!r}); revise the column, then run `deckpress translate`",
                    _card_file(deck, entry.id), _card_line(deck, entry.id, f"{entry.field}@{lang}"),
                    entry.id, f"{entry.field}@{lang}"))
        entries = [e for e in entries if e.status != COLUMN]
        problems += _entry_problems(entries, sources, given, deck, file)
        for entry in entries:
            found = (entry.id, entry.field)
            if found not in sources or not entry.text.strip():
                continue
            given[found] = entry.text
            origin[found] = entry.line
            if entry.source_hash and entry.source_hash != source_hash(sources[found]):
                report.changed.append(Problem(
                    f"the {report.source!r} text changed since this was translated (it is now "
                    f"{_short(sources[found])!r}); run `deckpress translate` and revise it", file, entry.line,
                    entry.id, entry.field))
    if problems:
        raise DeckError(problems)
    report.missing = [key for key in sources if key not in given]
    if strict and report.missing:
        missing = report.missing_problem()
        raise DeckError([replace(missing, message=missing.message + " (--strict)")] if missing else [])
    return _translated(deck, lang, given, file, origin), report


def _card_file(deck: Deck, card_id: str) -> Path | None:
    found = next((c for c in deck.cards if c.id == card_id), None)
    return (found.source.file if found is not None else None) or deck.path


def _card_line(deck: Deck, card_id: str, key: str) -> int | None:
    found = next((c for c in deck.cards if c.id == card_id), None)
    return found.source.line_of(key) if found is not None else None


def _entry_problems(entries: list[Entry], sources: dict[tuple[str, str], str], given: dict[tuple[str, str], str],
                    deck: Deck, file: Path) -> list[Problem]:
    ids = {DECK_ID, *(c.id for c in deck.cards)}
    problems = []
    for entry in entries:
        key = (entry.id, entry.field)
        if entry.id not in ids:
            close = difflib.get_close_matches(entry.id, sorted(ids), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            problems.append(Problem(f"unknown card id{hint}", file, entry.line, entry.id or None, "id"))
        elif key not in sources:
            options = sorted(n for cid, n in sources if cid == entry.id)
            close = difflib.get_close_matches(entry.field, options, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            what = "a field with no text in the source language" if _translatable(entry, deck) else "not a translatable field"
            problems.append(Problem(f"{what}{hint}; this card's texts: {', '.join(options) or 'none'}",
                                    file, entry.line, entry.id, entry.field or None))
        elif entry.text.strip() and key in given and given[key] != entry.text:
            problems.append(Problem(f"translated twice, differently: the card row's {entry.field}@ column says "
                                    f"{_short(given[key])!r}", file, entry.line, entry.id, entry.field))
    return problems


def _translatable(entry: Entry, deck: Deck) -> bool:
    if entry.id == DECK_ID:
        return entry.field in {"name", "description", "back.text", "no_data"} or entry.field.count(".") == 2
    return entry.field in (*TRANSLATABLE, *deck.fields) and entry.field not in deck.game_data


def _source_in(card: Card, lang: str, file: Path | None, origin: dict[tuple[str, str], int | None]) -> Source:
    """The card's source with each translated field at its own line: a name@de column's, or
    the translation file's (so a problem in a translated text is reported where it is written)."""
    lines = dict(card.source.lines)
    files = dict(card.source.files)
    for key in card.translations:
        name, _, column_lang = key.rpartition("@")
        if column_lang == lang and key in lines:
            lines[name] = lines[key]
    for (card_id, name), line in origin.items():
        if card_id == card.id and file is not None and line is not None:
            lines[name], files[name] = line, file
    return replace(card.source, lines=lines, files=files)


def _short(text: str, limit: int = 50) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _translated(deck: Deck, lang: str, given: dict[tuple[str, str], str], file: Path | None = None,
                origin: dict[tuple[str, str], int | None] | None = None) -> Deck:
    def own(name: str, default: str) -> str:
        return given.get((DECK_ID, name), default)

    cards = []
    for card in deck.cards:
        def text(name: str, default: str, card_id: str = card.id) -> str:
            return given.get((card_id, name), default)

        cards.append(replace(
            card, name=text("name", card.name), subtitle=text("subtitle", card.subtitle),
            text=text("text", card.text), flavour=text("flavour", card.flavour),
            back=text("back", card.back) if card.back else card.back,
            art=Path(given[(card.id, "art")]) if (card.id, "art") in given else card.art,  # art@fr
            fields={k: v if k in deck.game_data else text(k, v) for k, v in card.fields.items()},
            source=_source_in(card, lang, file, origin or {}),
        ))
    attributes = tuple(
        Attribute(a.key, own(f"attributes.{a.key}.label", a.label), own(f"attributes.{a.key}.unit", a.unit),
                  a.better, a.decimals, lang, a.marks) for a in deck.attributes)
    suits = tuple(replace(s, name=own(f"suits.{s.key}.name", s.name)) for s in deck.suits)
    ranks = tuple(replace(r, name=own(f"ranks.{r.key}.name", r.name),
                          label=own(f"ranks.{r.key}.label", r.label) if r.label is not None else None)
                  for r in deck.ranks)
    strings_at = {name: (file, line) for (card_id, name), line in (origin or {}).items()
                  if card_id == DECK_ID and file is not None and line is not None}
    return replace(
        deck, strings_at=strings_at, name=own("name", deck.name), description=own("description", deck.description),
        back=replace(deck.back, text=own("back.text", deck.back.text)), no_data=own("no_data", deck.no_data),
        cards=tuple(cards), attributes=attributes, suits=suits, ranks=ranks, language=lang,
    )


__all__ = ["COLUMN", "DECK_ID", "Entry", "OBSOLETE", "LanguageReport", "localize", "read_translations", "source_hash",
           "source_strings", "translation_file"]
