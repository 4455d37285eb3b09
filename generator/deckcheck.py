"""The one deck validation every command runs before it uses a deck.

``check``, ``simulate``, ``cards``, ``tiles``, ``images``, ``rules`` and ``build``
all call :func:`validate_deck`, so they agree on every deck: ``check`` lists the
issues as findings (errors exit 1); the other commands refuse a deck with errors
(:func:`require_valid`, exit 2) with the same words, at the deck's own lines,
before anything is written, and print the warnings.

What is checked: whether the suits can be printed (symbols, borders, colours;
:mod:`.render.suit_checks`) and whether the game the deck declares can be played
with it (Viashi: :mod:`.games.viashi.deck_check`, War: :mod:`.games.war.deck_check`). Layouts, templates, fonts and
art are checked by the card check itself (``render.cards.check_cards``).

Layering: imported by cli, project and balance; imports render and games.
"""

from __future__ import annotations

from .deck.issues import Issue
from .deck.model import Deck
from .errors import DeckError
from .games.viashi.deck_check import viashi_issues
from .games.war.deck_check import war_issues
from .render.suit_checks import print_issues


def validate_deck(deck: Deck) -> list[Issue]:
    """Every issue of ``deck``, errors first."""
    issues = print_issues(deck)
    if deck.game == "viashi":
        issues += viashi_issues(deck)
    elif deck.game == "war":
        issues += war_issues(deck)
    return sorted(issues, key=lambda i: i.level != "error")


def require_valid(deck: Deck) -> list[str]:
    """Raise DeckError listing the deck's errors; else return its warnings (one line each)."""
    issues = validate_deck(deck)
    errors = [i.problem for i in issues if i.level == "error"]
    if errors:
        raise DeckError(errors)
    return [f"warning: {i.problem}" for i in issues]
