"""The ``deckpress`` command line: thin Typer commands over library functions.

Each command lives in its own module and is registered here explicitly.
"""

from __future__ import annotations

from . import cmd_build, cmd_cards, cmd_decks  # noqa: F401  (each module registers its commands)
from .app import app, main

__all__ = ["app", "main"]
