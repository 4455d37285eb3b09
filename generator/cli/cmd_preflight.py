"""``deckpress preflight``: what a print shop checks in a produced PDF, before it is sent."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..render.preflight import Preflight, preflight
from . import options
from .app import app, friendly

MARKS = {"pass": "ok", "warn": "WARN", "fail": "FAIL"}


def _table(result: Preflight) -> str:
    width = max(len(c.name) for c in result.checks)
    lines = [f"{result.path}: {result.status.upper()}"]
    lines += [f"  {MARKS[c.status]:<4}  {c.name:<{width}}  {c.detail}" for c in result.checks]
    return "\n".join(lines)


@app.command("preflight")
@friendly
def preflight_cmd(
    files: list[Path] = typer.Argument(..., help="The PDFs to check (sheets from cards/tiles, images --preset dtc).",
                                       show_default=False, metavar="FILE"),
    as_json: options.Json = False,
    ink_limit: float = typer.Option(240.0, "--ink-limit", help="Total ink limit in % (C+M+Y+K; DriveThruCards: 240).",
                                    min=100.0, max=400.0),
) -> None:
    """Check produced PDFs as a print shop does: page boxes, fonts, colour, ink, images, PDF/X.

    Exit codes: 0 every file passes, 1 warnings (an RGB file, mixed page sizes,
    images under 300 ppi), 2 failures or a file that is not a PDF.
    """
    results = [preflight(path, ink_limit=ink_limit / 100) for path in files]
    worst = max((r.exit_code for r in results), default=0)
    if as_json:
        status = ("pass", "warn", "fail")[worst]
        typer.echo(json.dumps({"status": status, "files": [r.as_dict() for r in results]}, indent=2))
    else:
        typer.echo("\n\n".join(_table(r) for r in results))
    if worst:
        raise typer.Exit(worst)
