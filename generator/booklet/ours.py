"""What a booklet marks as ours (issue #27): the rule decisions of
:mod:`generator.games.decisions` and the card names deckpress invented.

A marked place in the booklet text is the token ``◆{what}`` (``what``: a decision
identifier or ``name``); :mod:`.markup` draws it as a small diamond and tests
read the identifier. A bundled deck's file marks the cards whose name (and place,
for gods) is ours with ``# name ours`` on their line (deck_data/viashi.yaml):
:func:`own_ids` reads them there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ..deck.load import bundled_path
from ..deck.model import Deck
from ..games.decisions import by_id
from ..games.registry import GAMES, specs
from ..i18n import _

MARK = "◆"
TOKEN = re.compile(r"◆\{([^}]*)\}")

OURS = re.compile(r"^\s*- \{id: ([\w-]+),.*#\s*name ours\s*$", re.M)  # a bundled deck's card line


@cache
def own_ids(key: str) -> frozenset[str]:
    """The cards of bundled deck ``key`` whose name is ours: its file marks their
    lines ``# name ours`` (data, beside the names themselves)."""
    try:
        return frozenset(OURS.findall(bundled_path(key).read_text(encoding="utf-8")))
    except OSError:
        return frozenset()


def token(what: str) -> str:
    return f"{MARK}{{{what}}}"


def own_names(deck: Deck) -> dict[str, str]:
    """Card id -> name, for the cards of a bundled deck whose names are ours (a
    designer's deck names its own cards: nothing is marked there)."""
    if deck.path is None or not deck.key or not _same_file(deck.path, bundled_path(deck.key)):
        return {}
    ids = own_ids(deck.key)
    if not ids:
        return {}
    return {c.id: c.name for c in deck.cards if c.id in ids}


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def markers(game: str, ctx: Mapping[str, Any]) -> tuple[Callable[[str], str], Callable[[str], str],
                                                          list[dict[str, str]]]:
    """``ours(id)``: the marker for a decision (empty where it does not apply or is the
    seed's own rule); ``mark(name)``: the name, marked where it is ours; and the
    closing section's lines (question, answer, parameter) for every decision that applies."""
    names = set(own_names(ctx["deck"]).values())
    known = by_id(specs())
    spec = GAMES.get(game)

    def ours(ident: str) -> str:
        d = known[ident]  # a misspelt identifier fails the template: no silent gap
        return token(ident) if d.ours and d.applies(ctx) else ""

    def mark(name: str) -> str:
        return f"{name}{token('name')}" if name in names else name

    # questions and fixed answers are msgids (N_ in decisions.py); a computed answer translates itself
    silent = [{"id": d.id, "question": _(d.question), "answer": _(d.answer) if isinstance(d.answer, str) else d.reply(ctx),
               "parameter": d.parameter or ""}
              for d in (spec.decisions if spec is not None else ()) if d.ours and d.applies(ctx)]
    return ours, mark, silent
