"""One drawing per component, many outputs.

A :class:`Piece` is anything printed and cut out: a card, a piecepack tile, a
coin, a die net, a pawn. It draws itself on a ReportLab canvas whose origin is
the lower-left corner of its *cut* rectangle (units: points); backgrounds and
edge art extend ``bleed`` points beyond the cut on every side. The same two
methods serve every output:

- sheet PDFs (``generator.render.sheet``) place pieces on a grid, clip each to
  its bleed box and add crop marks;
- single-card images (``deckpress images``) draw one piece on a page of its own
  size plus bleed and rasterise it;
- booklet figures wrap a piece in a platypus Flowable.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from reportlab.pdfgen.canvas import Canvas


@runtime_checkable
class Piece(Protocol):
    id: str  # card id, used in file names and proof stamps
    width: float  # cut width in mm
    height: float  # cut height in mm

    def draw_front(self, canvas: Canvas, bleed: float) -> None:
        """Draw the face; origin at the cut box's lower-left; ``bleed`` in points."""

    def draw_back(self, canvas: Canvas, bleed: float) -> None:
        """Draw the back the same way (it is mirrored into place by the sheet)."""
