"""Checks made when a card's elements are resolved, before anything is drawn:
fonts exist (and embed), images exist inside the allowed folders and are usable."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...errors import RenderError
from ..fonts import resolve_font
from .context import Where
from .images import ImageProblem, check_image
from .model import Element, Image

FONT_FIELDS = ("font", "value_font", "no_data_font")


def _allowed(folders: Sequence[Path]) -> list[Path]:
    from ...paths import deck_data_dir, templates_dir

    return [f.resolve() for f in (*folders, templates_dir(), deck_data_dir())]


def locate_image(src: str, folders: Sequence[Path], where: Where) -> Path:
    """The image file ``src`` names (absolute, or relative to the deck's and layout's folders).

    It must lie, symlinks followed, inside those folders or the bundled ones, and be
    a PNG, JPEG or GIF of sane dimensions (checked once per file, before drawing).
    """
    if "\x00" in src or len(src) > 1000:
        raise where.error(f"not a usable image file name: {src[:60]!r}")
    path = Path(src)
    candidates = [path] if path.is_absolute() else [f / path for f in folders]
    roots = _allowed(folders)
    for candidate in candidates:
        try:
            real = candidate.resolve()
            found = real.is_file()
        except (OSError, RuntimeError, ValueError):
            continue
        if not found:
            continue
        if not any(real.is_relative_to(root) for root in roots):
            raise where.error(
                f"image {src!r} is outside the deck's folder; images must be inside the "
                "deck's project folder or the bundled folders"
            )
        try:
            check_image(real)
        except ImageProblem as exc:
            raise where.error(f"image {src!r}: {exc}") from None
        return real
    looked = ", ".join(str(c) for c in candidates)
    raise where.error(f"image not found: {src!r} (looked for {looked})")


def has_image(element: Image) -> bool:
    src = element.src.strip()
    return bool(src) and src != "None"


def check_element(element: Element, where: Where, folders: Sequence[Path]) -> None:
    for name in FONT_FIELDS:
        font = element.__dict__.get(name)  # (getattr with a default is slow on a model without it)
        if isinstance(font, str):
            try:
                resolve_font(font)
            except RenderError as exc:
                raise where.error(str(exc)) from None
    if isinstance(element, Image) and has_image(element):
        locate_image(element.src.strip(), folders, where)
