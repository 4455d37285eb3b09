"""Which game a deck or a command's GAME names: a registered one, a designer's
``game.py`` (loaded, registered and checked against the contract first) or an
installed game (entry point group ``deckpress.games``)."""

from __future__ import annotations

from ...deck.model import Deck
from ...errors import ParameterError
from ..registry import GAMES, register
from ..spec import GameSpec
from .enforce import enforce
from .loader import deck_game_ref, ensure, entry_point, is_file_ref


def game_of(deck: Deck) -> GameSpec | None:
    """The game a deck's ``game:`` names, registered (None for ``none``): a
    registered name, the project's ``game.py[:Class]`` (loaded by path: this runs
    the designer's code) or an installed game (entry point group ``deckpress.games``)."""
    name = deck.game
    if name == "none":
        return None
    if is_file_ref(name):
        spec = ensure(deck_game_ref(deck))
        enforce(spec, deck)  # the contract, once per content of the game's files and the deck
        return spec
    if name in GAMES:
        return GAMES[name]
    if name.endswith((".yaml", ".yml")):  # a project's rules file (games/rules)
        from ..rules.registered import project_spec

        return register(project_spec(deck), replaceable=True)
    ref = entry_point(name)
    if ref is not None:
        return ensure(ref)
    where = f"{deck.path}: " if deck.path is not None else ""
    raise ParameterError(f"{where}game: {name!r} is not a game deckpress knows; valid: {', '.join(GAMES)}, none,"
                         " an installed game, or your own game.py")


def resolve(game: str) -> tuple[GameSpec, Deck | None]:
    """A command's GAME: a registered name, an installed game, or a deck file or
    project folder (then the game its ``game:`` names, and that deck)."""
    if game in GAMES:
        return GAMES[game], None
    ref = entry_point(game) if "/" not in game and "." not in game else None
    if ref is not None:
        return ensure(ref), None
    from pathlib import Path

    from ...deck import resolve_deck

    if not (Path(game).exists() or game.endswith((".yaml", ".yml"))):
        raise ParameterError(f"unknown game {game!r}; games: {', '.join(GAMES)}, or a deck file or project folder")
    deck = resolve_deck(game)
    spec = game_of(deck)
    if spec is None:
        raise ParameterError(f"{deck.path}: the deck plays no game (game: none); set game: in the deck")
    return spec, deck
