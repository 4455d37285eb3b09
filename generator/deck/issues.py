"""What the deck validation finds: an :class:`Issue` is a located problem (file, line,
card, field) with a level and a stable code, so ``check`` can list it as a finding
and every other command can refuse the deck with the same words."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..errors import Problem
from .model import Deck, Suit


@dataclass(frozen=True)
class Issue:
    level: Literal["error", "warning"]
    code: str  # stable, for scripts: "duplicate", "missing", "no_gods", "symbol", ...
    problem: Problem
    cards: tuple[str, ...] = ()
    play: bool = False  # the game cannot be played with the deck (else: it cannot be printed as written)


def deck_file(deck: Deck) -> Path | str:
    return deck.path if deck.path is not None else deck.name


def suit_line(deck: Deck, suit: Suit, key: str | None = None) -> int | None:
    return suit.source.line_of(key) if key else suit.source.line


def deck_line(deck: Deck, key: str) -> int | None:
    """The line of a top-level key of the deck file (``suits:``, ``cards:``), where known."""
    if deck.path is None:
        return None
    try:
        with deck.path.open(encoding="utf-8-sig") as fh:
            for n, text in enumerate(fh, 1):
                if text.startswith(f"{key}:"):
                    return n
    except OSError:
        return None
    return None


def setting_line(deck: Deck, *keys: str) -> int | None:
    """The line of ``build: <keys...>`` in the deck file (or of the nearest enclosing key
    there), where known: errors about a project setting point at it."""
    if deck.path is None:
        return None
    from ..errors import DeckpressError
    from .yamlfile import LineMap, load_yaml

    try:
        node: object = load_yaml(deck.path)
    except (OSError, DeckpressError):
        return None
    line = None
    for key in ("build", *keys):
        if not isinstance(node, LineMap) or key not in node:
            break
        line = node.line_of(key)
        node = node[key]
    return line
