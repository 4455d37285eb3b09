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


def booklet_languages() -> list[str]:
    """The languages a booklet can be printed in: English and every shipped catalogue."""
    folder = locale_dir()
    found = sorted(p.stem for p in folder.glob("*.po")) if folder.is_dir() else []
    return [SOURCE, *(lang for lang in found if lang != SOURCE)]


def has_booklet(lang: str | None) -> bool:
    return lang is None or lang in booklet_languages()


def check_language(lang: str | None) -> None:
    """A ParameterError naming the booklet languages, for a language with no catalogue."""
    if not has_booklet(lang):
        raise ParameterError(Problem(f"no rule booklet in {lang!r}: booklets exist in "
                                     f"{', '.join(booklet_languages())} (a language is a catalogue file "
                                     f"in {locale_dir()}, see docs/languages.md)"))


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English: none), from its ``.po`` file."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    check_language(lang)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = locale_dir() / f"{lang}.po"
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang.replace("-", "_"))
    buf = io.BytesIO()
    write_mo(buf, catalog)  # fuzzy entries are left out: they are not translations yet
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@contextmanager
def speaking(lang: str | None) -> Iterator[gettext.NullTranslations]:
    """Render everything inside in ``lang`` (None: English)."""
    token = _current.set(catalogue(lang or SOURCE))
    words = grammar.set_language(lang or SOURCE, (locale_dir(),))  # %(fool.acc)s: <lang>.terms.csv
    try:
        yield current()
    finally:
        grammar.reset(words)
        _current.reset(token)


def current() -> gettext.NullTranslations:
    return _current.get() or _ENGLISH


def _(message: str) -> str:
    """``message`` in the current language (itself where it has no translation)."""
    return current().gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    return current().ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark only"
    """Mark ``message`` for the catalogue without translating it (tables built at import)."""
    return message


__all__ = ["N_", "SOURCE", "_", "booklet_languages", "catalogue", "check_language", "current",
           "has_booklet", "locale_dir", "ngettext", "speaking"]
