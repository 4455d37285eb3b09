"""``deckpress watch``: live preview in the browser while you edit a deck."""

from __future__ import annotations

from pathlib import Path

import typer

from . import options
from .app import app, friendly


@app.command("watch")
@friendly
def watch_command(
    target: str = typer.Argument(".", help="A deck file, project folder or bundled deck (default: this folder).",
                                 show_default=False),
    output: options.OutputDir = Path("output"),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to serve on (the default is this machine only)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to serve on (0: any free port)."),
    no_open: bool = typer.Option(False, "--no-open", help="Do not open the browser."),
    balance_games: int | None = typer.Option(None, "--balance-games", min=0, show_default=False,
                                             help="Games simulated per balance report (default: the project's build.balance.games, else 2000)."),
    poll_sheets: str | None = typer.Option(None, "--poll-sheets", metavar="TIME", show_default=False,
                                           help="Fetch the deck's sheet link again every TIME (30s, 2m) and rebuild when its rows change."),
) -> None:
    """Build once, serve the gallery, and rebuild what each saved edit affects; the page updates by itself."""
    from ..project.sheet_poll import parse_interval
    from ..project.watch import watch

    interval = parse_interval(poll_sheets) if poll_sheets is not None else None
    watch(target, output, host=host, port=port, open_browser=not no_open, balance_games=balance_games,
          log=lambda line: typer.echo(line, err=True), poll_sheets=interval)
