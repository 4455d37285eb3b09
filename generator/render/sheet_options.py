"""``SheetOptions``: how pieces are put on paper (page, bleed, margin, backs, arrangement).

Its own small module so the sheet writer (``sheet``) and the page planners
(``sheet_plan``, ``packing``) can all import it without importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import ParameterError
from .geometry import page_size

if TYPE_CHECKING:
    from ..deck.settings import SheetsIn

BACKS = ("none", "duplex-long", "duplex-short", "fold")
COLORS = ("rgb", "cmyk")  # cmyk: see render/cmyk.py
ARRANGEMENTS = ("auto", "touching", "gap")


def _check(name: str, value: str, valid: Sequence[str]) -> None:
    if value not in valid:
        raise ParameterError(f"{name} {value!r} is not valid; valid: {', '.join(valid)}")


@dataclass(frozen=True)
class SheetOptions:
    """How pieces are put on paper. Lengths in mm.

    ``page`` is a named size (``geometry.PAGE_SIZES``) or ``WxH`` in mm.
    ``arrangement="auto"`` gives every piece its own full bleed (``gap``) when
    ``bleed`` > 0, and butts pieces together (``touching``) when there is no bleed.
    """

    page: str = "a4"
    bleed: float = 3.0
    margin: float = 5.0
    backs: str = "none"
    arrangement: str = "auto"
    gap: float = 2.0
    crop_marks: bool = True
    cut_lines: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    proof: bool = False
    proof_label: str = ""
    color: str = "rgb"

    def __post_init__(self) -> None:
        page_size(self.page)  # a named size or WxH in mm, else a ParameterError
        _check("backs", self.backs, BACKS)
        _check("arrangement", self.arrangement, ARRANGEMENTS)
        _check("color", self.color, COLORS)
        for name in ("bleed", "margin", "gap"):
            value = getattr(self, name)
            if not 0 <= value <= 50:
                raise ParameterError(f"{name} must be between 0 and 50 mm, got {value:g}")


def sheet_fields(sheets: SheetsIn) -> dict[str, Any]:
    """The :class:`SheetOptions` fields of resolved sheet settings (``build.sheets``, the
    flags; generator/deck/resolve.py), the page aside (a build prints one sheet per page)."""
    fields = {key: getattr(sheets, key) for key in type(sheets).model_fields if key != "pages"}
    return {key: value.lower() if isinstance(value, str) else value for key, value in fields.items()}
