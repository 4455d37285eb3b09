"""Reading piecepack sheets back: piece names (invisible text at each cut origin) and
the cut lines the crop marks sit on, straight from the PDF's content stream."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def words(path: Path, page: int) -> list[tuple[str, float, float]]:
    """Every word on a page with its text origin in mm."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        text = pdf[page].get_textpage()
        content = text.get_text_range()
        out, index = [], 0
        for token in content.replace("\r", " ").replace("\n", " ").split(" "):
            if token:
                m = text.get_textobj(index).get_matrix().get()
                out.append((token, m[4] / MM, m[5] / MM))
            index += len(token) + 1
        return out
    finally:
        pdf.close()


def pieces_on(path: Path, page: int, ids: set[str]) -> dict[str, tuple[float, float]]:
    """Cut-box lower-left corners (mm) of the named pieces on a page."""
    found: dict[str, tuple[float, float]] = {}
    for word, x, y in words(path, page):
        if word in ids:
            assert word not in found, f"{word} twice on page {page}"
            found[word] = (x, y)
    return found


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def cut_lines(path: Path, page: int) -> tuple[list[float], list[float]]:
    """x of every vertical and y of every horizontal page-level mark (the crop marks), mm."""
    reader = PdfReader(str(path))
    ops = ContentStream(reader.pages[page].get_contents(), reader).operations
    stack: list[Matrix] = [IDENTITY]
    xs: set[float] = set()
    ys: set[float] = set()
    start: tuple[float, float] | None = None
    for operands, op in ops:
        if op == b"q":
            stack.append(stack[-1])
        elif op == b"Q":
            stack.pop()
        elif op == b"cm":
            stack[-1] = _mul(tuple(float(v) for v in operands), stack[-1])  # type: ignore[arg-type]
        elif op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l" and start is not None and stack[-1] == IDENTITY:
            x, y = float(operands[0]), float(operands[1])
            if abs(start[0] - x) < 1e-6:
                xs.add(round(x / MM, 4))
            elif abs(start[1] - y) < 1e-6:
                ys.add(round(y / MM, 4))
    return sorted(xs), sorted(ys)


def mark_segments(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Every straight page-level line (the crop marks), as (x1, y1, x2, y2) in mm."""
    reader = PdfReader(str(path))
    ops = ContentStream(reader.pages[page].get_contents(), reader).operations
    stack: list[Matrix] = [IDENTITY]
    out = []
    start: tuple[float, float] | None = None
    for operands, op in ops:
        if op == b"q":
            stack.append(stack[-1])
        elif op == b"Q":
            stack.pop()
        elif op == b"cm":
            stack[-1] = _mul(tuple(float(v) for v in operands), stack[-1])  # type: ignore[arg-type]
        elif op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l" and start is not None and stack[-1] == IDENTITY:
            x, y = float(operands[0]), float(operands[1])
            out.append((start[0] / MM, start[1] / MM, x / MM, y / MM))
            start = None
    return out


def fonts_embedded(path: Path) -> int:
    """Number of fonts, asserting every one is an embedded TrueType font."""
    count = 0
    for page in PdfReader(str(path)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType", font
            assert "/FontFile2" in font["/FontDescriptor"].get_object()
            count += 1
    return count
