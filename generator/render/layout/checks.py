"""Checks made when a card's elements are resolved, before anything is drawn:
fonts exist (and embed), images exist."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...errors import RenderError
from ..fonts import resolve_font
from .context import Where
from .model import Element, Image

FONT_FIELDS = ("font", "value_font", "no_data_font")


def locate_image(src: str, folders: Sequence[Path], where: Where) -> Path:
    """The image file ``src`` names (absolute, or relative to the deck's and layout's folders)."""
    path = Path(src)
    candidates = [path] if path.is_absolute() else [f / path for f in folders]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    looked = ", ".join(str(c) for c in candidates)
    raise where.error(f"image not found: {src!r} (looked for {looked})")


def has_image(element: Image) -> bool:
    src = element.src.strip()
    return bool(src) and src != "None"


def check_element(element: Element, where: Where, folders: Sequence[Path]) -> None:
    for name in FONT_FIELDS:
        font = getattr(element, name, None)
        if isinstance(font, str):
            try:
                resolve_font(font)
            except RenderError as exc:
                raise where.error(str(exc)) from None
    if isinstance(element, Image) and has_image(element):
        locate_image(element.src.strip(), folders, where)
