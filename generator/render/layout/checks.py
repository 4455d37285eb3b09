"""Checks made when a card's elements are resolved, before anything is drawn:
fonts exist (and embed), images exist inside the allowed folders and are usable."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...deck.model import Card
from ...errors import Problem, RenderError, shown_path
from ..fonts import resolve_font
from .art import low_resolution
from .colors import ColorError, parse_color
from .context import Where
from .images import ImageProblem, check_image
from .model import Element, Icon, Image, Pips, Symbol, Text
from .richdraw import icon_problem
from .richtext import icon_names
from .svg import is_svg, svg_notes, svg_size
from .symbol_art import symbol_problem

FONT_FIELDS = ("font", "value_font", "no_data_font")


def check_values(element: Element, layout: Any, side: str, name: str, card: str) -> None:
    """Every colour a resolved element will draw with parses (a template may produce
    any text): a RenderError naming the layout file and line that wrote the key (a
    project layout that ``extends: weiji`` names the project's file), the element
    and the card, before a file is opened; never a crash half-way through drawing."""
    for key, value in element.__dict__.items():
        if not key.endswith("color") or not isinstance(value, str):
            continue
        try:
            parse_color(value)
        except ColorError as exc:
            file, line = layout.origin(side, name, key)
            label = layout.name if file == layout.path else file.stem
            raise RenderError(Problem(f"layout {label}, {side} element '{name}': {exc}",
                                      file, line, card, key)) from None


def _allowed(folders: Sequence[Path]) -> list[Path]:
    from ...paths import deck_data_dir, templates_dir

    return [f.resolve() for f in (*folders, templates_dir(), deck_data_dir())]


def locate_image(src: str, folders: Sequence[Path], where: Where) -> Path:
    """The image file ``src`` names (absolute, or relative to the deck's and layout's folders).

    It must lie, symlinks followed, inside those folders or the bundled ones, and be
    a PNG, JPEG, GIF, WebP or TIFF of sane dimensions, or an SVG that parses (checked once per file, before drawing).
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
            svg_size(real) if is_svg(real) else check_image(real)
        except ImageProblem as exc:
            raise where.error(f"image {src!r}: {exc}") from None
        return real
    looked = ", ".join(str(c) for c in candidates)
    raise where.error(f"image not found: {src!r} (looked for {looked})")


def has_image(element: Image) -> bool:
    src = element.src.strip()
    return bool(src) and src != "None"


@dataclass(frozen=True)
class ArtWhere(Where):
    """A card's own art file: its problems name the deck file's line, the card and
    the field ``art`` (the data to fix), not the layout that draws it."""

    file: Path | None = None
    line: int | None = None
    art: str = ""  # the art file as the card names it (its resolved path)
    shown: str = ""  # and as the designer wrote it

    def at(self, key: str | None) -> Where:
        return self  # the card's field ``art``, whichever key of the element draws it

    def error(self, message: str) -> RenderError:
        return RenderError(Problem(message.replace(self.art, self.shown), self.file, self.line, self.card, "art"))

    def warning(self, message: str) -> str:
        where = f"{shown_path(self.file)}:{self.line}: " if self.file is not None else ""
        return f"{where}card {self.card}, field 'art': {message}"


def art_where(where: Where, element: Element, card: Card) -> Where:
    """``where`` for ``element``, or an :class:`ArtWhere` when it draws the card's ``art``."""
    if not isinstance(element, Image) or card.art is None or element.src.strip() != str(card.art):
        return where
    source = card.source
    folder = source.file.parent if source.file is not None else None
    try:
        shown = str(card.art.relative_to(folder.resolve())) if folder is not None else card.art.name
    except ValueError:
        shown = str(card.art)
    return ArtWhere(where.layout, where.path, where.card, where.element, file=source.file,
                    line=source.line, art=str(card.art), shown=shown)


def art_warning(element: Element, path: Path | None, box: tuple[float, float]) -> str | None:
    """A low-resolution warning for an image element drawn into ``box`` (points); for SVG art,
    the linked images its drawing leaves out."""
    if not isinstance(element, Image) or path is None:
        return None
    if is_svg(path):  # vectors print sharp at any size
        return "; ".join(svg_notes(path)) or None
    return low_resolution(check_image(path), box, element.fit)


def check_element(element: Element, where: Where, folders: Sequence[Path]) -> Path | None:
    """Fonts and image of a resolved element; the image file it draws (None: no image)."""
    for name in FONT_FIELDS:
        font = element.__dict__.get(name)  # (getattr with a default is slow on a model without it)
        if isinstance(font, str):
            try:
                resolve_font(font)
            except RenderError as exc:
                raise where.at(name).error(str(exc)) from None
    if isinstance(element, Text):
        for icon in icon_names(element.text):
            why = icon_problem(icon, folders)
            if why:
                raise where.at("text").error(why)
    if isinstance(element, Symbol | Icon | Pips):  # what `cards` would refuse while drawing
        why = symbol_problem(element.name, folders)
        if why:
            raise where.at("name").error(why)
    if isinstance(element, Image) and has_image(element):
        return locate_image(element.src.strip(), folders, where.at("src"))
    return None
