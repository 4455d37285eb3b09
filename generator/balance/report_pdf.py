"""The balance report as a PDF (A4, fonts from fonts/ embedded) and the
charts as PNG files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from .. import __version__
from ..render.atomic import atomic_write
from ..render.fonts import register_fonts
from .findings import Report
from .png import write_pngs
from .report_figures import figures
from .report_style import STYLE, ReportStyle
from .report_tables import tables


def _styles(s: ReportStyle) -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=s.font, fontSize=s.body, leading=s.body * 1.35, textColor=s.ink)
    return {
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=s.small, leading=s.small * 1.35, textColor=s.muted),
        "title": ParagraphStyle("title", parent=base, fontName=s.bold, fontSize=s.title, leading=s.title * 1.2, spaceAfter=4),
        "h2": ParagraphStyle("h2", parent=base, fontName=s.bold, fontSize=s.heading, leading=s.heading * 1.3, spaceBefore=10, spaceAfter=4),
        "finding": ParagraphStyle("finding", parent=base, leftIndent=0),
    }


def _verdict_box(report: Report, st: dict[str, ParagraphStyle], s: ReportStyle, width: float) -> Table:
    level = "error" if report.errors else "warning" if report.warnings else None
    colour = s.level(level) if level else s.good
    text = f'<font name="{s.bold}" color="{colour.hexval()}">Verdict: {escape(report.verdict())}</font>'
    table = Table([[Paragraph(text, st["body"])]], colWidths=[width])
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), s.font), ("BACKGROUND", (0, 0), (-1, -1), s.paper(level)), ("BOX", (0, 0), (-1, -1), 0.8, colour),
                               ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
    return table


def _findings(report: Report, st: dict[str, ParagraphStyle], s: ReportStyle, width: float) -> list[Any]:
    if not report.findings:
        return [Paragraph("No finding passed a threshold.", st["body"])]
    rows = []
    for f in report.findings:
        tag = f'<font name="{s.bold}" color="{s.level(f.level).hexval()}">{f.level.upper()}</font>'
        rows.append([Paragraph(tag, st["small"]), Paragraph(escape(f.message), st["finding"])])
    table = Table(rows, colWidths=[18 * mm, width - 18 * mm])
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), s.font), ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -2), 0.3, s.grid),
                               ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    return [table]


def write_report_pdf(report: Report, path: Path | str, charts_dir: Path | str | None = None, style: ReportStyle = STYLE,
                     changed_pieces: Sequence[tuple[Any, Any]] = ()) -> list[Path]:
    """Write the report PDF to ``path``; PNG charts into ``charts_dir`` (returned).
    With ``report.changes`` (``--against``) a "What changed" page closes it, drawing
    ``changed_pieces`` (old, new) side by side."""
    register_fonts()
    s = style
    st = _styles(s)
    width = A4[0] - 2 * s.margin_mm * mm
    play = report.playtest
    story: list[Any] = [Paragraph(f"Balance report: {escape(report.deck)}", st["title"])]
    sub = f"{report.game} deck, {report.cards} cards"
    if play:
        sub += f"; {play.games:,} simulated games, seed {play.seed}" + (f", strategy {play.strategy}" if play.strategy else "")
        sub += "; rules: " + ", ".join(f"{k}={v}" for k, v in play.params.items())
    story += [Paragraph(escape(sub), st["small"]), Spacer(1, 6), _verdict_box(report, st, s, width), Spacer(1, 4)]
    for note in report.notes + ([play.unmeasured] if play and play.unmeasured else []):  # as the terminal's
        story.append(Paragraph(escape(f"Note: {note}."), st["small"]))
    story += [Paragraph("Findings", st["h2"]), *_findings(report, st, s, width)]
    figs = figures(report)
    if figs:
        story.append(Paragraph("Charts", st["h2"]))
    for fig in figs:
        story.append(KeepTogether([Paragraph(f'<font name="{s.medium}">{escape(fig.title)}</font>', st["body"]), fig.drawing,
                                   Paragraph(escape(fig.caption), st["small"]), Spacer(1, 8)]))
    for title, intro, table in tables(report, st, s, width):
        story += [CondPageBreak(60 * mm), Paragraph(escape(title), st["h2"])]
        if intro:
            story.append(Paragraph(escape(intro), st["small"]))
        story += [Spacer(1, 3), table]
    if report.changes is not None:
        from .changes_pdf import changes_story

        story += changes_story(report.changes, changed_pieces, st, s, width)
    story += [Spacer(1, 10), Paragraph(f"deckpress {__version__} · how to read this report: docs/balance.md", st["small"])]

    def footer(canvas: Any, doc: Any) -> None:
        canvas.setFont(s.font, s.tick)
        canvas.setFillColor(s.muted)
        canvas.drawRightString(A4[0] - s.margin_mm * mm, 10 * mm, f"{report.deck} balance report · page {doc.page}")

    with atomic_write(path) as tmp:
        doc = SimpleDocTemplate(str(tmp), pagesize=A4, leftMargin=s.margin_mm * mm, rightMargin=s.margin_mm * mm,
                                topMargin=s.margin_mm * mm, bottomMargin=s.margin_mm * mm,
                                title=f"Balance report: {report.deck}", author="deckpress", subject="deck balance checks",
                                initialFontName=s.font, initialFontSize=s.body, pageCompression=1,
                                invariant=1)  # fixed dates and ids: the same report gives the same bytes
        doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return write_pngs(figs, Path(charts_dir)) if charts_dir is not None else []
