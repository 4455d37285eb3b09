"""Checks of a deck's card text before anything is drawn: inline icons that do not exist
(always an error) and characters no font can draw (a per-card warning when printing;
an error in ``deckpress check`` and with ``--strict``). Each problem names the deck
file and line, the card and the field."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from ..deck.model import Card, Deck
from ..errors import Problem
from .fonts import ON_DEMAND, ensure_font, font_names, project_fonts, register_fonts
from .layout.glyphs import _cmap, _invisible, describe
from .layout.richdraw import icon_problem
from .layout.richtext import icon_names, parse


def card_texts(card: Card) -> Iterator[tuple[str, str]]:
    """(field, text) of every text a layout may print for ``card``."""
    for name in ("name", "subtitle", "text", "flavour"):
        yield name, getattr(card, name)
    if card.back:
        yield "back", card.back
    yield from card.fields.items()


@lru_cache(maxsize=64)
def _coverage(project: tuple[str, ...]) -> frozenset[int]:
    """Every character some font of the fallback chain can draw, but the fonts loaded
    on demand (the CJK and Korean fallbacks: see :func:`_on_demand`)."""
    register_fonts()
    have: set[int] = set()
    for font in (*font_names(), *project):
        if font not in ON_DEMAND and ensure_font(font):
            have |= _cmap(font)
    return frozenset(have)


def _on_demand(code: int) -> bool:
    """Can a font loaded on demand draw ``code``? The fonts are registered (parsed) only
    here, the first time a character needs them: a deck without such text never loads them."""
    return any(ensure_font(font) and code in _cmap(font) for font in ON_DEMAND)


@lru_cache(maxsize=4096)  # the same label, unit and layout text on every card of a deck: looked at once
def undrawable(text: str, project: tuple[str, ...] = ()) -> str:
    """The distinct visible characters of ``text`` (markup parsed) that no font has."""
    have = _coverage(project)
    if all(ord(ch) in have or ch.isspace() for ch in text):  # every character drawable: markup aside
        return ""
    out: dict[str, None] = {}
    for line in parse(text):
        for span in line:
            for ch in span.text:
                if ord(ch) not in have and not ch.isspace() and not _invisible(ch) and not _on_demand(ord(ch)):
                    out[ch] = None
    return "".join(out)


def _deck_strings(deck: Deck) -> Iterator[tuple[str, str]]:
    """(deck field, text) of the deck's own strings a layout's template may print."""
    yield "back.text", deck.back.text or ""
    yield "name", deck.name
    yield "description", deck.description or ""
    for s in deck.suits:
        yield f"suits.{s.key}.name", s.name
    for r in deck.ranks:
        yield f"ranks.{r.key}.name", r.name
        yield f"ranks.{r.key}.label", r.label or ""


def _where(deck: Deck, card: Card, name: str) -> tuple[Path | None, int | None]:
    file = card.source.file_of(name) or deck.path  # a translated text: its translation file's line
    return file, card.source.line_of(name)


def text_problems(deck: Deck, *, glyphs: bool = True) -> list[Problem]:
    """Unknown inline icons and (with ``glyphs``) characters no font can draw, per card field."""
    folders = [deck.folder] if deck.folder is not None else []
    project = project_fonts(deck.fonts)
    problems = []
    for card in deck.cards:
        for name, text in card_texts(card):
            if not text:
                continue
            file, line = _where(deck, card, name)
            for icon in dict.fromkeys(icon_names(text)) if ":" in text else ():  # (an icon is :name:)
                why = icon_problem(icon, folders)
                if why:
                    problems.append(Problem(why, file, line, card.id, name))
            lacking = undrawable(text, project) if glyphs else ""
            if lacking:
                whose = "the bundled fonts and the deck's fonts" if project else "the bundled fonts"
                problems.append(Problem(_blank(lacking, whose), file, line, card.id, name))
    return problems


def _blank(chars: str, whose: str, where: str = "") -> str:
    """The message for characters no font has: which, whose fonts lack them, what prints."""
    return (f"no font can draw {describe(chars)}{where}: {whose} lack "
            f"{'it' if len(chars) == 1 else 'them'}; it would print blank")


def glyph_problems(deck: Deck, card: Card, printed: list[str],
                   named: Sequence[tuple[str, str]] = ()) -> list[Problem]:
    """Characters no font can draw in the text a layout prints for ``card`` (``printed``,
    templates resolved), each named at the card field that holds it; ``named``: (deck
    field, text) of the deck's own strings a layout prints (attribute labels, units, the
    no-data word), named at that field of the deck file."""
    project = project_fonts(deck.fonts)
    whose = "the bundled fonts and the deck's fonts" if project else "the bundled fonts"
    problems = []
    for field, text in named:
        here = undrawable(text, project)
        if here:
            # the deck's string (its translation file's line), named once whatever card shows it
            file, line = deck.strings_at.get(field, (deck.path, None))
            problem = Problem(_blank(here, whose), file, line, None, field)
            if problem not in problems:
                problems.append(problem)
    lacking = "".join(dict.fromkeys(ch for text in printed for ch in undrawable(text, project)))
    if not lacking:
        return problems
    for name, text in card_texts(card):
        here = "".join(ch for ch in lacking if ch in text)
        if here:
            file, line = _where(deck, card, name)
            problems.append(Problem(_blank(here, whose), file, line, card.id, name))
            lacking = "".join(ch for ch in lacking if ch not in here)
    for field, text in _deck_strings(deck):  # the deck's own words a layout template prints (its back's text)
        here = "".join(ch for ch in lacking if ch in text)
        if here:
            file, line = deck.strings_at.get(field, (deck.path, None))
            problem = Problem(_blank(here, whose), file, line, None, field)
            if problem not in problems:
                problems.append(problem)
            lacking = "".join(ch for ch in lacking if ch not in here)
    if lacking:  # written in the layout itself
        problems.append(Problem(_blank(lacking, whose, " (in the layout's text)"), deck.path, card.source.line, card.id))
    return problems


SHOWN_CARDS = 6  # cards a merged problem names


def one_per_problem(found: Sequence[tuple[str, Problem]]) -> list[Problem]:
    """(card id, problem) found card by card -> one problem per distinct problem. A deck
    string's problem (no card: an attribute label, a unit) or one in the layout's own text
    is the same on every card that prints it: said once, listing the cards it touches; a
    card's own field stays its own problem."""
    groups: dict[tuple[object, ...], tuple[Problem, dict[str, None]]] = {}  # cards in order, each once
    for card, problem in found:
        shared = problem.card is None or problem.field is None
        key: tuple[object, ...] = (problem.message, str(problem.file), problem.field,
                                   None if shared else (problem.card, problem.line),
                                   problem.line if problem.card is None else None)
        groups.setdefault(key, (problem, {}))[1][card] = None
    out = []
    for first, seen in groups.values():
        cards = list(seen)
        if (first.card is None or first.field is None) and len(cards) > 1:
            shown = ", ".join(cards[:SHOWN_CARDS]) + (f" and {len(cards) - SHOWN_CARDS} more" if len(cards) > SHOWN_CARDS else "")
            line = first.line if first.card is None else None  # the layout's text: no one card's line
            first = replace(first, card=None, line=line, message=f"{first.message}; on {len(cards)} cards: {shown}")
        out.append(first)
    return out
