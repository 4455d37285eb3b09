"""Preview pictures of a piecepack, drawn by the very pieces that print the sheets.

``write_preview(deck, path, "faces")`` puts the 24 tile faces in a suits x values
grid; ``"components"`` shows a tile face and back, coins from both sides, a die
net and the pawns. ``main`` rasterises them into the docs' PNG previews:

    python -m generator.render.piecepack.preview piecepack docs/previews
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ...deck import resolve_deck
from ...deck.model import Deck
from ..atomic import atomic_write
from ..geometry import pt
from ..pdf import make_canvas
from ..piece import Piece
from . import piecepack_pieces

GAP = 5.0  # mm between pieces
PAPER = "#EEEBE3"  # the table the pieces lie on


def _place(canvas: Canvas, piece: Piece, x: float, y: float, side: str = "front") -> None:
    """Draw ``piece`` with its cut box's lower-left at (x, y) mm, clipped to the cut."""
    canvas.saveState()
    canvas.translate(pt(x), pt(y))
    clip = canvas.beginPath()
    if getattr(piece, "kind", "") == "coin":
        clip.circle(pt(piece.width) / 2, pt(piece.height) / 2, pt(piece.width) / 2)
    elif getattr(piece, "kind", "") in ("die", "pawn"):
        clip.rect(-2, -2, pt(piece.width) + 4, pt(piece.height) + 4)
    else:
        clip.rect(0, 0, pt(piece.width), pt(piece.height))
    canvas.clipPath(clip, stroke=0, fill=0)
    (piece.draw_back if side == "back" else piece.draw_front)(canvas, 0.0)
    canvas.restoreState()


def _row(canvas: Canvas, items: Sequence[tuple[Piece, str]], x: float, y: float) -> float:
    """Pieces side by side from (x, y), bottoms aligned; returns the x after the last."""
    for piece, side in items:
        _place(canvas, piece, x, y, side)
        x += piece.width + GAP
    return x


def _faces(canvas: Canvas, pieces: list[Piece]) -> tuple[float, float]:
    tiles = [p for p in pieces if getattr(p, "kind", "") == "tile"]
    cols = 6
    rows = (len(tiles) + cols - 1) // cols
    size = tiles[0].width
    for i, tile in enumerate(tiles):
        r, c = divmod(i, cols)
        _place(canvas, tile, GAP + c * (size + GAP), GAP + (rows - 1 - r) * (size + GAP))
    return GAP + cols * (size + GAP), GAP + rows * (size + GAP)


def _components(canvas: Canvas, pieces: list[Piece]) -> tuple[float, float]:
    kinds: dict[str, list[Piece]] = {}
    for p in pieces:
        kinds.setdefault(getattr(p, "kind", ""), []).append(p)
    tiles, coins, dice, pawns = (kinds.get(k, []) for k in ("tile", "coin", "die", "pawn"))
    coin, tile = coins[0].height, tiles[0].height
    height = tile + 2 * (coin + GAP)
    per_suit = len(coins) // 4
    _row(canvas, [(tiles[1], "front"), (tiles[16], "front"), (tiles[0], "back")], GAP, GAP + height - tile)
    _row(canvas, [(c, "front") for c in coins[:per_suit]], GAP, GAP + coin + GAP)
    right = _row(canvas, [(coins[i * per_suit + 1], "back") for i in range(4)], GAP, GAP)  # suit sides
    x = max(right, GAP + 3 * (tile + GAP)) + GAP
    for group in ([dice[0]], pawns):
        tallest = max(p.height for p in group)
        x = _row(canvas, [(p, "front") for p in group], x, GAP + (height - tallest) / 2)
    return x, height + 2 * GAP


def write_preview(deck: Deck, path: Path, what: str = "faces") -> None:
    """A one-page PDF of the tile faces (``faces``) or of every component (``components``)."""
    pieces = piecepack_pieces(deck)
    draw = _faces if what == "faces" else _components
    probe = Canvas(str(Path(tempfile.gettempdir()) / "deckpress-probe.pdf"))
    w, h = draw(probe, pieces)  # measure first: the page is exactly as big as the picture
    with atomic_write(path) as tmp:
        canvas = make_canvas(tmp, (pt(w), pt(h)), f"{deck.name} {what}")
        canvas.setFillColor(HexColor(PAPER))
        canvas.rect(0, 0, pt(w), pt(h), stroke=0, fill=1)
        draw(canvas, pieces)
        canvas.showPage()
        canvas.save()


def main(argv: Sequence[str]) -> None:
    import pypdfium2 as pdfium

    deck = resolve_deck(argv[0] if argv else "piecepack")
    folder = Path(argv[1] if len(argv) > 1 else "docs/previews")
    folder.mkdir(parents=True, exist_ok=True)
    for what, dpi in (("faces", 45), ("components", 72)):
        with tempfile.TemporaryDirectory() as tmp:
            pdf_path = Path(tmp) / f"{what}.pdf"
            write_preview(deck, pdf_path, what)
            pdf = pdfium.PdfDocument(str(pdf_path))
            try:
                image = pdf[0].render(scale=dpi / 72).to_pil().convert("RGB")
            finally:
                pdf.close()
        out = folder / f"tiles-{what}.png"
        image.save(out, optimize=True)
        print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
