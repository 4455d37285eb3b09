"""Font subset tags derived from each subset's content, for print-shop files.

A subset font's PDF name starts with a six-letter tag (``ABCDEF+Roboto-Bold``, ISO 32000
9.6.4) that tells *different* subsets of one font apart: a print shop that merges or
imposes several files keeps one copy per name. ReportLab numbers the subsets of each
font in a file (``AAAAAA+``, ``AAAAAB+``, ...), so every file's first subset of Roboto is
``AAAAAA+Roboto`` whatever characters it holds: merged, one file's glyphs would stand in
for another's. :func:`content_tags` gives each subset a tag computed from the font and the
characters of the subset (a SHA-256 digest as six capital letters): the same subset gets
the same tag in every file, different subsets different ones.

Used by the CMYK canvas (``--color cmyk``, the files that go to print shops); screen and
home-print files keep ReportLab's numbering (their bytes are pinned by the goldens).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from typing import Any

from reportlab.pdfbase import ttfonts

_LOCK = threading.Lock()  # SUBSETN is a module global while one font writes its subsets


def subset_tag(font_name: str, codes: Sequence[int], font_data: bytes = b"") -> str:
    """Six capital letters from the font (its name and file) and the character codes of the subset
    (in order): what decides the subset's glyphs."""
    digest = hashlib.sha256(font_name.encode("utf-8", "replace") + b"\0" + hashlib.sha256(font_data).digest()
                            + ",".join(str(c) for c in codes).encode("ascii")).digest()
    value = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(6):
        value, r = divmod(value, 26)
        letters.append(chr(65 + r))
    return "".join(letters)


class _Tagged:
    """A delayed TrueType font whose subsets are written under content-derived tags."""

    def __init__(self, font: Any) -> None:
        self.font = font

    def __getattr__(self, name: str) -> Any:
        return getattr(self.font, name)

    def addObjects(self, doc: Any) -> None:  # noqa: N802 (ReportLab's name)
        state = self.font.state.get(doc)
        if state is None:
            self.font.addObjects(doc)
            return
        name = getattr(self.font.face, "name", b"")
        name = name.decode("latin-1") if isinstance(name, bytes) else str(name)
        data = getattr(self.font.face, "_ttf_data", b"") or b""
        tags = [subset_tag(name, subset, data).encode("ascii") for subset in state.subsets]
        with _LOCK:
            numbered = ttfonts.SUBSETN
            ttfonts.SUBSETN = lambda n, *_: tags[n]  # type: ignore[assignment]
            try:
                self.font.addObjects(doc)
            finally:
                ttfonts.SUBSETN = numbered


def content_tags(doc: Any) -> None:
    """Make ``doc`` (a ReportLab PDFDocument about to be written) tag its TrueType subsets by content."""
    doc.delayedFonts = [_Tagged(f) if isinstance(f, ttfonts.TTFont) else f for f in doc.delayedFonts]
