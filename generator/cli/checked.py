"""Load a deck for a command: the one deck validation first (``generator.validate.deck``),
so every command agrees with ``check``: errors stop the command (exit 2) before
anything is written, warnings go to stderr."""

from __future__ import annotations

from pathlib import Path

import typer

from ..deck import Deck, resolve_deck


def load_checked(name: str | Path) -> Deck:
    from ..validate.deck import require_valid

    deck = resolve_deck(name)
    for warning in require_valid(deck):
        typer.echo(warning, err=True)
    return deck
