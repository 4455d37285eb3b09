"""A rich Console that never sends deck data's control characters to the terminal.

Card names, ids and attribute labels come from files people share. Printed raw, a
name holding ``\\x1b[2J`` clears the terminal and ``\\u202e`` reverses the line it is
on. :class:`SafeConsole` escapes them (as error lines do, :func:`generator.errors.visible`)
in every piece of text it prints — table cells, findings, plain lines — while rich's
own styling (colours, bold) still reaches the terminal: rich emits that separately,
from the style of each piece, never from the text.

Layering: a leaf like ``errors``; every layer may use it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment


def terminal_text(text: str) -> str:
    """``text`` with control and format characters (ESC, bidi overrides, zero-width
    marks) escaped as ``\\x1b``/``\\u202e``; newlines, tabs and every printable
    character (accents, Hebrew, Arabic, combining marks) are kept."""
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or ch in "\n\t" or unicodedata.category(ch) == "Zs" else ascii(ch)[1:-1]
        for ch in text
    )


def one_line(text: str) -> str:
    """``text`` as one line: newlines and carriage returns escaped as ``\\n``/``\\r`` (a
    newline in a card name must not forge an output line such as ``error: ...``), the other
    control and format characters as :func:`terminal_text` does."""
    if "\n" in text or "\r" in text:
        text = text.replace("\r", "\\r").replace("\n", "\\n")
    return terminal_text(text)


class SafeConsole(Console):
    """``rich.console.Console`` whose printed text is passed through :func:`terminal_text`,
    whose every string (a ``print`` argument, a table cell) is one line (:func:`one_line`):
    print two lines as two ``print`` calls (or pass a ``Text``), and with rich's emoji codes
    off: a game's own words (an action ``play:dash:2``, a card ``Smile:wink:``) are printed
    as written, never as emoji."""

    def __init__(self, *args: Any, **options: Any) -> None:
        options.setdefault("emoji", False)
        super().__init__(*args, **options)

    def render_str(self, text: str, **options: Any) -> Any:
        return super().render_str(one_line(text), **options)

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            if segment.control or segment.text.isprintable():
                yield segment
            else:
                yield Segment(terminal_text(segment.text), segment.style)


def safe_console(**options: Any) -> Console:
    """A console for output that may hold deck data (the same options as ``Console``)."""
    return SafeConsole(**options)
