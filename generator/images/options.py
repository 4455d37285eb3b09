"""What an image export makes: validated options (one frozen object, checked once).

Lengths are mm; ``dpi`` is pixels per inch. Bad values raise ParameterError
naming the valid ones, before anything is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import ParameterError

FORMATS = ("png", "jpg", "webp")
COLORS = ("rgb", "cmyk")  # cmyk: only the vendor PDF (--preset dtc)
# --pdfx: the PDF/X standard of the CMYK vendor PDF (render/cmyk.STANDARDS); DriveThruCards asks for 2003
PDFX = {"2003": "PDF/X-1a:2003", "2001": "PDF/X-1a:2001"}
ALPHA_FORMATS = ("png", "webp")  # formats that keep transparent rounded corners
MIN_DPI = 30
MAX_DPI = 1200
VENDOR_BLEED_MM = 3.175  # 1/8 in, the print industry's usual bleed
MAX_BLEED_MM = 20.0


def check_choice(option: str, value: str, valid: Sequence[str]) -> None:
    if value not in valid:
        raise ParameterError(f"{option} {value!r} is not valid; valid: {', '.join(valid)}")


@dataclass(frozen=True)
class ImageOptions:
    """One image per card face (and back) at ``dpi``, with or without bleed."""

    dpi: float = 300.0
    bleed: bool = False  # add ``bleed_mm`` of the piece's bleed art on every side
    bleed_mm: float = VENDOR_BLEED_MM
    format: str = "png"
    backs: bool = False
    corner_radius: float = 0.0  # mm; > 0 makes the corners transparent (png, webp)
    color: str = "rgb"  # "cmyk": the vendor PDF in CMYK (render/cmyk.py)
    pdfx: str = "2003"  # with cmyk: the PDF/X-1a year (PDFX)

    def __post_init__(self) -> None:
        check_choice("--format", self.format, FORMATS)
        check_choice("--color", self.color, COLORS)
        check_choice("--pdfx", self.pdfx, tuple(PDFX))
        if not MIN_DPI <= self.dpi <= MAX_DPI:
            raise ParameterError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, got {self.dpi:g}")
        if not 0 <= self.bleed_mm <= MAX_BLEED_MM:
            raise ParameterError(f"bleed must be between 0 and {MAX_BLEED_MM:g} mm, got {self.bleed_mm:g}")
        if self.corner_radius < 0 or self.corner_radius > 50:
            raise ParameterError(f"--corner-radius must be between 0 and 50 mm, got {self.corner_radius:g}")
        if self.corner_radius > 0 and self.format not in ALPHA_FORMATS:
            raise ParameterError(f"--corner-radius needs a format with transparency "
                                 f"({', '.join(ALPHA_FORMATS)}), not {self.format}")
        if self.corner_radius > 0 and self.bleed:
            raise ParameterError("--corner-radius rounds the cut corners; use it without bleed (--bleed 0)")

    @property
    def bleed_used(self) -> float:
        """The bleed actually added around each image, in mm."""
        return self.bleed_mm if self.bleed else 0.0
