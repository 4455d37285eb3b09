"""``deckpress eject``: a project's rules game written as its own game.py."""

from __future__ import annotations

from pathlib import Path

import typer

from .app import app, friendly


@app.command()
@friendly
def eject(project: Path = typer.Argument(..., help="A project folder whose deck plays a rules file (game: game.yaml).",
                                         show_default=False)) -> None:
    """Write a project's rules game as an equivalent game.py (its rules move into Python)."""
    from ..project.eject import eject_report

    paths, said = eject_report(project)
    for path in paths:
        typer.echo(f"wrote {path}")
    typer.echo(f"note: {said}")
    typer.echo("note: game.py is Python: loading it runs it, as every project's game.py (docs/own-game.md)")
