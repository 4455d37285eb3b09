"""The deck's words in booklet sentences, with their articles and cases.

A booklet sentence names ranks, suits and cards through placeholders: ``%(fool)s
schlägt %(top)s``. In English the template writes the article ("the %(fool)s"); in
German the article and the noun change with gender and case ("**Der Narr** schlägt
**die Königin**", "gewinnt **den Narren**"), in French with gender and the first
letter ("**le** Fou", "**l'**As"). So a catalogue may write a placeholder with a form:

=============  =====================================================
``%(fool)s``   the word as the deck writes it ("Narr")
``%(fool.nom)s``  with its definite article, nominative ("der Narr")
``%(fool.acc)s``  accusative ("den Narren"); ``.dat``, ``.gen`` likewise
``%(fool.a_nom)s``  with the indefinite article ("ein Narr"); ``.a_acc`` …
``%(fool.Nom)s``  the same, capitalised (a sentence's first word: "Der Narr")
=============  =====================================================

What a word's gender and case forms are is the language's **terms table**,
``<lang>.terms.csv`` beside its catalogue (a project's ``rules/locale/`` first):

```
term,gender,nom,acc,dat,gen
Narr,m,Narr,Narren,Narren,Narren
Königin,f,,,,
```

(``gender``: ``m``, ``f``, ``n`` or ``pl``; an empty case is the term itself). A word
written with its article ("der Wechselbalg") needs no row: the article gives the
gender. A word neither in the table nor with an article is printed bare, as before.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

CASES = ("nom", "acc", "dat", "gen")
# definite and indefinite articles per gender, in the order of CASES
DEFINITE: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "de": {"m": ("der", "den", "dem", "des"), "f": ("die", "die", "der", "der"),
           "n": ("das", "das", "dem", "des"), "pl": ("die", "die", "den", "der")},
    "fr": {"m": ("le",) * 4, "f": ("la",) * 4, "pl": ("les",) * 4},
}
INDEFINITE: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "de": {"m": ("ein", "einen", "einem", "eines"), "f": ("eine", "eine", "einer", "einer"),
           "n": ("ein", "ein", "einem", "eines"), "pl": ("", "", "", "")},
    "fr": {"m": ("un",) * 4, "f": ("une",) * 4, "pl": ("des",) * 4},
}
GENDERS = ("m", "f", "n", "pl")


@dataclass(frozen=True)
class Term:
    gender: str
    forms: tuple[str, ...]  # the noun in each of CASES


_lang: ContextVar[str] = ContextVar("grammar_language", default="en")
_folders: ContextVar[tuple[Path, ...]] = ContextVar("grammar_folders", default=())


def set_language(lang: str, folders: tuple[Path, ...]) -> Any:
    """Speak ``lang``, its terms table found in ``folders`` (first wins); a token to reset."""
    return _lang.set(lang), _folders.set(folders)


def reset(token: Any) -> None:
    _lang.reset(token[0])
    _folders.reset(token[1])


def _base(lang: str) -> str:
    return lang.replace("_", "-").split("-")[0].lower()


def read_terms(text: str, path: Path) -> tuple[dict[str, Term], list[tuple[int, str]]]:
    """The terms of a table, and its problems as (line, message)."""
    terms: dict[str, Term] = {}
    problems: list[tuple[int, str]] = []
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    header = [h.strip().lower() for h in next(reader, [])]
    if "term" not in header or "gender" not in header:
        return {}, [(1, "the header needs the columns term, gender (and nom, acc, dat, gen)")]
    line = 2
    for record in reader:
        row = dict(zip(header, (c.strip() for c in record), strict=False))
        term, gender = row.get("term", ""), row.get("gender", "").lower()
        if term:
            if gender not in GENDERS:
                problems.append((line, f"{term!r}: gender {gender!r} is not one of {', '.join(GENDERS)}"))
            else:
                terms[term] = Term(gender, tuple(row.get(c) or term for c in CASES))
        line = reader.line_num + 1
    return terms, problems


@cache
def _table(lang: str, folders: tuple[Path, ...]) -> dict[str, Term]:
    out: dict[str, Term] = {}
    for folder in reversed(folders):  # the first folder wins: read it last
        path = folder / f"{lang}.terms.csv"
        if path.is_file():
            terms, _problems = read_terms(path.read_text(encoding="utf-8-sig"), path)
            out.update(terms)
    return out


def _term(word: str, lang: str, folders: tuple[Path, ...]) -> tuple[str, Term | None]:
    """(the noun without a leading article, its term) for ``word``."""
    table = _table(lang, folders)
    if word in table:
        return word, table[word]
    article, _, rest = word.partition(" ")
    for gender, forms in DEFINITE.get(_base(lang), {}).items():
        if rest and article.lower() == forms[0]:
            known = table.get(rest)
            return rest, known or Term(gender, (rest,) * len(CASES))
    return word, None


def form(word: str, key: str, lang: str | None = None, folders: tuple[Path, ...] | None = None) -> str:
    """``word`` in the form ``key`` names (``nom``, ``acc``, ``a_dat``, ``Nom``…)."""
    lang = lang or _lang.get()
    folders = _folders.get() if folders is None else folders
    capital = key[:1].isupper()
    key = key.lower()
    indefinite = key.startswith("a_")
    case = key.removeprefix("a_")
    if case not in CASES:
        raise KeyError(f"{word}.{key}")
    noun, term = _term(word, lang, folders)
    if term is None:
        out = word
    else:
        i = CASES.index(case)
        table = (INDEFINITE if indefinite else DEFINITE).get(_base(lang), {})
        article = table.get(term.gender, ("",) * len(CASES))[i]
        noun = term.forms[i]
        if not article:
            out = noun
        elif _base(lang) == "fr" and not indefinite and term.gender in ("m", "f") and noun[:1].lower() in "aeiouhéèêâîôû":
            out = "l'" + noun
        else:
            out = f"{article} {noun}"
    return out[:1].upper() + out[1:] if capital else out


class Forms(dict[str, Any]):
    """A sentence's placeholders: ``name`` as given, ``name.case`` in that form (see module)."""

    def __missing__(self, key: str) -> Any:
        name, dot, which = key.partition(".")
        if dot and name in self:
            return form(str(self[name]), which)
        raise KeyError(key)


def table_problems(path: Path) -> list[tuple[int, str]]:
    """The problems of a terms table (for ``check``-like reports)."""
    return read_terms(path.read_text(encoding="utf-8-sig"), path)[1]
