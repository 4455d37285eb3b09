"""The one message for a deck too small to deal: it names the deck file and what to add."""

from __future__ import annotations

from ..deck.model import Deck
from ..errors import Problem


def too_few(deck: Deck, count: int, players: int, word: str = "cards") -> Problem:
    """``count`` printed cards (copies counted) for ``players`` players: a problem of the deck's ``cards``."""
    one = word[:-1] if count == 1 else word
    return Problem(f"{deck.game}: {count} {one} cannot be dealt to {players} players (copies counted); "
                   f"a game needs at least one per player: add {word} or copies, or play with --players {max(1, count)}"
                   if count >= 2 else
                   f"{deck.game}: {count} {one} cannot be dealt to {players} players (copies counted); "
                   f"a game needs at least {players}: add {word} or copies",
                   deck.path, None, field="cards")
