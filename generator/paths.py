"""Where the bundled folders (templates, deck data, fonts, ICC profiles) live.

In a source tree they sit beside the package; in an installed wheel they travel
inside it as ``generator/_bundled/*`` (see pyproject.toml).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def bundled_dir(name: str) -> Path:
    """The bundled folder ``name`` ("templates", "deck_data", "fonts" or "icc")."""
    for candidate in (_PACKAGE / "_bundled" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder {name!r} is missing from this installation")


def templates_dir() -> Path:
    return bundled_dir("templates")


def deck_data_dir() -> Path:
    return bundled_dir("deck_data")


def fonts_dir() -> Path:
    return bundled_dir("fonts")


def icc_dir() -> Path:
    return bundled_dir("icc")
