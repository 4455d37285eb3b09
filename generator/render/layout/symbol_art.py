"""A symbol wherever a suit's symbol is drawn: a built-in vector shape, or a project's
own icon file (PNG or SVG) — on card layouts (``symbol``, ``icon``, ``pips`` elements
and art placeholders) and on piecepack pieces alike.

``find_symbol(name, folders)`` answers what ``name`` draws: a built-in shape's key
(``spade``, ``moon``, ...), or an icon file: ``icons/gem.png`` / ``icons/gem.svg``
(a path inside one of ``folders``), or the bare ``gem`` when a folder has
``icons/gem.png`` or ``icons/gem.svg``. Shapes are painted in the element's colour;
icons keep their own colours (like inline ``:icon:`` text), centred and fitted
into the symbol's square without distortion.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from .images import ImageProblem
from .symbols import SHAPES, draw_symbol

# drawing an icon (ReportLab's image reader, svglib) and reading one (Pillow) load
# when an icon is first met: the deck validation of a deck of built-in shapes needs neither

ICON_SUFFIXES = (".png", ".svg")


@lru_cache(maxsize=1024)
def _icon(name: str, folders: tuple[Path, ...]) -> Path | None:
    is_file = "/" in name or name.lower().endswith(ICON_SUFFIXES)
    for folder in folders:
        candidates = [folder / name] if is_file else [folder / "icons" / f"{name}{s}" for s in ICON_SUFFIXES]
        for candidate in candidates:
            try:
                real = candidate.resolve()
                if (real.suffix.lower() in ICON_SUFFIXES and real.is_file()
                        and real.is_relative_to(folder.resolve())):
                    return real
            except (OSError, RuntimeError, ValueError):
                continue
    return None


def find_symbol(name: str, folders: Sequence[Path]) -> str | Path | None:
    """A built-in shape's key, a project icon file, or None (nothing by that name).

    An icon file must be a usable PNG or a parseable SVG: ImageProblem otherwise."""
    text = name.strip()
    if text.lower() in SHAPES:
        return text.lower()
    if not text or "\x00" in text or len(text) > 1000:
        return None
    found = _icon(text, tuple(folders))
    if found is not None:
        from .images import check_image
        from .svg import is_svg, svg_size

        svg_size(found) if is_svg(found) else check_image(found)
    return found


def symbol_problem(name: str, folders: Sequence[Path]) -> str | None:
    """Why ``name`` cannot be drawn as a symbol (with the choices), or None."""
    try:
        if find_symbol(name, folders) is not None:
            return None
    except ImageProblem as exc:
        return f"symbol {name!r}: {exc}"
    return f"unknown symbol {name!r}{did_you_mean(name, list(SHAPES))}; {symbol_choices(folders)}"


def did_you_mean(word: str, options: Sequence[str]) -> str:
    close = difflib.get_close_matches(word.strip().lower(), list(options), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def symbol_choices(folders: Sequence[Path]) -> str:
    own = sorted({p.name for f in folders for s in ICON_SUFFIXES for p in (f / "icons").glob(f"*{s}")})
    return (f"symbols: {', '.join(sorted(SHAPES))}, or a project icon (icons/NAME.png or icons/NAME.svg"
            + (f"; this project has {', '.join(own)}" if own else "") + ")")


def draw_found(canvas: Any, found: str | Path, x: float, y: float, w: float, h: float, color: Any) -> None:
    """Draw what :func:`find_symbol` found centred in the box (points), as large as fits."""
    if isinstance(found, str):
        draw_symbol(canvas, found, x, y, w, h, color)
        return
    draw_icon_file(canvas, found, x, y, w, h)


def draw_icon_file(canvas: Any, path: Path, x: float, y: float, w: float, h: float) -> None:
    """A PNG or SVG icon fitted (contained) and centred in the box, in its own colours."""
    from .art import art_reader
    from .images import check_image
    from .svg import draw_svg, is_svg

    if is_svg(path):
        draw_svg(canvas, path, (x, y, w, h), "contain")
        return
    iw, ih = check_image(path)
    scale = min(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    canvas.drawImage(art_reader(path), x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, mask="auto")
