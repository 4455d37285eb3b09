"""One line of plain text drawn through the same font-fallback path as text boxes.

Attribute labels and values, units, the "no data" word, symbol labels and
court-card letters are single lines in one named font. They used to be drawn with
ReportLab's ``drawString`` in that font alone, so ``速度`` vanished and ``كم/س``
printed as ``/``. Here they go through :mod:`.textruns` like every text box: each
character in the first font of the fallback chain that has it, right-to-left
runs shaped and ordered, and only a character no font at all has is left out
(and returned, for the caller to warn; ``check`` and ``--strict`` report it
from :func:`..textcheck.glyph_problems`).

The text is plain: ``*``, ``:`` and backslashes print as themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .glyphs import _cmap, _invisible
from .richdraw import draw_lines
from .textfit import RichFitted
from .textruns import Word, paragraphs


def escape(text: str) -> str:
    """``text`` as rich-text markup that prints it literally (no bold, italic or icons)."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace(":", "\\:").replace("\n", " ")


@dataclass(frozen=True)
class OneLine:
    words: tuple[Word, ...]
    width: float  # at 1 pt
    missing: str  # characters no font has (left out)
    font: str
    simple: str | None = None  # the text, when ``font`` draws all of it left to right


def one_line(text: str, font: str, project: tuple[str, ...] = ()) -> OneLine:
    """``text`` measured as one line in ``font`` and its fallbacks."""
    clean = "".join(ch for ch in text if not _invisible(ch))
    have = _cmap(font)
    if have and all(ord(ch) < 0x0590 and (ch == " " or (ch.isprintable() and ord(ch) in have)) for ch in clean):
        # the common case, drawn as before (one string in one font: the same PDF bytes)
        return OneLine((), float(pdfmetrics.stringWidth(clean, font, 1.0)), "", font, clean)
    paras = paragraphs(escape(text), font, project)
    words = tuple(w for p in paras for w in p.words)
    width = sum(w.width + (0.0 if i == 0 or w.glue else w.space) for i, w in enumerate(words))
    missing = "".join(dict.fromkeys("".join(p.missing for p in paras)))
    return OneLine(words, width, missing, font)


def draw_line(canvas: Canvas, line: OneLine, size: float, x: float, base: float, width: float,
              align: str = "left") -> None:
    """Draw ``line`` at ``size`` in the canvas's fill colour, its baseline at ``base``, aligned
    (``left``, ``center``, ``right``) in [x, x + width]."""
    if line.simple is not None:
        canvas.setFont(line.font, size)
        if align == "right":
            canvas.drawRightString(x + width, base, line.simple)
        elif align == "center":
            canvas.drawCentredString(x + width / 2, base, line.simple)
        else:
            canvas.drawString(x, base, line.simple)
        return
    fitted = RichFitted(size, (line.words,), size, False, line.missing)
    draw_lines(canvas, fitted, x, width, base, align, None, ())
