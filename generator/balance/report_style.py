"""The one style object every part of the balance report asks: fonts, sizes,
colours. Renderers hard-code none of these."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.colors import Color

from ..render.fonts import SANS, SANS_BOLD, SANS_MEDIUM


@dataclass(frozen=True)
class ReportStyle:
    font: str = SANS
    bold: str = SANS_BOLD
    medium: str = SANS_MEDIUM
    body: float = 9.5  # pt
    small: float = 7.5
    tick: float = 6.5
    title: float = 20
    heading: float = 13
    ink: Color = colors.HexColor("#222222")
    muted: Color = colors.HexColor("#6B6B6B")
    grid: Color = colors.HexColor("#DDDDDD")
    bar: Color = colors.HexColor("#4C72B0")
    bar_light: Color = colors.HexColor("#A9BEDD")
    accent: Color = colors.HexColor("#DD8452")
    good: Color = colors.HexColor("#2E7D32")
    warning: Color = colors.HexColor("#B7791F")
    error: Color = colors.HexColor("#C62828")
    band: Color = colors.HexColor("#EEF3E8")
    paper_warning: Color = colors.HexColor("#FFF6E0")
    paper_error: Color = colors.HexColor("#FDECEA")
    paper_good: Color = colors.HexColor("#EAF5EA")
    chart_width: float = 480  # pt, the full text width on A4 with 18 mm margins
    chart_height: float = 190
    margin_mm: float = 18

    def level(self, level: str) -> Color:
        return self.error if level == "error" else self.warning

    def paper(self, level: str | None) -> Color:
        return self.paper_error if level == "error" else self.paper_warning if level == "warning" else self.paper_good


STYLE = ReportStyle()
