"""``deckpress play``: a table in the browser against the game's players, with the deck's own cards."""

from __future__ import annotations

from pathlib import Path

import typer

from ..games.registry import game_names
from . import options
from .app import app, friendly


@app.command("play")
@friendly
def play_command(
    target: str | None = typer.Argument(None, help=f"{game_names()}, viashilym, a deck file or a project folder "
                                        "(default: the project in this folder; with --replay or --resume: the bundled "
                                        "game the file names, or the project in the file's own folder).",
                                        show_default=False, metavar="[GAME|DECK|PROJECT]"),
    seat: int = typer.Option(0, "--seat", min=0, help="The seat you play (0 leads or draws first)."),
    humans: str | None = typer.Option(None, "--humans", show_default=False,
                                      help="Pass-and-play: the seats people play, e.g. 0,2 (a 'pass to seat N' "
                                           "screen hides each hand from the others)."),
    players: options.Players = None,
    strategy: options.Strategy = None,
    sets: options.Sets = [],  # noqa: B006  (Typer copies it)
    seed: int | None = typer.Option(None, "--seed", show_default=False,
                                    help="The first game's seed, for a chosen deal (default: a fresh secret seed "
                                         "every game, told at its end)."),
    deck: str | None = typer.Option(None, "--deck", show_default=False,
                                    help="A deck file or bundled name (default: the game's bundled deck, or GAME's deck)."),
    replay: Path | None = typer.Option(None, "--replay", show_default=False,
                                       help="Step through a saved game (a play-<date>.json this command wrote); "
                                            "every move is checked first."),
    resume: Path | None = typer.Option(None, "--resume", show_default=False,
                                       help="Go on with an interrupted game (a play-<date>.json that did not end)."),
    output: options.OutputDir = Path("output/play"),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to serve on (the default is this machine only; "
                             "0.0.0.0 serves your local network, always with a token)."),
    port: int = typer.Option(0, "--port", min=0, max=65535, help="Port to serve on (0: any free port)."),
    token: bool = typer.Option(False, "--token", help="Put a random token in the link: a request without it gets no "
                               "page (made anyway for an address other than loopback); with --humans, one link per "
                               "seat."),
    no_open: bool = typer.Option(False, "--no-open", help="Do not open the browser."),
) -> None:
    """Play your game in the browser against the AI players, with your own cards; every game is saved."""
    from ..project.play import parse_seats, play
    from .options import project_here

    if target is None and replay is None and resume is None:
        if not project_here():
            raise typer.BadParameter("name a game, a deck file or a project folder: this folder has no deck.yaml",
                                     param_hint="'GAME|DECK|PROJECT'")
        target = "."
    chosen = parse_seats(humans, 64, "--humans") if humans else ()
    play(target or "", folder=output, seat=seat, humans=chosen, players=players, strategy=strategy, sets=sets,
         seed=seed, deck=deck, replay=replay, resume=resume, host=host, port=port, token=token, open_browser=not no_open,
         log=lambda line: typer.echo(line, err=True))
