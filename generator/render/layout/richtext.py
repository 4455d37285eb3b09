"""Rich text markup on cards: ``**bold**``, ``*italic*``, line breaks and ``:name:`` icons.

``parse`` turns a text element's (rendered) text into lines of :class:`Span`:
runs of text in one style, or one inline icon.

- ``**bold**`` and ``*italic*`` (``***both***``). A star opens only before a
  non-space and closes only after one, and an unmatched star is printed as it is,
  so "5 * 3" and "Ace*" stay literal.
- A line break is a newline in the text or the two characters ``\\n`` (as typed
  into a spreadsheet cell); a blank line leaves an empty line.
- ``:name:`` (a letter, then letters, digits, ``-``, ``_``) is an inline icon:
  a bundled vector icon (star, bolt, sun, crown, ...) or a project's
  ``icons/NAME.png``.
- ``\\*``, ``\\:`` and ``\\\\`` print the character itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

ICON_RE = re.compile(r":([A-Za-z][A-Za-z0-9_-]{0,40}):")
_TOKEN = re.compile(r"\\[*:\\n]|\*{1,3}|" + ICON_RE.pattern)


@dataclass(frozen=True)
class Span:
    """Text in one style, or (``icon`` set, ``text`` empty) one inline icon."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None


Line = tuple[Span, ...]


def _tokens(line: str) -> list[tuple[int, int, str]]:
    """(start, end, token) of every token in one line: escapes, icons and star runs."""
    return [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(line)]


def _pairs(line: str, tokens: list[tuple[int, int, str]]) -> set[int]:
    """Indices (into ``tokens``) of the star runs that open or close a style."""
    used: set[int] = set()
    open_at: dict[str, int] = {}
    for i, (start, end, tok) in enumerate(tokens):
        if not tok.startswith("*"):
            continue
        before = line[start - 1] if start > 0 else " "
        after = line[end] if end < len(line) else " "
        can_close, can_open = not before.isspace(), not after.isspace()
        if tok in open_at and can_close:
            used.update((open_at.pop(tok), i))
        elif can_open and tok not in open_at:
            open_at[tok] = i
    return used


def _line(raw: str) -> Line:
    tokens = _tokens(raw)
    styling = _pairs(raw, tokens)
    spans: list[Span] = []
    bold = italic = False
    buf: list[str] = []
    pos = 0

    def flush() -> None:
        if "".join(buf):
            spans.append(Span("".join(buf), bold, italic))
        buf.clear()

    for i, (start, end, tok) in enumerate(tokens):
        buf.append(raw[pos:start])
        pos = end
        if tok.startswith("\\"):
            buf.append(tok[1])
        elif tok.startswith(":"):
            flush()
            spans.append(Span("", bold, italic, tok[1:-1].lower()))
        elif i in styling:
            flush()
            if len(tok) in (2, 3):
                bold = not bold
            if len(tok) in (1, 3):
                italic = not italic
        else:
            buf.append(tok)
    buf.append(raw[pos:])
    flush()
    return tuple(spans)


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[Line, ...]:
    """Lines of spans; styles do not run past the end of a line."""
    lines = re.split(r"\n|(?<!\\)\\n", text.replace("\\\\", "\x00"))
    return tuple(_line(raw.replace("\x00", "\\\\")) for raw in lines)


def plain(text: str) -> str:
    """The text without markup (icons as their names), for messages and checks."""
    return "\n".join("".join(s.text if s.icon is None else f":{s.icon}:" for s in line)
                     for line in parse(text))


def icon_names(text: str) -> list[str]:
    """Every icon the text names, in order."""
    return [s.icon for line in parse(text) for s in line if s.icon is not None]
