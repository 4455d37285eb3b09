"""Booklet text in any script: the same font fallback as cards (see render/layout/textruns).

The booklet's paragraph styles are set in Roboto and DejaVu Serif, which have no
Chinese, Japanese or Korean: a card name 「やかん」 or a sentence of a project's
Japanese catalogue would print as nothing. Before the paragraph markup is made, each
run of characters the booklet's font lacks is wrapped in a ``<font>`` tag naming the
first bundled fallback that has them (DejaVu Sans, Droid Sans Fallback, NanumSquare,
the deck's own fonts after them); a character no font has is left as it is (ReportLab
draws nothing for it) and counted by :func:`undrawn`.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from ..render.fonts import CJK, FALLBACKS, HANGUL, SANS, ensure_font, is_hangul
from ..render.layout.glyphs import _cmap
from .ours import MARK

OWN = frozenset(MARK)  # the marker of a rule of ours: set in its own font by the markup (MARKER_TAG)


def _has(font: str, ch: str) -> bool:
    return ensure_font(font) and ord(ch) in _cmap(font)


def _face(ch: str, base: str) -> str | None:
    """The font to set ``ch`` in: None where ``base`` has it (or no font does)."""
    if ch.isspace() or ord(ch) < 0x0250 or ch in OWN or _has(base, ch):
        return None
    chain = [f for f in FALLBACKS if f != base]
    if is_hangul(ch) and HANGUL in chain and CJK in chain:
        chain.remove(HANGUL)
        chain.insert(chain.index(CJK), HANGUL)
    return next((f for f in chain if _has(f, ch)), None)


def with_fallbacks(text: str, base: str = SANS) -> str:
    """``text`` escaped for a ReportLab paragraph, runs ``base`` cannot draw in a fallback font."""
    if all(ord(ch) < 0x0250 for ch in text):  # Latin: nothing to look up
        return escape(text)
    out: list[str] = []
    run: list[str] = []
    face: str | None = None

    def flush() -> None:
        if run:
            piece = escape("".join(run))
            out.append(f'<font name="{face}">{piece}</font>' if face else piece)
            run.clear()

    for ch in text:
        wanted = _face(ch, base)
        if ch.isspace() and face is not None:
            wanted = face  # a space between two CJK words stays in their run
        if wanted != face:
            flush()
            face = wanted
        run.append(ch)
    flush()
    return "".join(out)
