"""The "What changed" page of the balance report (``check --against --report``):
the edited cards drawn old and new side by side (each by its own drawing, as on
the sheets), and the tables of what moved."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from ..render.geometry import pt
from ..render.piece import Piece
from .changes_result import Changes
from .report_style import ReportStyle
from .verdict_static import pct

CARD_WIDTH_MM = 45.0  # each drawn card's width on the page
SHOW_PAIRS = 6  # edited cards drawn (the tables list them all)
SHOW_ROWS = 12  # cards whose static strength moved most (the JSON lists them all)


class PieceDrawing(Flowable):
    """One side of a piece, scaled to ``width`` points, drawn by the piece itself."""

    def __init__(self, piece: Piece, width: float) -> None:
        super().__init__()
        self.piece = piece
        self.scale = width / pt(piece.width)
        self.width = width
        self.height = pt(piece.height) * self.scale

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        clip = c.beginPath()
        clip.rect(0, 0, self.width, self.height)
        c.clipPath(clip, stroke=0, fill=0)
        c.scale(self.scale, self.scale)
        self.piece.draw_front(c, 0.0)
        c.restoreState()
        c.setLineWidth(0.3)
        c.setStrokeGray(0.6)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)


def _table(rows: list[list[Any]], widths: list[float], s: ReportStyle) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), s.font), ("FONTSIZE", (0, 0), (-1, -1), s.small),
                               ("FONTNAME", (0, 0), (-1, 0), s.bold), ("LINEBELOW", (0, 0), (-1, 0), 0.5, s.grid),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return table


def changes_story(changes: Changes, pairs: Sequence[tuple[Piece, Piece]], st: dict[str, ParagraphStyle],
                  s: ReportStyle, width: float) -> list[Any]:
    """Flowables of the "What changed" page."""
    story: list[Any] = [PageBreak(), Paragraph("What changed", st["h2"]),
                        Paragraph(escape(f"Compared with {changes.against} (its verdict: {changes.old.verdict}), "
                                         "same seeds and games. A simulated figure moved only where the 95 % interval of the "
                                         "difference excludes zero."), st["small"]), Spacer(1, 4)]
    cards = changes.cards
    for what, listed in (("added", cards.added), ("removed", cards.removed)):
        if listed:
            story.append(Paragraph(escape(f"{what.capitalize()}: " + ", ".join(f"{c.id} {c.name}" for c in listed)), st["body"]))
    if cards.edited:
        rows: list[list[Any]] = [["card", "field", "old", "new"]]
        for c in cards.edited:
            for i, (field, ch) in enumerate(c.fields.items()):
                rows.append([f"{c.id} {c.name}" if i == 0 else "", field, str(ch.from_), str(ch.to)])
        story += [Spacer(1, 4), _table(rows, [width * 0.34, width * 0.2, width * 0.23, width * 0.23], s)]
    if pairs:
        w = CARD_WIDTH_MM * mm
        grid = [[PieceDrawing(old, w), PieceDrawing(new, w)] for old, new in pairs[:SHOW_PAIRS]]
        heads = [[Paragraph("old", st["small"]), Paragraph("new", st["small"])]]
        table = Table(heads + grid, colWidths=[w + 6 * mm, w + 6 * mm], hAlign="LEFT")
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOTTOMPADDING", (0, 1), (-1, -1), 6)]))
        story += [Spacer(1, 6), Paragraph("Edited cards, old and new", st["body"]), table]
    moved = [r for r in changes.win_rates if r.significant]
    if changes.strength or moved:
        rows = [["card", "strength old -> new", "wins when shown old -> new (Δ, 95 % interval)"]]
        wins = {r.id: r for r in moved}
        ids = [r.id for r in changes.strength[:SHOW_ROWS]] + [i for i in wins if i not in {r.id for r in changes.strength}]
        strength = {r.id: r for r in changes.strength}
        for cid in ids:
            st_r, w_r = strength.get(cid), wins.get(cid)
            name = st_r.name if st_r is not None else w_r.name if w_r is not None else ""
            rows.append([f"{cid} {name}", f"{pct(st_r.from_)} -> {pct(st_r.to)}" if st_r else "",
                         f"{pct(w_r.from_)} -> {pct(w_r.to)} ({w_r.delta * 100:+.1f} pp, "
                         f"{w_r.low * 100:+.1f} to {w_r.high * 100:+.1f})" if w_r else ""])
        story += [Spacer(1, 6), _table(rows, [width * 0.34, width * 0.22, width * 0.44], s)]
    if changes.measures:
        rows = [["measure", "old", "new", "change (95 % interval)"]]
        for m in changes.measures:
            share = m.measure != "game length (mean)"
            f = (lambda x: pct(x)) if share else (lambda x: f"{x:.1f}")
            d = (lambda x: f"{x * 100:+.1f} pp") if share else (lambda x: f"{x:+.1f}")
            rows.append([m.measure, f(m.from_), f(m.to),
                         f"{d(m.delta)} ({d(m.low)} to {d(m.high)})" + (" moved" if m.significant else "")])
        story += [Spacer(1, 6), _table(rows, [width * 0.3, width * 0.15, width * 0.15, width * 0.4], s)]
    for found, label in ((changes.findings.appeared, "New finding"), (changes.findings.disappeared, "Gone")):
        for finding in found:
            story.append(Paragraph(escape(f"{label} ({finding.level}): {finding.message}"), st["small"]))
    return story
