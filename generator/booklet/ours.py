"""What a booklet marks as ours (issue #27): the rule decisions of
:mod:`generator.games.decisions` and the card names deckpress invented.

A marked place in the booklet text is the token ``◆{what}`` (``what``: a decision
identifier or ``name``); :mod:`.markup` draws it as a small diamond and tests
read the identifier. ``OWN_NAMES`` lists, per bundled deck, the cards whose name
(and place, for gods) is ours: deck_data/viashi.yaml marks the same cards
``# name ours``, and tests/booklet/test_silent.py holds the two lists together.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..deck.load import bundled_path
from ..deck.model import Deck
from ..games.decisions import BY_ID, decisions_for
from ..i18n import _

MARK = "◆"
TOKEN = re.compile(r"◆\{([^}]*)\}")

_REGULAR = ("winds", "flames", "stones", "waves", "leaves")
OWN_NAMES: Mapping[str, frozenset[str]] = {
    "viashi": frozenset(
        [f"{s}-{r}" for s in _REGULAR for r in range(1, 10) if (s, r) not in {("winds", 1), ("flames", 7)}]
        + ["gods-3", "gods-5", "gods-6", "gods-8"]),
}


def token(what: str) -> str:
    return f"{MARK}{{{what}}}"


def own_names(deck: Deck) -> dict[str, str]:
    """Card id -> name, for the cards of a bundled deck whose names are ours (a
    designer's deck names its own cards: nothing is marked there)."""
    ids = OWN_NAMES.get(deck.key)
    if not ids or deck.path is None or not _same_file(deck.path, bundled_path(deck.key)):
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

    def ours(ident: str) -> str:
        d = BY_ID[ident]  # a misspelt identifier fails the template: no silent gap
        return token(ident) if d.ours and d.applies(ctx) else ""

    def mark(name: str) -> str:
        return f"{name}{token('name')}" if name in names else name

    # questions and fixed answers are msgids (N_ in decisions.py); a computed answer translates itself
    silent = [{"id": d.id, "question": _(d.question), "answer": _(d.answer) if isinstance(d.answer, str) else d.reply(ctx),
               "parameter": d.parameter or ""}
              for d in decisions_for(game) if d.ours and d.applies(ctx)]
    return ours, mark, silent
