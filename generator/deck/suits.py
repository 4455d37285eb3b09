"""A deck's suits as the model holds them: each with its line in the deck file, its
colour (or the default palette's, marked so ``check`` can warn) and its ``symbol:``
resolved when it names a project icon.

``symbol:`` is a built-in symbol's name (checked by the renderers' validation,
which knows the shapes) or a project icon: ``icons/gem.png`` / ``icons/gem.svg``
(a file inside the deck's folder), or the bare name ``gem`` when the deck's
folder has ``icons/gem.png`` or ``icons/gem.svg``. A symbol that names a file
which is not there, or not a PNG or SVG, is an error at the suit's line here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import Problem
from .model import SUIT_PALETTE, Source, Suit
from .rows import resolve_reference
from .schema import SuitIn
from .yamlfile import LineMap

ICON_SUFFIXES = (".png", ".svg")


def looks_like_file(symbol: str) -> bool:
    return "/" in symbol or "\\" in symbol or symbol.lower().endswith(ICON_SUFFIXES)


def project_icon(name: str, folder: Path, suffixes: Sequence[str] = ICON_SUFFIXES) -> Path | None:
    """``icons/NAME.png`` or ``icons/NAME.svg`` (the first of ``suffixes`` found) in
    ``folder``, confined to it (links followed), or None. Suit symbols and the inline
    icons of rich text both find project icons here."""
    for suffix in suffixes:
        candidate = folder / "icons" / f"{name}{suffix}"
        try:
            real = candidate.resolve()
            if real.is_file() and real.is_relative_to(folder.resolve()):
                return real
        except (OSError, RuntimeError, ValueError):
            continue
    return None


def build_suits(specs: Sequence[SuitIn], raw: Mapping[str, Any], path: Path, folder: Path,
                roots: Sequence[Path]) -> tuple[tuple[Suit, ...], list[Problem]]:
    nodes = raw.get("suits")
    nodes = nodes if isinstance(nodes, list) else []
    suits: list[Suit] = []
    problems: list[Problem] = []
    unpainted = 0
    for i, spec in enumerate(specs):
        node = nodes[i] if i < len(nodes) else None
        line = node.line if isinstance(node, LineMap) else None
        lines: dict[str, int] = {}
        if isinstance(node, LineMap):
            lines = {str(k): n for k in node if (n := node.line_of(k)) is not None}
        icon = None
        symbol = spec.symbol.strip() if spec.symbol is not None else None
        if symbol and looks_like_file(symbol):
            icon, error = resolve_reference(symbol, folder, roots)
            if icon is not None and icon.suffix.lower() not in ICON_SUFFIXES:
                icon, error = None, f"{symbol!r} is not a PNG or SVG file"
            if error:
                problems.append(Problem(f"suit {spec.key!r}: symbol: {error}; a project icon is a PNG or SVG "
                                        "file inside the deck's folder (icons/NAME.png or icons/NAME.svg)",
                                        path, lines.get("symbol", line), field=f"suits[{spec.key}].symbol"))
        elif symbol:
            icon = project_icon(symbol, folder)
        color, default = spec.color, False
        if color is None:
            color, default = SUIT_PALETTE[unpainted % len(SUIT_PALETTE)], True
            unpainted += 1
        suits.append(Suit(key=spec.key, name=spec.name, color=color, symbol=symbol or None, border=spec.border,
                          rank8=spec.rank8, gods=spec.gods, icon=icon, default_color=default,
                          source=Source(path, line, lines)))
    return tuple(suits), problems
