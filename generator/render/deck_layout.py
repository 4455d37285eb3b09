"""Which layout a deck's cards use: the one given, else the deck's ``layout:``, else
its game's default; found in the deck's own layout folders first.

Kept apart from :mod:`.cards` (the card renderer, which needs ReportLab and every
drawing module) so that the one deck validation every command runs
(:mod:`generator.validate.deck`: the suits' symbols as the layout draws them) loads
the layout without loading the renderer: ``simulate`` and ``check`` of a game
start faster.
"""

from __future__ import annotations

from pathlib import Path

from ..deck.model import Deck
from .layout.loader import Layout, load_layout


def default_layout(game: str) -> str:
    """The layout a deck of ``game`` gets when it names none: the registered
    game's ``GameSpec.layout`` (a game no spec registers: ``base``)."""
    from ..games.registry import GAMES  # the spec is the one table of default layouts

    spec = GAMES.get(game)
    return spec.layout if spec is not None else "base"


def _search(deck: Deck) -> list[Path]:
    """A deck's own layout folders: layouts/ or templates/cards/ beside the deck file."""
    if deck.folder is None:
        return []
    return [deck.folder / "layouts", deck.folder / "templates" / "cards"]


def _named(deck: Deck, name: str | Path) -> str | Path:
    """A layout file named relative to the deck file ("my/layout.yaml") becomes a path."""
    text = str(name)
    if deck.folder is not None and text.endswith((".yaml", ".yml")) and not Path(text).is_absolute():
        candidate = deck.folder / text
        if candidate.is_file():
            return candidate
    return name


def deck_layout(deck: Deck, layout: str | Path | None = None) -> Layout:
    """The layout to use: the one given, else the deck's, else the game's default.

    ``layout`` may also be a folder of the user's own templates: the deck's layout
    name is then looked up there first (and ``extends:`` can still name bundled ones).
    """
    name = deck.layout or default_layout(deck.game)
    if layout is not None and Path(layout).is_dir():
        return load_layout(name, [Path(layout), *_search(deck)], [Path(layout), *_roots(deck)])
    if layout is not None:  # named on the command line: trusted
        return load_layout(layout, _search(deck))
    return load_layout(_named(deck, name), _search(deck), _roots(deck))


def _roots(deck: Deck) -> list[Path]:
    """Where files a deck names may be: its own folder (and the bundled ones)."""
    return [deck.folder] if deck.folder is not None else []
