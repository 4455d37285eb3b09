"""The rule booklet's part of ``check``'s pre-flight (:mod:`generator.validate.preflight`):
the project's rules template rendered as ``rules`` and ``build`` would, and the
characters no font has in the booklet's text."""

from __future__ import annotations

from ..deck.model import Deck
from ..errors import DeckpressError, Problem
from ..games.designer.find import game_of
from ..games.registry import make_params


def rules_problems(deck: Deck, lang: str | None) -> list[str]:
    """The booklet's characters no font has (one line each); a broken rules template
    raises its RenderError, naming its file and line."""
    from .build import check_project_rules  # reportlab and Jinja: only when a check gets here

    check_project_rules(deck)  # the project's rules template, as `rules` and `build` read it
    return [str(p) for p in _booklet_glyphs(deck, lang)]


def _booklet_glyphs(deck: Deck, lang: str | None) -> list[Problem]:
    """Characters no font has in the deck's rule booklet in ``lang`` (its game's default
    parameters), where the game has a booklet in that language."""
    from .build import booklet_glyphs

    try:
        spec = game_of(deck)
    except DeckpressError:
        return []  # a game that does not load: the checks report that themselves
    if spec is None:
        return []
    try:
        return booklet_glyphs(spec.name, make_params(spec.name), deck, lang)
    except DeckpressError:  # a booklet that cannot be made: `rules` says why; here only its characters
        return []
