"""``deckpress games``: every game deckpress can play, with its kind and players."""

from __future__ import annotations

import json
from typing import Any

import typer

from ..games.spec import GameSpec
from . import options
from .app import app, friendly


def _kind(spec: GameSpec) -> str:
    from ..games.registry import builtin_names

    source = spec.source or ""
    if spec.name in builtin_names():
        return "built-in"
    if source.startswith("generator.games.rules.registered:"):
        return "rules file (project)" if ":file_" in source else "rules file"
    if source.partition(":")[0].endswith(".py"):
        return "game.py (project)"
    return "installed"


def game_rows(projects: list[str]) -> list[dict[str, Any]]:
    """One row per game: the registered ones, the installed ones and each project's."""
    from importlib.metadata import entry_points

    from ..games.designer.find import resolve
    from ..games.designer.loader import ENTRY_POINTS, ensure
    from ..games.registry import specs

    found: dict[str, GameSpec] = {s.name: s for s in specs()}
    for ep in entry_points(group=ENTRY_POINTS):
        if ep.name not in found:
            try:
                found[ep.name] = ensure(str(ep.value))
            except Exception:  # noqa: BLE001 - a broken package: listed by name, its error below
                typer.echo(f"warning: the installed game {ep.name!r} does not load", err=True)
    for project in projects:
        spec, _ = resolve(project)
        found[spec.name] = spec
    return [{"name": s.name, "kind": _kind(s), "players": f"{s.players[0]}-{s.players[1]}"
             if s.players[0] != s.players[1] else str(s.players[0]), "title": s.title,
             "decisions": s.default_strategy is not None} for s in found.values()]


@app.command()
@friendly
def games(
    projects: list[str] = typer.Argument(None, help="Project folders or deck files whose own game to list too.",
                                         show_default=False),
    as_json: options.Json = False,
) -> None:
    """List every game deckpress plays: built-in, rules files, installed, and a project's."""
    rows = game_rows(list(projects or []))
    if as_json:
        typer.echo(json.dumps({"games": rows}))
        return
    from rich.table import Table

    from ..console import SafeConsole

    table = Table("game", "kind", "players", "title")
    for row in rows:
        table.add_row(row["name"], row["kind"], row["players"], row["title"])
    SafeConsole().print(table)
