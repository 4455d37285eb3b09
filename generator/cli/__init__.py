"""The ``deckpress`` command line: thin Typer commands over library functions.

Each command lives in its own module and is registered here explicitly.
"""

from __future__ import annotations

from .app import app, main
from . import cmd_build, cmd_decks  # noqa: F401  (each module registers its commands)

__all__ = ["app", "main"]
