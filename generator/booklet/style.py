"""The booklet's look: one typed object answers every visual question.

Sizes are points, lengths millimetres. ``page_style(kind)`` gives the style for a
booklet page (A5 / half-letter) or a full sheet page (A4 / Letter).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle

from ..render.fonts import CONDENSED, SANS, SANS_BOLD, SANS_ITALIC, SANS_MEDIUM, SERIF_BOLD


@dataclass(frozen=True)
class BookletStyle:
    margin: float = 13.0  # mm, every side of a page
    footer: float = 7.0  # mm from the bottom edge to the page number
    body_size: float = 9.5
    leading: float = 12.8
    h1_size: float = 14.0
    h2_size: float = 11.0
    title_size: float = 34.0
    subtitle_size: float = 13.0
    small_size: float = 7.5
    ink: str = "#1E1E1E"
    accent: str = "#7A2E1F"  # headings, rules, highlights
    muted: str = "#6B6B6B"
    note_fill: str = "#F3ECE1"
    table_head_fill: str = "#EADFCF"
    table_stripe: str = "#F8F4EE"
    highlight: str = "#E0301E"  # the outline around a compared attribute
    figure_max_height: float = 52.0  # mm
    cover_height: float = 42.0  # mm, the pieces on the title page

    @cached_property
    def sheets(self) -> dict[str, ParagraphStyle]:
        ink, accent, muted = (colors.HexColor(c) for c in (self.ink, self.accent, self.muted))
        body = ParagraphStyle("body", fontName=SANS, fontSize=self.body_size,
                              leading=self.leading, textColor=ink, spaceAfter=4)
        return {
            "body": body,
            "h1": ParagraphStyle("h1", parent=body, fontName=SERIF_BOLD, fontSize=self.h1_size,
                                 leading=self.h1_size * 1.25, textColor=accent,
                                 spaceBefore=10, spaceAfter=5, keepWithNext=1),
            "h2": ParagraphStyle("h2", parent=body, fontName=SANS_BOLD, fontSize=self.h2_size,
                                 leading=self.h2_size * 1.25, spaceBefore=6, spaceAfter=3,
                                 keepWithNext=1),
            "item": ParagraphStyle("item", parent=body, spaceAfter=2),
            "note": ParagraphStyle("note", parent=body, fontName=SANS, backColor=colors.HexColor(self.note_fill),
                                   borderPadding=(4, 5, 4, 5), leftIndent=5, rightIndent=5,
                                   spaceBefore=6, spaceAfter=9),
            "cell": ParagraphStyle("cell", parent=body, fontSize=self.body_size - 1,
                                   leading=(self.body_size - 1) * 1.25, spaceAfter=0),
            "head": ParagraphStyle("head", parent=body, fontName=SANS_MEDIUM, fontSize=self.body_size - 1,
                                   leading=(self.body_size - 1) * 1.25, spaceAfter=0),
            "caption": ParagraphStyle("caption", parent=body, fontName=SANS_ITALIC,
                                      fontSize=self.small_size + 0.5, leading=(self.small_size + 0.5) * 1.3,
                                      textColor=muted, alignment=TA_CENTER, spaceAfter=8),
            "label": ParagraphStyle("label", parent=body, fontName=CONDENSED, fontSize=self.small_size,
                                    leading=self.small_size * 1.2, alignment=TA_CENTER, spaceAfter=0),
            "title": ParagraphStyle("title", parent=body, fontName=SERIF_BOLD, fontSize=self.title_size,
                                    leading=self.title_size * 1.2, textColor=accent, alignment=TA_CENTER,
                                    spaceAfter=10),
            "subtitle": ParagraphStyle("subtitle", parent=body, fontName=SANS_MEDIUM,
                                       fontSize=self.subtitle_size, leading=self.subtitle_size * 1.3,
                                       alignment=TA_CENTER, spaceAfter=6),
            "tagline": ParagraphStyle("tagline", parent=body, alignment=TA_CENTER, textColor=muted,
                                      spaceAfter=3),
        }


BOOKLET = BookletStyle()
SHEET = replace(BOOKLET, margin=20.0, footer=10.0, body_size=10.5, leading=14.2, h1_size=16.0,
                h2_size=12.0, title_size=40.0, subtitle_size=15.0, figure_max_height=62.0,
                cover_height=60.0)


def page_style(format: str) -> BookletStyle:
    return BOOKLET if format == "booklet" else SHEET
