"""The booklet's fixed sentences in other languages: gettext message catalogues.

The rule templates (templates/rules/*.md.j2) and the Python that builds their
context write English and mark each sentence: ``{{ _("...") }}`` in a template,
``_("...")`` / ``N_("...")`` in Python. Babel's extractor collects them into
``templates/rules/locale/messages.pot`` (``make catalogue``); a language is one
catalogue file beside it, ``templates/rules/locale/<lang>.po``, read at run time
(no compiled ``.mo``: the ``.po`` travels in the wheel with the templates).

:func:`speaking` sets the language of everything rendered inside it (a context
variable, so each thread and each worker process has its own); English is the
msgids themselves, so an English booklet is exactly what the templates write.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from . import grammar
from .errors import ParameterError, Problem
from .paths import templates_dir

SOURCE = "en"  # the language the templates are written in (the msgids)

_ENGLISH = gettext.NullTranslations()
_current: ContextVar[gettext.NullTranslations | None] = ContextVar("booklet_language", default=None)


def locale_dir() -> Path:
    return templates_dir() / "rules" / "locale"


def locale_dirs(project: Path | None = None) -> tuple[Path, ...]:
    """Where catalogues are looked up: a project's ``rules/locale/`` first (its own
    sentences and its translations of the bundled ones win), then the package's."""
    own = project / "rules" / "locale" if project is not None else None
    return ((own,) if own is not None and own.is_dir() else ()) + (locale_dir(),)


def booklet_languages(folders: tuple[Path, ...] | None = None) -> list[str]:
    """The languages a booklet can be printed in: English and every catalogue found."""
    found = {p.stem for folder in (folders or (locale_dir(),)) if folder.is_dir() for p in folder.glob("*.po")}
    return [SOURCE, *sorted(lang for lang in found if lang != SOURCE)]


def has_booklet(lang: str | None, folders: tuple[Path, ...] | None = None) -> bool:
    return lang is None or lang in booklet_languages(folders)


def check_language(lang: str | None, folders: tuple[Path, ...] | None = None) -> None:
    """A ParameterError naming the booklet languages, for a language with no catalogue."""
    if not has_booklet(lang, folders):
        where = " or ".join(str(f) for f in (folders or (locale_dir(),)))
        raise ParameterError(Problem(f"no rule booklet in {lang!r}: booklets exist in "
                                     f"{', '.join(booklet_languages(folders))} (a language is a catalogue file "
                                     f"<lang>.po in {where}, or a project's rules/locale/; see docs/languages.md)"))


def po_problems(path: Path) -> list[Problem]:
    """What ``msgfmt -c`` would find in a catalogue, at its file and line: a syntax error,
    a placeholder the translation adds, drops or formats differently, a bad plural."""
    from babel.messages.pofile import PoFileError, read_po

    try:
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=path.stem.replace("-", "_"), abort_invalid=True)
    except PoFileError as exc:
        return [Problem(f"not a valid catalogue: {exc.args[0]}", path, getattr(exc, "lineno", None))]
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return [Problem(f"not a readable catalogue: {exc}", path)]
    problems = []
    for message, errors in catalog.check():
        for error in errors:
            problems.append(Problem(f"msgid {_shown(message.id)}: {error}", path, message.lineno))
    return problems


def _shown(msgid: object) -> str:
    text = str(msgid[0] if isinstance(msgid, tuple) else msgid)
    return repr(text if len(text) <= 40 else text[:39] + "…")


@cache
def catalogue(lang: str, folders: tuple[Path, ...] | None = None) -> gettext.NullTranslations:
    """The translations of ``lang`` (English: none), from its ``.po`` files in ``folders``
    (the first folder's entries win); a ParameterError naming the .po file and line of
    each problem ``msgfmt -c`` would report."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    folders = folders or (locale_dir(),)
    check_language(lang, folders)
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged: Catalog | None = None
    problems: list[Problem] = []
    for folder in reversed(folders):  # the package's first, the project's over it
        path = folder / f"{lang}.po"
        if not path.is_file():
            continue
        found = po_problems(path)
        problems += found
        if found:
            continue
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang.replace("-", "_"))
        if merged is None:
            merged = catalog
            continue
        for message in catalog:
            if message.id and message.string and "fuzzy" not in message.flags:
                if message.id in merged:  # Catalog's setitem merges into an entry: replace it instead
                    del merged[message.id]
                merged[message.id] = message
    if problems:
        raise ParameterError(problems)
    buf = io.BytesIO()
    write_mo(buf, merged or Catalog(locale=lang.replace("-", "_")))  # fuzzy entries are left out
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@dataclass
class Coverage:
    """The sentences a booklet asked for in its language, and those the catalogue lacked."""

    asked: set[str] = field(default_factory=set)
    missing: set[str] = field(default_factory=set)

    def percent(self) -> float:
        return 100.0 * (1 - len(self.missing) / len(self.asked)) if self.asked else 100.0

    def warning(self, lang: str) -> str | None:
        if not self.missing:
            return None
        shown = sorted(self.missing)[:3]
        return (f"the {lang!r} catalogue translates {len(self.asked) - len(self.missing)} of the "
                f"{len(self.asked)} sentences this booklet uses ({self.percent():.0f} %): the others print in "
                f"English, e.g. {'; '.join(_shown(m) for m in shown)}")


_coverage: ContextVar[Coverage | None] = ContextVar("booklet_coverage", default=None)


def catalogue_coverage(lang: str, folders: tuple[Path, ...] | None = None) -> tuple[int, int]:
    """(translated, total) entries of ``lang``'s catalogue against the package's sentences
    (messages.pot) and the project catalogue's own."""
    from babel.messages.pofile import read_po

    folders = folders or (locale_dir(),)
    ids: set[str] = set(extracted())
    translated: set[str] = set()
    for folder in folders:
        path = folder / f"{lang}.po"
        if path.is_file():
            with path.open("rb") as fh:
                for m in read_po(fh):
                    key = str(m.id[0] if isinstance(m.id, tuple) else m.id)
                    if m.id and folder != locale_dir():
                        ids.add(key)
                    strings = m.string if isinstance(m.string, tuple) else (m.string,)
                    if m.id and all(strings) and "fuzzy" not in m.flags and key in ids:
                        translated.add(key)
    return len(translated), len(ids)


@contextmanager
def speaking(lang: str | None, folders: tuple[Path, ...] | None = None) -> Iterator[gettext.NullTranslations]:
    """Render everything inside in ``lang`` (None: English), its catalogues in ``folders``
    (see :func:`locale_dirs`)."""
    folders = folders or (locale_dir(),)
    token = _current.set(catalogue(lang or SOURCE, folders))
    words = grammar.set_language(lang or SOURCE, folders)  # %(fool.acc)s: <lang>.terms.csv
    counted = _coverage.set(Coverage() if lang not in (None, SOURCE) else None)
    try:
        yield current()
    finally:
        _coverage.reset(counted)
        grammar.reset(words)
        _current.reset(token)


def coverage() -> Coverage | None:
    """The sentences asked for so far inside :func:`speaking` (None in English)."""
    return _coverage.get()


def current() -> gettext.NullTranslations:
    return _current.get() or _ENGLISH


@cache
def extracted() -> frozenset[str]:
    """The package's sentences (messages.pot): what a catalogue's coverage counts."""
    from babel.messages.pofile import read_po

    pot = locale_dir() / "messages.pot"
    if not pot.is_file():
        return frozenset()
    with pot.open("rb") as fh:
        return frozenset(str(m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(fh) if m.id)


def _(message: str) -> str:
    """``message`` in the current language (itself where it has no translation)."""
    if not message:
        return message
    counted = _coverage.get()
    if counted is not None and (message in extracted() or message in getattr(current(), "_catalog", {})):
        counted.asked.add(message)
        if message not in getattr(current(), "_catalog", {}):
            counted.missing.add(message)
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    counted = _coverage.get()
    if counted is not None and singular in extracted():
        counted.asked.add(singular)
        if (singular, 0) not in getattr(current(), "_catalog", {}):
            counted.missing.add(singular)
    return current().ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark only"
    """Mark ``message`` for the catalogue without translating it (tables built at import)."""
    return message


__all__ = ["N_", "SOURCE", "Coverage", "_", "booklet_languages", "catalogue", "catalogue_coverage",
           "check_language", "coverage", "current", "has_booklet", "locale_dir", "locale_dirs", "ngettext",
           "po_problems", "speaking"]
