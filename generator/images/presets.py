"""Vendor and virtual-tabletop presets: the figures their templates state.

Figures (see docs/images.md and the shared pnp conventions):

- ``tgc`` The Game Crafter: 300 dpi, 1/8 in bleed; a poker card is 825 x 1125 px
  (750 x 1050 trim, 675 x 975 safe area). PNG (JPG accepted).
- ``mpc`` MakePlayingCards: 300 dpi, 36 px bleed; a poker card is 822 x 1122 px.
- ``dtc`` DriveThruCards: one vector PDF, one card side per page at the card's
  size plus 1/8 in bleed, pages alternating back and front, fonts embedded.
- ``tts`` Tabletop Simulator: deck sheets of up to 10 x 7 cards and at most
  4096 x 4096 px each, plus one back image (or back sheets when backs differ), and a
  saved object that loads them in one step (:mod:`.tts_save`).
- ``screentop`` Screentop.gg: card grid images (up to 10 x 10 cards, 4096 px) with their
  column and row counts (:mod:`.screentop`).
- ``tabletopia`` Tabletopia: one image per side, cut size, 10 px per mm, at most 4000 px.
- ``pcio`` playingcards.io: a room file (``<deck>.pcio``) holding the deck and every
  side's image, to import into a room (:mod:`.pcio`); 150 dpi unless ``--dpi`` says otherwise.

A preset fills in what the user left out; an option that contradicts what the
vendor's template fixes is an error, not a silent override.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import ParameterError
from ..render.piece import Piece
from .options import COLORS, VENDOR_BLEED_MM, ImageOptions, check_choice

MPC_BLEED_MM = 36 / 300 * 25.4  # 36 px at 300 dpi = 3.048 mm
TABLETOPIA_DPI = 254.0  # 10 px per mm
TABLETOPIA_MAX_PX = 4000  # a side's image at most this many pixels a side


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    output: str  # "images" (one file per side), "tts" (sheets) or "pdf" (vendor PDF)
    dpi: float | None  # fixed DPI (None: the user's choice, default 300)
    bleed_mm: float | None  # fixed bleed (None: no bleed)
    formats: tuple[str, ...]  # accepted formats, the first is the default
    default_dpi: float = 300.0  # when dpi is None and the user gives no --dpi


PRESETS: dict[str, Preset] = {
    "tgc": Preset("tgc", "The Game Crafter", "images", 300, VENDOR_BLEED_MM, ("png", "jpg")),
    "mpc": Preset("mpc", "MakePlayingCards", "images", 300, MPC_BLEED_MM, ("png", "jpg")),
    "dtc": Preset("dtc", "DriveThruCards", "pdf", None, VENDOR_BLEED_MM, ()),
    "tts": Preset("tts", "Tabletop Simulator", "tts", None, None, ("png", "jpg")),
    "screentop": Preset("screentop", "Screentop.gg", "screentop", None, None, ("png", "jpg")),
    # Tabletopia: one image per side, every side the same size, 10 px per mm (254 dpi), cut size
    "tabletopia": Preset("tabletopia", "Tabletopia", "images", TABLETOPIA_DPI, None, ("png", "jpg")),
    # playingcards.io: a room file; a card shows about 160 px tall on its table, so 150 dpi
    # (a poker card 375 x 525 px) stays sharp when enlarged and keeps the file small
    "pcio": Preset("pcio", "playingcards.io", "pcio", None, None, ("png", "jpg"), default_dpi=150.0),
}


@dataclass(frozen=True)
class ExportPlan:
    """The validated options and which kind of output to make."""

    options: ImageOptions
    output: str = "images"
    preset: Preset | None = None


def plan_export(
    preset: str | None = None,
    *,
    dpi: float | None = None,
    bleed: float | bool | None = None,
    format: str | None = None,
    backs: bool | None = None,
    corner_radius: float | None = None,
    color: str = "rgb",
    pdfx: str | None = None,
) -> ExportPlan:
    """Options from the arguments given (``None`` = not given), then the preset, then defaults.
    ``bleed``: mm of bleed art on every side (0: none; ``True``: the vendors' 1/8 in)."""
    if isinstance(bleed, bool):
        bleed = VENDOR_BLEED_MM if bleed else 0.0
    check_choice("--color", color, COLORS)
    if pdfx is not None and color != "cmyk":
        raise ParameterError(f"--pdfx {pdfx} chooses the PDF/X standard of a CMYK vendor PDF; "
                             "add --color cmyk (and --preset dtc)")
    if preset is not None:
        check_choice("--preset", preset, tuple(PRESETS))
    if color == "cmyk" and (preset is None or PRESETS[preset].output != "pdf"):
        pdfs = ", ".join(p.name for p in PRESETS.values() if p.output == "pdf")
        raise ParameterError(f"--color cmyk applies to the vendor PDF (--preset {pdfs}); "
                             "image files stay RGB")
    if preset is None:
        options = ImageOptions(dpi=300.0 if dpi is None else dpi, bleed=bool(bleed),
                               bleed_mm=bleed if bleed else VENDOR_BLEED_MM,
                               format=format or "png", backs=bool(backs),
                               corner_radius=corner_radius or 0.0)
        return ExportPlan(options)
    p = PRESETS[preset]
    where = f"--preset {p.name} ({p.title})"
    if p.dpi is not None and dpi is not None and dpi != p.dpi:
        raise ParameterError(f"{where} is {p.dpi:g} dpi; leave out --dpi {dpi:g}")
    if p.output == "pdf" and dpi is not None:
        raise ParameterError(f"{where} writes a vector PDF; --dpi does not apply")
    if p.output == "pdf" and format is not None:
        raise ParameterError(f"{where} writes a PDF; --format does not apply")
    if format is not None:
        check_choice(f"--format for {where}", format, p.formats)
    if bleed is not None and p.bleed_mm is not None and round(bleed, 3) != round(p.bleed_mm, 3):
        raise ParameterError(f"{where} needs its bleed ({p.bleed_mm:g} mm); leave out --bleed {bleed:g}")
    if bleed and p.bleed_mm is None:
        raise ParameterError(f"{where} images are cut size; leave out --bleed {bleed:g}")
    if backs is False and (p.output in ("pdf", "tts", "screentop", "pcio") or p.name == "tabletopia"):
        raise ParameterError(f"{where} always includes the backs; leave out --no-back-images")
    if corner_radius and p.output != "images":
        raise ParameterError(f"{where} does not take --corner-radius")
    if corner_radius and p.bleed_mm is not None:
        raise ParameterError(f"{where} images have bleed; --corner-radius does not apply")
    options = ImageOptions(
        dpi=float(p.dpi or dpi or p.default_dpi),
        bleed=p.bleed_mm is not None,
        bleed_mm=p.bleed_mm if p.bleed_mm is not None else VENDOR_BLEED_MM,
        format=format or (p.formats[0] if p.formats else "png"),
        backs=True if backs is None else backs,
        corner_radius=0.0,
        color=color,
        pdfx=pdfx or "2003",
    )
    return ExportPlan(options, p.output, p)


def check_tabletopia(pieces: Sequence[Piece]) -> None:
    """Tabletopia takes images of at most 4000 px a side at 10 px per mm: a piece over
    400 mm is an error naming it, before anything is drawn."""
    from .rasterise import pixel_size

    for piece in pieces:
        w, h = pixel_size(piece.width, piece.height, TABLETOPIA_DPI)
        if max(w, h) > TABLETOPIA_MAX_PX:
            raise ParameterError(f"--preset tabletopia: {piece.id} would be {w} x {h} px at 10 px per mm; "
                                 f"Tabletopia takes at most {TABLETOPIA_MAX_PX} px a side")
