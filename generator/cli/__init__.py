"""The ``deckpress`` command line: thin Typer commands over library functions.

Each command lives in its own module, which registers its commands on ``app``;
the modules are listed here explicitly (add one line per new module).
"""

from __future__ import annotations

from importlib import import_module

from .app import app, main

COMMAND_MODULES = (
    "cmd_build",
    "cmd_cards",
    "cmd_check",
    "cmd_decks",
    "cmd_images",
    "cmd_rules",
    "cmd_simulate",
    "cmd_tiles",
    "cmd_watch",
)

for _module in COMMAND_MODULES:
    import_module(f"{__name__}.{_module}")

__all__ = ["app", "main"]
