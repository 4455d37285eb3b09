"""Characters of a rule booklet that no booklet font can draw (``rules``, ``check``).

The booklet sets its text in Roboto and DejaVu Serif with the bundled fallbacks after
them (:mod:`.scripts`); a character none of them has would print as nothing. Each such
character is reported where it comes from: the card, suit, rank or attribute name the
deck gives it (its file and line), else the booklet's sentences — the catalogue
(``<lang>.po``) or the rules template that writes it, at its line.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..deck.model import Deck
from ..errors import Problem
from ..render.fonts import FALLBACKS, register_fonts
from ..render.layout.glyphs import _invisible, describe
from ..render.textcheck import card_texts
from .scripts import OWN, _has


def undrawn(text: str) -> str:
    """The distinct visible characters of ``text`` that no booklet font has, in order."""
    if all(ord(ch) < 0x0250 for ch in text):  # Latin: in every booklet font
        return ""
    register_fonts()
    out: dict[str, None] = {}
    for ch in dict.fromkeys(text):
        if ch.isspace() or ord(ch) < 0x0250 or ch in OWN or _invisible(ch):
            continue
        if not any(_has(font, ch) for font in FALLBACKS):
            out[ch] = None
    return "".join(out)


def _deck_words(deck: Deck) -> Iterator[tuple[str | None, str, str]]:
    """(card id or None for the deck, field, text) of the deck's words a booklet may print."""
    for card in deck.cards:
        for name, text in card_texts(card):
            if text:
                yield card.id, name, text
    yield None, "name", deck.name
    for s in deck.suits:
        yield None, f"suits.{s.key}.name", s.name
    for r in deck.ranks:
        yield None, f"ranks.{r.key}.name", r.name
        if r.label:
            yield None, f"ranks.{r.key}.label", r.label
    for a in deck.attributes:
        yield None, f"attributes.{a.key}.label", a.label
        yield None, f"attributes.{a.key}.unit", a.unit


def _first_line(path: Path, chars: str) -> int | None:
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return next((i for i, line in enumerate(lines, 1) if any(ch in line for ch in chars)), None)


def may_lack_glyphs(deck: Deck, sources: Sequence[Path]) -> bool:
    """Could a booklet of ``deck`` hold a character no booklet font has? Its text is made of
    the deck's words, the templates and catalogue in ``sources`` and the game's code: when
    none of them has such a character, the booklet has none either (``check`` then need
    not render it)."""
    if any(undrawn(words) for _card, _field, words in _deck_words(deck)):
        return True
    for source in sources:
        try:
            text = source.read_text(encoding="utf-8", errors="replace") if source.is_file() else ""
        except OSError:
            continue
        if undrawn(text):
            return True
    return False


def booklet_glyph_problems(text: str, deck: Deck, sources: Sequence[Path] = ()) -> list[Problem]:
    """Characters of the booklet's ``text`` no booklet font has, each named where it comes
    from: a deck field (card names first), else the first of ``sources`` (the language's
    catalogues, the rules templates) whose text holds it, at its line."""
    lacking = undrawn(text)
    if not lacking:
        return []
    problems: list[Problem] = []

    def said(chars: str, file: Path | str | None, line: int | None, card: str | None = None,
             field: str | None = None) -> None:
        problems.append(Problem(f"no font can draw {describe(chars)}: the booklet's fonts lack "
                                f"{'it' if len(chars) == 1 else 'them'}; it would print blank in the rule booklet",
                                file, line, card, field))

    for card_id, field, words in _deck_words(deck):
        here = "".join(ch for ch in lacking if ch in words)
        if not here:
            continue
        if card_id is not None:
            card = next(c for c in deck.cards if c.id == card_id)
            said(here, card.source.file_of(field) or deck.path, card.source.line_of(field), card_id, field)
        else:
            file, line = deck.strings_at.get(field, (deck.path, None))
            said(here, file, line, None, field)
        lacking = "".join(ch for ch in lacking if ch not in here)
        if not lacking:
            return problems
    for source in sources:
        if not source.is_file():
            continue
        line = _first_line(source, lacking)
        if line is None:
            continue
        here = "".join(ch for ch in lacking if ch in source.read_text(encoding="utf-8", errors="replace"))
        said(here, source, line)
        lacking = "".join(ch for ch in lacking if ch not in here)
        if not lacking:
            return problems
    said(lacking, None, None)
    return problems


def _located(text: str, sources: Sequence[Path]) -> tuple[Path, int] | None:
    """The first line of ``sources`` that writes some of ``text``: its longest words first."""
    words = sorted({w.strip("*`.,:;!?()[]«»\"'") for w in text.split()}, key=len, reverse=True)
    for word in [text.strip(), *[w for w in words if len(w) > 1][:8]]:
        for source in sources:
            try:
                lines = source.read_text(encoding="utf-8", errors="replace").splitlines() if source.is_file() else []
            except OSError:
                continue
            found = next((i for i, line in enumerate(lines, 1) if word in line), None)
            if found is not None:
                return source, found
    return None


def unset_problems(script: Any, deck: Deck, sources: Sequence[Path] = ()) -> list[Problem]:
    """Booklet text the text engine could not shape or order for its script
    (:class:`.setting.Script`'s ``unset``), one problem per distinct text, named where it
    comes from: a deck field (its file and line), else the catalogue (``<lang>.po``) or
    the rules template line that writes it."""
    problems: list[Problem] = []
    for unset in dict.fromkeys(script.unset):
        shown = unset.text if len(unset.text) <= 60 else unset.text[:57] + "…"
        message = f"booklet text {shown!r} {unset.why} in the '{script.lang or 'en'}' booklet"
        at = _located(unset.text, sources)
        card = None if at is not None else next(((cid, fld) for cid, fld, words in _deck_words(deck)
                                                 if words and unset.text in words), None)
        if at is not None:
            problem = Problem(message, *at)
        elif card is not None and card[0] is not None:
            found = next(c for c in deck.cards if c.id == card[0])
            problem = Problem(message, found.source.file_of(card[1]) or deck.path, found.source.line_of(card[1]),
                              card[0], card[1])
        elif card is not None:
            file, line = deck.strings_at.get(card[1], (deck.path, None))
            problem = Problem(message, file, line, None, card[1])
        else:
            problem = Problem(message)
        if problem not in problems:
            problems.append(problem)
    return problems
