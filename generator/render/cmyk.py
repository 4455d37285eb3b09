"""CMYK output for print shops (``--color cmyk``): one conversion, applied by the canvas.

Every drawer sets RGB colours; :class:`CmykCanvas` converts them as they are set,
so cards, piecepack pieces, crop marks and proof stamps all come out in CMYK
without any drawer knowing. The conversion (``docs/images.md``, "PDF/X-1a for
DriveThruCards"):

- a neutral grey ``r == g == b`` (black text, hairlines) goes to the black ink
  alone, so small text and thin lines print in one ink (no registration risk):
  its L* is scaled from sRGB's 0..100 to the range black ink reaches on the
  profile's paper and matched on the profile's black-ink ramp (black -> K 100 %);
- rich black: a large solid (a filled shape, not text, whose bounding box is at
  least :data:`RICH_MIN` mm on its shorter side) in a near-black neutral grey
  (one whose black ink alone is over :data:`RICH_FROM`) gets a C:M:Y underlay of
  60:40:40 under more black ink, growing with the grey's darkness: with
  ``t = (k - RICH_FROM) / (1 - RICH_FROM)``, C, M, Y = 60, 40, 40 % times ``t`` and
  K = k + (1 - k) t, so black is 60/40/40/100 (240 %, the ink cap) and #1A1A1A
  (k 92.8 %) is 49/33/33/99; lighter greys and all text and strokes stay K only;
- crop marks are printed in the registration colour (100 % of all four inks, on
  every plate, so a press operator sees them on each separation); they lie outside
  the bleed, are cut away, and are the one colour above the ink cap;
- every other colour goes through ICC colour management, from sRGB to the
  bundled CMYK profile (:data:`PROFILE`), relative colorimetric with black-point
  compensation, computed once per distinct 8-bit colour and cached;
- the total ink of any colour or pixel is capped at 240 % (DriveThruCards' limit;
  a dark colour's C, M and Y are scaled down, its K kept);
- PDF/X-1a forbids transparency: a translucent colour (``#RRGGBBAA``, or an
  alpha set with ``setFillAlpha``) is printed as a tint over the paper, its
  CMYK values times its alpha (exact over white, lighter than the screen
  version over a coloured background);
- raster art goes through the same ICC transform into a CMYK image; its
  transparency becomes a hard-edged colour-key mask (pixels under 50 % alpha
  are left out, the others are flattened over white) instead of a soft mask;
  an inline image (an SVG's linked PNG: ``drawInlineImage``) is converted alike;
- gradients (an SVG's ``linearGradient``/``radialGradient``: ``linearGradient``,
  ``radialGradient``) become DeviceCMYK shadings: every stop goes through the
  colour path above (its opacity a tint), and :data:`GRADIENT_STEPS` stops are
  added between two stops, each the sRGB mix converted, so the gradient follows
  the ICC conversion rather than a straight line between the end inks; a shading
  in any other colour space (``shade``) is refused with an error, never written.

Every font subset is named by a tag derived from its content (:mod:`.subset_tags`), not
ReportLab's ``AAAAAA+`` numbering, so files merged at the print shop keep their glyphs.

The document gets an OutputIntent (``/GTS_PDFX``) carrying the profile and the
keys of one of :data:`STANDARDS` in its Info dictionary (PDF/X-1a:2001 by
default; ``pdfx="PDF/X-1a:2003"`` for DriveThruCards); it stays PDF 1.3.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageCms
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDate,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFStream,
    PDFString,
    PDFZCompress,
)

from ..paths import icc_dir
from .streaming import StreamingCanvas
from .subset_tags import content_tags

COLORS = ("rgb", "cmyk")
PROFILE = "Artifex-CMYK-SWOP.icc"  # Ghostscript's default CMYK profile (AGPL-3+, icc/LICENSE-*)
CONDITION = "Artifex CMYK SWOP Profile (SWOP-like US web offset, coated paper)"
PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
GRADIENT_STEPS = 8  # stops added between two gradient stops (each converted through the ICC path)


@dataclass(frozen=True)
class Standard:
    """The Info keys and output intent of one PDF/X flavour written by :class:`CmykCanvas`."""

    name: str
    version: str  # /GTS_PDFXVersion
    conformance: str | None  # /GTS_PDFXConformance (only PDF/X-1a:2001 has one)
    condition_id: str  # /OutputConditionIdentifier
    condition: str  # /OutputCondition


STANDARDS = {
    "PDF/X-1a:2001": Standard("PDF/X-1a:2001", PDFX_VERSION, PDFX_CONFORMANCE, "Custom", CONDITION),
    # DriveThruCards' publisher help asks for PDF/X-1a:2003 with US Web Coated (SWOP). The
    # registry's identifier for that condition (CGATS TR 001) would promise its characterization
    # data, but the profile we may ship is Artifex's SWOP-like one, made for its own condition: so
    # the identifier is Custom and the embedded profile is the condition (they agree; preflight
    # fails a registered identifier paired with a profile made for another condition)
    "PDF/X-1a:2003": Standard("PDF/X-1a:2003", "PDF/X-1a:2003", None, "Custom", CONDITION),
}
DEFAULT_STANDARD = "PDF/X-1a:2001"
TOTAL_INK = 2.4  # DriveThruCards' limit: C + M + Y + K at most 240 %
RICH_FROM = 0.6  # greys whose black ink alone is over 60 % get a rich black as large solids
RICH_MIN = 6.0  # mm: the shorter side of a fill's bounding box from which it is a large solid
RICH_UNDERLAY = (0.6, 0.4, 0.4)  # C, M, Y under the darkest black (60/40/40/100)
REGISTRATION: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)  # crop marks: every plate
MASK_KEY = (1, 0, 0, 0)  # the CMYK pixel value (0..255) that marks transparent image pixels

CMYK = tuple[float, float, float, float]


@cache
def profile_bytes() -> bytes:
    return (icc_dir() / PROFILE).read_bytes()


@cache
def _transform() -> ImageCms.ImageCmsTransform:
    srgb = ImageCms.createProfile("sRGB")
    cmyk = ImageCms.getOpenProfile(str(icc_dir() / PROFILE))
    return ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@lru_cache(maxsize=4096)
def rgb8_to_cmyk(r: int, g: int, b: int) -> CMYK:
    """An 8-bit sRGB colour as CMYK fractions (greys: black ink only)."""
    if r == g == b:
        return (0.0, 0.0, 0.0, grey_to_k(r))
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)), _transform())
    assert pixel is not None
    c, m, y, k = pixel.getpixel((0, 0))  # type: ignore[misc]
    return limit_ink((c / 255, m / 255, y / 255, k / 255))


def limit_ink(cmyk: CMYK) -> CMYK:
    """``cmyk`` with its total ink capped at :data:`TOTAL_INK`: C, M and Y scaled down, K kept."""
    c, m, y, k = cmyk
    if c + m + y + k <= TOTAL_INK:
        return cmyk
    f = max(0.0, TOTAL_INK - k) / (c + m + y)
    return (c * f, m * f, y * f, k)


@cache
def _k_lightness() -> np.ndarray:
    """L* of black ink alone at 0..255 through the profile (falls from 100 to the ink's darkest)."""
    cmyk = ImageCms.getOpenProfile(str(icc_dir() / PROFILE))
    to_lab = ImageCms.buildTransform(cmyk, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                     renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    ramp = Image.frombytes("CMYK", (256, 1), bytes(v for k in range(256) for v in (0, 0, 0, k)))
    lab = ImageCms.applyTransform(ramp, to_lab)
    assert lab is not None
    lightness = np.asarray(lab)[0, :, 0].astype(float) * 100 / 255
    return np.minimum.accumulate(lightness)  # strictly the darker the more ink


def grey_to_k(v: int) -> float:
    """The black-ink amount for the 8-bit sRGB grey ``v``: its lightness (L*), scaled from
    sRGB's 0..100 to the black ink's range on paper (black-point compensation), matched."""
    linear = v / 255 / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4
    source = 116 * linear ** (1 / 3) - 16 if linear > 216 / 24389 else linear * 24389 / 27
    inked = _k_lightness()
    target = inked[-1] + (100 - inked[-1]) * source / 100
    k = float(np.interp(target, inked[::-1], np.arange(255, -1, -1)))
    return round(k / 255, 4)


def rich_black(cmyk: CMYK) -> CMYK | None:
    """The rich black a large solid of the K-only grey ``cmyk`` gets; None if it stays K only."""
    c, m, y, k = cmyk
    if c or m or y or k <= RICH_FROM:
        return None
    t = (k - RICH_FROM) / (1 - RICH_FROM)
    uc, um, uy = RICH_UNDERLAY
    return limit_ink((round(uc * t, 4), round(um * t, 4), round(uy * t, 4), round(k + (1 - k) * t, 4)))


@cache
def _lab_transforms() -> tuple[ImageCms.ImageCmsTransform, ImageCms.ImageCmsTransform]:
    lab = ImageCms.createProfile("LAB")
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    cmyk = ImageCms.getOpenProfile(str(icc_dir() / PROFILE))
    return (ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB", renderingIntent=intent),
            ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", renderingIntent=intent))


def _lab(image: Image.Image, transform: ImageCms.ImageCmsTransform) -> tuple[float, float, float]:
    out = ImageCms.applyTransform(image, transform)
    assert out is not None
    lightness, a, b = out.getpixel((0, 0))  # type: ignore[misc]
    return lightness * 100 / 255, float(a - 128), float(b - 128)  # a* and b* stored offset by 128


def proof_delta_e(rgb: tuple[int, int, int], cmyk: CMYK) -> float:
    """CIE76 colour difference between an 8-bit sRGB colour and the CMYK it prints as,
    both in L*a*b*: the CMYK through the output profile (relative colorimetric: the
    soft proof), the sRGB colour through the sRGB profile."""
    srgb, proof = _lab_transforms()
    want = _lab(Image.new("RGB", (1, 1), rgb), srgb)
    got = _lab(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk)), proof)
    return float(sum((p - q) ** 2 for p, q in zip(want, got, strict=True)) ** 0.5)


def to_cmyk(color: Any) -> CMYK:
    """Any colour ReportLab accepts (Color, CMYKColor, 3- or 4-tuple, name) as CMYK."""
    if isinstance(color, str):
        color = toColor(color)
    if isinstance(color, CMYKColor):
        d = color.density
        return (d * color.cyan, d * color.magenta, d * color.yellow, d * color.black)
    if isinstance(color, Color):
        color = (color.red, color.green, color.blue)
    if isinstance(color, (tuple, list)) and len(color) == 4:
        return tuple(float(v) for v in color)  # type: ignore[return-value]
    if isinstance(color, (tuple, list)) and len(color) == 3:
        r, g, b = (max(0, min(255, round(float(v) * 255))) for v in color)
        return rgb8_to_cmyk(r, g, b)
    raise ValueError(f"unknown colour {color!r}")


def tint(cmyk: CMYK, alpha: float) -> CMYK:
    """``cmyk`` at ``alpha`` over white paper: every ink scaled by alpha."""
    if alpha >= 1:
        return cmyk
    a = max(0.0, alpha)
    return (cmyk[0] * a, cmyk[1] * a, cmyk[2] * a, cmyk[3] * a)


def cmyk_image(im: Image.Image) -> tuple[Image.Image, list[int] | None]:
    """``im`` as a CMYK image, and the colour-key mask for its transparent pixels (or None)."""
    im.load()
    if im.mode == "CMYK":
        return im, None
    alpha = None
    if im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info:
        rgba = im.convert("RGBA")
        alpha = rgba.getchannel("A")
        rgb = Image.new("RGB", im.size, (255, 255, 255))
        rgb.paste(rgba.convert("RGB"), mask=alpha)  # partly transparent pixels over white
    else:
        rgb = im.convert("RGB")
    cmyk = ImageCms.applyTransform(rgb, _transform())
    assert cmyk is not None
    pixels = _limit_ink_pixels(np.array(cmyk))
    holes = None if alpha is None else np.asarray(alpha) < 128
    if holes is None or not holes.any():
        return Image.fromarray(pixels, "CMYK"), None
    key = np.array(MASK_KEY, dtype=np.uint8)
    clash = (pixels == key).all(axis=-1) & ~holes
    pixels[clash, 0] += 1  # an opaque pixel that happens to be the key colour stays visible
    pixels[holes] = key
    return Image.fromarray(pixels, "CMYK"), [v for c in MASK_KEY for v in (c, c)]


def _limit_ink_pixels(pixels: np.ndarray) -> np.ndarray:
    """:func:`limit_ink` for every pixel of an (h, w, 4) uint8 CMYK array."""
    ink = pixels.astype(np.int32)
    cmy = ink[..., :3].sum(axis=-1)
    room = np.maximum(0, int(TOTAL_INK * 255) - ink[..., 3])
    over = cmy > room
    if not over.any():
        return pixels
    factor = np.where(over, room / np.maximum(cmy, 1), 1.0)
    ink[..., :3] = np.floor(ink[..., :3] * factor[..., None])
    return ink.astype(np.uint8)


class _PdfxInfo(PDFInfo):
    """The Info dictionary with the PDF/X version and conformance keys added."""

    standard: Standard = STANDARDS[DEFAULT_STANDARD]

    def format(self, document: Any) -> bytes:
        keys = {"Title": PDFString(self.title), "Author": PDFString(self.author),
                "CreationDate": PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter),
                "Producer": PDFString(self.producer), "Creator": PDFString(self.creator),
                "Subject": PDFString(self.subject), "Keywords": PDFString(self.keywords),
                "Trapped": PDFName(self.trapped),
                "GTS_PDFXVersion": PDFString(self.standard.version)}
        if self.standard.conformance:
            keys["GTS_PDFXConformance"] = PDFString(self.standard.conformance)
        keys["ModDate"] = keys["CreationDate"]
        return PDFDictionary(keys).format(document)  # type: ignore[no-any-return]


class CmykCanvas(StreamingCanvas):
    """A canvas that writes every colour as CMYK (``k``/``K``) and never transparency."""

    STATE_ATTRIBUTES = [*StreamingCanvas.STATE_ATTRIBUTES, "_cmyk_fill", "_cmyk_stroke"]

    def __init__(self, *args: Any, pdfx: str = DEFAULT_STANDARD, **kwargs: Any) -> None:
        if pdfx not in STANDARDS:
            raise ValueError(f"unknown PDF/X standard {pdfx!r}; valid: {', '.join(STANDARDS)}")
        self.standard = STANDARDS[pdfx]
        self._cmyk_fill: tuple[CMYK, float] = ((0.0, 0.0, 0.0, 1.0), 1.0)
        self._cmyk_stroke: tuple[CMYK, float] = ((0.0, 0.0, 0.0, 1.0), 1.0)
        self._cmyk_images: dict[int, tuple[object, ImageReader, list[int] | None]] = {}
        super().__init__(*args, **kwargs)
        # text objects (beginText) convert through this; alpha=None: no transparency state
        self._enforceColorSpace = lambda color: CMYKColor(*tint(to_cmyk(color), _alpha(color)),
                                                          alpha=None)
        info = _PdfxInfo()
        info.__dict__.update(self._doc.info.__dict__)
        info.standard = self.standard
        self._doc.info = info
        _add_output_intent(self)

    # which piece is where (preflight names cards, not places) -----------------
    def note_piece(self, name: str, box: tuple[float, float, float, float]) -> None:
        """Say that the piece ``name`` is cut at ``box`` (points) on the page being drawn: written
        into the page's /PieceInfo, where ``preflight`` reads it to name the card of a finding."""
        self.__dict__.setdefault("_pieces_here", []).append((name, box))

    def showPage(self) -> None:
        pieces = self.__dict__.pop("_pieces_here", [])
        super().showPage()
        if pieces:
            entries = [PDFArray([PDFString(name), PDFArray([round(v, 3) for v in box])]) for name, box in pieces]
            private = PDFDictionary({"Pieces": PDFArray(entries)})
            data = PDFDictionary({"LastModified": PDFDate(ts=self._doc._timeStamp), "Private": private})
            self._doc.Pages.pages[-1].PieceInfo = PDFDictionary({"deckpress": data})

    def save(self) -> None:
        """Write the file, every font subset tagged by its content (``subset_tags``)."""
        if len(self._code):
            self.showPage()
        content_tags(self._doc)
        super().save()

    def init_graphics_state(self) -> None:
        super().init_graphics_state()
        self._cmyk_fill = self._cmyk_stroke = ((0.0, 0.0, 0.0, 1.0), 1.0)

    # colours -------------------------------------------------------------
    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        a = alpha if alpha is not None else getattr(aColor, "alpha", None)
        self._cmyk_fill = (to_cmyk(aColor), self._cmyk_fill[1] if a is None else float(a))
        self._write("k")

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:
        a = alpha if alpha is not None else getattr(aColor, "alpha", None)
        self._cmyk_stroke = (to_cmyk(aColor), self._cmyk_stroke[1] if a is None else float(a))
        self._write("K")

    def setFillGray(self, gray: float, alpha: float | None = None) -> None:
        self.setFillColor((gray, gray, gray), alpha)

    def setStrokeGray(self, gray: float, alpha: float | None = None) -> None:
        self.setStrokeColor((gray, gray, gray), alpha)

    def setFillAlpha(self, a: float) -> None:
        self._cmyk_fill = (self._cmyk_fill[0], float(a))
        self._write("k")

    def setStrokeAlpha(self, a: float) -> None:
        self._cmyk_stroke = (self._cmyk_stroke[0], float(a))
        self._write("K")

    def setStrokeRegistration(self) -> None:
        """Stroke in the registration colour (all four inks: crop marks on every plate)."""
        self._cmyk_stroke = (REGISTRATION, 1.0)
        self._write("K")

    def _write(self, op: str) -> None:
        base, alpha = self._cmyk_fill if op == "k" else self._cmyk_stroke
        c = tint(base, alpha)
        if op == "k":
            self._fillColorObj = CMYKColor(*c)
        else:
            self._strokeColorObj = CMYKColor(*c)
        self._code.append(_operator(c, op))

    # rich black for large solids ---------------------------------------------
    def _rich(self, fill: Any, width: float, height: float) -> CMYK | None:
        """The fill colour to paint a ``width`` x ``height`` (user units) fill with instead, if any."""
        if not fill:
            return None
        rich = rich_black(self._cmyk_fill[0])
        if rich is None:
            return None
        a, b, c, d = self._currentMatrix[:4]
        scale = abs(a * d - b * c) ** 0.5
        if min(abs(width), abs(height)) * scale < RICH_MIN * 72 / 25.4:
            return None
        return tint(rich, self._cmyk_fill[1])

    def _painted(self, rich: CMYK | None, paint: Any) -> None:
        """Run ``paint`` with the rich black as the fill colour, then set the K-only one back."""
        if rich is None:
            paint()
            return
        self._code.append(_operator(rich, "k"))
        paint()
        self._code.append(_operator(tint(*self._cmyk_fill), "k"))

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1,
             fill: int = 0) -> None:
        self._painted(self._rich(fill, width, height),
                      lambda: super(CmykCanvas, self).rect(x, y, width, height, stroke, fill))

    def roundRect(self, x: float, y: float, width: float, height: float, radius: float,
                  stroke: int = 1, fill: int = 0) -> None:
        self._painted(self._rich(fill, width, height),
                      lambda: super(CmykCanvas, self).roundRect(x, y, width, height, radius, stroke, fill))

    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1, fill: int = 0) -> None:
        self._painted(self._rich(fill, x2 - x1, y2 - y1),
                      lambda: super(CmykCanvas, self).ellipse(x1, y1, x2, y2, stroke, fill))

    def wedge(self, x1: float, y1: float, x2: float, y2: float, startAng: float, extent: float,
              stroke: int = 1, fill: int = 0) -> None:
        self._painted(self._rich(fill, x2 - x1, y2 - y1),
                      lambda: super(CmykCanvas, self).wedge(x1, y1, x2, y2, startAng, extent, stroke, fill))

    def drawPath(self, aPath: Any, stroke: int = 1, fill: int = 0, fillMode: Any = None) -> None:
        w, h = _path_size(str(aPath.getCode())) if fill else (0.0, 0.0)
        self._painted(self._rich(fill, w, h),
                      lambda: super(CmykCanvas, self).drawPath(aPath, stroke, fill, fillMode))

    # gradients -----------------------------------------------------------
    def linearGradient(self, x0: float, y0: float, x1: float, y1: float, colors: Any,
                       positions: Any = None, extend: Any = True) -> None:
        stops, at = cmyk_stops(colors, positions)
        super().linearGradient(x0, y0, x1, y1, stops, at, extend)

    def radialGradient(self, x: float, y: float, radius: float, colors: Any, positions: Any = None,
                       extend: Any = True) -> None:
        stops, at = cmyk_stops(colors, positions)
        super().radialGradient(x, y, radius, stops, at, extend)

    def shade(self, shading: Any) -> None:
        space = str(getattr(shading, "ColorSpace", "")).lstrip("/")
        if space != "DeviceCMYK":
            raise ValueError(f"a shading in {space or 'an unknown colour space'} cannot go into a CMYK "
                             "(PDF/X-1a) file; draw it as a gradient of colours or flat colours")
        super().shade(shading)

    # images --------------------------------------------------------------
    def drawInlineImage(self, image: Any, x: float, y: float, width: float | None = None,
                        height: float | None = None, *args: Any, **kwargs: Any) -> Any:
        """An inline image (an SVG's linked picture) converted to CMYK and placed like
        :meth:`drawImage` (as an image XObject: no RGB inline image in a CMYK file)."""
        if isinstance(image, Image.Image):
            pil = image
        elif isinstance(image, (str, Path)):
            pil = Image.open(image)
        else:
            reader = image if isinstance(image, ImageReader) else ImageReader(image)
            pil = reader._image if getattr(reader, "_image", None) is not None else Image.open(reader.fileName)  # type: ignore[attr-defined]
        return self.drawImage(pil, x, y, width, height)

    def drawImage(self, image: Any, x: float, y: float, width: float | None = None,
                  height: float | None = None, mask: Any = None, **kwargs: Any) -> Any:
        """The image converted to CMYK once per source; ``mask`` becomes a colour-key mask."""
        cached = self._cmyk_images.get(id(image))
        if cached is None or cached[0] is not image:
            reader = image if isinstance(image, ImageReader) else ImageReader(image)
            pil = reader._image if getattr(reader, "_image", None) is not None else None
            if pil is None:
                pil = Image.open(reader.fileName)  # type: ignore[attr-defined]
            converted, key = cmyk_image(pil)
            cached = (image, ImageReader(converted), key)
            self._cmyk_images[id(image)] = cached
        _, reader, key = cached
        return super().drawImage(reader, x, y, width, height, mask=key, **kwargs)


def cmyk_stops(colors: Any, positions: Any) -> tuple[list[CMYK], list[float]]:
    """Gradient stops as CMYK through the ICC path, :data:`GRADIENT_STEPS` converted sRGB mixes
    added between two RGB stops; the stops and their positions (0..1)."""
    colours = list(colors)
    if not colours:
        raise ValueError("a gradient without colours")
    at = [float(p) for p in positions] if positions is not None else (
        [i / max(1, len(colours) - 1) for i in range(len(colours))])
    if len(at) != len(colours):
        raise ValueError("a gradient needs as many positions as colours")
    rgba = [_rgba(c) for c in colours]
    stops: list[CMYK] = []
    where: list[float] = []
    for i, colour in enumerate(colours):
        if i:
            a, b = rgba[i - 1], rgba[i]
            if a is not None and b is not None and at[i] > at[i - 1]:
                for step in range(1, GRADIENT_STEPS + 1):
                    t = step / (GRADIENT_STEPS + 1)
                    mix = tuple(u + (v - u) * t for u, v in zip(a, b, strict=True))
                    stops.append(tint(to_cmyk(mix[:3]), mix[3]))
                    where.append(at[i - 1] + (at[i] - at[i - 1]) * t)
        stops.append(tint(to_cmyk(colour), _alpha(colour)))
        where.append(at[i])
    return stops, where


def _rgba(color: Any) -> tuple[float, float, float, float] | None:
    """An RGB colour as (r, g, b, alpha) 0..1; None for a CMYK one (no sRGB mix to convert)."""
    if isinstance(color, str):
        color = toColor(color)
    if isinstance(color, CMYKColor):
        return None
    if isinstance(color, Color):
        return (color.red, color.green, color.blue, _alpha(color))
    if isinstance(color, (tuple, list)) and len(color) == 3:
        return (float(color[0]), float(color[1]), float(color[2]), 1.0)
    return None


def _alpha(color: Any) -> float:
    a = getattr(color, "alpha", None)
    return 1.0 if a is None else float(a)


def _operator(cmyk: CMYK, op: str) -> str:
    return " ".join(_num(v) for v in cmyk) + " " + op


_PATH_ARGS = {"m": 2, "l": 2, "c": 6, "v": 4, "y": 4, "re": 4}


def _path_size(code: str) -> tuple[float, float]:
    """Width and height of the bounding box of a path's points (control points included)."""
    xs: list[float] = []
    ys: list[float] = []
    numbers: list[float] = []
    for token in code.split():
        try:
            numbers.append(float(token))
            continue
        except ValueError:
            pass
        args = numbers[-_PATH_ARGS.get(token, 0):] if token in _PATH_ARGS else []
        if token == "re" and len(args) == 4:
            x, y, w, h = args
            xs += [x, x + w]
            ys += [y, y + h]
        elif args:
            xs += args[0::2]
            ys += args[1::2]
        numbers = []
    if not xs:
        return 0.0, 0.0
    return max(xs) - min(xs), max(ys) - min(ys)


def _num(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def _add_output_intent(canvas: CmykCanvas) -> None:
    """Put a ``/GTS_PDFX`` OutputIntent with the bundled CMYK profile into the catalog."""
    doc = canvas._doc
    profile = PDFStream(PDFDictionary({"N": 4}), profile_bytes(), filters=[PDFZCompress])
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(canvas.standard.condition_id),
        "OutputCondition": PDFString(canvas.standard.condition),
        "Info": PDFString(CONDITION),
        "RegistryName": PDFString("http://www.color.org"),
        "DestOutputProfile": doc.Reference(profile),
    })
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])
