"""``check --against``: what changed since OLD, as rich tables for the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from ..console import SafeConsole
from .changes_result import Changes
from .terminal import COMPACT
from .verdict_static import pct

SHOW = 10  # rows of per-card tables shown (the JSON has them all)


def _value(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def _signed(x: float) -> str:
    return f"{x * 100:+.1f} pp"


def print_changes(changes: Changes, console: Console | None = None) -> None:
    console = console or SafeConsole()
    console.print(f"[bold]changes since {changes.against}[/bold] (old verdict: {changes.old.verdict})", highlight=False)
    cards = changes.cards
    for what, colour, listed_cards in (("added", "green", cards.added), ("removed", "red", cards.removed)):
        if listed_cards:
            listed = ", ".join(f"{c.id} {c.name}" for c in listed_cards)
            console.print(f"[{colour}]{what}:[/] {listed}", highlight=False)
    if cards.edited:
        table = Table("card", "field", "old", "new", title="edited cards", **COMPACT)
        for c in cards.edited:
            for i, (field, ch) in enumerate(c.fields.items()):
                table.add_row(f"{c.id} {c.name}" if i == 0 else "", field, _value(ch.from_), _value(ch.to))
        console.print(table)
    if not cards:
        console.print("[dim]no card changed[/dim]")
    if changes.strength:
        table = Table("card", "strength old", "new", "change", title="static strength (share of the deck beaten)", **COMPACT)
        for r in changes.strength[:SHOW]:
            table.add_row(f"{r.id} {r.name}", pct(r.from_), pct(r.to), _signed(r.delta))
        console.print(table)
    moved = [r for r in changes.win_rates if r.significant]
    if moved:
        table = Table("card", "wins when shown, old", "new", "change (95 % interval)", title="win rates that moved", **COMPACT)
        for w in moved[:SHOW]:
            table.add_row(f"{w.id} {w.name}", pct(w.from_), pct(w.to),
                          f"{_signed(w.delta)} [dim]({_signed(w.low)} to {_signed(w.high)})[/dim]")
        console.print(table)
    elif changes.win_rates:
        console.print("[dim]no card's win rate moved beyond its 95 % interval[/dim]")
    if changes.measures:
        table = Table("measure", "old", "new", "change (95 % interval)", "", title="the game", **COMPACT)
        for m in changes.measures:
            is_share = m.measure != "game length (mean)"
            show = pct if is_share else (lambda x: f"{x:.1f}")
            delta = (_signed if is_share else (lambda x: f"{x:+.1f}"))
            table.add_row(m.measure, show(m.from_), show(m.to),
                          f"{delta(m.delta)} [dim]({delta(m.low)} to {delta(m.high)})[/dim]",
                          "[bold]moved[/bold]" if m.significant else "")
        console.print(table)
    for f in changes.findings.appeared:
        console.print(f"[red]new {f.level}[/red] [dim]{f.code}[/dim] {f.message}", highlight=False)
    for f in changes.findings.disappeared:
        console.print(f"[green]gone {f.level}[/green] [dim]{f.code}[/dim] {f.message}", highlight=False)
    if changes.worse:
        console.print("[bold red]worse since the old version: a balance finding appeared[/]")
